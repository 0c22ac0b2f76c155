import { describe, expect, it } from 'vitest';
import { priceLine } from './line.ts';
import type { PricingCharge, PricingTax } from './types.ts';

const salesTax: PricingTax = { id: 1, name: 'Sales tax', rateE4: 75_000, isInclusive: false, isCompound: false };
const vat: PricingTax = { id: 2, name: 'VAT', rateE4: 190_000, isInclusive: true, isCompound: false };
const cityTax: PricingTax = { id: 3, name: 'City tax', rateE4: 88_750, isInclusive: false, isCompound: false };

function deposit(isTaxable: boolean): PricingCharge {
  return { id: 7, name: 'Bottle deposit', kind: 'fixed', amount: 25, per: 'unit', isTaxable };
}

describe('priceLine: additional charges', () => {
  it('3 × 2.00 with a taxable 0.25 deposit per unit, 7.5 % on top: 6.00 + 0.75 + tax on 6.75 (0.50625 → 0.51) = 7.26', () => {
    const line = priceLine({ unitPrice: 200, quantity: 3, taxes: [salesTax], charges: [deposit(true)] });
    expect(line).toMatchObject({ gross: 600, net: 600, chargeTotal: 75, taxTotal: 51, total: 726 });
    expect(line.taxes[0]).toMatchObject({ base: 675, amount: 51 });
    // The 0.51 of tax is shared 6.00 : 0.75 → 0.4533 : 0.0567 → 0.45 goods, 0.06 deposit.
    expect(line.charges).toEqual([
      { id: 7, name: 'Bottle deposit', kind: 'fixed', isTaxable: true, amount: 75, net: 75, tax: 6 },
    ]);
  });

  it('3 × 2.00 with a non-taxable 0.25 deposit per unit: 6.00 + 0.75 + tax on 6.00 only (0.45) = 7.20', () => {
    const line = priceLine({ unitPrice: 200, quantity: 3, taxes: [salesTax], charges: [deposit(false)] });
    expect(line).toMatchObject({ chargeTotal: 75, taxTotal: 45, total: 720 });
    expect(line.taxes[0]).toMatchObject({ base: 600, amount: 45 });
    expect(line.charges[0]).toMatchObject({ amount: 75, net: 75, tax: 0 });
  });

  it('on a tax-inclusive line the taxable deposit contains the tax too: 3 × 2.00 + 0.75 incl. 19 % = 6.75, net 5.67', () => {
    // 6.75 / 1.19 = 5.6723 → 5.67 net, 1.08 VAT, shared 6.00 : 0.75 → 0.96 goods, 0.12 deposit.
    const line = priceLine({ unitPrice: 200, quantity: 3, taxes: [vat], charges: [deposit(true)] });
    expect(line).toMatchObject({ net: 504, chargeTotal: 75, taxTotal: 108, inclusiveTaxTotal: 108, total: 675 });
    expect(line.charges[0]).toMatchObject({ amount: 75, net: 63, tax: 12 });
    expect(line.net + (line.charges[0]?.net ?? 0) + line.taxTotal).toBe(line.total);
  });

  it('adds a fixed per-line charge once: 3 × 2.00 + 0.50 packaging (untaxed) = 6.50 + 0.45 tax', () => {
    const line = priceLine({
      unitPrice: 200,
      quantity: 3,
      taxes: [salesTax],
      charges: [{ id: 8, name: 'Packaging', kind: 'fixed', amount: 50, per: 'line', isTaxable: false }],
    });
    expect(line).toMatchObject({ chargeTotal: 50, taxTotal: 45, total: 695 });
  });

  it('adds 10 % service per line on the discounted price: 4 × 12.50 = 50.00 → service 5.00, 8.875 % on 55.00 = 4.88, total 59.88', () => {
    const service: PricingCharge = { id: 9, name: 'Service', kind: 'percentage', rateE4: 100_000, per: 'line', isTaxable: true };
    const line = priceLine({ unitPrice: 1250, quantity: 4, taxes: [cityTax], charges: [service] });
    // 5 500 × 8.875 % = 488.125 → 4.88
    expect(line).toMatchObject({ chargeTotal: 500, taxTotal: 488, total: 5988 });

    const untaxed = priceLine({ unitPrice: 1250, quantity: 4, taxes: [cityTax], charges: [{ ...service, isTaxable: false }] });
    // 5 000 × 8.875 % = 443.75 → 4.44
    expect(untaxed).toMatchObject({ chargeTotal: 500, taxTotal: 444, total: 5944 });

    const discounted = priceLine({
      unitPrice: 1250,
      quantity: 4,
      taxes: [cityTax],
      charges: [service],
      discount: { kind: 'amount', amount: 1000 },
    });
    // 40.00 after the discount → service 4.00; 8.875 % of 44.00 = 3.905 → 3.91
    expect(discounted).toMatchObject({ discountedGross: 4000, chargeTotal: 400, taxTotal: 391, total: 4791 });
  });

  it('adds no per-line charge to an empty line', () => {
    const line = priceLine({ unitPrice: 200, quantity: 0, charges: [deposit(true), { ...deposit(true), per: 'line' }] });
    expect(line).toMatchObject({ chargeTotal: 0, total: 0 });
  });
});
