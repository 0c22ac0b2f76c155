import { describe, expect, it } from 'vitest';
import { priceCart } from './cart.ts';
import type { PriceLineInput, PricingTax } from './types.ts';

const salesTax: PricingTax = { id: 1, name: 'Sales tax', rateE4: 75_000, isInclusive: false, isCompound: false };
const reduced: PricingTax = { id: 2, name: 'Reduced', rateE4: 50_000, isInclusive: false, isCompound: false };

const line = (unitPrice: number, extra: Partial<PriceLineInput> = {}): PriceLineInput => ({
  unitPrice,
  quantity: 1,
  taxes: [salesTax],
  ...extra,
});

describe('priceCart', () => {
  it('sums lines without an order discount', () => {
    const cart = priceCart({ lines: [line(1000), line(250, { quantity: 2 })] });
    // 10.00 + 0.75 tax; 5.00 + 0.375 → 0.38 tax
    expect(cart).toMatchObject({ subtotal: 1500, discountTotal: 0, taxTotal: 113, netTotal: 1500, total: 1613 });
  });

  it('spreads 10.00 off over 10.00 / 20.00 / 30.00 as 1.67 + 3.33 + 5.00, then taxes each line: total 53.75', () => {
    // Exact shares 1.6667 / 3.3333 / 5.00 → largest remainder 1.67 / 3.33 / 5.00 = 10.00.
    // Taxes at 7.5 %: 8.33 → 0.624… → 0.62; 16.67 → 1.250… → 1.25; 25.00 → 1.875 → 1.88.
    const cart = priceCart({ lines: [line(1000), line(2000), line(3000)], orderDiscount: { kind: 'amount', amount: 1000 } });
    expect(cart.lines.map((l) => l.orderDiscount)).toEqual([167, 333, 500]);
    expect(cart.lines.map((l) => l.taxTotal)).toEqual([62, 125, 188]);
    expect(cart.lines.map((l) => l.total)).toEqual([895, 1792, 2688]);
    expect(cart).toMatchObject({
      subtotal: 6000,
      lineDiscountTotal: 0,
      orderDiscountTotal: 1000,
      discountTotal: 1000,
      taxTotal: 375,
      total: 5375,
    });
  });

  it('spreads 1.00 off three 1.00 lines as 0.34 + 0.33 + 0.33 (the pieces add up exactly)', () => {
    const cart = priceCart({ lines: [line(100), line(100), line(100)], orderDiscount: { kind: 'amount', amount: 100 } });
    expect(cart.lines.map((l) => l.orderDiscount)).toEqual([34, 33, 33]);
    expect(cart.orderDiscountTotal).toBe(100);
  });

  it('takes 10 % off the order once on the subtotal after line discounts: 10 % of 29.97 = 2.997 → 3.00', () => {
    const cart = priceCart({
      lines: [line(999, { quantity: 2, discount: { kind: 'amount', amount: 99 } }), line(1098)],
      orderDiscount: { kind: 'percentage', rateE4: 100_000 },
    });
    // Weights 18.99 and 10.98; 3.00 split 1.9008 : 1.0992 → 1.90 + 1.10.
    expect(cart.lines.map((l) => l.orderDiscount)).toEqual([190, 110]);
    expect(cart).toMatchObject({ subtotal: 3096, lineDiscountTotal: 99, orderDiscountTotal: 300, discountTotal: 399 });
    expect(cart.total).toBe(cart.subtotal - cart.discountTotal + cart.chargeTotal + cart.exclusiveTaxTotal);
  });

  it('caps an amount off at what it applies to, and spreads a coupon only over its lines', () => {
    const capped = priceCart({ lines: [line(500)], orderDiscount: { kind: 'amount', amount: 9999 } });
    expect(capped).toMatchObject({ orderDiscountTotal: 500, taxTotal: 0, total: 0 });

    const coupon = priceCart({
      lines: [line(1000), line(3000), line(1000)],
      orderDiscount: { kind: 'percentage', rateE4: 500_000, lineIndexes: [1] },
    });
    expect(coupon.lines.map((l) => l.orderDiscount)).toEqual([0, 1500, 0]);
    expect(() => priceCart({ lines: [line(1)], orderDiscount: { kind: 'amount', amount: 1, lineIndexes: [3] } })).toThrow(
      RangeError,
    );
  });

  it('does not discount charges: a 0.25 deposit stays 0.25 under 50 % off', () => {
    const cart = priceCart({
      lines: [
        line(200, { taxes: [], charges: [{ id: 1, name: 'Deposit', kind: 'fixed', amount: 25, per: 'unit', isTaxable: false }] }),
      ],
      orderDiscount: { kind: 'percentage', rateE4: 500_000 },
    });
    expect(cart).toMatchObject({ orderDiscountTotal: 100, chargeTotal: 25, total: 125 });
  });

  it('groups the tax breakdown by tax for the receipt: 7.5 % on two lines, 5 % on one', () => {
    const cart = priceCart({ lines: [line(1000), line(2000, { taxes: [salesTax, reduced] }), line(400, { taxes: [reduced] })] });
    expect(cart.taxes).toEqual([
      { ...salesTax, base: 3000, amount: 225 },
      { ...reduced, base: 2400, amount: 120 },
    ]);
    expect(cart.taxTotal).toBe(345);
  });

  it('prices an empty cart at zero', () => {
    expect(priceCart({ lines: [], orderDiscount: { kind: 'amount', amount: 500 } })).toMatchObject({
      lines: [],
      orderDiscountTotal: 0,
      total: 0,
      taxes: [],
    });
  });
});

