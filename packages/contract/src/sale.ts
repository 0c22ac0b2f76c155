/**
 * A sale priced the one way (DESIGN.md §4): the sell screen prices the cart with this as the
 * cashier types, and POST /api/orders/create prices it again with the same code from the database
 * and refuses a different total. Payments are settled here too, so change is worked out once.
 */
import type { Tender } from './cashbox.ts';
import { couponOrderDiscount, evaluateCoupon, type CouponContext, type CouponEvaluation, type CouponRule } from './pricing/coupons.ts';
import { priceCart, priceLine } from './pricing/index.ts';
import type { PricedCart, PricingCharge, PricingDiscount, PricingTax, TaxRounding } from './pricing/types.ts';

/** What the price of one variant needs: from the register's catalogue copy, or from the database. */
export type SaleItem = {
  variantId: number;
  productId: number;
  title: string;
  /** "M / Red"; empty for a default variant. */
  variantName: string;
  sku: string;
  unitPrice: number;
  /** In the order the product applies them. */
  taxes: readonly PricingTax[];
  charges: readonly PricingCharge[];
  categoryIds: readonly number[];
};

export type SaleLine = { item: SaleItem; quantity: number; discount: PricingDiscount | null };

export type SaleCoupon = { rule: CouponRule; context: CouponContext };

export type PricedSale = {
  cart: PricedCart;
  /** The coupon's verdict; when it applies its discount replaces the manual order discount. */
  coupon: CouponEvaluation | null;
};

/**
 * Prices the lines with either the coupon (when it applies) or the manual order discount: one
 * order discount at a time. The coupon is judged on each line's price after its own discount.
 * `taxRounding` is the shop's setting (per line unless the shop rounds per sale).
 */
export function priceSale(
  lines: readonly SaleLine[],
  orderDiscount: PricingDiscount | null,
  coupon: SaleCoupon | null,
  taxRounding: TaxRounding = 'line',
): PricedSale {
  const inputs = lines.map((line) => ({
    unitPrice: line.item.unitPrice,
    quantity: line.quantity,
    taxes: line.item.taxes,
    charges: line.item.charges,
    discount: line.discount,
  }));
  if (!coupon) return { cart: priceCart({ lines: inputs, orderDiscount, taxRounding }), coupon: null };
  const couponCart = {
    lines: lines.map((line, index) => {
      const priced = priceLine(inputs[index]!);
      return { productId: line.item.productId, categoryIds: line.item.categoryIds, total: priced.gross - priced.discount };
    }),
  };
  const evaluation = evaluateCoupon(coupon.rule, couponCart, coupon.context);
  const cart = priceCart({ lines: inputs, orderDiscount: evaluation.ok ? couponOrderDiscount(evaluation) : orderDiscount, taxRounding });
  return { cart, coupon: evaluation };
}

export type PaymentTendered = { tender: Tender; amount: number; reference?: string | null };
export type SettledPayment = { tender: Tender; amount: number; tendered: number; change: number; reference: string | null };

export type Settlement =
  | { ok: true; paid: number; change: number; payments: SettledPayment[] }
  | { ok: false; paid: number; due: number; message: string };

/**
 * Settles what was handed over against the total. The sale completes only when fully paid;
 * change comes only out of cash (a card is never charged more than is due), taken from the last
 * cash payment first. `formatMoney` words the messages in the shop's currency.
 */
export function settlePayments(total: number, payments: readonly PaymentTendered[], formatMoney: (minor: number) => string): Settlement {
  const paid = payments.reduce((sum, p) => sum + p.amount, 0);
  if (paid < total) {
    return { ok: false, paid, due: total - paid, message: `The sale is not fully paid: ${formatMoney(total - paid)} is still due.` };
  }
  let change = paid - total;
  const cash = payments.reduce((sum, p) => sum + (p.tender === 'cash' ? p.amount : 0), 0);
  if (change > cash) {
    return {
      ok: false,
      paid,
      due: 0,
      message: `Card and other payments may not exceed what is due: ${formatMoney(change - cash)} too much was entered.`,
    };
  }
  const settled: SettledPayment[] = payments.map((p) => ({ tender: p.tender, amount: p.amount, tendered: p.amount, change: 0, reference: p.reference ?? null }));
  const totalChange = change;
  for (let index = settled.length - 1; index >= 0 && change > 0; index -= 1) {
    const payment = settled[index]!;
    if (payment.tender !== 'cash') continue;
    const given = Math.min(change, payment.tendered);
    payment.change = given;
    payment.amount = payment.tendered - given;
    change -= given;
  }
  return { ok: true, paid, change: totalChange, payments: settled };
}

/**
 * MAIN-000123: the outlet's code and its sale number, padded to six digits. The server writes the
 * same in SQL, inside the statement that takes the number (apps/server/src/modules/orders/create.ts).
 */
export function formatOrderNumber(outletCode: string, sequence: number): string {
  return `${outletCode}-${String(sequence).padStart(6, '0')}`;
}
