import { z } from 'zod';
import { approvalInput, approvalSummary } from './approvals.ts';
import { tenders, type Tender } from './cashbox.ts';
import { dataOf } from './common.ts';
import { booleanField, idField, integerField, moneyField, optionalText, requiredMultiLineText, requiredText } from './fields.ts';
import { ORDER_MAX_LINES, ORDER_MAX_QUANTITY, orderLineTax, returnLinesInput } from './orders.ts';

/** POST /api/orders/:id/refunds: which sold units come back, where they go, and how the money goes back. */
export const refundCreateInput = z.object({
  lines: returnLinesInput,
  /** Left out: the refund goes back to the tenders the sale was paid with. */
  payments: z
    .array(
      z.object({
        tender: z.enum(tenders, { error: 'The tender must be cash, card or other.' }),
        amount: moneyField('refund amount'),
        /** The card terminal's reference of a card refund, as a sale's card payment keeps it. */
        reference: optionalText('reference', 120),
      }),
      {
        error: 'The payments must be a list.',
      },
    )
    .max(20, 'Use at most 20 payments on one refund.')
    .optional(),
  reason: requiredMultiLineText('reason', 500),
  /**
   * The part of the refund paid back as the customer's store credit (a sale with a customer only).
   * Payments + store credit (+ what goes back as points) add up to the refund. Left out with the
   * payments left out too: what the sale paid with store credit goes back to it after the tenders.
   */
  storeCredit: moneyField('store credit').optional(),
  /**
   * The part of the refund put back onto the gift cards that paid the sale (decision 024), in the
   * order they were spent, each up to what it paid less what refunds put back on it already. Left
   * out with the payments left out too: what gift cards paid goes back onto them after the tenders;
   * left out with the payments given: nothing goes back onto a card.
   */
  giftCard: moneyField('gift card amount').optional(),
  /**
   * The open drawer the cash comes out of, or null: paid outside a drawer. An administrator may
   * choose any open drawer; a cashier only the drawer they opened (the till's), never "outside".
   * Left out: an administrator's refund comes out of the sale's register's drawer when it is open
   * (with cash to pay back and that drawer closed, the server asks: 422 on this field); a
   * cashier's out of their own drawer.
   */
  cashboxSessionId: idField('drawer').nullable().optional(),
  /** An administrator's approval, when a cashier's refund is above the shop's limit (issue 16). */
  approval: approvalInput.optional(),
});
export type RefundCreateInput = z.input<typeof refundCreateInput>;

/** How the money of a return without a receipt goes back: as the customer's store credit, or in money from this till's drawer. */
export const noReceiptMoneyBack = ['storeCredit', 'cash', 'card'] as const;
export type NoReceiptMoneyBack = (typeof noReceiptMoneyBack)[number];

/**
 * POST /api/refunds/without-receipt: goods brought back without the sale's receipt (issue 16), when
 * the shop takes them (`cashierRights.noReceiptReturns`). Each unit is valued at the product's price
 * now, with its taxes and no discount; the money goes back as store credit (to `customerId`) or,
 * when the shop allows money, by cash or card up to `noReceiptMoneyUpTo`.
 */
export const noReceiptReturnInput = z.object({
  registerId: idField('register'),
  lines: z
    .array(
      z.object({
        variantId: idField('product'),
        quantity: integerField('quantity', { min: 1, max: ORDER_MAX_QUANTITY }),
        restock: booleanField('restock'),
      }),
      { error: 'Choose at least one item to return.' },
    )
    .min(1, 'Choose at least one item to return.')
    .max(ORDER_MAX_LINES, `A return may have at most ${ORDER_MAX_LINES} lines.`),
  reason: requiredMultiLineText('reason', 500),
  moneyBack: z.enum(noReceiptMoneyBack, { error: 'Choose how the money goes back: store credit, cash or card.' }),
  customerId: idField('customer').nullish().transform((v) => v ?? null),
  /** The card terminal's reference of a card refund. */
  reference: optionalText('reference', 120),
  /** Shown to the customer beforehand: a different server total is refused (prices changed). */
  total: moneyField('total'),
  approval: approvalInput.optional(),
});
export type NoReceiptReturnInput = z.input<typeof noReceiptReturnInput>;

export const refundLine = z.object({
  id: z.number().int(),
  /** The sold line; null on a return without a receipt. */
  orderLineId: z.number().int().nullable(),
  variantId: z.number().int().nullable(),
  title: z.string(),
  variantName: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  restock: z.boolean(),
  net: z.number().int(),
  taxTotal: z.number().int(),
  total: z.number().int(),
  taxes: z.array(orderLineTax),
});
export type RefundLine = z.infer<typeof refundLine>;

