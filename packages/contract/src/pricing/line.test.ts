import { describe, expect, it } from 'vitest';
import { priceLine } from './line.ts';
import type { PricingTax } from './types.ts';

function tax(id: number, percent: string, kind: { isInclusive?: boolean; isCompound?: boolean } = {}): PricingTax {
  const [whole = '0', fraction = ''] = percent.split('.');
  return {
    id,
    name: `Tax ${id}`,
    rateE4: Number(whole) * 10_000 + Number(fraction.padEnd(4, '0')),
    isInclusive: kind.isInclusive ?? false,
    isCompound: kind.isCompound ?? false,
  };
}

describe('priceLine: inclusive taxes', () => {
  it('10.00 including 7.5 % → net 9.30 + tax 0.70 = 10.00 (10.00 / 1.075 = 9.3023… → 9.30)', () => {
    const line = priceLine({ unitPrice: 1000, quantity: 1, taxes: [tax(1, '7.5', { isInclusive: true })] });
    expect(line).toMatchObject({ gross: 1000, discountedGross: 1000, net: 930, taxTotal: 70, total: 1000 });
    expect(line.inclusiveTaxTotal).toBe(70);
    expect(line.exclusiveTaxTotal).toBe(0);
    expect(line.taxes).toEqual([
      { id: 1, name: 'Tax 1', rateE4: 75_000, isInclusive: true, isCompound: false, base: 930, amount: 70 },
    ]);
  });

  it('3 × 0.99 including 20 % → tax 2.97 / 6 = 0.495 → 0.50, net 2.47 (rounded once per line, not per unit)', () => {
    // Per unit it would be 0.99 / 6 = 0.165 → 0.17 × 3 = 0.51 tax, 2.46 net.
    const line = priceLine({ unitPrice: 99, quantity: 3, taxes: [tax(1, '20', { isInclusive: true })] });
    expect(line).toMatchObject({ gross: 297, net: 247, taxTotal: 50, total: 297 });
  });

  it('11.55 including 5 % and a 9.975 % compound tax → net 10.00, taxes 0.50 and 1.05', () => {
    // 11.55 / (1.05 × 1.09975) = 10.0023, so the tax is 1.5477 → 1.55 and the net 10.00; exact
    // taxes 0.500114 and 1.047614 share the 1.55 of tax by largest remainder: 0.50 + 1.05.
    const line = priceLine({
      unitPrice: 1155,
      quantity: 1,
      taxes: [tax(1, '5', { isInclusive: true }), tax(2, '9.975', { isInclusive: true, isCompound: true })],
    });
    expect(line.net).toBe(1000);
    expect(line.taxes.map((t) => [t.base, t.amount])).toEqual([
      [1000, 50],
      [1050, 105],
    ]);
    expect(line.total).toBe(1155);
  });

  it('never lets an inclusive tax go negative: 0.05 including 10 % and 0.01 % → net 0.05, taxes 0.00', () => {
    // 0.05 / 1.1001 = 0.04545 → 0.05; the inclusive tax is 0 and both taxes get 0 (a "remainder
    // to the last tax" rule would give 10 % → 0.01 and 0.01 % → −0.01).
    const line = priceLine({
      unitPrice: 5,
      quantity: 1,
      taxes: [tax(1, '10', { isInclusive: true }), tax(2, '0.01', { isInclusive: true })],
    });
    expect(line.net).toBe(5);
    expect(line.taxes.map((t) => t.amount)).toEqual([0, 0]);
  });
});

