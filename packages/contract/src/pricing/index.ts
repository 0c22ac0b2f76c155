/**
 * The pricing engine (DESIGN.md §4): line totals, discounts, charges, inclusive / exclusive /
 * compound taxes and rounding, in one pure module. The POS screen computes with it instantly and
 * the server recomputes with the same code as the authority. It imports nothing outside this
 * folder (no zod), keeps no state and never uses floating point for money.
 *
 * Units: money is an integer number of minor units (cents); a rate is an integer `rateE4` in
 * ten-thousandths of a percent (7.5 % → 75 000, 8.875 % → 88 750, 20 % → 200 000); a quantity is
 * a whole number of units.
 *
 * Rounding — the one rule: an exact quotient is rounded HALF AWAY FROM ZERO to the minor unit
 * (0.125 → 0.13, −0.125 → −0.13). The tax is rounded, never the net (9.99 incl. 20 % holds 1.67),
 * once per tax per line (on the line's whole taxable amount, not per unit) — or once per tax and
 * rate on the sale when the shop rounds per sale (`priceCart({ taxRounding: 'sale' })`) — once per
 * percentage discount and once per percentage charge. Where rounded pieces must add up to an exact
 * whole — the inclusive taxes of a price, an order discount spread over lines, a sale's tax shared
 * back over its lines — the whole is rounded once and split with the largest-remainder method.
 *
 * See README.md beside this file for the worked rules (inclusive extraction, compound taxes,
 * charges, order discounts).
 */
export { priceCart, summariseTaxes } from './cart.ts';
export { formatMinorAsDecimal, formatPercent, fractionDigitsOf, parseMoney, parsePercent } from './decimal.ts';
export type { ParseMoneyOptions, ParsePercentOptions } from './decimal.ts';
export { priceLine } from './line.ts';
export { pricePurchase, pricePurchaseLine, weightedAverageCost } from './purchase.ts';
export type { PricedPurchase, PricedPurchaseLine, PurchaseLineInput } from './purchase.ts';
export {
  allocateProportionally,
  divideRounded,
  percentOf,
  RATE_E4_HUNDRED_PERCENT,
  RATE_E4_ONE_PERCENT,
} from './rounding.ts';
export type {
  PriceCartInput,
  PricedCart,
  PricedCharge,
  PricedLine,
  PricedTax,
  PriceLineInput,
  PricingCharge,
  PricingDiscount,
  PricingOrderDiscount,
  PricingTax,
  TaxRounding,
} from './types.ts';
export * from './coupons.ts';
export * from './loyalty.ts';
