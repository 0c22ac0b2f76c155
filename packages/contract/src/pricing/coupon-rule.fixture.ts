import type { CouponRule } from './coupons.ts';

/** A coupon rule for tests: 10 % off everything, no limits; `overrides` set what a test is about. */
export function couponRuleOf(overrides: Partial<CouponRule> = {}): CouponRule {
  return {
    code: 'SAVE10',
    kind: 'percentage',
    rateE4: 100_000,
    amount: 0,
    validFrom: null,
    validUntil: null,
    minimumTotal: null,
    maximumDiscount: null,
    usageLimit: null,
    usedCount: 0,
    perCustomerLimit: null,
    appliesTo: 'all',
    categoryIds: [],
    productIds: [],
    active: true,
    ...overrides,
  };
}
