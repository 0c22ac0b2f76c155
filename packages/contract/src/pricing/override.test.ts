import { describe, expect, it } from 'vitest';
import { priceSale, type SaleItem, type SaleLine } from '../sale.ts';
import { discountRateE4, manualChangesOf, rightsNeededFor } from '../sale-rights.ts';
import { couponRuleOf } from './coupon-rule.fixture.ts';
import type { LoyaltyRules } from './loyalty.ts';
import type { PricingTax } from './types.ts';

const vat20: PricingTax = { id: 1, name: 'VAT 20', rateE4: 200_000, isInclusive: false, isCompound: false };
const vatIncl: PricingTax = { id: 2, name: 'VAT 7.5', rateE4: 75_000, isInclusive: true, isCompound: false };

const croissant: SaleItem = { variantId: 7, productId: 7, title: 'Croissant', variantName: '', sku: 'CRO', unitPrice: 250, taxes: [vat20], charges: [], categoryIds: [] };
const shirt: SaleItem = { variantId: 8, productId: 8, title: 'Linen shirt', variantName: 'M / Blue', sku: 'SH', unitPrice: 1000, taxes: [vatIncl], charges: [], categoryIds: [] };

const rights = { discountUpToE4: 100_000, priceOverride: false };

describe('priceSale: a price set by the cashier (price override)', () => {
  it('prices the line, its discount and its taxes on the new price', () => {
    const lines: SaleLine[] = [{ item: croissant, quantity: 3, discount: { kind: 'percentage', rateE4: 100_000 }, unitPrice: 200 }];
    const { cart } = priceSale(lines, null, null);
    const line = cart.lines[0]!;
    // 3 × 2.00 = 6.00, 10 % off = 5.40, 20 % tax = 1.08.
    expect(line).toMatchObject({ unitPrice: 200, gross: 600, discount: 60, discountedGross: 540, taxTotal: 108, total: 648 });
    expect(cart.total).toBe(648);
  });

  it('extracts an inclusive tax from the new price, and the catalogue price when none is set', () => {
    const overridden = priceSale([{ item: shirt, quantity: 1, discount: null, unitPrice: 2000 }], null, null).cart;
    expect(overridden.lines[0]).toMatchObject({ unitPrice: 2000, net: 1860, taxTotal: 140, total: 2000 });
    const catalogue = priceSale([{ item: shirt, quantity: 1, discount: null, unitPrice: null }], null, null).cart;
    expect(catalogue.lines[0]).toMatchObject({ unitPrice: 1000, net: 930, taxTotal: 70, total: 1000 });
  });

  it('spreads a sale discount and judges a coupon on the new prices', () => {
    const lines: SaleLine[] = [
      { item: croissant, quantity: 1, discount: null, unitPrice: 500 },
      { item: shirt, quantity: 1, discount: null },
    ];
    const { cart } = priceSale(lines, { kind: 'amount', amount: 300 }, null);
    // Weights 5.00 and 10.00: 1.00 and 2.00 off.
    expect(cart.lines.map((l) => l.orderDiscount)).toEqual([100, 200]);
    const coupon = { rule: couponRuleOf({ code: 'TEN', kind: 'percentage', rateE4: 100_000 }), context: { now: '2026-06-01T12:00:00Z', customerUses: 0, hasCustomer: false } };
    const withCoupon = priceSale(lines, null, coupon);
    expect(withCoupon.cart.orderDiscountTotal).toBe(150);
  });

  it('gives a free product at the price it is sold at', () => {
    const rules: LoyaltyRules = {
      earning: { enabled: false, points: 1, perAmount: 100, excludedCategoryIds: [], excludedProductIds: [], minimumOrder: null },
      redemption: { enabled: true, points: 100, value: 100, minimumBalance: 0, maxShareE4: 1_000_000, payDiscountedItems: true },
      expiry: { months: null },
    };
    const reward = { id: 1, name: 'Free croissant', kind: 'product' as const, amount: 0, rateE4: 0, variantId: 7, points: 10, available: true };
    const { cart } = priceSale([{ item: croissant, quantity: 2, discount: null, unitPrice: 300 }], null, null, 'line', {
      rules,
      balance: 100,
      reward,
      points: 0,
    });
    expect(cart.lines[0]).toMatchObject({ gross: 600, discount: 300 });
  });
});

describe('manual changes and the cashier rights', () => {
  it('reads an amount discount as its share of the line, rounded up', () => {
    expect(discountRateE4({ kind: 'amount', amount: 100 }, 100, 300)).toBe(333_334);
    expect(discountRateE4({ kind: 'percentage', rateE4: 250_000 }, 62, 250)).toBe(250_000);
    expect(discountRateE4({ kind: 'amount', amount: 0 }, 0, 300)).toBe(0);
  });

  it('words every change beyond the rights, and none within them', () => {
    const lines: SaleLine[] = [
      { item: croissant, quantity: 1, discount: { kind: 'percentage', rateE4: 250_000 } },
      { item: shirt, quantity: 1, discount: { kind: 'amount', amount: 100 }, unitPrice: 900 },
    ];
    const { cart } = priceSale(lines, { kind: 'percentage', rateE4: 50_000 }, null);
    const changes = manualChangesOf(lines, cart, { discount: { kind: 'percentage', rateE4: 50_000 }, manual: true });
    expect(changes.overrides).toEqual([{ lineIndex: 1, title: 'Linen shirt — M / Blue', from: 1000, to: 900 }]);
    expect(changes.discounts.map((d) => [d.title, d.rateE4])).toEqual([
      ['Croissant', 250_000],
      ['Linen shirt — M / Blue', 111_112],
      ['the sale', 50_000],
    ]);
    expect(rightsNeededFor(changes, rights)).toBe(
      'Changing the price of Linen shirt — M / Blue needs a manager. A discount of 25 % on Croissant is above the 10 % a cashier may give. ' +
        'A discount of 11.2 % on Linen shirt — M / Blue is above the 10 % a cashier may give.',
    );
    expect(rightsNeededFor(changes, { discountUpToE4: 250_000, priceOverride: true })).toBeNull();
  });

  it('leaves out a sale discount a coupon or reward replaced, and a price set to the catalogue’s', () => {
    const lines: SaleLine[] = [{ item: croissant, quantity: 1, discount: null, unitPrice: 250 }];
    const { cart } = priceSale(lines, { kind: 'percentage', rateE4: 500_000 }, null);
    expect(manualChangesOf(lines, cart, { discount: { kind: 'percentage', rateE4: 500_000 }, manual: false })).toEqual({ discounts: [], overrides: [] });
  });
});
