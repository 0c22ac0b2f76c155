import { describe, expect, it } from 'vitest';
import { couponRuleOf } from './pricing/coupon-rule.fixture.ts';
import type { CouponRule } from './pricing/coupons.ts';
import type { PricingCharge, PricingTax } from './pricing/types.ts';
import { checkStoreCreditPayment, formatOrderNumber, priceSale, settlePayments, type SaleItem, type SaleLine } from './sale.ts';

const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;

const vatIncl: PricingTax = { id: 1, name: 'VAT 7.5', rateE4: 75_000, isInclusive: true, isCompound: false };
const salesTax: PricingTax = { id: 2, name: 'Sales tax 7.5', rateE4: 75_000, isInclusive: false, isCompound: false };
const gst: PricingTax = { id: 3, name: 'GST', rateE4: 50_000, isInclusive: false, isCompound: false };
// Québec's QST has been charged on the price alone (not on price + GST) since 2013.
const qst: PricingTax = { id: 4, name: 'QST', rateE4: 99_750, isInclusive: false, isCompound: false };
const cityTax: PricingTax = { id: 5, name: 'City tax', rateE4: 20_000, isInclusive: false, isCompound: true };
const deposit: PricingCharge = { id: 10, name: 'Deposit', isTaxable: true, kind: 'fixed', amount: 25, per: 'unit' };

let nextId = 100;
function item(unitPrice: number, taxes: PricingTax[] = [], charges: PricingCharge[] = [], categoryIds: number[] = []): SaleItem {
  nextId += 1;
  return { variantId: nextId, productId: nextId, title: `Item ${nextId}`, variantName: '', sku: `SKU-${nextId}`, unitPrice, taxes, charges, categoryIds };
}
const line = (saleItem: SaleItem, quantity = 1, discount: SaleLine['discount'] = null): SaleLine => ({ item: saleItem, quantity, discount });

const rule = (overrides: Partial<CouponRule> = {}) => couponRuleOf({ code: 'TEN', ...overrides });
const context = { now: '2026-06-01T12:00:00Z', customerUses: 0, hasCustomer: false, formatMoney: money };

describe('priceSale: taxes and charges', () => {
  it('extracts an inclusive tax from the price and adds an exclusive one on top', () => {
    const { cart } = priceSale([line(item(1000, [vatIncl])), line(item(1000, [salesTax]))], null, null);
    expect(cart.lines.map((l) => [l.net, l.taxTotal, l.total])).toEqual([
      [930, 70, 1000],
      [1000, 75, 1075],
    ]);
    expect(cart).toMatchObject({ subtotal: 2000, taxTotal: 145, inclusiveTaxTotal: 70, exclusiveTaxTotal: 75, netTotal: 1930, total: 2075 });
  });

  it('computes a compound tax on the net plus the taxes before it', () => {
    const { cart } = priceSale([line(item(1000, [gst, cityTax]))], null, null);
    expect(cart.lines[0]!.taxes.map((t) => [t.name, t.base, t.amount])).toEqual([
      ['GST', 1000, 50],
      ['City tax', 1050, 21],
    ]);
    expect(cart.total).toBe(1071);
  });

  it('Québec: 100.00 + GST 5 % + QST 9.975 % on the price = 114.98', () => {
    const { cart } = priceSale([line(item(10_000, [gst, qst]))], null, null);
    expect(cart.taxes.map((t) => [t.name, t.base, t.amount])).toEqual([
      ['GST', 10_000, 500],
      ['QST', 10_000, 998],
    ]);
    expect(cart.total).toBe(11_498);
  });

  it('rounds the taxes per sale when the shop says so: ten 0.99 including 20 % hold 1.65, not 10 × 0.17', () => {
    const vat20: PricingTax = { id: 6, name: 'VAT 20', rateE4: 200_000, isInclusive: true, isCompound: false };
    const tea = item(99, [vat20]);
    const lines = Array.from({ length: 10 }, () => line(tea));
    expect(priceSale(lines, null, null).cart.taxTotal).toBe(170);
    expect(priceSale(lines, null, null, 'sale').cart.taxTotal).toBe(165);
  });

  it('taxes a taxable charge per unit with the line', () => {
    const { cart } = priceSale([line(item(200, [salesTax], [deposit]), 3)], null, null);
    expect(cart).toMatchObject({ chargeTotal: 75, taxTotal: 51, total: 726 });
  });

  it('sums the taxes per tax over the lines for the receipt', () => {
    const { cart } = priceSale([line(item(1000, [salesTax])), line(item(2000, [salesTax, gst]))], null, null);
    expect(cart.taxes.map((t) => [t.name, t.base, t.amount])).toEqual([
      ['Sales tax 7.5', 3000, 225],
      ['GST', 2000, 100],
    ]);
  });
});

