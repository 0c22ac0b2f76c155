import { defaultRewardSettings, type LoyaltyReward, type RewardSettings, type SaleItem } from '@tillbook/contract';
import { describe, expect, it } from 'vitest';
import { cartReducer, couponSignatureOf, emptyCart, isReadyToPay, normalizeCart, priceCartState, saleInputOf, type CartAction, type CartState, type CustomerLoyalty } from './cart.ts';
import { pointsRoomOf } from './use-points-tender.ts';

function item(variantId: number, unitPrice: number, overrides: Partial<SaleItem> = {}): SaleItem {
  return { variantId, productId: variantId, title: `Product ${variantId}`, variantName: '', sku: `SKU-${variantId}`, unitPrice, taxes: [], charges: [], categoryIds: [], ...overrides };
}

// 1 point per 1.00 spent; 100 points = 1.00 when paying.
const rules: RewardSettings = {
  ...defaultRewardSettings,
  earning: { ...defaultRewardSettings.earning, enabled: true },
  redemption: { ...defaultRewardSettings.redemption, enabled: true },
};
const alex = { id: 4, name: 'Alex Morgan', email: null, pointsBalance: 3000 };
const points: CustomerLoyalty = { rules, balance: 3000 };

const fiveOff: LoyaltyReward = { id: 1, name: '5.00 off', kind: 'amount', amount: 500, rateE4: 0, variantId: null, points: 500 };
const tenPercent: LoyaltyReward = { id: 2, name: '10 % off', kind: 'percentage', amount: 0, rateE4: 100_000, variantId: null, points: 800 };
const coffee = item(9, 350);
const freeCoffee: LoyaltyReward = { id: 3, name: 'Free coffee', kind: 'product', amount: 0, rateE4: 0, variantId: 9, points: 400 };
const welcome = { couponId: 1, code: 'WELCOME10', name: 'Welcome', discount: 200, lineIndexes: [0] };

function run(...actions: CartAction[]): CartState {
  return actions.reduce(cartReducer, emptyCart('11111111-1111-4111-8111-111111111111'));
}

const withCustomer = (...actions: CartAction[]) => run({ type: 'add', item: item(1, 2000), stock: null }, { type: 'setCustomer', customer: alex }, ...actions);

