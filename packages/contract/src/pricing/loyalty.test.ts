import { describe, expect, it } from 'vitest';
import { priceSale, settlePayments, pointsToPay, type SaleItem, type SaleLine, type SaleLoyalty } from '../sale.ts';
import { couponRuleOf } from './coupon-rule.fixture.ts';
import { checkPointsPayment, earnedPoints, isRewardAvailable, pointsForAmount, pointsRoom, pointsValue, type LoyaltyLine, type LoyaltyReward, type LoyaltyRules } from './loyalty.ts';
import type { PricingTax } from './types.ts';

const rules = (overrides: { earning?: Partial<LoyaltyRules['earning']>; redemption?: Partial<LoyaltyRules['redemption']> } = {}): LoyaltyRules => ({
  earning: { enabled: true, points: 1, perAmount: 100, excludedCategoryIds: [], excludedProductIds: [], minimumOrder: null, ...overrides.earning },
  redemption: { enabled: true, points: 100, value: 100, minimumBalance: 0, maxShareE4: 1_000_000, payDiscountedItems: true, ...overrides.redemption },
  expiry: { months: null },
});

const salesTax: PricingTax = { id: 2, name: 'Sales tax 10', rateE4: 100_000, isInclusive: false, isCompound: false };
const vat: PricingTax = { id: 1, name: 'VAT 20', rateE4: 200_000, isInclusive: true, isCompound: false };

let nextId = 500;
function item(unitPrice: number, taxes: PricingTax[] = [], categoryIds: number[] = []): SaleItem {
  nextId += 1;
  return { variantId: nextId, productId: nextId, title: `Item ${nextId}`, variantName: '', sku: `SKU-${nextId}`, unitPrice, taxes, charges: [], categoryIds };
}
const line = (saleItem: SaleItem, quantity = 1, discount: SaleLine['discount'] = null): SaleLine => ({ item: saleItem, quantity, discount });
const loyaltyLine = (net: number, overrides: Partial<LoyaltyLine> = {}): LoyaltyLine => ({ productId: 1, categoryIds: [], net, total: net, discounted: false, ...overrides });
const loyalty = (overrides: Partial<SaleLoyalty> = {}): SaleLoyalty => ({ rules: rules(), balance: 0, reward: null, points: 0, ...overrides });
const reward = (overrides: Partial<LoyaltyReward & { available: boolean }> = {}): LoyaltyReward & { available: boolean } => ({
  id: 1,
  name: 'Free coffee',
  kind: 'amount',
  amount: 0,
  rateE4: 0,
  variantId: null,
  points: 100,
  available: true,
  ...overrides,
});
const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;

describe('earning', () => {
  it('earns on the goods after discounts without tax, rounded down', () => {
    // 1 point per 1.00: 12.99 of goods earns 12 points, whatever the tax on top.
    expect(earnedPoints(rules(), [loyaltyLine(1299, { total: 1429 })], 0, 1429)).toBe(12);
    // 3 points per 2.00: 5.00 → 7.5 → 7.
    expect(earnedPoints(rules({ earning: { points: 3, perAmount: 200 } }), [loyaltyLine(500)], 0, 500)).toBe(7);
  });

  it('earns nothing on excluded products and categories, and nothing below the minimum order', () => {
    const lines = [loyaltyLine(1000, { productId: 7 }), loyaltyLine(500, { categoryIds: [3, 4] }), loyaltyLine(250)];
    expect(earnedPoints(rules({ earning: { excludedProductIds: [7], excludedCategoryIds: [4] } }), lines, 0, 1750)).toBe(2);
    // The minimum is measured on every line's goods (17.50): 20.00 is not reached.
    expect(earnedPoints(rules({ earning: { minimumOrder: 2000 } }), lines, 0, 1750)).toBe(0);
    expect(earnedPoints(rules({ earning: { minimumOrder: 1750 } }), lines, 0, 1750)).toBe(17);
    expect(earnedPoints(rules({ earning: { enabled: false } }), lines, 0, 1750)).toBe(0);
  });

  it('earns nothing on the part paid with points', () => {
    // Half of a 20.00 sale paid with points earns on 10.00.
    expect(earnedPoints(rules(), [loyaltyLine(2000)], 1000, 2000)).toBe(10);
    expect(earnedPoints(rules(), [loyaltyLine(2000)], 2000, 2000)).toBe(0);
  });
});

