import type { SettledPayment, orderCreateInput } from '@tillbook/contract';
import type { z } from 'zod';
import type { OrderLineRow } from '../../db/schema/index.ts';
import type { SaleGiftCards } from '../gift-cards/service.ts';
import type { PricedSaleFromDb } from './pricing.ts';
import type { SaleRegister } from './pricing-source.ts';

type OrderCreateValues = z.output<typeof orderCreateInput>;

/** Who rings the sale up. */
export type Seller = { id: number; name: string; type: 'administrator' | 'cashier'; outletId: number | null };

/** A priced sale, checked and settled, as `sell_order` will store it (orders/create.ts). */
export type SaleToStore = {
  input: OrderCreateValues;
  seller: Seller;
  register: SaleRegister;
  sale: PricedSaleFromDb;
  lines: SoldLine[];
  payments: SettledPayment[];
  paid: number;
  change: number;
  /** The manager's approval of discounts or prices beyond the cashier's rights. */
  approvalId: number | null;
  /** The gift cards the sale sells and is paid with, checked. */
  giftCards: SaleGiftCards;
  /** What goods returned in an exchange paid of the sale (orders/exchange.ts); 0 for a sale of its own. */
  exchangeCredit?: number;
};

export type SoldLine = Omit<OrderLineRow, 'id' | 'orderId'>;

export function soldLines(sale: PricedSaleFromDb): SoldLine[] {
  const { cart } = sale.priced;
  return sale.lines.map((line, position) => {
    const priced = cart.lines[position]!;
    return {
      position,
      productId: line.item.productId,
      variantId: line.item.variantId,
      title: line.item.title,
      variantName: line.item.variantName,
      sku: line.item.sku,
      quantity: line.quantity,
      unitPrice: priced.unitPrice,
      unitCost: sale.variants.get(line.item.variantId)?.unitCost ?? 0,
      gross: priced.gross,
      discount: priced.discount,
      orderDiscount: priced.orderDiscount,
      net: priced.net,
      chargeTotal: priced.chargeTotal,
      taxTotal: priced.taxTotal,
      total: priced.total,
      taxes: priced.taxes,
      charges: priced.charges,
    };
  });
}

/** Everything `sell_order` writes, decided here: the stock changes, the order, its lines and payments. */
export function saleDocument(values: SaleToStore) {
  const { input, seller, register, sale, lines, payments, paid, change } = values;
  const { cart } = sale.priced;
  const loyalty = loyaltyColumns(sale);
  const sold = new Map<number, number>();
  for (const line of sale.lines) {
    if (sale.variants.get(line.item.variantId)?.trackStock) sold.set(line.item.variantId, (sold.get(line.item.variantId) ?? 0) - line.quantity);
  }
  return {
    order_id: register.newOrderId,
    uuid: input.uuid,
    outlet_id: register.outletId,
    outlet_code: register.outletCode,
    register_id: register.id,
    session_id: register.sessionId,
    user_id: seller.id,
    customer_id: sale.customer?.id ?? null,
    coupon_id: sale.coupon?.id ?? null,
    coupon_code: sale.coupon?.code ?? null,
    receipt_template_id: register.receiptTemplateId,
    subtotal: cart.subtotal,
    line_discount_total: cart.lineDiscountTotal,
    order_discount_total: cart.orderDiscountTotal,
    charge_total: cart.chargeTotal,
    net_total: cart.netTotal,
    tax_total: cart.taxTotal,
    total: cart.total,
    paid,
    change,
    taxes: cart.taxes,
    note: input.note,
    reward_id: loyalty.rewardId,
    reward_name: loyalty.rewardName,
    reward_kind: loyalty.rewardKind,
    reward_points: loyalty.rewardPoints,
    reward_discount: loyalty.rewardDiscount,
    points_redeemed: loyalty.pointsRedeemed,
    points_paid: loyalty.pointsPaid,
    points_earned: loyalty.pointsEarned,
    points_minimum_balance: sale.loyaltyRules?.redemption.minimumBalance ?? 0,
    approval_id: values.approvalId,
    store_credit_paid: input.storeCredit,
    gift_cards_sold: values.giftCards.giftCardsSold,
    gift_cards_paid: values.giftCards.giftCardsPaid,
    gift_card_expires_at: values.giftCards.expiresAt,
    // Codes in order, so two sales of the same cards lock them in the same order.
    gift_cards: [...values.giftCards.sold].sort((a, b) => a.code.localeCompare(b.code)),
    gift_card_payments: [...values.giftCards.spent].sort((a, b) => a.code.localeCompare(b.code)),
    // Locked in variant order, so two sales of the same products never deadlock.
    stock: [...sold].sort(([a], [b]) => a - b).map(([variant_id, delta]) => ({ variant_id, delta })),
    // The function reads the document by its columns' names.
    lines: lines.map((line) => ({
      position: line.position,
      product_id: line.productId,
      variant_id: line.variantId,
      title: line.title,
      variant_name: line.variantName,
      sku: line.sku,
      quantity: line.quantity,
      unit_price: line.unitPrice,
      unit_cost: line.unitCost,
      gross: line.gross,
      discount: line.discount,
      order_discount: line.orderDiscount,
      net: line.net,
      charge_total: line.chargeTotal,
      tax_total: line.taxTotal,
      total: line.total,
      taxes: line.taxes,
      charges: line.charges,
    })),
    payments: payments.map((p, position) => ({ position, ...p })),
  };
}

/** The order's loyalty columns: what the reward and the points tender took, and what the sale earns. */
export function loyaltyColumns(sale: PricedSaleFromDb) {
  const priced = sale.priced.loyalty;
  return {
    rewardId: sale.reward?.id ?? null,
    rewardName: sale.reward?.name ?? null,
    rewardKind: sale.reward?.kind ?? null,
    rewardPoints: sale.reward?.points ?? 0,
    rewardDiscount: priced?.rewardDiscount ?? 0,
    pointsRedeemed: priced?.pointsRedeemed ?? 0,
    pointsPaid: priced?.pointsPaid ?? 0,
    pointsEarned: priced?.pointsEarned ?? 0,
  };
}
