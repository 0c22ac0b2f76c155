// The rows come laid out from the server (the contract's refundReceiptRows), the same ones its PDF and e-mail print.
import type { RefundReceiptDocument } from '@tillbook/contract';
import { ReceiptPaper } from './receipt-preview.tsx';
import { printedRowCount, receiptPrintAttribute, receiptPrintStyle } from './receipt-print-style.ts';

/** Marks the refund receipt, so that while it is shown it is the only receipt the page prints. */
const refundReceiptAttribute = 'data-refund-receipt';

type PrintableRefundReceiptProps = {
  receipt: RefundReceiptDocument;
  businessName: string;
  logoUrl: string | null;
};

/**
 * A refund's receipt as its register prints it — headed REFUND, with the original order's number —
 * at its paper's width. While it is on the screen the page's print shows only it, also on an
 * order's page where the sale's own receipt copy is shown beside it.
 */
export function PrintableRefundReceipt({ receipt, businessName, logoUrl }: PrintableRefundReceiptProps) {
  const rowCount = printedRowCount(receipt.rows, Boolean(logoUrl));
  const others = `[${receiptPrintAttribute}]:not([${refundReceiptAttribute}])`;
  return (
    <div {...{ [receiptPrintAttribute]: '', [refundReceiptAttribute]: '' }} aria-label={`Refund receipt ${receipt.receipt.number}`}>
      <style>{`${receiptPrintStyle(receipt.paperWidth, rowCount)}\n@media print { ${others} { display: none !important; } }`}</style>
      <ReceiptPaper rows={receipt.rows} paperWidth={receipt.paperWidth} businessName={businessName} logoUrl={logoUrl} hasLogoPlaceholder={false} />
    </div>
  );
}
