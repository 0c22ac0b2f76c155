// The receipt's rows come from the contract, so the server's e-mailed receipt prints the very same ones.
import { receiptLineWidth, receiptRows, type PaperWidth, type ReceiptLayout, type ReceiptOrder, type ReceiptRow } from '@tillbook/contract';
import { cn } from '../../lib/class-names.ts';
import { OrderBarcode } from './order-barcode.tsx';

type ReceiptPreviewProps = {
  layout: ReceiptLayout;
  order: ReceiptOrder;
  businessName: string;
  logoUrl: string | null;
  formatMoney: (minor: number) => string;
  /** A reprint of an earlier sale: marked COPY. */
  isCopy?: boolean;
  /** Templates preview where the logo goes; a real sale without a logo prints nothing there. */
  hasLogoPlaceholder?: boolean;
  className?: string;
};

/** A receipt as a monospace paper strip at its width; used for previews and for printing. */
export function ReceiptPreview({
  layout,
  order,
  businessName,
  logoUrl,
  formatMoney,
  isCopy = false,
  hasLogoPlaceholder = true,
  className,
}: ReceiptPreviewProps) {
  const rows = receiptRows(layout, order, { businessName, formatMoney, isCopy });
  return <ReceiptPaper rows={rows} paperWidth={layout.paperWidth} businessName={businessName} logoUrl={logoUrl} hasLogoPlaceholder={hasLogoPlaceholder} className={className} />;
}

type ReceiptPaperProps = Pick<ReceiptPreviewProps, 'businessName' | 'logoUrl' | 'hasLogoPlaceholder' | 'className'> & {
  rows: ReceiptRow[];
  paperWidth: PaperWidth;
};

/** Receipt rows already laid out (a sale's, a refund's) as the paper strip: text, rules, the logo and the barcode. */
export function ReceiptPaper({ rows, paperWidth, businessName, logoUrl, hasLogoPlaceholder = true, className }: ReceiptPaperProps) {
  const width = receiptLineWidth[paperWidth];
  return (
    <figure
      className={cn('mx-auto bg-white px-3 py-4 font-mono text-[12px] leading-snug text-gray-900 shadow-md ring-1 ring-gray-200', className)}
      style={{ width: `calc(${width}ch + 1.5rem)` }}
      aria-label={`Receipt on ${paperWidth} mm paper`}
      data-testid="receipt-preview"
      data-width={width}
    >
      {rows.map((row, i) => {
        if (row.kind === 'logo') {
          if (logoUrl) return <img key={i} src={logoUrl} alt={`${businessName} logo`} className="mx-auto mb-2 max-h-16 object-contain grayscale" />;
          return hasLogoPlaceholder ? (
            <div key={i} className="mx-auto mb-2 flex h-12 w-24 items-center justify-center border border-dashed border-gray-400 text-[10px] text-gray-500">
              Shop logo
            </div>
          ) : null;
        }
        if (row.kind === 'barcode') return <OrderBarcode key={i} value={row.text} />;
        return (
          <div key={i} className={cn('whitespace-pre', row.kind === 'rule' && 'text-gray-400', row.kind === 'text' && row.strong && 'font-bold')}>
            {row.text || ' '}
          </div>
        );
      })}
    </figure>
  );
}