describe('the cart with a reward', () => {
  it('takes an amount off the sale in place of the sale discount, and sends the reward with the sale', () => {
    const state = withCustomer({ type: 'setOrderDiscount', discount: { kind: 'amount', amount: 100 } }, { type: 'takeReward', reward: fiveOff });
    const priced = priceCartState(state, 'line', points);
    expect(priced.loyalty).toMatchObject({ rewardDiscount: 500, pointsRedeemed: 500, errors: {} });
    expect(priced.cart.total).toBe(1500);
    // 15 points earned on what is paid in money; 3000 − 500 + 15.
    expect(priced.loyalty?.balanceAfter).toBe(2515);
    expect(saleInputOf(state).redemption).toEqual({ rewardId: 1, points: 0 });
    expect(isReadyToPay(state, priced)).toBe(true);
  });

  it('takes a percentage off the sale', () => {
    const state = withCustomer({ type: 'add', item: item(2, 1000), stock: null }, { type: 'takeReward', reward: tenPercent });
    const priced = priceCartState(state, 'line', points);
    expect(priced.loyalty?.rewardDiscount).toBe(300);
    expect(priced.cart.total).toBe(2700);
  });

  it('adds the free product when the sale does not hold it, one unit free, and takes it off again with the reward', () => {
    const state = withCustomer({ type: 'takeReward', reward: freeCoffee, item: coffee, stock: 12 });
    expect(state.lines.map((line) => line.key)).toEqual(['v1', 'v9']);
    const priced = priceCartState(state, 'line', points);
    expect(priced.cart.lines[1]).toMatchObject({ discount: 350, total: 0 });
    expect(priced.loyalty?.rewardDiscount).toBe(350);
    expect(priced.cart.total).toBe(2000);
    expect(cartReducer(state, { type: 'removeReward' }).lines.map((line) => line.key)).toEqual(['v1']);
  });

  it('gives one unit free of a product already on the sale, and leaves the line when the reward goes', () => {
    const state = withCustomer({ type: 'add', item: coffee, stock: null, quantity: 2 }, { type: 'takeReward', reward: freeCoffee, item: coffee, stock: 12 });
    expect(state.lines).toHaveLength(2);
    expect(priceCartState(state, 'line', points).cart.lines[1]).toMatchObject({ discount: 350, total: 350 });
    expect(cartReducer(state, { type: 'removeReward' }).lines).toHaveLength(2);
    // The free product's last line gone: the reward goes with it.
    expect(cartReducer(state, { type: 'remove', key: 'v9' }).reward).toBeNull();
  });

  it('refuses an amount off beside a coupon, but not a free product', () => {
    const asked = withCustomer();
    const withCoupon = cartReducer(asked, { type: 'applyCoupon', applied: welcome, askedFor: couponSignatureOf(asked) });
    expect(cartReducer(withCoupon, { type: 'takeReward', reward: fiveOff }).reward).toBeNull();
    const free = cartReducer(withCoupon, { type: 'takeReward', reward: freeCoffee, item: coffee, stock: null });
    expect(free.reward?.id).toBe(3);
    // A free product changes the price the coupon was judged on: the server is asked again.
    expect(free.coupon?.isStale).toBe(true);
  });

  it('keeps one reward per sale: a second replaces the first', () => {
    const state = withCustomer({ type: 'takeReward', reward: freeCoffee, item: coffee, stock: null }, { type: 'takeReward', reward: fiveOff });
    expect(state.reward?.id).toBe(1);
    expect(state.lines.map((line) => line.key)).toEqual(['v1']);
  });

  it('drops the reward with the customer, or for another customer, but not when the same one is picked again', () => {
    const state = withCustomer({ type: 'takeReward', reward: freeCoffee, item: coffee, stock: null });
    expect(cartReducer(state, { type: 'setCustomer', customer: alex }).reward?.id).toBe(3);
    const removed = cartReducer(state, { type: 'setCustomer', customer: null });
    expect(removed.reward).toBeNull();
    expect(removed.lines.map((line) => line.key)).toEqual(['v1']);
    expect(cartReducer(state, { type: 'setCustomer', customer: { ...alex, id: 5 } }).reward).toBeNull();
    expect(run({ type: 'takeReward', reward: fiveOff }).reward).toBeNull();
  });

  it('waits for the points before a sale with a reward is paid, and says when the balance no longer reaches it', () => {
    const state = withCustomer({ type: 'takeReward', reward: fiveOff });
    expect(isReadyToPay(state, priceCartState(state))).toBe(false);
    const short = priceCartState(state, 'line', { rules, balance: 200 });
    expect(short.loyalty?.errors['redemption.rewardId']).toBe('5.00 off needs 500 points; the customer has 200.');
    expect(isReadyToPay(state, short)).toBe(false);
  });

  it('reads a cart saved before rewards existed as one without a reward', () => {
    const { reward: _reward, ...old } = withCustomer();
    expect(normalizeCart(old as CartState).reward).toBeNull();
    expect(cartReducer(emptyCart(), { type: 'resume', state: old as CartState }).reward).toBeNull();
  });
});

describe('points as a tender', () => {
  it('pays part of the sale with points and leaves the rest due, earning only on what money pays', () => {
    const state = withCustomer();
    const priced = priceCartState(state, 'line', points, 1250);
    expect(priced.loyalty).toMatchObject({ pointsPaid: 1250, pointsRedeemed: 1250, due: 750, pointsEarned: 7, errors: {} });
    expect(saleInputOf(state, 1250).redemption).toEqual({ rewardId: null, points: 1250 });
  });

  it('offers at most the balance after the reward, and the share the shop allows', () => {
    const state = withCustomer({ type: 'takeReward', reward: fiveOff });
    const priced = priceCartState(state, 'line', points);
    // 2500 points left after the reward are worth 25.00; the sale is 15.00.
    expect(pointsRoomOf(state, priced, points)).toEqual({ maxAmount: 1500, maxPoints: 1500, refusal: null });
    const half = { rules: { ...rules, redemption: { ...rules.redemption, maxShareE4: 500_000 } }, balance: 3000 };
    expect(pointsRoomOf(state, priceCartState(state, 'line', half), half).maxAmount).toBe(750);
    const discountedOnly = { rules: { ...rules, redemption: { ...rules.redemption, payDiscountedItems: false } }, balance: 3000 };
    expect(pointsRoomOf(state, priceCartState(state, 'line', discountedOnly), discountedOnly).refusal).toBe('Points cannot pay for discounted items.');
  });
});
