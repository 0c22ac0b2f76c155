import { formatPercent, tenderLabels, type Order } from '@tillbook/contract';
import type { ReceiptAmount, ReceiptOrder } from '../receipts/receipt-rows.ts';

/** "VAT 20%"; a tax already named with its rate keeps its name. */
function taxLabel(name: string, rateE4: number): string {
  return name.includes('%') ? name : `${name} ${formatPercent(rateE4)}%`;
}

/** Charges of every line summed per charge, in order of first use. */
function chargesOf(order: Order): ReceiptAmount[] {
  const byId = new Map<number, ReceiptAmount>();
  for (const charge of order.lines.flatMap((line) => line.charges)) {
    const seen = byId.get(charge.id);
    if (seen) seen.amount += charge.amount;
    else byId.set(charge.id, { name: charge.name, amount: charge.amount });
  }
  return [...byId.values()].filter((charge) => charge.amount !== 0);
}

/** A completed sale as its receipt prints it, the date in the shop's locale. */
export function toReceiptOrder(order: Order, locale: string): ReceiptOrder {
  const discounts: ReceiptAmount[] = [];
  if (order.lineDiscountTotal > 0) discounts.push({ name: 'Line discounts', amount: order.lineDiscountTotal });
  if (order.orderDiscountTotal > 0) {
    discounts.push({ name: order.couponCode ? `Coupon ${order.couponCode}` : 'Order discount', amount: order.orderDiscountTotal });
  }
  return {
    number: order.number,
    date: formatSaleDate(order.createdAt, locale),
    cashierName: order.cashierName,
    customerName: order.customerName,
    lines: order.lines.map((line) => ({
      name: line.title,
      variantName: line.variantName,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      total: line.gross,
      discount: line.discount,
    })),
    subtotal: order.subtotal,
    discounts,
    charges: chargesOf(order),
    taxes: order.taxes.map((tax) => ({ name: taxLabel(tax.name, tax.rateE4), amount: tax.amount, isInclusive: tax.isInclusive })),
    total: order.total,
    payments: order.payments.map((payment) => ({ name: tenderLabels[payment.tender], amount: payment.tendered, reference: payment.reference })),
    change: order.change,
    pointsEarned: null,
    pointsBalance: null,
    note: order.note,
  };
}

function formatSaleDate(iso: string, locale: string): string {
  const date = new Date(iso);
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toISOString().slice(0, 16).replace('T', ' ');
  }
}
