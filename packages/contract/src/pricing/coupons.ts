/**
 * The coupon rule (issue 4, DESIGN.md §4): whether a coupon applies to a cart, and how much it
 * takes off. Pure like the rest of the engine: the clock, the customer's past uses and the money
 * formatter come in through `context`, so the POS screen and the server answer the same.
 *
 * The discount is worked out on the eligible lines' totals and handed to `priceCart` as an
 * amount off those lines (`couponOrderDiscount`), which spreads it with the largest remainder.
 */
import { formatMinorAsDecimal } from './decimal.ts';
import { percentOf } from './rounding.ts';
import type { PricingOrderDiscount } from './types.ts';

export type CouponKind = 'percentage' | 'fixed';

export type CouponRule = {
  code: string;
  kind: CouponKind;
  /** 10 % → 100 000, for a percentage coupon. */
  rateE4: number;
  /** Minor units, for a fixed-amount coupon. */
  amount: number;
  /** ISO timestamps; null means no bound. */
  validFrom: string | null;
  validUntil: string | null;
  /** The cart must total at least this (minor units). */
  minimumTotal: number | null;
  /** The discount never exceeds this (minor units). */
  maximumDiscount: number | null;
  usageLimit: number | null;
  usedCount: number;
  perCustomerLimit: number | null;
  appliesTo: 'all' | 'some';
  categoryIds: readonly number[];
  productIds: readonly number[];
  active: boolean;
};

export type CouponCartLine = {
  productId: number;
  categoryIds: readonly number[];
  /** The line's amount after its own discounts, in minor units. */
  total: number;
};

export type CouponCart = { lines: readonly CouponCartLine[] };

export type CouponContext = {
  now: Date | string;
  /** How many times the sale's customer has used this coupon before. */
  customerUses: number;
  hasCustomer: boolean;
  /** Money for messages ("$20.00"); plain decimals when absent. */
  formatMoney?: (minor: number) => string;
  /** Dates for messages ("3 March 2026"); the day in `timeZone` when absent. */
  formatDate?: (date: Date) => string;
  /** The shop's time zone, for the dates of messages; the runtime's when absent. */
  timeZone?: string;
};

export type CouponRefusal =
  | 'inactive'
  | 'not_yet_valid'
  | 'expired'
  | 'below_minimum'
  | 'usage_limit'
  | 'customer_limit'
  | 'needs_customer'
  | 'not_eligible';

export type CouponEvaluation =
  | { ok: true; discount: number; lineIndexes: number[] }
  | { ok: false; reason: CouponRefusal; message: string };

const longDateIn = (timeZone: string | undefined) => (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(date);

function refuse(reason: CouponRefusal, message: string): CouponEvaluation {
  return { ok: false, reason, message };
}

function timesOf(count: number): string {
  return count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`;
}

/** The lines a coupon may take money off: every line, or those of its products and categories. */
export function eligibleLineIndexes(coupon: Pick<CouponRule, 'appliesTo' | 'categoryIds' | 'productIds'>, cart: CouponCart): number[] {
  const products = new Set(coupon.productIds);
  const categories = new Set(coupon.categoryIds);
  return cart.lines.flatMap((line, index) => {
    if (line.total <= 0) return [];
    if (coupon.appliesTo === 'all') return [index];
    return products.has(line.productId) || line.categoryIds.some((id) => categories.has(id)) ? [index] : [];
  });
}

/**
 * Checks the coupon's rules in the order a cashier can act on them (the coupon itself, then the
 * customer, then the cart) and answers the discount or the first reason it does not apply.
 * `validUntil` is inclusive: a coupon valid until 18:00 still applies at 18:00.
 */
export function evaluateCoupon(coupon: CouponRule, cart: CouponCart, context: CouponContext): CouponEvaluation {
  const now = new Date(context.now).getTime();
  const formatMoney = context.formatMoney ?? ((minor: number) => formatMinorAsDecimal(minor));
  const formatDate = context.formatDate ?? longDateIn(context.timeZone);

  if (!coupon.active) return refuse('inactive', 'This coupon is not active.');
  if (coupon.validFrom !== null && now < new Date(coupon.validFrom).getTime()) {
    return refuse('not_yet_valid', `This coupon is valid from ${formatDate(new Date(coupon.validFrom))}.`);
  }
  if (coupon.validUntil !== null && now > new Date(coupon.validUntil).getTime()) {
    return refuse('expired', `This coupon expired on ${formatDate(new Date(coupon.validUntil))}.`);
  }
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) {
    return refuse('usage_limit', 'This coupon has been used as many times as it may be.');
  }
  if (coupon.perCustomerLimit !== null) {
    if (!context.hasCustomer) return refuse('needs_customer', 'Add a customer to the sale to use this coupon.');
    if (context.customerUses >= coupon.perCustomerLimit) {
      return refuse('customer_limit', `This customer has already used this coupon ${timesOf(context.customerUses)}.`);
    }
  }

  const cartTotal = cart.lines.reduce((sum, line) => sum + line.total, 0);
  if (coupon.minimumTotal !== null && cartTotal < coupon.minimumTotal) {
    return refuse('below_minimum', `The cart must total at least ${formatMoney(coupon.minimumTotal)} for this coupon.`);
  }
  const lineIndexes = eligibleLineIndexes(coupon, cart);
  if (lineIndexes.length === 0) return refuse('not_eligible', 'None of the items in the cart are eligible for this coupon.');

  const eligibleTotal = lineIndexes.reduce((sum, index) => sum + (cart.lines[index]?.total ?? 0), 0);
  let discount = coupon.kind === 'percentage' ? percentOf(eligibleTotal, coupon.rateE4) : coupon.amount;
  if (coupon.maximumDiscount !== null) discount = Math.min(discount, coupon.maximumDiscount);
  discount = Math.max(0, Math.min(discount, eligibleTotal));
  return { ok: true, discount, lineIndexes };
}

/** A coupon that applies, as the order discount `priceCart` spreads over its lines. */
export function couponOrderDiscount(result: { discount: number; lineIndexes: readonly number[] }): PricingOrderDiscount {
  return { kind: 'amount', amount: result.discount, lineIndexes: result.lineIndexes };
}
