import { z } from 'zod';
import { approvalInput, approvalSummary } from './approvals.ts';
import { tenders } from './cashbox.ts';
import { dataOf } from './common.ts';
import { giftCardPaymentsInput, giftCardsSoldInput, orderGiftCard } from './gift-cards.ts';
import { booleanField, idField, integerField, moneyField, optionalText, requiredMultiLineText, MAX_ID } from './fields.ts';
import { listQuery, pageMeta, paginated } from './pagination.ts';
import { queryId, optionalMultiLineText, dateField, refuseControls } from './fields.ts';
import { sortQuery } from './pagination.ts';

/** Most lines one sale may carry, and most units on one line. */
export const ORDER_MAX_LINES = 500;
export const ORDER_MAX_QUANTITY = 100_000;

/** A discount as the cashier gives it: an amount off, or a percentage (rateE4: 10 % → 100 000). */
export const saleDiscountInput = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('amount'), amount: moneyField('discount') }),
    z.object({
      kind: z.literal('percentage'),
      rateE4: integerField('discount percentage', { min: 0, max: 1_000_000 }),
    }),
  ], { error: 'The discount must be an amount or a percentage.' })
  .nullish()
  .transform((v) => v ?? null);
export type SaleDiscountInput = z.input<typeof saleDiscountInput>;

export const orderLineInput = z.object({
  variantId: idField('product'),
  quantity: integerField('quantity', { min: 1, max: ORDER_MAX_QUANTITY }),
  discount: saleDiscountInput,
  /** A price the cashier set for one unit in place of the catalogue's (a price override); a cashier needs the shop's right or a manager. */
  unitPrice: moneyField('price').nullish().transform((v) => v ?? null),
});
export type OrderLineInput = z.input<typeof orderLineInput>;

export const paymentInput = z.object({
  tender: z.enum(tenders, { error: 'The tender must be cash, card or other.' }),
  /** What the customer handed over with this tender; cash may exceed what is due (change). */
  amount: moneyField('payment amount').refine((v) => v > 0, 'A payment must be greater than zero.'),
  reference: optionalText('reference', 120),
});
export type PaymentInput = z.input<typeof paymentInput>;

const uuidField = z
  .string({ error: 'The sale id field is required.' })
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'The sale id must be a UUID.');

/** What a sale redeems: a reward, points as a tender, or both. Needs the sale's customer. */
export const saleRedemption = z
  .object({
    rewardId: idField('reward').nullish().transform((v) => v ?? null),
    points: integerField('points', { min: 0, max: 1_000_000_000 }).nullish().transform((v) => v ?? 0),
  })
  .nullish()
  .transform((v) => (v && (v.rewardId !== null || v.points > 0) ? v : null));
export type SaleRedemption = z.output<typeof saleRedemption>;

/** The sold units a refund or an exchange takes back: which line, how many, and whether they go back to stock. */
export const returnLinesInput = z
  .array(
    z.object({
      orderLineId: idField('order line'),
      quantity: integerField('quantity', { min: 1, max: ORDER_MAX_QUANTITY }),
      /** Back to stock; false for damaged goods. */
      restock: booleanField('restock'),
    }),
    { error: 'Choose at least one item to refund.' },
  )
  .min(1, 'Choose at least one item to refund.')
  .max(ORDER_MAX_LINES, `A refund may have at most ${ORDER_MAX_LINES} lines.`);

/**
 * An exchange (issue 16): goods of an earlier sale come back and pay for this one, in one
 * transaction. Their refund pays the new sale up to what the drawer's tenders would owe; the
 * payments cover the rest, and what the returned goods are worth beyond the new sale goes back as
 * a refund does by default (the sale's tenders, cash from this register's drawer).
 */
export const exchangeInput = z.object({
  orderId: idField('sale'),
  lines: returnLinesInput,
  reason: requiredMultiLineText('reason', 500),
});
export type ExchangeInput = z.input<typeof exchangeInput>;

