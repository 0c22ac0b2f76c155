import { priceSale, type SaleItem } from '@tillbook/contract';
import { describe, expect, it } from 'vitest';
import { cartReducer, couponSignatureOf, emptyCart, isCartBlank, isReadyToPay, normalizeCart, priceCartState, saleInputOf, type CartAction, type CartState } from './cart.ts';

const vat20 = { id: 1, name: 'VAT 20%', rateE4: 200_000, isInclusive: true, isCompound: false };
const deposit = { id: 1, name: 'Bottle deposit', isTaxable: false, kind: 'fixed' as const, amount: 25, per: 'unit' as const };

function item(variantId: number, unitPrice: number, overrides: Partial<SaleItem> = {}): SaleItem {
  return { variantId, productId: variantId, title: `Product ${variantId}`, variantName: '', sku: `SKU-${variantId}`, unitPrice, taxes: [], charges: [], categoryIds: [], ...overrides };
}

const welcome = { couponId: 1, code: 'WELCOME10', name: 'Welcome', discount: 200, lineIndexes: [1] };

function run(...actions: CartAction[]): CartState {
  return actions.reduce(cartReducer, emptyCart('11111111-1111-4111-8111-111111111111'));
}

describe('the cart', () => {
  it('raises the quantity when the same variant is added twice', () => {
    const state = run({ type: 'add', item: item(1, 500), stock: 3 }, { type: 'add', item: item(1, 500), stock: 3 });
    expect(state.lines).toHaveLength(1);
    expect(state.lines[0]?.quantity).toBe(2);
  });

  it('keeps separate lines for separate variants and removes a line at quantity 0', () => {
    const state = run({ type: 'add', item: item(1, 500), stock: null }, { type: 'add', item: item(2, 700), stock: null }, { type: 'setQuantity', key: 'v1', quantity: 0 });
    expect(state.lines.map((line) => line.key)).toEqual(['v2']);
  });

  it("rounds the taxes as the shop's settings say: ten teas at 0.99 including 20 % hold 1.70 per line, 1.65 per sale", () => {
    const state = run(...Array.from({ length: 10 }, (_, n): CartAction => ({ type: 'add', item: item(n + 1, 99, { taxes: [vat20] }), stock: null })));
    expect(priceCartState(state).cart.taxTotal).toBe(170);
    expect(priceCartState(state, 'line').cart.taxTotal).toBe(170);
    const perSale = priceCartState(state, 'sale').cart;
    expect(perSale.taxTotal).toBe(165);
    expect(perSale.taxes.map((tax) => tax.amount)).toEqual([165]);
    expect(perSale.total).toBe(990);
  });

  it('prices a line discount and an order discount with the engine', () => {
    const state = run(
      { type: 'add', item: item(1, 1000), stock: null },
      { type: 'add', item: item(2, 2000), stock: null },
      { type: 'setLineDiscount', key: 'v1', discount: { kind: 'amount', amount: 100 } },
      { type: 'setOrderDiscount', discount: { kind: 'percentage', rateE4: 100_000 } },
    );
    const priced = priceCartState(state).cart;
    expect(priced.lineDiscountTotal).toBe(100);
    // 10 % of 2900 after the line's own discount.
    expect(priced.orderDiscountTotal).toBe(290);
    expect(priced.total).toBe(2610);
  });

  it('lets an applied coupon replace the manual order discount, on the lines it names', () => {
    const asked = run(
      { type: 'add', item: item(1, 1000), stock: null },
      { type: 'add', item: item(2, 2000), stock: null },
      { type: 'setOrderDiscount', discount: { kind: 'amount', amount: 500 } },
    );
    const state = cartReducer(asked, { type: 'applyCoupon', applied: welcome, askedFor: couponSignatureOf(asked) });
    const priced = priceCartState(state).cart;
    expect(priced.orderDiscountTotal).toBe(200);
    expect(priced.lines[0]?.orderDiscount).toBe(0);
    expect(priced.lines[1]?.orderDiscount).toBe(200);
    expect(saleInputOf(state).couponCode).toBe('WELCOME10');
  });

  it('keeps the coupon on its line when another line is removed, and asks for a fresh verdict', () => {
    const asked = run({ type: 'add', item: item(1, 1000), stock: null }, { type: 'add', item: item(2, 2000), stock: null });
    const state = [
      { type: 'applyCoupon', applied: welcome, askedFor: couponSignatureOf(asked) },
      { type: 'remove', key: 'v1' },
    ].reduce<CartState>((s, a) => cartReducer(s, a as CartAction), asked);
    expect(state.coupon?.isStale).toBe(true);
    expect(priceCartState(state).cart.lines[0]?.orderDiscount).toBe(200);
  });

  it('keeps the sale discount and the coupon when the last line is removed, for the next items', () => {
    const discounted = run({ type: 'add', item: item(1, 1000), stock: null }, { type: 'setOrderDiscount', discount: { kind: 'amount', amount: 100 } }, { type: 'remove', key: 'v1' });
    expect(discounted.lines).toEqual([]);
    expect(discounted.orderDiscount).toEqual({ kind: 'amount', amount: 100 });
    expect(priceCartState(cartReducer(discounted, { type: 'add', item: item(2, 500), stock: null })).cart.total).toBe(400);

    const asked = run({ type: 'add', item: item(1, 1000), stock: null });
    const withCoupon = cartReducer(asked, { type: 'applyCoupon', applied: { ...welcome, lineIndexes: [0] }, askedFor: couponSignatureOf(asked) });
    const emptied = cartReducer(withCoupon, { type: 'remove', key: 'v1' });
    expect(emptied.coupon).toMatchObject({ applied: { code: 'WELCOME10' }, isStale: true });
  });

  it('keeps asking when the cart changed while the server judged the coupon', () => {
    const asked = run({ type: 'add', item: item(1, 1000), stock: null }, { type: 'add', item: item(2, 2000), stock: null });
    const changed = cartReducer(asked, { type: 'setQuantity', key: 'v2', quantity: 3 });
    const state = cartReducer(changed, { type: 'applyCoupon', applied: welcome, askedFor: couponSignatureOf(asked) });
    expect(state.coupon?.isStale).toBe(true);
  });

  it('gives the same totals as priceSale for taxes and charges', () => {
    const drink = item(1, 2000, { taxes: [vat20], charges: [deposit] });
    const state = run({ type: 'add', item: drink, stock: 5, quantity: 2 });
    const expected = priceSale([{ item: drink, quantity: 2, discount: null }], null, null).cart;
    expect(priceCartState(state).cart).toEqual(expected);
    expect(expected.chargeTotal).toBe(50);
  });

  it('starts a new sale with a new uuid', () => {
    const state = run({ type: 'add', item: item(1, 500), stock: null });
    const next = cartReducer(state, { type: 'newSale' });
    expect(next.lines).toEqual([]);
    expect(next.uuid).not.toBe(state.uuid);
    expect(next.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends lines, discounts and customer to the server as the contract says', () => {
    const state = run(
      { type: 'add', item: item(7, 500), stock: null, quantity: 3 },
      { type: 'setLineDiscount', key: 'v7', discount: { kind: 'percentage', rateE4: 50_000 } },
      { type: 'setCustomer', customer: { id: 4, name: 'Alex Morgan', email: null, pointsBalance: 0 } },
    );
    expect(saleInputOf(state)).toEqual({
      lines: [{ variantId: 7, quantity: 3, discount: { kind: 'percentage', rateE4: 50_000 } }],
      orderDiscount: null,
      couponCode: null,
      customerId: 4,
      redemption: null,
    });
  });

  it('keeps gift cards sold apart from the goods: each code once, outside the pricing, refused and removed by code', () => {
    const card = { code: '6000111122223333', amount: 2500 };
    const state = run({ type: 'add', item: item(1, 500), stock: null }, { type: 'addGiftCard', card }, { type: 'addGiftCard', card: { ...card, amount: 100 } });
    expect(state.giftCards).toEqual([card]);
    expect(priceCartState(state).cart.total).toBe(500);
    expect(saleInputOf(state)).not.toHaveProperty('giftCards');
    const refused = cartReducer(state, { type: 'refuseGiftCards', refusals: { [card.code]: 'No.' } });
    expect(refused.giftCards[0]?.refusal).toBe('No.');
    const gone = cartReducer(run({ type: 'addGiftCard', card }), { type: 'removeGiftCard', code: card.code });
    expect(gone.giftCards).toEqual([]);
    expect(isCartBlank(run({ type: 'addGiftCard', card }))).toBe(false);
    expect(isCartBlank(gone)).toBe(true);
    // A card alone is a sale the customer can pay; an empty cart is not.
    const cardAlone = run({ type: 'addGiftCard', card });
    expect(isReadyToPay(cardAlone, priceCartState(cardAlone))).toBe(true);
    expect(isReadyToPay(gone, priceCartState(gone))).toBe(false);
    // A cart saved before gift cards existed reads as one without them.
    const { giftCards: _, ...old } = emptyCart();
    expect(normalizeCart(old as CartState).giftCards).toEqual([]);
  });
});
