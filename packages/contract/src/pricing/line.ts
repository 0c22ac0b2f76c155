/**
 * One line: gross → discounts → charges → taxes (README.md "A line").
 *
 * 1. gross = unitPrice × quantity (whole units).
 * 2. The line discount, then the line's share of an order discount, come off the gross before
 *    tax: discountedGross. On a tax-inclusive line they come off the tax-inclusive price.
 * 3. Charges: fixed per unit × quantity, fixed per line once, percentage of discountedGross —
 *    all in the same terms as the price (tax-inclusive on an inclusive line).
 * 4. Taxes (taxes.ts) on discountedGross + the taxable charges, rounded once per tax per line
 *    (or once per tax on the sale, when the cart is priced with `taxRounding: 'sale'`; cart.ts).
 */
import { finishTaxes, lineTaxAmounts } from './taxes.ts';
import { assertSafeInteger, divideRounded, HUNDRED_PERCENT, sumBig, toSafeNumber } from './rounding.ts';
import type { PriceLineInput, PricedCharge, PricedLine, PricingCharge, PricingDiscount, PricingTax } from './types.ts';

/** Prices one line on its own (no order discount). */
export function priceLine(input: PriceLineInput): PricedLine {
  return priceLineWithOrderDiscount(input, 0);
}

/** The line's gross and its own discount: what an order discount may still take from. */
export function discountLine(input: PriceLineInput): { gross: bigint; discount: bigint } {
  assertSafeInteger(input.unitPrice, 'unitPrice');
  assertSafeInteger(input.quantity, 'quantity');
  const gross = BigInt(input.unitPrice) * BigInt(input.quantity);
  return { gross, discount: discountOf(gross, input.discount) };
}

/** `discount` of `amount`: a fixed amount is capped at `amount`, a percentage rounded once. */
export function discountOf(amount: bigint, discount: PricingDiscount | null | undefined): bigint {
  if (!discount) return 0n;
  if (discount.kind === 'amount') {
    assertSafeInteger(discount.amount, 'discount.amount');
    const off = BigInt(discount.amount);
    return off > amount ? amount : off;
  }
  assertRate(discount.rateE4, 'discount.rateE4', true);
  return divideRounded(amount * BigInt(discount.rateE4), HUNDRED_PERCENT);
}

/** Prices a line that carries `orderDiscount` (minor units) of an order discount, its taxes rounded on the line; see priceCart. */
export function priceLineWithOrderDiscount(input: PriceLineInput, orderDiscount: number): PricedLine {
  const prepared = prepareLine(input, orderDiscount);
  return finishLine(prepared, lineTaxAmounts(prepared.taxable, prepared.taxes));
}

/** A line up to its taxes: the discounts and charges, and what its taxes are computed on. */
export type PreparedLine = {
  input: PriceLineInput;
  orderDiscount: number;
  gross: bigint;
  discount: bigint;
  discountedGross: bigint;
  taxes: readonly PricingTax[];
  chargeAmounts: bigint[];
  /** Indexes of the taxable charges: component k + 1 is charge taxableCharges[k]. */
  taxableCharges: number[];
  /** Component 0 is the goods; then the taxable charges. */
  components: bigint[];
  /** Σ components: the taxable amount A. */
  taxable: bigint;
};

export function prepareLine(input: PriceLineInput, orderDiscount: number): PreparedLine {
  const { gross, discount } = discountLine(input);
  assertSafeInteger(orderDiscount, 'orderDiscount');
  const discountedGross = gross - discount - BigInt(orderDiscount);
  if (discountedGross < 0n) throw new RangeError('orderDiscount is larger than the discounted line.');

  const taxes = input.taxes ?? [];
  taxes.forEach((tax, index) => assertRate(tax.rateE4, `taxes[${index}].rateE4`, false));
  const charges = input.charges ?? [];
  const chargeAmounts = charges.map((charge, index) => chargeAmountOf(charge, index, input.quantity, discountedGross));
  const taxableCharges = charges.flatMap((charge, index) => (charge.isTaxable ? [index] : []));
  const components = [discountedGross, ...taxableCharges.map((index) => chargeAmounts[index] ?? 0n)];
  return { input, orderDiscount, gross, discount, discountedGross, taxes, chargeAmounts, taxableCharges, components, taxable: sumBig(components) };
}