describe('priceLine: exclusive taxes', () => {
  it('Québec since 2013: 100.00 + GST 5 % + QST 9.975 %, both on the price → 5.00 + 9.975 → 9.98, total 114.98', () => {
    const line = priceLine({ unitPrice: 10_000, quantity: 1, taxes: [tax(1, '5'), tax(2, '9.975')] });
    expect(line.taxes.map((t) => [t.base, t.amount])).toEqual([
      [10_000, 500],
      [10_000, 998],
    ]);
    expect(line.total).toBe(11_498);
  });

  it('10.00 plus 7.5 % → tax 0.75, total 10.75', () => {
    const line = priceLine({ unitPrice: 1000, quantity: 1, taxes: [tax(1, '7.5')] });
    expect(line).toMatchObject({ gross: 1000, net: 1000, taxTotal: 75, exclusiveTaxTotal: 75, total: 1075 });
    expect(line.taxes[0]).toMatchObject({ base: 1000, amount: 75 });
  });

  it('2.50 plus 5 % → 0.125 rounds half away from zero to 0.13, total 2.63', () => {
    const line = priceLine({ unitPrice: 250, quantity: 1, taxes: [tax(1, '5')] });
    expect(line).toMatchObject({ taxTotal: 13, total: 263 });
  });

  it('10.00 plus 5 % and a 9.975 % compound tax → 0.50, then 9.975 % of 10.50 = 1.047… → 1.05, total 11.55', () => {
    const line = priceLine({ unitPrice: 1000, quantity: 1, taxes: [tax(1, '5'), tax(2, '9.975', { isCompound: true })] });
    expect(line.taxes.map((t) => [t.base, t.amount])).toEqual([
      [1000, 50],
      [1050, 105],
    ]);
    expect(line.total).toBe(1155);
  });

  it('computes a compound tax after the others whatever the configured order, and lists taxes as configured', () => {
    const line = priceLine({ unitPrice: 1000, quantity: 1, taxes: [tax(2, '9.975', { isCompound: true }), tax(1, '5')] });
    expect(line.taxes.map((t) => [t.id, t.base, t.amount])).toEqual([
      [2, 1050, 105],
      [1, 1000, 50],
    ]);
  });

  it('lets a second compound tax see the first: 10.00 + 10 % + 10 % compound + 10 % compound → 1.00, 1.10, 1.21', () => {
    const line = priceLine({
      unitPrice: 1000,
      quantity: 1,
      taxes: [tax(1, '10'), tax(2, '10', { isCompound: true }), tax(3, '10', { isCompound: true })],
    });
    expect(line.taxes.map((t) => [t.base, t.amount])).toEqual([
      [1000, 100],
      [1100, 110],
      [1210, 121],
    ]);
    expect(line.total).toBe(1331);
  });

  it('computes two non-compound taxes each on the net: 10.00 + 5 % + 8 % → 0.50 + 0.80, total 11.30', () => {
    const line = priceLine({ unitPrice: 1000, quantity: 1, taxes: [tax(1, '5'), tax(2, '8')] });
    expect(line.taxes.map((t) => [t.base, t.amount])).toEqual([
      [1000, 50],
      [1000, 80],
    ]);
    expect(line.total).toBe(1130);
  });

  it('rounds each tax on its own: 1.50 + 5 % + 5 % → 0.075 → 0.08 twice = 0.16 (one 10 % tax would be 0.15)', () => {
    const line = priceLine({ unitPrice: 150, quantity: 1, taxes: [tax(1, '5'), tax(2, '5')] });
    expect(line.taxes.map((t) => t.amount)).toEqual([8, 8]);
    expect(line.total).toBe(166);
  });
});

describe('priceLine: inclusive and exclusive taxes on one line', () => {
  it('extracts the inclusive tax first, then adds the exclusive one on the net: 10.75 incl. 7.5 % + 2 % → 10.00 net, total 10.95', () => {
    const line = priceLine({ unitPrice: 1075, quantity: 1, taxes: [tax(1, '7.5', { isInclusive: true }), tax(2, '2')] });
    expect(line).toMatchObject({ net: 1000, inclusiveTaxTotal: 75, exclusiveTaxTotal: 20, total: 1095 });
  });

  it('lets an exclusive compound tax see the inclusive one: 2 % compound on 10.00 + 0.75 = 0.215 → 0.22, total 10.97', () => {
    const line = priceLine({
      unitPrice: 1075,
      quantity: 1,
      taxes: [tax(1, '7.5', { isInclusive: true }), tax(2, '2', { isCompound: true })],
    });
    expect(line.taxes.map((t) => [t.base, t.amount])).toEqual([
      [1000, 75],
      [1075, 22],
    ]);
    expect(line.total).toBe(1097);
  });
});

