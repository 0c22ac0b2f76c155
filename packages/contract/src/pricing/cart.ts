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
import { discountLine, discountOf, priceLineWithOrderDiscount } from './line.ts';
import { allocateBig, assertSafeInteger, sumBig, toSafeNumber } from './rounding.ts';
import type { PriceCartInput, PricedCart, PricedLine, PricedTax } from './types.ts';

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
  const lines = input.lines.map((line, index) =>
    priceLineWithOrderDiscount(line, toSafeNumber(pieces[index] ?? 0n, 'orderDiscount')),
  );

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