/** The sale as the register rings it up; the server prices it again and is the authority. */
export const saleInput = z.object({
  lines: z
    .array(orderLineInput, { error: 'The sale has no items.' })
    .min(1, 'The sale has no items.')
    .max(ORDER_MAX_LINES, `A sale may have at most ${ORDER_MAX_LINES} lines.`),
  /** A manual discount on the whole sale; a coupon, when given, takes its place. */
  orderDiscount: saleDiscountInput,
  couponCode: optionalText('coupon code', 40),
  customerId: z.number({ error: 'The customer must be chosen from the list.' }).int().positive().max(MAX_ID).nullish().transform((v) => v ?? null),
  /** A reward and/or points as a tender (contract rewards.ts): needs the customer. */
  redemption: saleRedemption,
});
export type SaleInput = z.input<typeof saleInput>;

/** POST /api/orders/create: a client-generated uuid makes a retried request safe. */
export const orderCreateInput = saleInput.extend({
  uuid: uuidField,
  registerId: idField('register'),
  // Empty only for a sale that costs nothing (fully discounted); settlePayments checks what is due.
  payments: z.array(paymentInput, { error: 'The payments must be a list.' }).max(20, 'Use at most 20 payments on one sale.'),
  /** The customer's store credit as a tender (issue 16): not a drawer payment; the payments cover the rest. */
  storeCredit: moneyField('store credit').nullish().transform((v) => v ?? 0),
  /** Gift cards the sale sells (or loads again), each a line outside the goods' pricing (contract gift-cards.ts). */
  giftCards: giftCardsSoldInput,
  /** Gift cards offered as tenders, by code: not drawer payments; the payments cover the rest. */
  giftCardPayments: giftCardPaymentsInput,
  /** What the screen showed the customer: a different server total is refused (prices changed). */
  total: moneyField('total'),
  note: optionalMultiLineText('note', 1000),
  /** An administrator's approval of discounts or prices beyond the cashier's rights (asked for by a 422 on `approval`). */
  approval: approvalInput.optional(),
  /** Goods of an earlier sale returned in exchange: they pay for this sale (decision 027). */
  exchange: exchangeInput.optional(),
})
  // A sale of gift cards alone has no goods: its lines may then be empty (decision 024).
  .extend({ lines: z.array(orderLineInput, { error: 'The sale has no items.' }).max(ORDER_MAX_LINES, `A sale may have at most ${ORDER_MAX_LINES} lines.`) })
  // With other fields in error the gift cards may not be read yet (undefined): none, then.
  .refine((sale) => sale.lines.length > 0 || ((sale.giftCards as unknown[] | undefined)?.length ?? 0) > 0, {
    path: ['lines'],
    message: 'The sale has no items.',
    // Said beside the other fields' errors: it needs only the lines and the gift cards to be readable.
    when: ({ value }) => {
      const sale = (value ?? {}) as { lines?: unknown; giftCards?: unknown };
      return Array.isArray(sale.lines) && (sale.giftCards == null || Array.isArray(sale.giftCards));
    },
  });
export type OrderCreateInput = z.input<typeof orderCreateInput>;

/** POST /api/orders/apply-coupon: whether a code applies to this cart, and how much it takes off. */
export const applyCouponInput = saleInput.extend({
  couponCode: z.string({ error: 'The coupon code field is required.' }).trim().min(1, 'The coupon code field is required.').max(40, 'No coupon has this code.').superRefine(refuseControls('coupon code')),
});
export type ApplyCouponInput = z.input<typeof applyCouponInput>;
export const applyCouponResult = dataOf(
  z.object({
    couponId: z.number().int(),
    code: z.string(),
    name: z.string(),
    discount: z.number().int(),
    lineIndexes: z.array(z.number().int()),
  }),
);
export type AppliedCoupon = z.infer<typeof applyCouponResult>['data'];

export const orderStatuses = ['paid', 'partially_refunded', 'refunded'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orderLineTax = z.object({
  id: z.number().int(),
  name: z.string(),
  rateE4: z.number().int(),
  isInclusive: z.boolean(),
  isCompound: z.boolean(),
  base: z.number().int(),
  amount: z.number().int(),
});

export const orderLineCharge = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(['fixed', 'percentage']),
  isTaxable: z.boolean(),
  amount: z.number().int(),
  net: z.number().int(),
  tax: z.number().int(),
});

