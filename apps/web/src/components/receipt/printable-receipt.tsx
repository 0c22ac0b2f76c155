// The receipt's order and rows come from the contract, shared with the server, which e-mails the same receipt.
import { fallbackReceiptLayout, receiptRows, toReceiptOrder, type Order, type ReceiptLayout } from '@tillbook/contract';
import { useMoney, useShopSettings } from '../../lib/shop-settings.ts';
import { Alert } from '../ui/alert.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { useReceiptTemplate } from './api.ts';
import { ReceiptPreview } from './receipt-preview.tsx';
import { printedRowCount, receiptPrintAttribute, receiptPrintStyle } from './receipt-print-style.ts';

/** The layout a sale's receipt prints with: its register's template (immutable), or the built-in one. */
function useOrderReceiptLayout(order: Order): { layout: ReceiptLayout | undefined; isError: boolean } {
  const templateId = order.receiptTemplateId ?? undefined;
  const template = useReceiptTemplate(templateId);
  return { layout: templateId === undefined ? fallbackReceiptLayout : template.data, isError: template.isError };
}

/**
 * A sale's receipt as the register prints it, at its paper's width; the page's print shows only
 * this (the sell screen after a sale, and an order's page, where it is marked COPY).
 */
export function PrintableReceipt({ order, isCopy = false }: { order: Order; isCopy?: boolean }) {
  const money = useMoney();
  const settings = useShopSettings();
  const { layout, isError } = useOrderReceiptLayout(order);
  if (isError) return <Alert tone="error">The receipt template could not be loaded, so the receipt cannot be shown or printed.</Alert>;
  if (!layout) {
    return (
      <div role="status" aria-label="Loading the receipt" className="flex justify-center p-6">
        <Spinner />
      </div>
    );
  }
  const receiptOrder = toReceiptOrder(order, settings);
  const rowCount = printedRowCount(receiptRows(layout, receiptOrder, { businessName: settings.businessName, formatMoney: money.format, isCopy }), Boolean(settings.logoUrl));
  return (
    <div {...{ [receiptPrintAttribute]: '' }}>
      <style>{receiptPrintStyle(layout.paperWidth, rowCount)}</style>
      <ReceiptPreview
        layout={layout}
        order={receiptOrder}
        businessName={settings.businessName}
        logoUrl={settings.logoUrl}
        formatMoney={money.format}
        hasLogoPlaceholder={false}
        isCopy={isCopy}
      />
    </div>
  );
}