describe('redemption', () => {
  it('values points rounded down and finds the fewest points for an amount', () => {
    expect(pointsValue(1250, rules())).toBe(1250);
    const fiveCentsPerHundredish = rules({ redemption: { points: 3, value: 1 } });
    expect(pointsValue(10, fiveCentsPerHundredish)).toBe(3);
    expect(pointsForAmount(4, fiveCentsPerHundredish)).toBe(12);
    expect(pointsValue(pointsForAmount(7, fiveCentsPerHundredish), fiveCentsPerHundredish)).toBeGreaterThanOrEqual(7);
  });

  it('never offers more points than the share allows when a point is worth more than a minor unit', () => {
    // 1 point = 0.02: a share of 10.01 is paid by at most 500 points (10.00), never 501 (10.02).
    const twoCents = rules({ redemption: { points: 1, value: 2, maxShareE4: 500_000 } });
    const room = pointsRoom(twoCents, [loyaltyLine(2002)], 2002, 10_000);
    expect(room).toEqual({ maxAmount: 1000, maxPoints: 500, refusal: null });
    expect(checkPointsPayment(twoCents, [loyaltyLine(2002)], 2002, 10_000, room.maxPoints)).toEqual({ ok: true, value: 1000 });
  });

  it('caps points at the allowed share of the sale and the balance', () => {
    const half = rules({ redemption: { maxShareE4: 500_000 } });
    expect(pointsRoom(half, [loyaltyLine(2000)], 2000, 5000)).toEqual({ maxAmount: 1000, maxPoints: 1000, refusal: null });
    expect(pointsRoom(half, [loyaltyLine(2000)], 2000, 400)).toEqual({ maxAmount: 400, maxPoints: 400, refusal: null });
    expect(checkPointsPayment(half, [loyaltyLine(2000)], 2000, 5000, 1001)).toEqual({ ok: false, message: 'Points may pay at most 1,000 points’ worth of this sale.' });
    expect(checkPointsPayment(half, [loyaltyLine(2000)], 2000, 5000, 800)).toEqual({ ok: true, value: 800 });
  });

  it('refuses below the minimum balance, when redemption is off, and on discounted items when the shop says so', () => {
    expect(pointsRoom(rules({ redemption: { minimumBalance: 500 } }), [loyaltyLine(2000)], 2000, 499).refusal).toBe('At least 500 points are needed to pay with points.');
    expect(pointsRoom(rules({ redemption: { enabled: false } }), [loyaltyLine(2000)], 2000, 5000).refusal).toBe('Points cannot pay for sales in this shop.');
    const noDiscounted = rules({ redemption: { payDiscountedItems: false } });
    const lines = [loyaltyLine(1000, { discounted: true }), loyaltyLine(600)];
    expect(pointsRoom(noDiscounted, lines, 1600, 5000).maxAmount).toBe(600);
    expect(pointsRoom(noDiscounted, [loyaltyLine(1000, { discounted: true })], 1000, 5000).refusal).toBe('Points cannot pay for discounted items.');
  });

  it('knows whether a reward can be taken on a day', () => {
    const base = { active: true, archived: false, startsOn: '2026-12-01', endsOn: '2026-12-31' };
    expect(isRewardAvailable(base, '2026-11-30')).toBe(false);
    expect(isRewardAvailable(base, '2026-12-01')).toBe(true);
    expect(isRewardAvailable(base, '2026-12-31')).toBe(true);
    expect(isRewardAvailable(base, '2027-01-01')).toBe(false);
    expect(isRewardAvailable({ ...base, active: false }, '2026-12-10')).toBe(false);
    expect(isRewardAvailable({ ...base, archived: true }, '2026-12-10')).toBe(false);
  });
});

