import { z } from 'zod';
import { tenderLabels } from './cashbox.ts';
import { dataOf } from './common.ts';
import { receiptRow } from './orders-after-sale.ts';
import { formatSaleDate, receiptFrame, taxLabel, type ReceiptDateSettings, type ReceiptRow, type ReceiptRowOptions } from './receipt-rows.ts';
import { amountLines, centredLines, wrapCells } from './receipt-text.ts';
import { receiptTemplate, type ReceiptLayout } from './receipts.ts';
import type { Refund } from './refunds.ts';

/** The word a refund receipt is headed with, so nobody takes it for a sale. */
export const REFUND_RECEIPT_TITLE = 'REFUND';

const amount = z.object({ name: z.string(), amount: z.number().int() });

/** What a refund receipt prints: the refund and the sale it gives back from. Amounts are positive minor units. */
export const refundReceipt = z.object({
  title: z.literal(REFUND_RECEIPT_TITLE),
  /** The refund's own number: MAIN-000123-R1. */
  number: z.string(),
  /** The sale it gives back from: MAIN-000123. */
  /** The sale the goods came from; null for a return without a receipt. */
  orderNumber: z.string().nullable(),
  /** When the refund was made, on the shop's clock. */
  date: z.string(),
  outletName: z.string().nullable(),
  registerName: z.string().nullable(),
  /** Who took the return. */
  cashierName: z.string().nullable(),
  customerName: z.string().nullable(),
  lines: z.array(z.object({ name: z.string(), variantName: z.string().optional(), quantity: z.number().int(), total: z.number().int() })),
  /** Taxes given back; an inclusive one was in the prices. */
  taxes: z.array(amount.extend({ isInclusive: z.boolean() })),
  total: z.number().int(),
  /**
   * How the money went back, per tender ("Cash", "Card"), per gift card ("Back onto gift card
   * •••• 3456") and to an exchange's new sale ("Exchange for MAIN-000124"), then store credit and
   * points as their own rows.
   */
  payments: z.array(amount),
  storeCredit: z.number().int(),
  /** Money the points tender paid, going back as points. */
  pointsPaidBack: z.number().int(),
  /** Points back to the customer's balance and earned points taken back; null without a customer. */
  pointsReturned: z.number().int().nullable(),
  pointsTakenBack: z.number().int().nullable(),
  reason: z.string(),
  /** The administrator who approved a cashier's refund beyond their right (issue 16), or null. */
  approvedBy: z.string().nullable(),
});
export type RefundReceipt = z.infer<typeof refundReceipt>;

/** GET /api/refunds/:id/receipt: the receipt's figures, the template it prints with and its rows laid out. */
export const refundReceiptResult = dataOf(
  z.object({
    refundId: z.number().int(),
    /** Null for a return without a receipt. */
    orderId: z.number().int().nullable(),
    /** Where "E-mail receipt" sends it when no address is typed. */
    customerEmail: z.string().nullable(),
    receipt: refundReceipt,
    /** Null when neither the register nor the sale has a template: the rows use the fallback layout. */
    template: receiptTemplate.nullable(),
    paperWidth: z.union([z.literal(58), z.literal(80)]),
    rows: z.array(receiptRow),
  }),
);
export type RefundReceiptDocument = z.infer<typeof refundReceiptResult>['data'];

/** The 422 on `email` when neither the request nor the sale's customer gives an address. */
export const noRefundReceiptEmailMessage = 'This refund has no customer e-mail address. Type one to send the receipt.';

/** What a refund receipt needs of its sale and of the places it happened. */
export type RefundReceiptSource = {
  orderNumber: string | null;
  customerName: string | null;
  outletName: string | null;
  registerName: string | null;
};

