/**
 * The taxes of one line (README.md "Taxes"). The taxable amount A is the discounted goods plus the
 * taxable charges, in price terms. Order of computation, whatever the configured order:
 *
 * 1. Inclusive taxes are extracted from A: with non-compound inclusive rates a… and compound
 *    inclusive rates c…, A = N × (1 + Σa) × Π(1 + c). The inclusive tax total A − N is computed
 *    exactly and rounded once (the tax is rounded, not the net: 9.99 incl. 20 % holds 1.665 → 1.67
 *    of tax), the net is what is left (A − tax), and the tax total is split over the inclusive taxes
 *    in proportion to their exact amounts (largest remainder), so N + Σ inclusive taxes = A exactly
 *    and no tax can turn negative. (Giving the whole remainder to the last tax would: 0.05 at
 *    10 % + 0.01 %.)
 * 2. Exclusive taxes are added on top: a non-compound one is rate × N; a compound one is rate ×
 *    (N + every tax before it: all inclusive taxes, the exclusive non-compound ones and the earlier
 *    exclusive compound ones), each rounded once.
 *
 * A compound tax thus always sees "the net plus the taxes before it"; inclusive compound taxes see
 * only inclusive taxes, because a price cannot contain a tax that is added after it.
 *
 * `lineTaxAmounts` rounds a line's taxes on the line (the shop's "per line" tax rounding);
 * `exactTaxAmounts` gives them unrounded, for a sale that rounds each tax once on its total
 * (cart.ts). `finishTaxes` turns the rounded amounts into the net, the bases and each component's share.
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

/** An exact non-negative quotient n / d (d > 0), reduced. */
export type Fraction = { n: bigint; d: bigint };

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x === 0n ? 1n : x;
}

export function fraction(n: bigint, d: bigint): Fraction {
  const divisor = gcd(n, d);
  return { n: n / divisor, d: d / divisor };
}

export function addFractions(a: Fraction, b: Fraction): Fraction {
  return fraction(a.n * b.d + b.n * a.d, a.d * b.d);
}

type Groups = {
  rate: (index: number) => bigint;
  inclusiveSimple: number[];
  inclusiveCompound: number[];
  exclusiveSimple: number[];
  exclusiveCompound: number[];
  /** S + Σ non-compound inclusive rates (S = 100 % in rateE4). */
  simpleFactor: bigint;
  /** simpleFactor × Π(S + compound inclusive rate): A × S^(K+1) / denominator is the exact net. */
  denominator: bigint;
  /** S^(K+1), K the number of compound inclusive taxes. */
  netNumerator: bigint;
  /** Per inclusive tax (simple ones, then compound ones): its exact amount is A × weight / denominator. */
  weights: bigint[];
};

function groupsOf(taxes: readonly PricingTax[]): Groups {
  const rate = (index: number) => BigInt(taxes[index]?.rateE4 ?? 0);
  const indexes = (isInclusive: boolean, isCompound: boolean) =>
    taxes.flatMap((tax, index) => (tax.isInclusive === isInclusive && tax.isCompound === isCompound ? [index] : []));
  const inclusiveSimple = indexes(true, false);
  const inclusiveCompound = indexes(true, true);
  const scale = HUNDRED_PERCENT;
  const simpleFactor = scale + sumBig(inclusiveSimple.map(rate));
  const compoundCount = inclusiveCompound.length;
  let denominator = simpleFactor;
  for (const index of inclusiveCompound) denominator *= scale + rate(index);
  const weights: bigint[] = inclusiveSimple.map((index) => scale ** BigInt(compoundCount) * rate(index));
  let compoundProduct = simpleFactor;
  inclusiveCompound.forEach((index, k) => {
    weights.push(scale ** BigInt(compoundCount - k - 1) * compoundProduct * rate(index));
    compoundProduct *= scale + rate(index);
  });
  return {
    rate,
    inclusiveSimple,
    inclusiveCompound,
    exclusiveSimple: indexes(false, false),
    exclusiveCompound: indexes(false, true),
    simpleFactor,
    denominator,
    netNumerator: scale ** BigInt(compoundCount + 1),
    weights,
  };
}

