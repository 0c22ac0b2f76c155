import { describe, expect, it } from 'vitest';
import { priceCart } from './cart.ts';
import { couponRuleOf } from './coupon-rule.fixture.ts';
import { couponOrderDiscount, evaluateCoupon, type CouponCart, type CouponContext } from './coupons.ts';

const coupon = couponRuleOf;

const now = '2026-03-03T12:00:00.000Z';
const context: CouponContext = {
  now,
  customerUses: 0,
  hasCustomer: false,
  formatMoney: (minor) => `$${(minor / 100).toFixed(2)}`,
  formatDate: (date) => date.toISOString().slice(0, 10),
};

// Snacks (category 7) and a drink (category 8).
const cart: CouponCart = {
  lines: [
    { productId: 1, categoryIds: [7], total: 1000 },
    { productId: 2, categoryIds: [8], total: 2500 },
    { productId: 3, categoryIds: [7, 9], total: 500 },
  ],
};

describe('evaluateCoupon', () => {
  it('takes 10 % off every line: 10 % of 40.00 = 4.00', () => {
    expect(evaluateCoupon(coupon(), cart, context)).toEqual({ ok: true, discount: 400, lineIndexes: [0, 1, 2] });
  });

  it('rounds a percentage half away from zero: 12.5 % of 1.00 = 0.125 → 0.13', () => {
    const result = evaluateCoupon(coupon({ rateE4: 125_000 }), { lines: [{ productId: 1, categoryIds: [], total: 100 }] }, context);
    expect(result).toMatchObject({ ok: true, discount: 13 });
  });

  it('refuses an inactive coupon', () => {
    expect(evaluateCoupon(coupon({ active: false }), cart, context)).toEqual({ ok: false, reason: 'inactive', message: 'This coupon is not active.' });
  });

  it('refuses a coupon before it starts, and applies it from that very moment', () => {
    const later = coupon({ validFrom: '2026-03-04T00:00:00.000Z' });
    expect(evaluateCoupon(later, cart, context)).toEqual({ ok: false, reason: 'not_yet_valid', message: 'This coupon is valid from 2026-03-04.' });
    expect(evaluateCoupon(coupon({ validFrom: now }), cart, context).ok).toBe(true);
  });

  it('applies a coupon at the exact moment it ends, and refuses it a millisecond later', () => {
    expect(evaluateCoupon(coupon({ validUntil: now }), cart, context).ok).toBe(true);
    const result = evaluateCoupon(coupon({ validUntil: now }), cart, { ...context, now: new Date(Date.parse(now) + 1) });
    expect(result).toEqual({ ok: false, reason: 'expired', message: 'This coupon expired on 2026-03-03.' });
  });

  it('words the date as "3 March 2026" by default', () => {
    const result = evaluateCoupon(coupon({ validUntil: '2026-03-03T10:00:00.000Z' }), cart, { now, customerUses: 0, hasCustomer: false });
    expect(result).toMatchObject({ ok: false, reason: 'expired', message: expect.stringMatching(/^This coupon expired on \d March 2026\.$/) });
  });

  it('words the day in the shop’s time zone: a coupon that ended at 04:30Z ended the day before in New York', () => {
    const ended = coupon({ validUntil: '2026-11-22T04:30:00.000Z' });
    const later = { now: '2026-11-23T00:00:00.000Z', customerUses: 0, hasCustomer: false };
    expect(evaluateCoupon(ended, cart, { ...later, timeZone: 'America/New_York' })).toMatchObject({ message: 'This coupon expired on 21 November 2026.' });
    expect(evaluateCoupon(ended, cart, { ...later, timeZone: 'Asia/Kolkata' })).toMatchObject({ message: 'This coupon expired on 22 November 2026.' });
  });

  it('refuses a cart below the minimum, and applies when the minimum is exactly met', () => {
    expect(evaluateCoupon(coupon({ minimumTotal: 4001 }), cart, context)).toEqual({
      ok: false,
      reason: 'below_minimum',
      message: 'The cart must total at least $40.01 for this coupon.',
    });
    expect(evaluateCoupon(coupon({ minimumTotal: 4000 }), cart, context).ok).toBe(true);
  });

  it('refuses a coupon used as many times as it may be', () => {
    expect(evaluateCoupon(coupon({ usageLimit: 100, usedCount: 100 }), cart, context)).toEqual({
      ok: false,
      reason: 'usage_limit',
      message: 'This coupon has been used as many times as it may be.',
    });
    expect(evaluateCoupon(coupon({ usageLimit: 100, usedCount: 99 }), cart, context).ok).toBe(true);
  });

  it('needs a customer on the sale when a per-customer limit is set', () => {
    expect(evaluateCoupon(coupon({ perCustomerLimit: 1 }), cart, context)).toEqual({
      ok: false,
      reason: 'needs_customer',
      message: 'Add a customer to the sale to use this coupon.',
    });
  });

  it('refuses a customer who used the coupon as often as allowed', () => {
    const limited = coupon({ perCustomerLimit: 3 });
    expect(evaluateCoupon(limited, cart, { ...context, hasCustomer: true, customerUses: 3 })).toEqual({
      ok: false,
      reason: 'customer_limit',
      message: 'This customer has already used this coupon 3 times.',
    });
    expect(evaluateCoupon(coupon({ perCustomerLimit: 1 }), cart, { ...context, hasCustomer: true, customerUses: 1 })).toMatchObject({
      message: 'This customer has already used this coupon once.',
    });
    expect(evaluateCoupon(limited, cart, { ...context, hasCustomer: true, customerUses: 2 }).ok).toBe(true);
  });

  it('takes money off only the lines of its categories and products', () => {
    const snacks = coupon({ appliesTo: 'some', categoryIds: [7] });
    expect(evaluateCoupon(snacks, cart, context)).toEqual({ ok: true, discount: 150, lineIndexes: [0, 2] });
    const drink = coupon({ appliesTo: 'some', productIds: [2] });
    expect(evaluateCoupon(drink, cart, context)).toEqual({ ok: true, discount: 250, lineIndexes: [1] });
  });

  it('refuses a cart with nothing eligible', () => {
    expect(evaluateCoupon(coupon({ appliesTo: 'some', categoryIds: [99], productIds: [98] }), cart, context)).toEqual({
      ok: false,
      reason: 'not_eligible',
      message: 'None of the items in the cart are eligible for this coupon.',
    });
    expect(evaluateCoupon(coupon(), { lines: [] }, context)).toMatchObject({ ok: false, reason: 'not_eligible' });
  });

  it('caps the discount at the maximum discount', () => {
    expect(evaluateCoupon(coupon({ rateE4: 500_000, maximumDiscount: 1500 }), cart, context)).toMatchObject({ ok: true, discount: 1500 });
    expect(evaluateCoupon(coupon({ kind: 'fixed', amount: 1000, maximumDiscount: 700 }), cart, context)).toMatchObject({ discount: 700 });
  });

  it('never takes more than the eligible lines total: 20.00 off 15.00 of snacks is 15.00', () => {
    const fixed = coupon({ kind: 'fixed', rateE4: 0, amount: 2000, appliesTo: 'some', categoryIds: [7] });
    expect(evaluateCoupon(fixed, cart, context)).toEqual({ ok: true, discount: 1500, lineIndexes: [0, 2] });
  });

  it('plugs into priceCart as its order discount, spread only over the eligible lines', () => {
    const snacks = coupon({ kind: 'fixed', amount: 300, appliesTo: 'some', categoryIds: [7] });
    const result = evaluateCoupon(snacks, cart, context);
    if (!result.ok) throw new Error(result.message);
    const priced = priceCart({
      lines: cart.lines.map((line) => ({ unitPrice: line.total, quantity: 1 })),
      orderDiscount: couponOrderDiscount(result),
    });
    // 3.00 over 10.00 and 5.00 → 2.00 + 1.00; the drink keeps its price.
    expect(priced.lines.map((line) => line.orderDiscount)).toEqual([200, 0, 100]);
    expect(priced).toMatchObject({ orderDiscountTotal: 300, total: 3700 });
  });
});
