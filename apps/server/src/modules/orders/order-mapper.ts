import type { Order, OrderLine, OrderListItem, OrderLoyalty, OrderPayment } from '@tillbook/contract';
import type { OrderLineRow, OrderPaymentRow, OrderRow } from '../../db/schema/index.ts';

/**
 * An order as the replies need it: its row and the names the screens show. A new sale is answered
 * from what was just stored, so its row may come without `updatedAt`, which no reply carries.
 */
export type NamedOrder = {
  order: Omit<OrderRow, 'updatedAt'> & { updatedAt?: Date };
  outletName: string;
  registerName: string | null;
  cashierName: string | null;
  customerName: string | null;
  customerEmail: string | null;
};

/** A line as stored, from the table or from the sale that wrote it. */
export type OrderLineFields = Omit<OrderLineRow, 'orderId' | 'position' | 'unitCost' | 'net'>;

export type OrderPaymentFields = Pick<OrderPaymentRow, 'id' | 'tender' | 'amount' | 'tendered' | 'change' | 'reference'>;

/** The list row without its tenders (the detail has the payments themselves). */
export function toOrderListItem(row: NamedOrder): Omit<OrderListItem, 'tenders'> {
  const {
    taxes: _taxes,
    updatedAt: _updatedAt,
    rewardId: _rewardId,
    rewardName: _rewardName,
    rewardKind: _rewardKind,
    rewardPoints: _rewardPoints,
    rewardDiscount: _rewardDiscount,
    pointsRedeemed: _pointsRedeemed,
    pointsPaid: _pointsPaid,
    pointsEarned: _pointsEarned,
    ...order
  } = row.order;
  return {
    ...order,
    discountTotal: order.lineDiscountTotal + order.orderDiscountTotal,
    outletName: row.outletName,
    registerName: row.registerName,
    cashierName: row.cashierName ?? '',
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    createdAt: order.createdAt.toISOString(),
  };
}

export function toOrderLine(line: OrderLineFields): OrderLine {
  return {
    id: line.id,
    productId: line.productId,
    variantId: line.variantId,
    title: line.title,
    variantName: line.variantName,
    sku: line.sku,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    gross: line.gross,
    discount: line.discount,
    orderDiscount: line.orderDiscount,
    chargeTotal: line.chargeTotal,
    taxTotal: line.taxTotal,
    total: line.total,
    taxes: line.taxes,
    charges: line.charges,
  };
}

export function toOrderPayment(payment: OrderPaymentFields): OrderPayment {
  return { id: payment.id, tender: payment.tender, amount: payment.amount, tendered: payment.tendered, change: payment.change, reference: payment.reference };
}

/** What a sale with a customer redeemed and earned; `balanceAfter` is the balance its ledger entries left. */
export function toOrderLoyalty(order: NamedOrder['order'], balanceAfter: number | null): OrderLoyalty | null {
  if (order.customerId === null) return null;
  return {
    rewardId: order.rewardId,
    rewardName: order.rewardName,
    rewardKind: order.rewardKind,
    rewardPoints: order.rewardPoints,
    rewardDiscount: order.rewardDiscount,
    pointsRedeemed: order.pointsRedeemed,
    pointsPaid: order.pointsPaid,
    pointsEarned: order.pointsEarned,
    balanceAfter,
  };
}

/** One order with its lines, payments and taxes: the reply of a sale, of its retry and of its detail. */
export function toOrder(
  row: NamedOrder,
  lines: readonly OrderLineFields[],
  payments: readonly OrderPaymentFields[],
  pointsBalanceAfter: number | null = null,
): Order {
  return {
    ...toOrderListItem(row),
    taxes: row.order.taxes,
    lines: lines.map(toOrderLine),
    payments: payments.map(toOrderPayment),
    loyalty: toOrderLoyalty(row.order, pointsBalanceAfter),
  };
}
