/**
 * Inputs and results of the pricing engine. Every amount is an integer number of minor units
 * (cents), every rate an integer `rateE4` (ten-thousandths of a percent: 7.5 % → 75 000).
 * Names carry a Pricing/Priced prefix so they never clash with the areas' zod types (Tax, Charge).
 */

/** A tax as set on a product, or as snapshotted onto an order line. */
export type PricingTax = {
  id: number;
  name: string;
  /** 7.5 % → 75 000. */
  rateE4: number;
  /** The price already contains this tax: it is extracted from the price, not added on top. */
  isInclusive: boolean;
  /** Tax on tax: computed on the net plus the taxes applied before it, instead of on the net. */
  isCompound: boolean;
};

/** An additional charge of a product (bottle deposit, service, packaging). */
export type PricingCharge = {
  id: number;
  name: string;
  /** Taxed with the line's own taxes, by the same rules as the goods; otherwise never taxed. */
  isTaxable: boolean;
} & (
  | {
      kind: 'fixed';
      /** Minor units, in the same terms as the unit price (tax-inclusive on an inclusive line). */
      amount: number;
      /** 'unit': amount × quantity; 'line': amount once (a line of quantity 0 carries none). */
      per: 'unit' | 'line';
    }
  | {
      kind: 'percentage';
      /** Of the line's discounted price (`discountedGross`); 10 % → 100 000. */
      rateE4: number;
      /** Makes no difference for a percentage (a share of every unit is a share of the line). */
      per?: 'unit' | 'line';
    }
);

/** A discount on one line, or on the whole order (then spread over the lines). */
export type PricingDiscount =
  | { kind: 'amount'; /** Minor units off; never more than what it applies to. */ amount: number }
  | { kind: 'percentage'; /** 15 % → 150 000, at most 100 %. */ rateE4: number };

/** An order-level discount: a manual one today, a coupon's later (same path). */
export type PricingOrderDiscount = PricingDiscount & {
  /** Indexes into `lines` it may be spread over (a coupon for some products); default: every line. */
  lineIndexes?: readonly number[];
};

export type PriceLineInput = {
  /** Price of one unit in minor units: tax-inclusive if the line has inclusive taxes. */
  unitPrice: number;
  /** Whole units (weighed goods are not priced by weight yet). */
  quantity: number;
  /** In the order they are configured; the engine computes compound ones after the others. */
  taxes?: readonly PricingTax[];
  charges?: readonly PricingCharge[];
  /** Taken off the line before tax (off the tax-inclusive price on an inclusive line). */
  discount?: PricingDiscount | null;
};

/** One tax of a priced line (or, in a cart, summed per tax over the lines). */
export type PricedTax = {
  id: number;
  name: string;
  rateE4: number;
  isInclusive: boolean;
  isCompound: boolean;
  /** What the tax was computed on: the tax-free amount (goods + taxable charges), plus the earlier taxes for a compound tax. */
  base: number;
  amount: number;
};

export type PricedCharge = {
  id: number;
  name: string;
  kind: 'fixed' | 'percentage';
  isTaxable: boolean;
  /** What the charge adds to the line before exclusive taxes (contains its inclusive tax). */
  amount: number;
  /** The charge without any tax. */
  net: number;
  /** This charge's share of the line's taxes (its included tax plus the tax added on it): net + tax is what the customer pays for it. */
  tax: number;
};

export type PricedLine = {
  quantity: number;
  unitPrice: number;
  /** unitPrice × quantity: the shelf amount before discounts (contains inclusive taxes, not exclusive ones). */
  gross: number;
  /** The line's own discount. */
  discount: number;
  /** This line's share of the order discount (0 when priced alone). */
  orderDiscount: number;
  /** gross − discount − orderDiscount: the price of the goods after every discount. */
  discountedGross: number;
  /** The goods after discounts without any tax (= discountedGross when no tax is inclusive). */
  net: number;
  charges: PricedCharge[];
  /** Σ charges.amount. */
  chargeTotal: number;
  /** In the order of the input's taxes. */
  taxes: PricedTax[];
  /** Σ taxes.amount: inclusive and exclusive. */
  taxTotal: number;
  /** The part of taxTotal already inside discountedGross and the charges. */
  inclusiveTaxTotal: number;
  /** The part of taxTotal added on top. */
  exclusiveTaxTotal: number;
  /** What the customer pays for the line: discountedGross + chargeTotal + exclusiveTaxTotal (= net + Σ charges.net + taxTotal). */
  total: number;
};

/**
 * How a sale's taxes are rounded (the shop's setting): `'line'` rounds every tax once on every
 * line; `'sale'` adds each tax's exact amounts over the sale and rounds once per tax and rate,
 * then shares that amount back over the lines (largest remainder) — "round globally".
 */
export type TaxRounding = 'line' | 'sale';

export type PriceCartInput = {
  lines: readonly PriceLineInput[];
  orderDiscount?: PricingOrderDiscount | null;
  /** Default `'line'`. */
  taxRounding?: TaxRounding;
};

export type PricedCart = {
  /** In the order of the input's lines. */
  lines: PricedLine[];
  /** Σ lines.gross: before any discount. */
  subtotal: number;
  lineDiscountTotal: number;
  /** The order discount actually given (a fixed amount is capped at what it applies to). */
  orderDiscountTotal: number;
  /** lineDiscountTotal + orderDiscountTotal. */
  discountTotal: number;
  chargeTotal: number;
  /** Everything sold without tax: Σ (line net + charge nets). netTotal + taxTotal = total. */
  netTotal: number;
  taxTotal: number;
  inclusiveTaxTotal: number;
  exclusiveTaxTotal: number;
  /** What the customer pays: subtotal − discountTotal + chargeTotal + exclusiveTaxTotal. */
  total: number;
  /** One entry per tax (by id, and by rate should one tax carry two rates), in order of first use: for receipts and reports. */
  taxes: PricedTax[];
};