/** Each tax of a line rounded on the line (half away from zero), in input order. */
export function lineTaxAmounts(taxable: bigint, taxes: readonly PricingTax[]): bigint[] {
  const groups = groupsOf(taxes);
  const amounts: bigint[] = taxes.map(() => 0n);
  // 1. Inclusive: the tax total A × (D − S^(K+1)) / D, rounded once, split by the exact amounts.
  const inclusiveTotal = divideRounded(taxable * (groups.denominator - groups.netNumerator), groups.denominator);
  const inclusiveAmounts = allocateBig(inclusiveTotal, groups.weights);
  [...groups.inclusiveSimple, ...groups.inclusiveCompound].forEach((index, k) => (amounts[index] = inclusiveAmounts[k] ?? 0n));

  // 2. Exclusive, on top of the net.
  const net = taxable - inclusiveTotal;
  let taxedSoFar = taxable;
  for (const index of groups.exclusiveSimple) amounts[index] = divideRounded(net * groups.rate(index), HUNDRED_PERCENT);
  for (const index of groups.exclusiveSimple) taxedSoFar += amounts[index] ?? 0n;
  for (const index of groups.exclusiveCompound) {
    amounts[index] = divideRounded(taxedSoFar * groups.rate(index), HUNDRED_PERCENT);
    taxedSoFar += amounts[index] ?? 0n;
  }
  return amounts;
}

/** Each tax of a line as an exact fraction, unrounded (a compound tax on the exact taxes before it), in input order. */
export function exactTaxAmounts(taxable: bigint, taxes: readonly PricingTax[]): Fraction[] {
  const groups = groupsOf(taxes);
  const amounts: Fraction[] = taxes.map(() => ({ n: 0n, d: 1n }));
  const inclusive = [...groups.inclusiveSimple, ...groups.inclusiveCompound];
  inclusive.forEach((index, k) => (amounts[index] = fraction(taxable * (groups.weights[k] ?? 0n), groups.denominator)));
  const net = fraction(taxable * groups.netNumerator, groups.denominator);
  for (const index of groups.exclusiveSimple) amounts[index] = fraction(net.n * groups.rate(index), net.d * HUNDRED_PERCENT);
  // Net + inclusive taxes = A exactly.
  let taxedSoFar = fraction(taxable, 1n);
  for (const index of groups.exclusiveSimple) taxedSoFar = addFractions(taxedSoFar, amounts[index] ?? { n: 0n, d: 1n });
  for (const index of groups.exclusiveCompound) {
    const amount = fraction(taxedSoFar.n * groups.rate(index), taxedSoFar.d * HUNDRED_PERCENT);
    amounts[index] = amount;
    taxedSoFar = addFractions(taxedSoFar, amount);
  }
  return amounts;
}

/**
 * A line's taxes from their rounded `amounts` (input order): the net is A − the inclusive taxes,
 * each tax's base is the net (plus the taxes before it for a compound one), and each tax is
 * shared between the goods and the taxable charges in proportion to their amounts.
 */
export function finishTaxes(components: readonly bigint[], taxes: readonly PricingTax[], amounts: readonly bigint[]): TaxResult {
  const groups = groupsOf(taxes);
  const taxable = sumBig(components);
  const amountOf = (index: number) => amounts[index] ?? 0n;
  const net = taxable - sumBig([...groups.inclusiveSimple, ...groups.inclusiveCompound].map(amountOf));
  const bases: bigint[] = taxes.map(() => 0n);

  let taxedSoFar = net;
  for (const index of groups.inclusiveSimple) bases[index] = net;
  for (const index of groups.inclusiveSimple) taxedSoFar += amountOf(index);
  for (const index of groups.inclusiveCompound) {
    bases[index] = taxedSoFar;
    taxedSoFar += amountOf(index);
  }
  for (const index of groups.exclusiveSimple) bases[index] = net;
  for (const index of groups.exclusiveSimple) taxedSoFar += amountOf(index);
  for (const index of groups.exclusiveCompound) {
    bases[index] = taxedSoFar;
    taxedSoFar += amountOf(index);
  }

  const componentNets = [...components];
  const componentTaxes = components.map(() => 0n);
  taxes.forEach((tax, index) => {
    const shares = allocateBig(amountOf(index), components);
    shares.forEach((share, c) => {
      componentTaxes[c] = (componentTaxes[c] ?? 0n) + share;
      if (tax.isInclusive) componentNets[c] = (componentNets[c] ?? 0n) - share;
    });
  });

  return {
    net,
    taxes: taxes.map((_, index) => ({ base: bases[index] ?? 0n, amount: amountOf(index) })),
    components: components.map((_, c) => ({ net: componentNets[c] ?? 0n, tax: componentTaxes[c] ?? 0n })),
  };
}

/** Taxes on `components` (the taxable amounts of a line, each ≥ 0), rounded on the line. */
export function computeTaxes(components: readonly bigint[], taxes: readonly PricingTax[]): TaxResult {
  return finishTaxes(components, taxes, lineTaxAmounts(sumBig(components), taxes));
}
