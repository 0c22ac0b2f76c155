/**
 * A whole cart (README.md "A cart"): the order discount is worked out once on what it applies to,
 * spread over the lines with the largest-remainder method so the pieces add up exactly, and then
 * every line is priced — taxes included — with its piece as a discount before tax.
 *
 * The pieces are proportional to each line's discounted price (gross − line discount), not to its
 * total: a discount comes off the price before tax, so 10 % off the order takes 10 % off every
 * line whatever its taxes, and never discounts a bottle deposit. Coupons reuse this path: a
 * coupon is a PricingOrderDiscount, its `lineIndexes` the lines it is valid for.
 */
import { discountLine, discountOf, finishLine, prepareLine, type PreparedLine } from './line.ts';
import { allocateBig, assertSafeInteger, divideRounded, sumBig, toSafeNumber } from './rounding.ts';
import { addFractions, exactTaxAmounts, lineTaxAmounts, type Fraction } from './taxes.ts';
import type { PriceCartInput, PricedCart, PricedLine, PricedTax, PricingTax } from './types.ts';

export function priceCart(input: PriceCartInput): PricedCart {
  const orderDiscount = input.orderDiscount ?? null;
  const eligible = new Set(orderDiscount?.lineIndexes ?? input.lines.map((_, index) => index));
  for (const index of eligible) {
    assertSafeInteger(index, 'orderDiscount.lineIndexes[]');
    if (index >= input.lines.length) throw new RangeError(`orderDiscount.lineIndexes: there is no line ${index}.`);
  }

  const weights = input.lines.map((line, index) => {
    const { gross, discount } = discountLine(line);
    return eligible.has(index) ? gross - discount : 0n;
  });
  const orderDiscountTotal = discountOf(sumBig(weights), orderDiscount);
  const pieces = allocateBig(orderDiscountTotal, weights);
  const prepared = input.lines.map((line, index) => prepareLine(line, toSafeNumber(pieces[index] ?? 0n, 'orderDiscount')));
  const amounts =
    input.taxRounding === 'sale' ? saleTaxAmounts(prepared) : prepared.map((line) => lineTaxAmounts(line.taxable, line.taxes));
  const lines = prepared.map((line, index) => finishLine(line, amounts[index] ?? []));

  const total = (pick: (line: PricedLine) => number) =>
    toSafeNumber(lines.reduce((sum, line) => sum + BigInt(pick(line)), 0n), 'cart total');
  return {
    lines,
    subtotal: total((line) => line.gross),
    lineDiscountTotal: total((line) => line.discount),
    orderDiscountTotal: toSafeNumber(orderDiscountTotal, 'orderDiscountTotal'),
    discountTotal: total((line) => line.discount + line.orderDiscount),
    chargeTotal: total((line) => line.chargeTotal),
    netTotal: total((line) => line.net + line.charges.reduce((sum, charge) => sum + charge.net, 0)),
    taxTotal: total((line) => line.taxTotal),
    inclusiveTaxTotal: total((line) => line.inclusiveTaxTotal),
    exclusiveTaxTotal: total((line) => line.exclusiveTaxTotal),
    total: total((line) => line.total),
    taxes: summariseTaxes(lines),
  };
}

const taxKeyOf = (tax: PricingTax) => `${tax.id}|${tax.rateE4}|${tax.isInclusive}|${tax.isCompound}`;

/**
 * Taxes rounded once per tax (and rate) on the whole sale: each tax's exact amounts are added over
 * the lines, the sum is rounded half away from zero, and that amount is shared back over the lines
 * in proportion to their exact amounts (largest remainder). So the lines still add up to the sale
 * exactly and each line keeps whole figures (a refund takes a unit's share of them).
 *
 * Only where the inclusive rates of one line add up to 100 % or more can the rounded pieces of
 * its inclusive taxes exceed its price; such a unit moves to another line of the same tax that has
 * room, or is left out, so a net is never negative.
 */