describe('priceCart: tax rounding per line or per sale', () => {
  const vat20: PricingTax = { id: 7, name: 'VAT 20%', rateE4: 200_000, isInclusive: true, isCompound: false };
  const tenAt99 = Array.from({ length: 10 }, () => line(99, { taxes: [vat20] }));

  it('ten lines of 0.99 including 20 %: per line 0.165 → 0.17 each = 1.70 (1.60 before the tax was rounded instead of the net); per sale 9.90 / 6 = 1.65', () => {
    const perLine = priceCart({ lines: tenAt99 });
    expect(perLine.lines.map((l) => l.taxTotal)).toEqual(Array(10).fill(17));
    expect(perLine.taxes.map((t) => t.amount)).toEqual([170]);

    const perSale = priceCart({ lines: tenAt99, taxRounding: 'sale' });
    expect(perSale.taxes).toEqual([{ ...vat20, base: 825, amount: 165 }]);
    expect(perSale).toMatchObject({ subtotal: 990, taxTotal: 165, netTotal: 825, total: 990 });
    // Shared back over the lines: five hold 0.17 and five 0.16, every line still adds up.
    expect(perSale.lines.map((l) => l.taxTotal).sort()).toEqual([16, 16, 16, 16, 16, 17, 17, 17, 17, 17]);
    for (const l of perSale.lines) expect(l.net + l.taxTotal).toBe(99);
  });

  it('per sale adds the exact amounts of one tax over lines of different prices and rounds once', () => {
    const salesTaxLines = [line(250), line(250), line(250)]; // 0.1875 each: 0.19 × 3 = 0.57 per line, 0.5625 → 0.56 per sale
    expect(priceCart({ lines: salesTaxLines }).taxTotal).toBe(57);
    const perSale = priceCart({ lines: salesTaxLines, taxRounding: 'sale' });
    expect(perSale.taxTotal).toBe(56);
    expect(perSale.total).toBe(806);
    expect(perSale.lines.reduce((sum, l) => sum + l.total, 0)).toBe(806);
  });

  it('rounds each tax and rate on its own: two taxes are never merged', () => {
    const cart = priceCart({ lines: [line(250, { taxes: [salesTax] }), line(250, { taxes: [reduced] })], taxRounding: 'sale' });
    expect(cart.taxes.map((t) => [t.name, t.amount])).toEqual([
      ['Sales tax', 19],
      ['Reduced', 13],
    ]);
  });

  it('Québec: GST 5 % and QST 9.975 % (not compound since 2013) on 100.00 → 5.00 + 9.98, total 114.98, either way', () => {
    const gst: PricingTax = { id: 3, name: 'GST', rateE4: 50_000, isInclusive: false, isCompound: false };
    const qst: PricingTax = { id: 4, name: 'QST', rateE4: 99_750, isInclusive: false, isCompound: false };
    for (const taxRounding of ['line', 'sale'] as const) {
      const cart = priceCart({ lines: [line(10_000, { taxes: [gst, qst] })], taxRounding });
      expect(cart.taxes.map((t) => [t.name, t.base, t.amount])).toEqual([
        ['GST', 10_000, 500],
        ['QST', 10_000, 998],
      ]);
      expect(cart.total).toBe(11_498);
    }
  });

  it('per sale keeps every net whole even where inclusive rates add up to 300 %', () => {
    const hundred = (id: number): PricingTax => ({ id, name: `T${id}`, rateE4: 1_000_000, isInclusive: true, isCompound: false });
    // 0.02 holding three taxes of 100 %: each is exactly 0.005 → 0.01, which would make 0.03 of tax in 0.02.
    const cart = priceCart({ lines: [line(2, { taxes: [hundred(1), hundred(2), hundred(3)] })], taxRounding: 'sale' });
    const [only] = cart.lines;
    expect(only?.net).toBeGreaterThanOrEqual(0);
    expect((only?.net ?? 0) + (only?.taxTotal ?? 0)).toBe(2);
  });
});

