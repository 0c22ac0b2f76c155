import { receiptLineWidth, type ReceiptLayout } from '@tillbook/contract';
import { cn } from '../../lib/class-names.ts';

/** What a receipt prints about one order. Amounts are minor units. */
export type ReceiptOrder = {
  number: string;
  date: string;
  cashierName: string | null;
  customerName: string | null;
  lines: Array<{ name: string; quantity: number; total: number }>;
  subtotal: number;
  taxes: Array<{ name: string; amount: number }>;
  total: number;
  payments: Array<{ name: string; amount: number }>;
  change: number;
  pointsEarned: number | null;
  pointsBalance: number | null;
  note: string | null;
};

/** The order a template is previewed with. */
export const sampleReceiptOrder: ReceiptOrder = {
  number: 'MAIN-000123',
  date: '2026-03-14 10:42',
  cashierName: 'Sam Carter',
  customerName: 'Alex Morgan',
  lines: [
    { name: 'Flat white', quantity: 2, total: 700 },
    { name: 'Butter croissant', quantity: 1, total: 275 },
    { name: 'Sparkling water 500 ml', quantity: 3, total: 450 },
  ],
  subtotal: 1425,
  taxes: [
    { name: 'VAT 20%', amount: 208 },
    { name: 'VAT 5%', amount: 13 },
  ],
  total: 1425,
  payments: [{ name: 'Cash', amount: 2000 }],
  change: 575,
  pointsEarned: 14,
  pointsBalance: 236,
  note: 'No straws, please.',
};

export type ReceiptRow =
  | { kind: 'text'; text: string; strong?: boolean }
  | { kind: 'rule'; text: string }
  | { kind: 'logo' }
  | { kind: 'barcode'; text: string };

function center(text: string, width: number): string {
  const clipped = text.slice(0, width);
  const left = Math.floor((width - clipped.length) / 2);
  return ' '.repeat(left) + clipped;
}

/** Left text and right text on one line; the left is cut short so the right always fits. */
function pair(left: string, right: string, width: number): string {
  const room = Math.max(0, width - right.length - 1);
  const cut = left.length > room ? left.slice(0, Math.max(0, room - 1)) + '…' : left;
  return cut.padEnd(width - right.length) + right;
}

/** Splits text on its own lines, then wraps each at the width on spaces. */
function wrap(text: string, width: number): string[] {
  return text.split(/\r?\n/).flatMap((line) => {
    const out: string[] = [];
    let current = '';
    for (const word of line.split(/\s+/).filter(Boolean)) {
      if (!current) current = word;
      else if (current.length + 1 + word.length <= width) current += ` ${word}`;
      else {
        out.push(current);
        current = word;
      }
      while (current.length > width) {
        out.push(current.slice(0, width));
        current = current.slice(width);
      }
    }
    out.push(current);
    return out;
  });
}

/**
 * The rows of a receipt at its paper width (58 mm ≈ 32, 80 mm ≈ 48 characters a line), as a
 * monospace printer lays them out. Pure, so the preview and printing share it.
 */