/** The priced line from its prepared figures and its rounded tax `amounts` (in the order of its taxes). */
export function finishLine(prepared: PreparedLine, amounts: readonly bigint[]): PricedLine {
  const { input, orderDiscount, gross, discount, discountedGross, taxes, chargeAmounts, taxableCharges, components } = prepared;
  const charges = input.charges ?? [];
  const computed = finishTaxes(components, taxes, amounts);

  const pricedCharges: PricedCharge[] = charges.map((charge, index) => {
    const amount = chargeAmounts[index] ?? 0n;
    const position = taxableCharges.indexOf(index);
    const share = position < 0 ? { net: amount, tax: 0n } : (computed.components[position + 1] ?? { net: amount, tax: 0n });
    return {
      id: charge.id,
      name: charge.name,
      kind: charge.kind,
      isTaxable: charge.isTaxable,
      amount: toSafeNumber(amount, 'charge amount'),
      net: toSafeNumber(share.net, 'charge net'),
      tax: toSafeNumber(share.tax, 'charge tax'),
    };
  });

  const taxAmounts = computed.taxes.map((tax) => tax.amount);
  const inclusiveTaxTotal = sumBig(taxAmounts.filter((_, index) => taxes[index]?.isInclusive));
  const exclusiveTaxTotal = sumBig(taxAmounts.filter((_, index) => !taxes[index]?.isInclusive));
  const chargeTotal = sumBig(chargeAmounts);
  const total = discountedGross + chargeTotal + exclusiveTaxTotal;

  return {
    quantity: input.quantity,
    unitPrice: input.unitPrice,
    gross: toSafeNumber(gross, 'gross'),
    discount: toSafeNumber(discount, 'discount'),
    orderDiscount,
    discountedGross: toSafeNumber(discountedGross, 'discountedGross'),
    net: toSafeNumber(computed.components[0]?.net ?? 0n, 'net'),
    charges: pricedCharges,
    chargeTotal: toSafeNumber(chargeTotal, 'chargeTotal'),
    taxes: taxes.map((tax, index) => ({
      id: tax.id,
      name: tax.name,
      rateE4: tax.rateE4,
      isInclusive: tax.isInclusive,
      isCompound: tax.isCompound,
      base: toSafeNumber(computed.taxes[index]?.base ?? 0n, 'tax base'),
      amount: toSafeNumber(computed.taxes[index]?.amount ?? 0n, 'tax amount'),
    })),
    taxTotal: toSafeNumber(inclusiveTaxTotal + exclusiveTaxTotal, 'taxTotal'),
    inclusiveTaxTotal: toSafeNumber(inclusiveTaxTotal, 'inclusiveTaxTotal'),
    exclusiveTaxTotal: toSafeNumber(exclusiveTaxTotal, 'exclusiveTaxTotal'),
    total: toSafeNumber(total, 'total'),
  };
}

function chargeAmountOf(charge: PricingCharge, index: number, quantity: number, discountedGross: bigint): bigint {
  if (charge.kind === 'percentage') {
    assertRate(charge.rateE4, `charges[${index}].rateE4`, false);
    return divideRounded(discountedGross * BigInt(charge.rateE4), HUNDRED_PERCENT);
  }
  assertSafeInteger(charge.amount, `charges[${index}].amount`);
  if (charge.per === 'unit') return BigInt(charge.amount) * BigInt(quantity);
  return quantity > 0 ? BigInt(charge.amount) : 0n;
}

function assertRate(rateE4: number, name: string, isAtMostHundred: boolean): void {
  assertSafeInteger(rateE4, name);
  if (isAtMostHundred && rateE4 > Number(HUNDRED_PERCENT)) throw new RangeError(`${name} may not exceed 100 % (1 000 000).`);
}