describe('priceSale: discounts and coupons', () => {
  it('takes a line discount and an order discount off before tax', () => {
    const { cart } = priceSale([line(item(1000, [salesTax]), 3, { kind: 'amount', amount: 500 })], null, null);
    expect(cart.total).toBe(2688);
    const spread = priceSale([line(item(1000, [salesTax])), line(item(2000, [salesTax])), line(item(3000, [salesTax]))], { kind: 'amount', amount: 1000 }, null);
    expect(spread.cart.lines.map((l) => l.orderDiscount)).toEqual([167, 333, 500]);
    expect(spread.cart).toMatchObject({ orderDiscountTotal: 1000, total: 5375 });
    const percent = priceSale([line(item(1999)), line(item(1))], { kind: 'percentage', rateE4: 150_000 }, null);
    expect(percent.cart).toMatchObject({ orderDiscountTotal: 300, total: 1700 });
  });

  it('replaces the manual order discount with a coupon that applies', () => {
    const result = priceSale([line(item(2000)), line(item(3000))], { kind: 'amount', amount: 100 }, { rule: rule(), context });
    expect(result.coupon).toEqual({ ok: true, discount: 500, lineIndexes: [0, 1] });
    expect(result.cart).toMatchObject({ orderDiscountTotal: 500, total: 4500 });
  });

  it('judges the coupon on prices after line discounts, only on eligible lines', () => {
    const shoes = item(5000, [], [], [7]);
    const socks = item(1000, [], [], [8]);
    const result = priceSale([line(shoes, 1, { kind: 'percentage', rateE4: 200_000 }), line(socks)], null, {
      rule: rule({ appliesTo: 'some', categoryIds: [7] }),
      context,
    });
    expect(result.coupon).toEqual({ ok: true, discount: 400, lineIndexes: [0] });
    expect(result.cart.lines.map((l) => l.total)).toEqual([3600, 1000]);
  });

  it('keeps the manual discount when the coupon is refused, with the reason', () => {
    const result = priceSale([line(item(1000))], { kind: 'amount', amount: 100 }, { rule: rule({ minimumTotal: 2000 }), context });
    expect(result.coupon).toMatchObject({ ok: false, reason: 'below_minimum' });
    expect(result.coupon?.ok === false && result.coupon.message).toContain('$20.00');
    expect(result.cart).toMatchObject({ orderDiscountTotal: 100, total: 900 });
    const needsCustomer = priceSale([line(item(1000))], null, { rule: rule({ perCustomerLimit: 1 }), context });
    expect(needsCustomer.coupon).toEqual({ ok: false, reason: 'needs_customer', message: 'Add a customer to the sale to use this coupon.' });
  });

  it('rounds half away from zero once per tax per line', () => {
    const { cart } = priceSale([line(item(250, [{ ...salesTax, rateE4: 50_000 }]))], null, null);
    expect(cart.lines[0]!.taxTotal).toBe(13);
    // Per line, not per unit: 3 × 0.05 at 7.5 % is 0.01125 → 0.01, not 3 × 0.00375 → 3 × 0.00.
    expect(priceSale([line(item(5, [salesTax]), 3)], null, null).cart.taxTotal).toBe(1);
  });
});

describe('settlePayments', () => {
  it('settles an exact payment', () => {
    expect(settlePayments(1000, [{ tender: 'card', amount: 1000, reference: 'AUTH-1' }], money)).toEqual({
      ok: true,
      paid: 1000,
      change: 0,
      payments: [{ tender: 'card', amount: 1000, tendered: 1000, change: 0, reference: 'AUTH-1' }],
    });
  });

  it('gives change from cash', () => {
    const settled = settlePayments(1840, [{ tender: 'cash', amount: 2000 }], money);
    expect(settled).toMatchObject({ ok: true, paid: 2000, change: 160, payments: [{ tender: 'cash', amount: 1840, tendered: 2000, change: 160 }] });
  });

  it('splits a sale over cash and card, the change coming out of the cash', () => {
    const settled = settlePayments(5000, [{ tender: 'card', amount: 3000 }, { tender: 'cash', amount: 2500 }], money);
    expect(settled).toMatchObject({
      ok: true,
      change: 500,
      payments: [
        { tender: 'card', amount: 3000, tendered: 3000, change: 0 },
        { tender: 'cash', amount: 2000, tendered: 2500, change: 500 },
      ],
    });
  });

  it('takes change from the last cash payment first', () => {
    const settled = settlePayments(1000, [{ tender: 'cash', amount: 500 }, { tender: 'cash', amount: 700 }], money);
    expect(settled.ok && settled.payments.map((p) => [p.amount, p.change])).toEqual([
      [500, 0],
      [500, 200],
    ]);
    const across = settlePayments(100, [{ tender: 'cash', amount: 500 }, { tender: 'cash', amount: 200 }], money);
    expect(across.ok && across.payments.map((p) => [p.amount, p.change])).toEqual([
      [100, 400],
      [0, 200],
    ]);
  });

  it('refuses a card over what is due, and a sale not fully paid', () => {
    expect(settlePayments(1000, [{ tender: 'card', amount: 1200 }], money)).toEqual({
      ok: false,
      paid: 1200,
      due: 0,
      message: 'Card and other payments may not exceed what is due: $2.00 too much was entered.',
    });
    expect(settlePayments(1000, [{ tender: 'cash', amount: 400 }, { tender: 'card', amount: 500 }], money)).toEqual({
      ok: false,
      paid: 900,
      due: 100,
      message: 'The sale is not fully paid: $1.00 is still due.',
    });
  });
});

describe('checkStoreCreditPayment', () => {
  it('takes up to the lower of the balance and what is due, and says which one stops it', () => {
    expect(checkStoreCreditPayment(0, 1000, 0, money)).toEqual({ ok: true });
    expect(checkStoreCreditPayment(800, 1000, 800, money)).toEqual({ ok: true });
    expect(checkStoreCreditPayment(801, 1000, 800, money)).toEqual({ ok: false, message: 'The customer’s store credit is $8.00.' });
    expect(checkStoreCreditPayment(1001, 1000, 5000, money)).toEqual({ ok: false, message: 'Store credit may pay at most $10.00 of this sale.' });
  });
});

describe('formatOrderNumber', () => {
  it('pads the outlet’s sequence to six digits', () => {
    expect(formatOrderNumber('MAIN', 123)).toBe('MAIN-000123');
    expect(formatOrderNumber('HRB', 1_234_567)).toBe('HRB-1234567');
  });
});
