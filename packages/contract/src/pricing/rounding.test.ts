import { describe, expect, it } from 'vitest';
import { allocateProportionally, divideRounded, percentOf } from './rounding.ts';

describe('rounding: half away from zero', () => {
  it('rounds half a cent away from zero: 0.125 → 0.13 and -0.125 → -0.13', () => {
    // Amounts in cents: 12.5 cents is 0.125.
    expect(divideRounded(125n, 10n)).toBe(13n);
    expect(divideRounded(-125n, 10n)).toBe(-13n);
    expect(divideRounded(125n, -10n)).toBe(-13n);
    expect(divideRounded(1249n, 100n)).toBe(12n); // 0.1249 → 0.12
    expect(divideRounded(-1249n, 100n)).toBe(-12n);
    expect(divideRounded(1251n, 100n)).toBe(13n);
    expect(divideRounded(0n, 7n)).toBe(0n);
    expect(() => divideRounded(1n, 0n)).toThrow(RangeError);
  });

  it('applies a rate once: 5 % of 2.50 = 0.125 → 0.13; 5 % of -2.50 → -0.13', () => {
    expect(percentOf(250, 50_000)).toBe(13);
    expect(percentOf(-250, 50_000)).toBe(-13);
    expect(percentOf(1000, 75_000)).toBe(75);
    expect(percentOf(Number.MAX_SAFE_INTEGER, 1_000_000)).toBe(Number.MAX_SAFE_INTEGER); // BigInt inside
    expect(() => percentOf(Number.MAX_SAFE_INTEGER, 2_000_000)).toThrow(RangeError);
  });
});

describe('allocateProportionally (largest remainder)', () => {
  it('splits 1.00 over three equal lines as 0.34 + 0.33 + 0.33', () => {
    expect(allocateProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
  });

  it('splits 10.00 over 10.00 / 20.00 / 30.00 as 1.67 + 3.33 + 5.00', () => {
    // Exact shares 1.6667, 3.3333, 5.00: floors 1.66 + 3.33 + 5.00 = 9.99; the missing cent goes to
    // the largest remainder (0.67 of a cent, line one).
    expect(allocateProportionally(1000, [1000, 2000, 3000])).toEqual([167, 333, 500]);
  });

  it('mirrors negative totals, gives nothing to zero weights and refuses an impossible split', () => {
    expect(allocateProportionally(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocateProportionally(5, [0, 3, 0, 1])).toEqual([0, 4, 0, 1]);
    expect(allocateProportionally(0, [0, 0])).toEqual([0, 0]);
    expect(allocateProportionally(0, [])).toEqual([]);
    expect(() => allocateProportionally(1, [0, 0])).toThrow(RangeError);
    expect(() => allocateProportionally(1, [-1, 2])).toThrow(RangeError);
  });
});