/** A refund as its receipt prints it, the date in the shop's locale and time zone. */
export function toRefundReceipt(refund: Refund, source: RefundReceiptSource, settings: ReceiptDateSettings): RefundReceipt {
  return {
    title: REFUND_RECEIPT_TITLE,
    number: refund.number,
    orderNumber: source.orderNumber,
    date: formatSaleDate(refund.createdAt, settings.locale, settings.timeZone),
    outletName: source.outletName,
    registerName: source.registerName,
    cashierName: refund.userName,
    customerName: source.customerName,
    lines: refund.lines.map((line) => ({ name: line.title, ...(line.variantName ? { variantName: line.variantName } : {}), quantity: line.quantity, total: line.total })),
    taxes: refund.taxes.map((tax) => ({ name: taxLabel(tax.name, tax.rateE4), amount: tax.amount, isInclusive: tax.isInclusive })),
    total: refund.total,
    payments: [
      ...refund.payments.map((payment) => ({ name: payment.reference ? `${tenderLabels[payment.tender]} (ref. ${payment.reference})` : tenderLabels[payment.tender], amount: payment.amount })),
      ...refund.giftCards.map((card) => ({ name: `Back onto gift card ${card.maskedCode}`, amount: card.amount })),
      // An exchange: what the returned goods paid of the new sale.
      ...(refund.exchange ? [{ name: `Exchange for ${refund.exchange.orderNumber}`, amount: refund.exchange.amount }] : []),
    ],
    storeCredit: refund.storeCredit,
    pointsPaidBack: refund.points?.pointsPaidBack ?? 0,
    pointsReturned: refund.points ? refund.points.returned : null,
    pointsTakenBack: refund.points ? refund.points.reversed : null,
    reason: refund.reason,
    approvedBy: refund.approval?.approverName ?? null,
  };
}

/**
 * A refund receipt's rows at its paper width, in the rows and layout of a sale's receipt
 * (`receiptRows`): headed REFUND, with the original order's number (and its barcode, so the
 * receipt finds the sale again), what came back as negative amounts and how the money went back.
 */
export function refundReceiptRows(layout: ReceiptLayout, receipt: RefundReceipt, options: ReceiptRowOptions): ReceiptRow[] {
  const { width, money, points, rule, texts, head, foot, taxRows } = receiptFrame(layout, options);
  const back = (minor: number) => money(-minor);
  const rows: ReceiptRow[] = head();
  rows.push(...texts(centredLines(`*** ${receipt.title} ***`, width), true));
  rows.push(...texts(wrapCells(`Refund ${receipt.number}`, width)));
  rows.push(...texts(wrapCells(receipt.orderNumber ? `Original order ${receipt.orderNumber}` : 'Returned without a receipt', width), true));
  rows.push(...texts(wrapCells(receipt.date, width)));
  const place = [receipt.outletName, receipt.registerName].filter(Boolean).join(' / ');
  if (place) rows.push(...texts(wrapCells(place, width, 2)));
  if (layout.showCashier && receipt.cashierName) rows.push(...texts(wrapCells(`Cashier: ${receipt.cashierName}`, width, 2)));
  if (layout.showCustomer && receipt.customerName) rows.push(...texts(wrapCells(`Customer: ${receipt.customerName}`, width, 2)));
  rows.push(rule());
  for (const line of receipt.lines) {
    const name = line.variantName ? `${line.name} (${line.variantName})` : line.name;
    rows.push(...texts(amountLines(`${line.quantity} x ${name}`, back(line.total), width)));
  }
  rows.push(rule());
  rows.push(...taxRows(receipt.taxes, back));
  rows.push(...texts(amountLines('TOTAL REFUNDED', back(receipt.total), width), true));
  rows.push(...texts(wrapCells('Paid back', width)));
  for (const payment of receipt.payments) rows.push(...texts(amountLines(`  ${payment.name}`, money(payment.amount), width)));
  if (receipt.storeCredit > 0) rows.push(...texts(amountLines('  Store credit', money(receipt.storeCredit), width)));
  if (receipt.pointsPaidBack > 0) rows.push(...texts(amountLines('  As points', money(receipt.pointsPaidBack), width)));
  if (receipt.pointsReturned || receipt.pointsTakenBack) {
    rows.push(rule());
    if (receipt.pointsReturned) rows.push(...texts(amountLines('Points given back', points(receipt.pointsReturned), width)));
    if (receipt.pointsTakenBack) rows.push(...texts(amountLines('Points taken back', points(receipt.pointsTakenBack), width)));
  }
  if (receipt.reason) {
    rows.push(rule());
    rows.push(...texts(wrapCells(`Reason: ${receipt.reason}`, width, 2)));
  }
  if (receipt.approvedBy) rows.push(...texts(wrapCells(`Approved by: ${receipt.approvedBy}`, width, 2)));
  rows.push(...foot(receipt.orderNumber));
  return rows;
}
