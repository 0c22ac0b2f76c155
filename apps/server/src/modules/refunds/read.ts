import { maskGiftCardCode, type Refund } from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { giftCardsOfRefunds } from '../gift-cards/service.ts';
import { findRefundHeads, findRefundLines, findRefundPayments, hasOrder } from './queries.ts';

/** An order's refunds, oldest first, with their lines (named as they were sold), payments and the gift cards they put money back onto. */
export function listRefunds(db: DbOrTx, orderId: number): Promise<Refund[]> {
  return refundsOf(db, { orderId });
}

/** One refund by id (a return without a receipt has no order to list it by); undefined when there is none. */
export async function getRefund(db: DbOrTx, id: number): Promise<Refund | undefined> {
  return (await refundsOf(db, { id }))[0];
}

async function refundsOf(db: DbOrTx, where: { orderId: number } | { id: number }): Promise<Refund[]> {
  const heads = await findRefundHeads(db, where);
  if (heads.length === 0) return [];
  const ids = heads.map((h) => h.refund.id);
  const [lines, payments, cards] = await Promise.all([findRefundLines(db, ids), findRefundPayments(db, ids), giftCardsOfRefunds(db, ids)]);
  return heads.map(({ refund, userName, hasCustomer, approval, exchangeOrderNumber }) => ({
    id: refund.id,
    orderId: refund.orderId,
    number: refund.number,
    outletId: refund.outletId,
    registerId: refund.registerId,
    cashboxSessionId: refund.cashboxSessionId,
    userId: refund.userId,
    userName: userName ?? 'A former user',
    reason: refund.reason,
    netTotal: refund.netTotal,
    taxTotal: refund.taxTotal,
    total: refund.total,
    taxes: refund.taxes,
    lines: lines
      .filter((l) => l.line.refundId === refund.id)
      .map(({ line, title, variantName, sku }) => ({
        id: line.id,
        orderLineId: line.orderLineId,
        variantId: line.variantId,
        title,
        variantName,
        sku,
        quantity: line.quantity,
        restock: line.restock,
        net: line.net,
        taxTotal: line.taxTotal,
        total: line.total,
        taxes: line.taxes,
      })),
    payments: payments.filter((p) => p.refundId === refund.id).map((p) => ({ id: p.id, tender: p.tender, amount: p.amount, reference: p.reference })),
    points: hasCustomer
      ? { returned: refund.pointsReturned, pointsPaidBack: refund.pointsPaidBack, reversed: refund.pointsReversed, unrecovered: refund.pointsUnrecovered }
      : null,
    storeCredit: refund.storeCredit,
    giftCard: refund.giftCard,
    // Masked as a receipt prints a spending: the card is the customer's, and refunds are read at the till too.
    giftCards: cards
      .filter((c) => c.refundId === refund.id)
      .map((c) => ({ giftCardId: c.giftCardId, maskedCode: maskGiftCardCode(c.code), amount: c.amount, balanceAfter: c.balanceAfter })),
    exchange: refund.exchangeOrderId !== null && exchangeOrderNumber ? { amount: refund.exchange, orderId: refund.exchangeOrderId, orderNumber: exchangeOrderNumber } : null,
    approval:
      approval?.id != null && approval.method !== null && approval.createdAt !== null
        ? { id: approval.id, approverName: approval.approverName ?? 'A former user', method: approval.method, createdAt: approval.createdAt.toISOString() }
        : null,
    createdAt: refund.createdAt.toISOString(),
  }));
}

/** An unknown order's refunds are a 404, not an empty list. */
export async function listRefundsOfOrder(db: DbOrTx, orderId: number): Promise<Refund[]> {
  if (!(await hasOrder(db, orderId))) throw AppError.notFound();
  return listRefunds(db, orderId);
}
