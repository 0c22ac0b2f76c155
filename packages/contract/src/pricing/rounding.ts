/**
 * Integer arithmetic of the pricing engine.
 *
 * THE rounding rule of Tillbook (README.md beside this file): an exact quotient is rounded
 * half away from zero to the minor unit — 0.125 → 0.13, −0.125 → −0.13, 0.1249 → 0.12. It is
 * applied to the tax, never the net (an included tax is rounded and the net is what is left),
 * once per tax per line (on the line's whole taxable amount, never per unit) or once per tax on
 * the sale when the shop rounds per sale, once per percentage discount and once per percentage
 * charge. Where several rounded pieces must add up to an exact whole (inclusive taxes, an order
 * discount spread over lines, a sale's tax shared over its lines), the whole is rounded once and
 * split with the largest-remainder method (`allocateProportionally`).
 *
 * Money is handled as BigInt inside the engine, so `unitPrice × quantity × rate × …` can never
 * lose precision; every amount leaving the engine is checked to be a safe integer.
 */

/** 1 % as a rateE4 (rates are integers in ten-thousandths of a percent: 7.5 % → 75 000). */
export const RATE_E4_ONE_PERCENT = 10_000;
/** 100 % as a rateE4: `amount × rateE4 / 1 000 000` applies a rate to an amount. */
export const RATE_E4_HUNDRED_PERCENT = 1_000_000;

/** RATE_E4_HUNDRED_PERCENT as a BigInt (a literal, so bundlers see no call at module load). */
export const HUNDRED_PERCENT = 1_000_000n;

/** numerator / denominator, rounded half away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('divideRounded: division by zero.');
  if (denominator < 0n) return divideRounded(-numerator, -denominator);
  const isNegative = numerator < 0n;
  const magnitude = isNegative ? -numerator : numerator;
  const quotient = (2n * magnitude + denominator) / (2n * denominator);
  return isNegative ? -quotient : quotient;
}

/** `rateE4` of `amount`, rounded half away from zero: percentOf(250, 50_000) = 13 (5 % of 2.50 = 0.125 → 0.13). */
export function percentOf(amount: number, rateE4: number): number {
  assertSafeInteger(amount, 'amount', -Infinity);
  assertSafeInteger(rateE4, 'rateE4', -Infinity);
  return toSafeNumber(divideRounded(BigInt(amount) * BigInt(rateE4), HUNDRED_PERCENT), 'percentOf');
}

/**
 * Splits `total` over `weights` in proportion, with the largest-remainder method: every piece is
 * the exact share rounded down, then the units still missing go one each to the pieces with the
 * largest remainders (the earlier piece first on a tie). The pieces add up to `total` exactly and
 * each lies within one unit of its exact share. A negative total is split as the mirror image.
 */
export function allocateProportionally(total: number, weights: readonly number[]): number[] {
  assertSafeInteger(total, 'total', -Infinity);
  weights.forEach((weight, index) => assertSafeInteger(weight, `weights[${index}]`));
  return allocateBig(BigInt(total), weights.map(BigInt)).map((piece) => toSafeNumber(piece, 'allocateProportionally'));
}

/** `allocateProportionally` on BigInts (weights ≥ 0). */
export function allocateBig(total: bigint, weights: readonly bigint[]): bigint[] {
  if (total < 0n) return allocateBig(-total, weights).map((piece) => -piece);
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0n);
  if (weightSum === 0n) {
    if (total === 0n) return weights.map(() => 0n);
    throw new RangeError('allocateProportionally: cannot spread a non-zero amount over weights that are all zero.');
  }
  const pieces = weights.map((weight) => (total * weight) / weightSum);
  const remainders = weights.map((weight) => (total * weight) % weightSum);
  let missing = total - pieces.reduce((sum, piece) => sum + piece, 0n);
  const order = weights
    .map((_, index) => index)
    .sort((a, b) => {
      const ra = remainders[a] ?? 0n;
      const rb = remainders[b] ?? 0n;
      return ra === rb ? a - b : ra > rb ? -1 : 1;
    });
  for (const index of order) {
    if (missing === 0n) break;
    pieces[index] = (pieces[index] ?? 0n) + 1n;
    missing -= 1n;
  }
  return pieces;
}

export function sumBig(values: readonly bigint[]): bigint {
  return values.reduce((sum, value) => sum + value, 0n);
}

/** Converts an engine result back to a number, refusing anything beyond Number.MAX_SAFE_INTEGER. */
export function toSafeNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`${what}: the result ${value} is too large to be a safe integer.`);
  }
  return Number(value);
}

/** Inputs are integers (minor units, units, rateE4); anything else is a programming error. */
export function assertSafeInteger(value: number, name: string, min = 0): void {
  if (!Number.isSafeInteger(value) || value < min) {
    const range = min === 0 ? 'a whole number ≥ 0' : 'a whole number';
    throw new RangeError(`${name} must be ${range} (got ${String(value)}).`);
  }
}