function saleTaxAmounts(prepared: readonly PreparedLine[]): bigint[][] {
  const exact = prepared.map((line) => exactTaxAmounts(line.taxable, line.taxes));
  const amounts = prepared.map((line) => line.taxes.map(() => 0n));
  const groups = new Map<string, Array<{ line: number; tax: number; exact: Fraction }>>();
  prepared.forEach((line, lineIndex) =>
    line.taxes.forEach((tax, taxIndex) => {
      const key = taxKeyOf(tax);
      const entry = { line: lineIndex, tax: taxIndex, exact: exact[lineIndex]?.[taxIndex] ?? { n: 0n, d: 1n } };
      const group = groups.get(key);
      if (group) group.push(entry);
      else groups.set(key, [entry]);
    }),
  );
  for (const group of groups.values()) {
    const sum = group.reduce<Fraction>((total, entry) => addFractions(total, entry.exact), { n: 0n, d: 1n });
    const pieces = allocateBig(divideRounded(sum.n, sum.d), commonWeights(group.map((entry) => entry.exact)));
    group.forEach((entry, k) => {
      const row = amounts[entry.line];
      if (row) row[entry.tax] = pieces[k] ?? 0n;
    });
  }
  keepNetsWhole(prepared, amounts, groups);
  return amounts;
}

/** The fractions over their least common denominator, as whole numbers. */
function commonWeights(fractions: readonly Fraction[]): bigint[] {
  const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
  const common = fractions.reduce((lcm, f) => (lcm / gcd(lcm, f.d)) * f.d, 1n);
  return fractions.map((f) => f.n * (common / f.d));
}

/** Moves (or drops) inclusive units a line cannot hold: its inclusive taxes may not exceed its price. */
function keepNetsWhole(
  prepared: readonly PreparedLine[],
  amounts: bigint[][],
  groups: Map<string, Array<{ line: number; tax: number; exact: Fraction }>>,
): void {
  const roomOf = (lineIndex: number) => {
    const line = prepared[lineIndex];
    if (!line) return 0n;
    return line.taxable - sumBig(line.taxes.flatMap((tax, t) => (tax.isInclusive ? [amounts[lineIndex]?.[t] ?? 0n] : [])));
  };
  prepared.forEach((line, lineIndex) => {
    const row = amounts[lineIndex];
    if (!row) return;
    for (let room = roomOf(lineIndex); room < 0n; room += 1n) {
      // Take a unit from this line's largest inclusive piece.
      let from = -1;
      line.taxes.forEach((tax, t) => {
        if (tax.isInclusive && (row[t] ?? 0n) > 0n && (from < 0 || (row[t] ?? 0n) > (row[from] ?? 0n))) from = t;
      });
      const tax = line.taxes[from];
      if (!tax) return;
      row[from] = (row[from] ?? 0n) - 1n;
      const to = groups.get(taxKeyOf(tax))?.find((entry) => entry.line !== lineIndex && entry.exact.n > 0n && roomOf(entry.line) > 0n);
      const target = to && amounts[to.line];
      if (to && target) target[to.tax] = (target[to.tax] ?? 0n) + 1n;
    }
  });
}

/** Sums the lines' taxes per tax id (and rate and kind, should they differ), in order of first use. */
export function summariseTaxes(lines: readonly PricedLine[]): PricedTax[] {
  const byKey = new Map<string, PricedTax>();
  for (const line of lines) {
    for (const tax of line.taxes) {
      const key = `${tax.id}|${tax.rateE4}|${tax.isInclusive}|${tax.isCompound}`;
      const seen = byKey.get(key);
      if (seen) {
        seen.base = toSafeNumber(BigInt(seen.base) + BigInt(tax.base), 'tax base');
        seen.amount = toSafeNumber(BigInt(seen.amount) + BigInt(tax.amount), 'tax amount');
      } else {
        byKey.set(key, { ...tax });
      }
    }
  }
  return [...byKey.values()];
}