/** A sold line: names, prices, taxes and charges copied at the sale (DESIGN.md §4). */
export const orderLine = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  variantId: z.number().int().nullable(),
  title: z.string(),
  variantName: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  gross: z.number().int(),
  discount: z.number().int(),
  orderDiscount: z.number().int(),
  chargeTotal: z.number().int(),
  taxTotal: z.number().int(),
  total: z.number().int(),
  taxes: z.array(orderLineTax),
  charges: z.array(orderLineCharge),
});
export type OrderLine = z.infer<typeof orderLine>;

export const orderPayment = z.object({
  id: z.number().int(),
  tender: z.enum(tenders),
  /** The part of the total this tender paid. */
  amount: z.number().int(),
  /** What was handed over (cash: amount + change). */
  tendered: z.number().int(),
  change: z.number().int(),
  reference: z.string().nullable(),
});
export type OrderPayment = z.infer<typeof orderPayment>;

/** A stock ledger entry the sale or one of its refunds caused at its outlet (the variant as it is named now). */
export const orderStockMovement = z.object({
  id: z.number().int(),
  /** 'sale' for the sale itself, 'refund' for goods a refund put back on the shelf. */
  reason: z.string(),
  variantId: z.number().int(),
  title: z.string(),
  variantName: z.string(),
  sku: z.string(),
  delta: z.number().int(),
  quantityAfter: z.number().int(),
  createdAt: z.string(),
});
export type OrderStockMovement = z.infer<typeof orderStockMovement>;

/** Sold less refunded: what a sale, or a set of them, kept. */
export const refundedFigures = z.object({ count: z.number().int(), total: z.number().int(), taxTotal: z.number().int() });
export type RefundedFigures = z.infer<typeof refundedFigures>;

/** What a reward gives: an amount or a percentage off the sale, or one unit of a product free. */
export const rewardKinds = ['amount', 'percentage', 'product'] as const;
export type RewardKind = (typeof rewardKinds)[number];

/** A sale's loyalty as stored on the order: what it redeemed and earned, and the balance after it. */
export const orderLoyalty = z.object({
  rewardId: z.number().int().nullable(),
  rewardName: z.string().nullable(),
  rewardKind: z.enum(rewardKinds).nullable(),
  rewardPoints: z.number().int(),
  rewardDiscount: z.number().int(),
  /** Points the sale took: the reward's and the tender's. */
  pointsRedeemed: z.number().int(),
  /** Money the points tender paid. */
  pointsPaid: z.number().int(),
  pointsEarned: z.number().int(),
  /** The customer's balance once the sale was stored. */
  balanceAfter: z.number().int().nullable(),
});
export type OrderLoyalty = z.infer<typeof orderLoyalty>;

