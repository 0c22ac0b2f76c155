import { giftCardsTotal, priceSale, type Order, type orderCreateInput, type PricingDiscount, type SaleLine } from '@tillbook/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { hasCustomerMoved } from './queries.ts';

type OrderCreateValues = z.output<typeof orderCreateInput>;

/**
 * Whether a request that arrives with a stored sale's uuid is that same sale sent again (a retry:
 * answer the stored order) or a different sale (a 409, never the other sale's answer — Stripe's
 * rule for a reused idempotency key; decision 011).
 *
 * What defines a sale is compared, never when it was made: the register, the lines (variant,
 * quantity, line discount, the share of the order discount), the coupon, the customer, the store
 * credit and gift cards spent, the gift cards sold, each payment (tender, what was handed over, reference) and the total the screen showed. The note is
 * not: staff may edit it afterwards. The customer neither once staff moved the sale to another one.
 *
 * Discounts are compared by what they took off: the request's are worked out by the pricing
 * engine on the stored unit prices (a discount never depends on taxes or charges), so a price
 * changed since the sale does not turn a retry into a conflict.
 */
export function isSameSale(input: OrderCreateValues, order: Order, options: { customerMoved: boolean }): boolean {
  if (order.registerId !== input.registerId) return false;
  if (order.total !== input.total) return false;
  if (!options.customerMoved && order.customerId !== input.customerId) return false;
  if ((order.couponCode ?? '').toLowerCase() !== (input.couponCode ?? '').toLowerCase()) return false;
  if (order.storeCreditPaid !== input.storeCredit) return false;
  if (order.giftCardsSold !== giftCardsTotal(input.giftCards) || order.giftCardsPaid !== giftCardsTotal(input.giftCardPayments)) return false;

  if (order.lines.length !== input.lines.length) return false;
  if (!input.lines.every((line, index) => line.variantId === order.lines[index]!.variantId && line.quantity === order.lines[index]!.quantity)) return false;
  // A price the cashier set is the price the line was sold at.
  if (!input.lines.every((line, index) => line.unitPrice === null || line.unitPrice === order.lines[index]!.unitPrice)) return false;
  // The redemption: the same reward and the same points as a tender. A reward's discount follows
  // from the reward and the lines (compared), and the equal total holds the rest.
  const loyalty = order.loyalty;
  if ((loyalty?.rewardId ?? null) !== (input.redemption?.rewardId ?? null)) return false;
  if ((loyalty ? loyalty.pointsRedeemed - loyalty.rewardPoints : 0) !== (input.redemption?.points ?? 0)) return false;
  if (loyalty?.rewardId != null) return samePayments(input, order);
  const lines: SaleLine[] = order.lines.map((stored, index) => ({
    item: { variantId: stored.variantId ?? 0, productId: stored.productId ?? 0, title: stored.title, variantName: stored.variantName, sku: stored.sku, unitPrice: stored.unitPrice, taxes: [], charges: [], categoryIds: [] },
    quantity: stored.quantity,
    discount: input.lines[index]!.discount as PricingDiscount | null,
  }));
  // A coupon's discount follows from the coupon and the lines, both compared already.
  const { cart } = priceSale(lines, order.couponCode ? null : (input.orderDiscount as PricingDiscount | null), null);
  const sameDiscounts = order.lines.every(
    (stored, index) => cart.lines[index]!.discount === stored.discount && (order.couponCode !== null || cart.lines[index]!.orderDiscount === stored.orderDiscount),
  );
  if (!sameDiscounts) return false;
  return samePayments(input, order);
}

function samePayments(input: OrderCreateValues, order: Order): boolean {
  if (order.payments.length !== input.payments.length) return false;
  return input.payments.every((payment, index) => {
    const stored = order.payments[index]!;
    return payment.tender === stored.tender && payment.amount === stored.tendered && (payment.reference ?? null) === stored.reference;
  });
}

/** Whether staff moved the sale to another customer after it was made (the order's timeline says so). */
export function isCustomerMoved(db: DbOrTx, orderId: number): Promise<boolean> {
  return hasCustomerMoved(db, orderId);
}

export const saleIdConflictMessage = 'This sale id belongs to a different sale. This sale was not stored: send it with a new sale id.';
