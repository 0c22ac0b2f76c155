/**
 * The taxes of one line (README.md "Taxes"). The taxable amount A is the discounted goods plus the
 * taxable charges, in price terms. Order of computation, whatever the configured order:
 *
 * 1. Inclusive taxes are extracted from A: with non-compound inclusive rates a… and compound
 *    inclusive rates c…, A = N × (1 + Σa) × Π(1 + c). N (the net) is computed exactly and rounded
 *    once; the inclusive tax total A − N is split over the inclusive taxes in proportion to their
 *    exact amounts (largest remainder), so N + Σ inclusive taxes = A exactly and no tax can turn
 *    negative. (Giving the whole remainder to the last tax would: 0.05 at 10 % + 0.01 %.)
 * 2. Exclusive taxes are added on top: a non-compound one is rate × N; a compound one is rate ×
 *    (N + every tax before it: all inclusive taxes, the exclusive non-compound ones and the earlier
 *    exclusive compound ones), each rounded once.
 *
 * A compound tax thus always sees "the net plus the taxes before it"; inclusive compound taxes see
 * only inclusive taxes, because a price cannot contain a tax that is added after it.
 */
import { allocateBig, divideRounded, HUNDRED_PERCENT, sumBig } from './rounding.ts';
import type { PricingTax } from './types.ts';

export type TaxResult = {
  /** Tax-free value of all components together. */
  net: bigint;
  /** Per input tax, in input order. */
  taxes: { base: bigint; amount: bigint }[];
  /** Per component: its value without tax, and its share of all taxes. */
  components: { net: bigint; tax: bigint }[];
};

/** Taxes on `components` (the taxable amounts of a line, each ≥ 0) with the line's `taxes`. */
export function computeTaxes(components: readonly bigint[], taxes: readonly PricingTax[]): TaxResult {
  const taxable = sumBig(components);
  const rate = (index: number) => BigInt(taxes[index]?.rateE4 ?? 0);
  const indexes = (isInclusive: boolean, isCompound: boolean) =>
    taxes.flatMap((tax, index) => (tax.isInclusive === isInclusive && tax.isCompound === isCompound ? [index] : []));
  const inclusiveSimple = indexes(true, false);
  const inclusiveCompound = indexes(true, true);
  const exclusiveSimple = indexes(false, false);
  const exclusiveCompound = indexes(false, true);

  const amounts: bigint[] = taxes.map(() => 0n);
  const bases: bigint[] = taxes.map(() => 0n);

  // 1. Inclusive: N = A × S^(K+1) / ((S + Σa) × Π(S + c)), S = 100 % in rateE4, K compound taxes.
  // Each tax's exact amount is A × weight / denominator, with the weights below.
  const scale = HUNDRED_PERCENT;
  const simpleFactor = scale + sumBig(inclusiveSimple.map(rate));
  const compoundCount = inclusiveCompound.length;
  let denominator = simpleFactor;
  for (const index of inclusiveCompound) denominator *= scale + rate(index);
  const net = divideRounded(taxable * scale ** BigInt(compoundCount + 1), denominator);

  const weights: bigint[] = inclusiveSimple.map((index) => scale ** BigInt(compoundCount) * rate(index));
  let compoundProduct = simpleFactor;
  inclusiveCompound.forEach((index, k) => {
    weights.push(scale ** BigInt(compoundCount - k - 1) * compoundProduct * rate(index));
    compoundProduct *= scale + rate(index);
  });
  const inclusiveOrder = [...inclusiveSimple, ...inclusiveCompound];
  const inclusiveTotal = taxable - net;
  // All rates 0 → net = taxable and there is nothing to split.
  const inclusiveAmounts = allocateBig(inclusiveTotal, weights);
  inclusiveOrder.forEach((index, k) => (amounts[index] = inclusiveAmounts[k] ?? 0n));

  let taxedSoFar = net;
  for (const index of inclusiveSimple) bases[index] = net;
  for (const index of inclusiveSimple) taxedSoFar += amounts[index] ?? 0n;
  for (const index of inclusiveCompound) {
    bases[index] = taxedSoFar;
    taxedSoFar += amounts[index] ?? 0n;
  }

  // 2. Exclusive, on top of the net.
  for (const index of exclusiveSimple) {
    bases[index] = net;
    amounts[index] = divideRounded(net * rate(index), scale);
  }
  for (const index of exclusiveSimple) taxedSoFar += amounts[index] ?? 0n;
  for (const index of exclusiveCompound) {
    bases[index] = taxedSoFar;
    amounts[index] = divideRounded(taxedSoFar * rate(index), scale);
    taxedSoFar += amounts[index] ?? 0n;
  }

  // 3. Each tax shared over the components in proportion to their amounts.
  const componentNets = [...components];
  const componentTaxes = components.map(() => 0n);
  taxes.forEach((tax, index) => {
    const shares = allocateBig(amounts[index] ?? 0n, components);
    shares.forEach((share, c) => {
      componentTaxes[c] = (componentTaxes[c] ?? 0n) + share;
      if (tax.isInclusive) componentNets[c] = (componentNets[c] ?? 0n) - share;
    });
  });

  return {
    net,
    taxes: taxes.map((_, index) => ({ base: bases[index] ?? 0n, amount: amounts[index] ?? 0n })),
    components: components.map((_, c) => ({ net: componentNets[c] ?? 0n, tax: componentTaxes[c] ?? 0n })),
  };
}