export const order = z.object({
  id: z.number().int(),
  uuid: z.string(),
  /** Human-readable, sequential per outlet: MAIN-000123. */
  number: z.string(),
  status: z.enum(orderStatuses),
  outletId: z.number().int(),
  outletName: z.string(),
  registerId: z.number().int().nullable(),
  registerName: z.string().nullable(),
  cashboxSessionId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  cashierName: z.string(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  couponId: z.number().int().nullable(),
  couponCode: z.string().nullable(),
  subtotal: z.number().int(),
  lineDiscountTotal: z.number().int(),
  orderDiscountTotal: z.number().int(),
  discountTotal: z.number().int(),
  chargeTotal: z.number().int(),
  netTotal: z.number().int(),
  taxTotal: z.number().int(),
  total: z.number().int(),
  /** Σ tendered; paid − change = total − the points paid (loyalty.pointsPaid) − storeCreditPaid − giftCardsPaid − exchangeCredit + giftCardsSold. */
  paid: z.number().int(),
  change: z.number().int(),
  /** What the customer's store credit paid (not a drawer tender, so not among the payments). */
  storeCreditPaid: z.number().int(),
  /** Money taken for gift cards the sale sold: not revenue (it is owed until the cards are spent), so not in `total`. */
  giftCardsSold: z.number().int(),
  /** What gift cards paid of the goods (not a drawer tender, so not among the payments). */
  giftCardsPaid: z.number().int(),
  /** What goods returned in an exchange paid of this sale (not a drawer tender, so not among the payments). */
  exchangeCredit: z.number().int(),
  /** The exchange's refund, when goods of an earlier sale paid for this one. The create answer and the detail carry it. */
  exchange: z.object({ refundId: z.number().int(), refundNumber: z.string(), orderId: z.number().int(), orderNumber: z.string() }).nullable().optional(),
  /** The cards the sale sold and spent, with their balance after it; the create answer and the detail carry them. */
  giftCards: z.array(orderGiftCard).optional(),
  note: z.string().nullable(),
  receiptTemplateId: z.number().int().nullable(),
  /** Labels staff give the sale afterwards (none on a new sale). */
  tags: z.array(z.string()).optional(),
  lines: z.array(orderLine),
  payments: z.array(orderPayment),
  /** What the sale redeemed and earned; null for a sale without a customer. */
  loyalty: orderLoyalty.nullable(),
  taxes: z.array(orderLineTax),
  /**
   * What its refunds gave back so far (each refund is its own document, counted on the day it
   * happens; the sale's own figures never change). The back office's reads carry it.
   */
  refunded: refundedFigures.optional(),
  /** The detail's stock ledger entries; the create answer leaves them out. */
  stockMovements: z.array(orderStockMovement).optional(),
  /**
   * The administrator who approved a cashier's discount or price change beyond their rights, or
   * null (issue 16). The back office's detail carries it.
   */
  approval: approvalSummary.nullable().optional(),
  createdAt: z.string(),
});
export type Order = z.infer<typeof order>;
export const orderResult = dataOf(order);

export const orderListItem = order.omit({ lines: true, payments: true, loyalty: true, taxes: true, stockMovements: true, approval: true, giftCards: true, exchange: true }).extend({
  /** The tenders the sale was paid with, each once, in the order they were taken. */
  tenders: z.array(z.enum(tenders)),
});
export type OrderListItem = z.infer<typeof orderListItem>;


/** The orders list's filters; `from`/`to` are whole days in the shop's time zone, both included. */
export const orderListQuery = listQuery.extend({
  sort: sortQuery(['-createdAt', 'total', 'number']),
  outletId: queryId('outlet').optional(),
  registerId: queryId('register').optional(),
  userId: queryId('cashier').optional(),
  customerId: queryId('customer').optional(),
  cashboxSessionId: queryId('drawer session').optional(),
  status: z.enum(orderStatuses, { error: 'The status must be paid, partially refunded or refunded.' }).optional(),
  tender: z.enum(tenders, { error: 'The tender must be cash, card or other.' }).optional(),
  from: dateField('from date').optional(),
  to: dateField('to date').optional(),
  /** Only these orders ("12,15,31"): the export of the rows chosen in the list. */
  ids: z
    .string()
    .trim()
    .regex(/^\d+(,\d+)*$/, 'The chosen orders must be ids separated by commas.')
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((ids) => ids.length <= 1000, 'Choose at most 1000 orders at a time.')
    .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_ID), 'The chosen orders must be ids separated by commas.')
    .optional(),
});

/** The whole filtered set's figures, not only the page's. */
export const orderListTotals = z.object({
  count: z.number().int(),
  total: z.number().int(),
  taxTotal: z.number().int(),
  discountTotal: z.number().int(),
  /** Refunds of these orders (whenever they were made) and what is left once they are taken off. */
  refunded: refundedFigures,
  netOfRefunds: z.object({ total: z.number().int(), taxTotal: z.number().int() }),
});
export type OrderListTotals = z.infer<typeof orderListTotals>;
export const orderPage = paginated(orderListItem).extend({ meta: pageMeta.extend({ totals: orderListTotals }) });
export type OrderPage = z.infer<typeof orderPage>;

/** The message of a sale whose prices changed between the screen and the server. */
export const totalMismatchMessage = 'The prices have changed since the sale was rung up. Check the new total and take the payment again.';
