/**
 * What a cashier changed by hand on a sale — line and sale discounts, prices set in place of the
 * catalogue's — and whether that is within the shop's cashier rights (issue 16). The sell screen
 * says so as the cashier types; POST /api/orders/create decides with the same code and asks for
 * an administrator's approval beyond the rights. Coupons and rewards are not manual discounts:
 * they are never limited.
 */
import type { CashierRights } from './approvals.ts';
import { formatPercent } from './pricing/decimal.ts';
import type { PricedCart, PricingDiscount } from './pricing/types.ts';
import { isPriceOverridden, unitPriceOf, type SaleLine } from './sale.ts';

const HUNDRED_PERCENT = 1_000_000n;

/** A discount the cashier gave: on a line (`lineIndex`) or on the whole sale (`lineIndex` null). */
export type ManualDiscount = {
  lineIndex: number | null;
  /** "Croissant", "Linen shirt — M / Blue", or "the sale". */
  title: string;
  discount: PricingDiscount;
  /** Minor units it took off. */
  off: number;
  /** Its share of what it discounts, rounded up (rateE4: 10 % → 100 000). */
  rateE4: number;
};

/** A line sold at a price the cashier set. */
export type PriceOverride = { lineIndex: number; title: string; from: number; to: number };

export type ManualChanges = { discounts: ManualDiscount[]; overrides: PriceOverride[] };

/** "Linen shirt — M / Blue", or the title alone for a product without variants. */
export function saleLineTitle(line: Pick<SaleLine, 'item'>): string {
  return line.item.variantName ? `${line.item.title} — ${line.item.variantName}` : line.item.title;
}

/**
 * The share of `base` a discount takes, as a rate rounded up: a percentage is its own rate; an
 * amount is `off / base` (so it is above a limit exactly when off × 100 % > limit × base).
 */
export function discountRateE4(discount: PricingDiscount, off: number, base: number): number {
  if (discount.kind === 'percentage') return discount.rateE4;
  if (off <= 0) return 0;
  if (base <= 0) return Number(HUNDRED_PERCENT);
  const scaled = BigInt(off) * HUNDRED_PERCENT;
  const rate = (scaled + BigInt(base) - 1n) / BigInt(base);
  return Number(rate > HUNDRED_PERCENT ? HUNDRED_PERCENT : rate);
}

/** "25 %", "8.875 %"; a rate worked out from an amount is shown rounded up to a tenth of a percent. */
export function percentLabel(discount: PricingDiscount, rateE4: number): string {
  const shown = discount.kind === 'percentage' ? rateE4 : Math.ceil(rateE4 / 1000) * 1000;
  return `${formatPercent(shown)} %`;
}

/**
 * The sale's manual discounts and price overrides, from its lines and its priced cart.
 * `orderDiscount` counts only when it is `manual` (no coupon or reward took its place);
 * `rewardLineIndex` is the line whose discount a free-product reward replaced (−1: none).
 */
export function manualChangesOf(
  lines: readonly SaleLine[],
  cart: PricedCart,
  orderDiscount: { discount: PricingDiscount | null; manual: boolean },
  rewardLineIndex = -1,
): ManualChanges {
  const discounts: ManualDiscount[] = [];
  const overrides: PriceOverride[] = [];
  lines.forEach((line, index) => {
    const priced = cart.lines[index];
    if (!priced) return;
    if (isPriceOverridden(line)) overrides.push({ lineIndex: index, title: saleLineTitle(line), from: line.item.unitPrice, to: unitPriceOf(line) });
    if (line.discount && index !== rewardLineIndex && priced.discount > 0) {
      discounts.push({
        lineIndex: index,
        title: saleLineTitle(line),
        discount: line.discount,
        off: priced.discount,
        rateE4: discountRateE4(line.discount, priced.discount, priced.gross),
      });
    }
  });
  const sale = orderDiscount.discount;
  if (sale && orderDiscount.manual && cart.orderDiscountTotal > 0) {
    const base = cart.subtotal - cart.lineDiscountTotal;
    discounts.push({ lineIndex: null, title: 'the sale', discount: sale, off: cart.orderDiscountTotal, rateE4: discountRateE4(sale, cart.orderDiscountTotal, base) });
  }
  return { discounts, overrides };
}

/** A discount above what a cashier may give alone. */
export function isAboveDiscountRight(rateE4: number, rights: Pick<CashierRights, 'discountUpToE4'>): boolean {
  return rateE4 > rights.discountUpToE4;
}

/** Why the changes need a manager, one sentence each, or null when a cashier may make them alone. */
export function rightsNeededFor(changes: ManualChanges, rights: Pick<CashierRights, 'discountUpToE4' | 'priceOverride'>): string | null {
  const limit = `${formatPercent(rights.discountUpToE4)} %`;
  const sentences = [
    ...changes.overrides.filter(() => !rights.priceOverride).map((o) => `Changing the price of ${o.title} needs a manager.`),
    ...changes.discounts
      .filter((d) => isAboveDiscountRight(d.rateE4, rights))
      .map((d) => `A discount of ${percentLabel(d.discount, d.rateE4)} on ${d.title} is above the ${limit} a cashier may give.`),
  ];
  return sentences.length ? sentences.join(' ') : null;
}

/** The sell screen's word beside a discount or price beyond the cashier's right. */
export function aboveRightNote(rights: Pick<CashierRights, 'discountUpToE4'>): string {
  return `Above ${formatPercent(rights.discountUpToE4)} %: a manager will approve at payment.`;
}