describe('priceSale with loyalty', () => {
  it('pays part with points and the rest in cash: split payment settles on what is left', () => {
    const sale = priceSale([line(item(1000, [salesTax]), 2)], null, null, 'line', loyalty({ balance: 1500, points: 1200 }));
    expect(sale.cart.total).toBe(2200);
    expect(sale.loyalty).toMatchObject({ pointsPaid: 1200, pointsRedeemed: 1200, due: 1000, errors: {} });
    // Earned on the 20.00 of goods less the 12/22 paid with points: 9.09 → 9 points.
    expect(sale.loyalty?.pointsEarned).toBe(9);
    expect(sale.loyalty?.balanceAfter).toBe(1500 - 1200 + 9);
    const settled = settlePayments(sale.loyalty!.due, [{ tender: 'cash', amount: 2000 }], money);
    expect(settled).toMatchObject({ ok: true, change: 1000 });
    expect(pointsToPay(1200, rules())).toBe(1200);
  });

  it('takes an amount-off reward in place of the manual order discount, taxes counted after it', () => {
    const sale = priceSale([line(item(1000, [salesTax]))], { kind: 'amount', amount: 100 }, null, 'line', loyalty({ balance: 300, reward: reward({ amount: 250 }) }));
    expect(sale.cart.orderDiscountTotal).toBe(250);
    expect(sale.cart.total).toBe(825);
    expect(sale.loyalty).toMatchObject({ rewardDiscount: 250, pointsRedeemed: 100, pointsEarned: 7, balanceAfter: 207, errors: {} });
  });

  it('takes a percentage reward, and refuses it beside a coupon', () => {
    const lines = [line(item(2000, [vat]))];
    const percent = priceSale(lines, null, null, 'line', loyalty({ balance: 100, reward: reward({ kind: 'percentage', rateE4: 100_000 }) }));
    expect(percent.cart.total).toBe(1800);
    expect(percent.loyalty?.rewardDiscount).toBe(200);
    const coupon = { rule: couponRuleOf({ code: 'TEN' }), context: { now: '2026-06-01T12:00:00Z', customerUses: 0, hasCustomer: true, formatMoney: money } };
    const both = priceSale(lines, null, coupon, 'line', loyalty({ balance: 100, reward: reward({ kind: 'percentage', rateE4: 100_000 }) }));
    expect(both.loyalty?.errors['redemption.rewardId']).toBe('A sale takes a coupon or a reward, not both: remove the coupon to take this reward.');
  });

  it('gives one unit of a product free, and asks for the product when it is not on the sale', () => {
    const coffee = item(350, [salesTax]);
    const free = reward({ kind: 'product', variantId: coffee.variantId, points: 200 });
    const sale = priceSale([line(coffee, 2), line(item(500))], null, null, 'line', loyalty({ balance: 200, reward: free }));
    expect(sale.cart.lines[0]).toMatchObject({ gross: 700, discount: 350, total: 385 });
    expect(sale.loyalty).toMatchObject({ rewardDiscount: 350, pointsRedeemed: 200, errors: {} });
    const missing = priceSale([line(item(500))], null, null, 'line', loyalty({ balance: 200, reward: free }));
    expect(missing.loyalty?.errors['redemption.rewardId']).toBe('Add the product of Free coffee to the sale to take this reward.');
  });

  it('refuses a reward beyond the balance, one not available today, and points beyond what is left after the reward', () => {
    const short = priceSale([line(item(1000))], null, null, 'line', loyalty({ balance: 99, reward: reward({ amount: 100 }) }));
    expect(short.loyalty?.errors['redemption.rewardId']).toBe('Free coffee needs 100 points; the customer has 99.');
    const ended = priceSale([line(item(1000))], null, null, 'line', loyalty({ balance: 500, reward: reward({ amount: 100, available: false }) }));
    expect(ended.loyalty?.errors['redemption.rewardId']).toBe('Free coffee cannot be taken today.');
    const over = priceSale([line(item(1000))], null, null, 'line', loyalty({ balance: 500, reward: reward({ amount: 100 }), points: 450 }));
    expect(over.loyalty?.errors['redemption.points']).toBe('The customer has 500 points: after the reward’s 100, at most 400 can pay.');
    const beyond = priceSale([line(item(1000))], null, null, 'line', loyalty({ balance: 50, points: 60 }));
    expect(beyond.loyalty?.errors['redemption.points']).toBe('The customer has 50 points.');
  });

  it('earns without redeeming and leaves a sale without a customer alone', () => {
    const sale = priceSale([line(item(1999))], null, null, 'line', loyalty({ balance: 10 }));
    expect(sale.loyalty).toMatchObject({ pointsEarned: 19, pointsRedeemed: 0, due: 1999, balanceAfter: 29 });
    expect(priceSale([line(item(1999))], null, null).loyalty).toBeNull();
  });
});