/** What a refund did to the customer's points (reason "refund", the refund's number). */
export const refundPoints = z.object({
  /** Points paid with that came back to the balance. */
  returned: z.number().int(),
  /** Money the points tender paid that goes back as those points (not in any drawer). */
  pointsPaidBack: z.number().int(),
  /** Earned points taken back. */
  reversed: z.number().int(),
  /** Earned points that could not be taken back: the customer had spent them. */
  unrecovered: z.number().int(),
});
export type RefundPoints = z.infer<typeof refundPoints>;

/** Money a refund put back onto one gift card: the card as a receipt prints it ("•••• 3456"), and its balance after. */
export const refundGiftCard = z.object({
  giftCardId: z.number().int(),
  maskedCode: z.string(),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
});
export type RefundGiftCard = z.infer<typeof refundGiftCard>;

export const refund = z.object({
  id: z.number().int(),
  /** Null for a return without a receipt. */
  orderId: z.number().int().nullable(),
  /** The order's number with R1, R2…: MAIN-000123-R1. */
  number: z.string(),
  outletId: z.number().int(),
  registerId: z.number().int().nullable(),
  cashboxSessionId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  userName: z.string(),
  reason: z.string(),
  netTotal: z.number().int(),
  taxTotal: z.number().int(),
  total: z.number().int(),
  taxes: z.array(orderLineTax),
  lines: z.array(refundLine),
  payments: z.array(z.object({ id: z.number().int(), tender: z.enum(tenders), amount: z.number().int(), reference: z.string().nullable() })),
  /** Null when the sale had no customer. */
  points: refundPoints.nullable(),
  /** Money paid back as the customer's store credit (0: none). */
  storeCredit: z.number().int(),
  /** Money put back onto the gift cards that paid the sale (0: none), and onto which card how much. */
  giftCard: z.number().int(),
  giftCards: z.array(refundGiftCard),
  /** An exchange: the part of the refund that paid the new sale, and that sale (null: not an exchange). */
  exchange: z.object({ amount: z.number().int(), orderId: z.number().int(), orderNumber: z.string() }).nullable(),
  /** The administrator who approved a cashier's refund above the shop's limit. */
  approval: approvalSummary.nullable(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof refund>;
export const refundResult = dataOf(refund);
export const refundList = dataOf(z.array(refund));

/** GET /api/orders/lookup?number=MAIN-000123: the number as typed or scanned from the receipt's barcode. */
export const saleLookupQuery = z.object({ number: requiredText('order number', 40) });

/** A sold line as a return sees it: what was sold, what came back already, what may still come back. */
export const returnableLine = z.object({
  id: z.number().int(),
  variantId: z.number().int().nullable(),
  title: z.string(),
  variantName: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  returned: z.number().int(),
  returnable: z.number().int(),
  unitPrice: z.number().int(),
  net: z.number().int(),
  taxTotal: z.number().int(),
  total: z.number().int(),
  taxes: z.array(orderLineTax),
});
export type ReturnableLine = z.infer<typeof returnableLine>;

/**
 * A sale found for a return at the till (any outlet of the shop): its lines with what is still
 * returnable, its tenders with what each can still give back, and the figures refundShareOf and
 * refundPointsOf need to show the refund exactly as the server will store it.
 */
export const saleForReturn = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.string(),
  createdAt: z.string(),
  outletId: z.number().int(),
  outletName: z.string(),
  registerId: z.number().int().nullable(),
  registerName: z.string().nullable(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  total: z.number().int(),
  lines: z.array(returnableLine),
  tenders: z.array(z.object({ tender: z.enum(tenders), paid: z.number().int(), refundable: z.number().int() })),
  /** What the customer's store credit paid on the sale, and what of it was not given back yet. */
  storeCreditPaid: z.number().int(),
  storeCreditRefundable: z.number().int(),
  /**
   * What the drawer's tenders (cash, card, other) can still give back together: what they paid for
   * the goods less what went back by them. Money they took for gift cards the sale sold is not
   * given back by a return (a card sold is no line of the sale).
   */
  tendersRefundable: z.number().int(),
  /** What gift cards paid on the sale, and what can still go back onto them (each card below, in the order they were spent). */
  giftCardsPaid: z.number().int(),
  giftCardRefundable: z.number().int(),
  giftCards: z.array(z.object({ maskedCode: z.string(), refundable: z.number().int(), expiresAt: z.string().nullable() })),
  /** The sale's loyalty (null without a customer) and what its refunds so far did with it. */
  points: z.object({ pointsPaid: z.number().int(), pointsRedeemed: z.number().int(), pointsEarned: z.number().int() }).nullable(),
  refundedBefore: z.object({ total: z.number().int(), pointsPaidBack: z.number().int(), returned: z.number().int(), takenBack: z.number().int() }),
});
export type SaleForReturn = z.infer<typeof saleForReturn>;
export const saleForReturnResult = dataOf(saleForReturn);

type LineTax = z.infer<typeof orderLineTax>;

/** What a sold line is worth as a whole: the figures its refunds are shares of. */
export type RefundableLine = { quantity: number; net: number; taxTotal: number; total: number; taxes: LineTax[] };
export type RefundShare = { net: number; taxTotal: number; total: number; taxes: LineTax[] };

/** Share of `amount` that the first `units` of `quantity` units carry (rounded down, the remainder on the last unit). */
function cumulative(amount: number, units: number, quantity: number): number {
  return units >= quantity ? amount : Math.floor((amount * units) / quantity);
}

/**
 * What returning `units` more units of a line is worth, `alreadyRefunded` units having come back
 * before. Each figure is the difference of two cumulative shares, so the refunds of a line — in
 * any number of steps — add up to exactly its total, its net and each of its taxes.
 */
export function refundShareOf(line: RefundableLine, alreadyRefunded: number, units: number): RefundShare {
  const before = Math.max(0, Math.min(alreadyRefunded, line.quantity));
  const after = Math.min(before + Math.max(0, units), line.quantity);
  const part = (amount: number) => cumulative(amount, after, line.quantity) - cumulative(amount, before, line.quantity);
  return {
    net: part(line.net),
    taxTotal: part(line.taxTotal),
    total: part(line.total),
    taxes: line.taxes.map((t) => ({ ...t, base: part(t.base), amount: part(t.amount) })),
  };
}

/** A refund's taxes summed per tax (same tax, rate and kind on several lines make one entry). */
export function sumRefundTaxes(shares: ReadonlyArray<{ taxes: LineTax[] }>): LineTax[] {
  const byKey = new Map<string, LineTax>();
  for (const tax of shares.flatMap((s) => s.taxes)) {
    const key = `${tax.id}:${tax.rateE4}:${tax.isInclusive}:${tax.isCompound}`;
    const seen = byKey.get(key);
    if (seen) Object.assign(seen, { base: seen.base + tax.base, amount: seen.amount + tax.amount });
    else byKey.set(key, { ...tax });
  }
  return [...byKey.values()];
}

/** What each tender of a sale can still give back: what it paid less what was refunded on it. */
export type TenderRoom = { tender: Tender; available: number };

/** The default way a refund goes back: the sale's tenders in the order they were taken, each up to what it can still give back. */
export function defaultRefundPayments(total: number, room: readonly TenderRoom[]): Array<{ tender: Tender; amount: number }> {
  let left = total;
  const payments: Array<{ tender: Tender; amount: number }> = [];
  for (const { tender, available } of room) {
    const amount = Math.min(left, Math.max(0, available));
    if (amount > 0) payments.push({ tender, amount });
    left -= amount;
  }
  return payments;
}

/** What a sale's loyalty was: the figures its refunds give and take back shares of. */
export type RefundPointsBasis = { total: number; pointsPaid: number; pointsRedeemed: number; pointsEarned: number };
/** What the sale's earlier refunds did with its points. */
export type RefundPointsBefore = { total: number; pointsPaidBack: number; returned: number; takenBack: number };
/** A refund's share of the sale's points: money the points paid (goes back as points), points given back, earned points to take back. */
export type RefundPointsShare = { pointsPaidBack: number; returned: number; toTakeBack: number };

/**
 * A refund's points, proportional to the money it gives back: each figure is the cumulative share
 * of the sale's after this refund less what the earlier refunds took, so the refunds of a sale — in
 * any number of steps — give back exactly what it redeemed and take back exactly what it earned.
 * `isLast` (nothing left to refund) gives the whole remainder, also for a sale that cost nothing.
 */
export function refundPointsOf(sale: RefundPointsBasis, before: RefundPointsBefore, refundTotal: number, isLast: boolean): RefundPointsShare {
  const refunded = before.total + refundTotal;
  const upTo = (amount: number) => {
    if (isLast || refunded >= sale.total) return amount;
    if (sale.total <= 0) return 0;
    return Number((BigInt(amount) * BigInt(Math.max(0, refunded))) / BigInt(sale.total));
  };
  return {
    pointsPaidBack: Math.max(0, upTo(sale.pointsPaid) - before.pointsPaidBack),
    returned: Math.max(0, upTo(sale.pointsRedeemed) - before.returned),
    toTakeBack: Math.max(0, upTo(sale.pointsEarned) - before.takenBack),
  };
}
