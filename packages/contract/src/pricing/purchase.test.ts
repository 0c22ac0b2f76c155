import { describe, expect, it } from 'vitest';
import { pricePurchase, pricePurchaseLine, weightedAverageCost } from './purchase.ts';

describe('purchases', () => {
  it('prices a line as quantity × unit cost with its tax on top, rounded once on the line', () => {
    // 7 × 1.15 = 8.05; 7.5 % of it is 0.60375 → 0.60.
    expect(pricePurchaseLine({ quantity: 7, unitCost: 115, taxRateE4: 75_000 })).toEqual({ net: 805, tax: 60, total: 865 });
    // 3 × 0.05 = 0.15; 10 % is 0.015 → 0.02 (half away from zero).
    expect(pricePurchaseLine({ quantity: 3, unitCost: 5, taxRateE4: 100_000 })).toEqual({ net: 15, tax: 2, total: 17 });
  });

  it('adds an order up from its lines', () => {
    const order = pricePurchase([
      { quantity: 24, unitCost: 55, taxRateE4: 200_000 },
      { quantity: 10, unitCost: 199, taxRateE4: 0 },
    ]);
    expect(order).toMatchObject({ net: 1320 + 1990, tax: 264, total: 3574, units: 34 });
  });

  it('averages the cost of the stock on hand and the units received (worked example of decision 021)', () => {
    // 10 on hand at 2.00 and 30 received at 2.40: (20.00 + 72.00) / 40 = 2.30.
    expect(weightedAverageCost({ onHand: 10, costBefore: 200, received: 30, receivedCost: 240 })).toBe(230);
    // 3 on hand at 1.00, 4 received at 1.50: 9.00 / 7 = 1.2857… → 1.29.
    expect(weightedAverageCost({ onHand: 3, costBefore: 100, received: 4, receivedCost: 150 })).toBe(129);
    // Nothing (or less than nothing) on hand: the received cost.
    expect(weightedAverageCost({ onHand: -5, costBefore: 100, received: 4, receivedCost: 150 })).toBe(150);
    expect(weightedAverageCost({ onHand: 0, costBefore: 0, received: 1, receivedCost: 99 })).toBe(99);
    // Nothing received: the cost stays.
    expect(weightedAverageCost({ onHand: 8, costBefore: 100, received: 0, receivedCost: 999 })).toBe(100);
  });
});