describe('priceLine: discounts', () => {
  it('takes an amount off before tax: 3 × 10.00 − 5.00 = 25.00, 7.5 % = 1.875 → 1.88, total 26.88', () => {
    const line = priceLine({ unitPrice: 1000, quantity: 3, taxes: [tax(1, '7.5')], discount: { kind: 'amount', amount: 500 } });
    expect(line).toMatchObject({ gross: 3000, discount: 500, discountedGross: 2500, net: 2500, taxTotal: 188, total: 2688 });
  });

  it('takes a percentage off before tax: 3 × 10.00 − 15 % (4.50) = 25.50, 7.5 % = 1.9125 → 1.91, total 27.41', () => {
    const line = priceLine({
      unitPrice: 1000,
      quantity: 3,
      taxes: [tax(1, '7.5')],
      discount: { kind: 'percentage', rateE4: 150_000 },
    });
    expect(line).toMatchObject({ discount: 450, discountedGross: 2550, taxTotal: 191, total: 2741 });
  });

  it('reduces the tax-inclusive price: 10.00 incl. 7.5 % − 10 % = 9.00 → net 8.37 (9.00 / 1.075 = 8.372), tax 0.63', () => {
    const line = priceLine({
      unitPrice: 1000,
      quantity: 1,
      taxes: [tax(1, '7.5', { isInclusive: true })],
      discount: { kind: 'percentage', rateE4: 100_000 },
    });
    expect(line).toMatchObject({ discount: 100, discountedGross: 900, net: 837, taxTotal: 63, total: 900 });
  });

  it('never takes off more than the line: 2 × 1.00 with 5.00 off costs 0.00; 100 % off costs 0.00', () => {
    expect(priceLine({ unitPrice: 100, quantity: 2, discount: { kind: 'amount', amount: 500 } })).toMatchObject({
      discount: 200,
      total: 0,
    });
    expect(
      priceLine({ unitPrice: 100, quantity: 2, taxes: [tax(1, '7.5')], discount: { kind: 'percentage', rateE4: 1_000_000 } }),
    ).toMatchObject({ discount: 200, taxTotal: 0, total: 0 });
  });
});

describe('priceLine: bad input is a programming error', () => {
  it('throws a RangeError for fractions, negatives and a discount over 100 %', () => {
    expect(() => priceLine({ unitPrice: 9.99, quantity: 1 })).toThrow(RangeError);
    expect(() => priceLine({ unitPrice: 100, quantity: 1.5 })).toThrow(RangeError);
    expect(() => priceLine({ unitPrice: -1, quantity: 1 })).toThrow(RangeError);
    expect(() => priceLine({ unitPrice: 100, quantity: 1, taxes: [{ ...tax(1, '5'), rateE4: -1 }] })).toThrow(RangeError);
    expect(() => priceLine({ unitPrice: 100, quantity: 1, discount: { kind: 'percentage', rateE4: 1_000_001 } })).toThrow(
      RangeError,
    );
    expect(() => priceLine({ unitPrice: 100, quantity: 1, discount: { kind: 'amount', amount: -5 } })).toThrow(RangeError);
  });

  it('computes with BigInt and refuses a result beyond a safe integer', () => {
    // 8 000 000 001 000 000 × 88 750 overflows 2^53 on the way; BigInt keeps it exact.
    const big = priceLine({ unitPrice: 8_000_000_001, quantity: 1_000_000, taxes: [tax(1, '8.875')] });
    expect(big.taxTotal).toBe(710_000_000_088_750);
    expect(() => priceLine({ unitPrice: Number.MAX_SAFE_INTEGER, quantity: 2 })).toThrow(RangeError);
  });

  it('prices an empty line (quantity 0) at zero', () => {
    const line = priceLine({ unitPrice: 1000, quantity: 0, taxes: [tax(1, '7.5', { isInclusive: true })] });
    expect(line).toMatchObject({ gross: 0, net: 0, taxTotal: 0, total: 0 });
  });
});