export function receiptRows(
  layout: ReceiptLayout,
  order: ReceiptOrder,
  options: { businessName: string; formatMoney: (minor: number) => string },
): ReceiptRow[] {
  const width = receiptLineWidth[layout.paperWidth];
  const money = options.formatMoney;
  const rule = (char = '-'): ReceiptRow => ({ kind: 'rule', text: char.repeat(width) });
  const text = (value: string, strong = false): ReceiptRow => ({ kind: 'text', text: value, strong });
  const rows: ReceiptRow[] = [];

  if (layout.showLogo) rows.push({ kind: 'logo' });
  rows.push(text(center(options.businessName, width), true));
  if (layout.header) rows.push(...wrap(layout.header, width).map((line) => text(center(line, width))));
  rows.push(rule());
  rows.push(text(`Order ${order.number}`));
  rows.push(text(order.date));
  if (layout.showCashier && order.cashierName) rows.push(text(`Cashier: ${order.cashierName}`.slice(0, width)));
  if (layout.showCustomer && order.customerName) rows.push(text(`Customer: ${order.customerName}`.slice(0, width)));
  rows.push(rule());
  for (const line of order.lines) rows.push(text(pair(`${line.quantity} x ${line.name}`, money(line.total), width)));
  rows.push(rule());
  rows.push(text(pair('Subtotal', money(order.subtotal), width)));
  if (layout.showTaxBreakdown) {
    for (const tax of order.taxes) rows.push(text(pair(`  incl. ${tax.name}`, money(tax.amount), width)));
  }
  rows.push(text(pair('TOTAL', money(order.total), width), true));
  for (const payment of order.payments) rows.push(text(pair(payment.name, money(payment.amount), width)));
  if (order.change > 0) rows.push(text(pair('Change', money(order.change), width)));
  if (layout.showLoyaltyPoints && order.pointsEarned !== null) {
    rows.push(rule());
    rows.push(text(pair('Points earned', String(order.pointsEarned), width)));
    if (order.pointsBalance !== null) rows.push(text(pair('Points balance', String(order.pointsBalance), width)));
  }
  if (layout.showNote && order.note) {
    rows.push(rule());
    rows.push(...wrap(`Note: ${order.note}`, width).map((line) => text(line)));
  }
  if (layout.showOrderBarcode) rows.push({ kind: 'barcode', text: order.number });
  if (layout.footer) {
    rows.push(rule());
    rows.push(...wrap(layout.footer, width).map((line) => text(center(line, width))));
  }
  return rows;
}

/** Bars drawn from the order number's characters: enough to show where the barcode prints. */
function BarcodeStrip({ value }: { value: string }) {
  const bars = Array.from(value).flatMap((c) => {
    const code = c.charCodeAt(0);
    return [1 + (code % 3), 1 + ((code >> 2) % 2), 1 + ((code >> 3) % 3), 1];
  });
  return (
    <div className="my-2 flex flex-col items-center" data-testid="receipt-barcode">
      <div className="flex h-10 items-stretch" aria-hidden="true">
        {bars.map((w, i) => (
          <span key={i} className={i % 2 === 0 ? 'bg-gray-900' : 'bg-transparent'} style={{ width: `${w}px` }} />
        ))}
      </div>
      <span>{value}</span>
    </div>
  );
}

type ReceiptPreviewProps = {
  layout: ReceiptLayout;
  order: ReceiptOrder;
  businessName: string;
  logoUrl: string | null;
  formatMoney: (minor: number) => string;
  className?: string;
};

/** A receipt as a monospace paper strip at its width; used for previews and for printing. */
export function ReceiptPreview({ layout, order, businessName, logoUrl, formatMoney, className }: ReceiptPreviewProps) {
  const width = receiptLineWidth[layout.paperWidth];
  const rows = receiptRows(layout, order, { businessName, formatMoney });
  return (
    <figure
      className={cn('mx-auto bg-white px-3 py-4 font-mono text-[12px] leading-snug text-gray-900 shadow-md ring-1 ring-gray-200', className)}
      style={{ width: `calc(${width}ch + 1.5rem)` }}
      aria-label={`Receipt on ${layout.paperWidth} mm paper`}
      data-testid="receipt-preview"
      data-width={width}
    >
      {rows.map((row, i) => {
        if (row.kind === 'logo') {
          return logoUrl ? (
            <img key={i} src={logoUrl} alt={`${businessName} logo`} className="mx-auto mb-2 max-h-16 object-contain grayscale" />
          ) : (
            <div key={i} className="mx-auto mb-2 flex h-12 w-24 items-center justify-center border border-dashed border-gray-400 text-[10px] text-gray-500">
              Shop logo
            </div>
          );
        }
        if (row.kind === 'barcode') return <BarcodeStrip key={i} value={row.text} />;
        return (
          <div key={i} className={cn('whitespace-pre', row.kind === 'rule' && 'text-gray-400', row.kind === 'text' && row.strong && 'font-bold')}>
            {row.text || ' '}
          </div>
        );
      })}
    </figure>
  );
}
