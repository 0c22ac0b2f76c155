import {
  formatMoney,
  maskGiftCardCode,
  refundPointsOf,
  refundShareOf,
  sumRefundTaxes,
  type Refund,
  type RefundCreateInput,
  type RefundShare,
  type ShopSettings,
} from '@tillbook/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { OrderLineRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { summariseRefund } from '../analytics/service.ts';
import { approvalFor, verifyApproval, type VerifiedApprover } from '../approvals/service.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { changeStoreCredit } from '../customers/service.ts';
import { putBackOntoGiftCards } from '../gift-cards/service.ts';
import { recordOrderEvent } from '../orders/service.ts';
import { getShopSettings } from '../settings/service.ts';
import { changeStock } from '../stock/service.ts';
import { drawerFor, type Refunder, type RefundDrawer } from './drawer.ts';
import { paybackOf } from './payback.ts';
import {
  countRefundsOfOrder,
  findOrderForUpdate,
  findOrderLines,
  insertRefund,
  insertRefundLines,
  insertRefundPayments,
  refundCustomerPoints,
  releaseCouponUse,
  setExchangeOrder,
  setRefundPoints,
  subtractCustomerSpend,
  sumRefundedUnitsByLine,
  sumRefundPointsOfOrder,
  updateOrderStatus,
} from './queries.ts';
import { listRefunds } from './read.ts';
import { saleRoomOf } from './room.ts';

export { findSaleForReturn } from './lookup.ts';
export type { Refunder } from './drawer.ts';

/** Where the request came from: who, for the audit, and the address the approval's tries are throttled by. */
export type RefundRequest = { actor: AuditActor; ip: string };

/** Why a cashier's refund of `total` in money needs an administrator (null: it does not); administrators are never limited. */
export function approvalNeeded(refunder: Refunder, total: number, style: ShopSettings): string | null {
  // Nothing going back (an even exchange) needs no one's approval.
  if (refunder.type === 'administrator' || total <= 0) return null;
  const upTo = style.cashierRights.refundUpTo;
  if (upTo === 0) return 'A refund at the till needs a manager’s approval.';
  return total > upTo ? `Refunds above ${formatMoney(upTo, style)} need a manager’s approval.` : null;
}

/** Units of each sold line already refunded. */
async function refundedSoFar(tx: DbOrTx, orderId: number) {
  const lineRows = await sumRefundedUnitsByLine(tx, orderId);
  return { units: new Map(lineRows.map((r) => [r.orderLineId, r.quantity])) };
}

function itemName(line: OrderLineRow): string {
  return line.variantName ? `${line.title} (${line.variantName})` : line.title;
}

/**
 * Refunds part of a sale in one transaction: the refund with its lines and payments, restocked
 * goods back through the ledger, the order's status, the customer's spend and store credit, what
 * gift cards paid back onto them, the coupon use when nothing is left, the order's timeline, the
 * approval a cashier's refund above the shop's limit needs, and the audit row. The order row is
 * locked first so two refunds of the same sale take turns and never give back more than was sold
 * or paid.
 */
export async function createRefund(db: Db, orderId: number, input: RefundCreateInput, refunder: Refunder, request: RefundRequest): Promise<Refund> {
  // Before the transaction: a wrong PIN is counted (and throttled) even though the refund is refused.
  const verified = await verifyApproval(db, input.approval, request.ip);
  const { id } = await db.transaction(async (tx) => refundWithin(tx, orderId, input, { refunder, request, verified }));
  const stored = (await listRefunds(db, orderId)).find((r) => r.id === id);
  if (!stored) throw new Error('The refund was not read back');
  return stored;
}

/** Who refunds, and the administrator who approved it, checked before the transaction. */
export type RefundParty = { refunder: Refunder; request: RefundRequest; verified: VerifiedApprover | null };

/**
 * An exchange's terms (orders/exchange.ts): the new sale's due at the drawer, which the returned
 * goods pay first, and the drawer of the register that sells it, which pays back the rest in cash.
 */
export type ExchangeTerms = { due: number; drawer: RefundDrawer };

/** The refund stored; `exchange`, the part of it that pays the exchange's new sale. */
export type RefundDone = { id: number; number: string; total: number; exchange: number; orderNumber: string };

/** The refund's work inside the caller's transaction: a refund's own, or an exchange's with its sale. */
export async function refundWithin(tx: DbOrTx, orderId: number, input: RefundCreateInput, party: RefundParty, exchange?: ExchangeTerms): Promise<RefundDone> {
  const { refunder, request, verified } = party;
  const style = await getShopSettings(tx);
  const order = await findOrderForUpdate(tx, orderId);
  if (!order) throw AppError.notFound();
  const sold = await findOrderLines(tx, orderId);
  const so = await refundedSoFar(tx, orderId);

  const errors: Record<string, string[]> = {};
  const asked = new Map<number, number>();
  const shares: Array<{ line: OrderLineRow; quantity: number; restock: boolean; share: RefundShare }> = [];
  input.lines.forEach((wanted, index) => {
    const line = sold.find((l) => l.id === wanted.orderLineId);
    if (!line) {
      errors[`lines.${index}.orderLineId`] = ['This item is not on the sale.'];
      return;
    }
    const before = (so.units.get(line.id) ?? 0) + (asked.get(line.id) ?? 0);
    const left = line.quantity - before;
    if (wanted.quantity > left) {
      errors[`lines.${index}.quantity`] = [left > 0 ? `Only ${left} of ${itemName(line)} can still be refunded.` : `${itemName(line)} has already been refunded.`];
      return;
    }
    asked.set(line.id, (asked.get(line.id) ?? 0) + wanted.quantity);
    shares.push({ line, quantity: wanted.quantity, restock: wanted.restock, share: refundShareOf(line, before, wanted.quantity) });
  });
  if (Object.keys(errors).length) throw AppError.validation(errors);

  const total = shares.reduce((sum, s) => sum + s.share.total, 0);
  const unitsLeft = sold.reduce((sum, l) => sum + l.quantity - (so.units.get(l.id) ?? 0) - (asked.get(l.id) ?? 0), 0);
  // The part of the sale points paid goes back as points: the tenders give back the rest.
  const points = refundPointsOf(order, await sumRefundPointsOfOrder(tx, orderId), total, unitsLeft === 0);
  const { room } = await saleRoomOf(tx, order);
  // An exchange: the goods returned pay the new sale first, up to what its drawer tenders would owe.
  const toSale = exchange ? Math.min(Math.max(0, total - points.pointsPaidBack), Math.max(0, exchange.due)) : 0;
  const { payments, giftCard, storeCredit } = paybackOf(input, total, points.pointsPaidBack, { hasCustomer: order.customerId !== null, room }, style, toSale);

  const count = await countRefundsOfOrder(tx, orderId);
  const number = `${order.number}-R${count + 1}`;
  const paysCash = payments.some((p) => p.tender === 'cash');
  // An exchange is counted in the drawer of the register that sells (its sale checks it is open).
  const drawer = exchange?.drawer ?? (await drawerFor(tx, refunder, order, input.cashboxSessionId, paysCash));
  const cashboxSessionId = drawer.sessionId;
  const summary = exchange ? `Exchange ${number}: ${formatMoney(total, style)} of goods back` : `Refund ${number} of ${formatMoney(total, style)}`;
  // What pays the exchange's new sale stays in the shop: only money going back needs the right.
  const approval = await approvalFor(tx, approvalNeeded(refunder, total - toSale, style), verified, {
    action: 'refund',
    requester: refunder,
    outletId: drawer.outletId,
    registerId: drawer.registerId,
    amount: total,
    detail: summary,
  });
  const refund = await insertRefund(tx, {
    orderId,
    number,
    outletId: order.outletId,
    registerId: order.registerId,
    cashboxSessionId,
    userId: refunder.id,
    reason: input.reason,
    netTotal: shares.reduce((sum, s) => sum + s.share.net, 0),
    taxTotal: shares.reduce((sum, s) => sum + s.share.taxTotal, 0),
    total,
    taxes: sumRefundTaxes(shares.map((s) => s.share)),
    storeCredit,
    giftCard,
    exchange: toSale,
    approvalId: approval?.id ?? null,
  });
  if (!refund) throw new Error('The refund was not stored');
  await insertRefundLines(
    tx,
    shares.map(({ line, quantity, restock, share }) => ({ refundId: refund.id, orderLineId: line.id, variantId: line.variantId, quantity, restock, ...share })),
  );
  if (payments.length) {
    await insertRefundPayments(
      tx,
      payments.map((p) => ({ refundId: refund.id, tender: p.tender, amount: p.amount, cashboxSessionId, reference: p.reference ?? null })),
    );
  }
  for (const { line, quantity, restock } of shares) {
    if (!restock || line.variantId === null) continue;
    await changeStock(tx, {
      outletId: order.outletId,
      variantId: line.variantId,
      delta: quantity,
      reason: 'refund',
      document: { type: 'refund', id: refund.id },
      userId: refunder.id,
      allowNegative: true,
    });
  }

  const status = unitsLeft === 0 ? 'refunded' : 'partially_refunded';
  await updateOrderStatus(tx, orderId, status);
  if (order.customerId !== null) {
    await subtractCustomerSpend(tx, order.customerId, total);
    const takenBack = await refundCustomerPoints(tx, {
      customerId: order.customerId,
      orderId,
      refundId: refund.id,
      number: refund.number,
      userId: refunder.id,
      returned: points.returned,
      toTakeBack: points.toTakeBack,
    });
    await setRefundPoints(tx, refund.id, {
      returned: points.returned,
      pointsPaidBack: points.pointsPaidBack,
      reversed: takenBack,
      unrecovered: points.toTakeBack - takenBack,
    });
  }
  if (storeCredit > 0 && order.customerId !== null) {
    await changeStoreCredit(tx, {
      customerId: order.customerId,
      delta: storeCredit,
      kind: 'refund',
      reason: refund.number,
      refundId: refund.id,
      orderId,
      userId: refunder.id,
      field: 'storeCredit',
    });
  }
  // What gift cards paid goes back onto them, in the order the sale spent them (decision 024).
  const onCards = await putBackOntoGiftCards(tx, { orderId, refundId: refund.id, outletId: drawer.outletId, userId: refunder.id, reason: refund.number, amount: giftCard });
  // Line totals already carry their coupon share; what is left to give back is the use itself.
  if (status === 'refunded' && order.couponId !== null) await releaseCouponUse(tx, order.couponId);
  await summariseRefund(tx, refund.id);
  await recordOrderEvent(tx, orderId, 'refunded', { refundId: refund.id, number: refund.number, total }, refunder.id);
  await recordAudit(tx, request.actor, {
    action: 'refund.create',
    summary,
    subject: { type: 'refund', id: refund.id },
    after: {
      order: order.number,
      lines: shares.length,
      units: shares.reduce((sum, s) => sum + s.quantity, 0),
      total,
      tenders: payments.map((p) => ({ tender: p.tender, amount: p.amount, ...(p.reference ? { reference: p.reference } : {}) })),
      storeCredit,
      ...(toSale > 0 && { exchange: toSale }),
      ...(giftCard > 0 && { giftCard, giftCards: onCards.map((card) => ({ card: maskGiftCardCode(card.code), amount: card.amount })) }),
      cashboxSessionId,
      reason: input.reason,
    },
    outletId: drawer.outletId,
    registerId: drawer.registerId,
    approval,
  });
  return { id: refund.id, number: refund.number, total, exchange: toSale, orderNumber: order.number };
}

/** An exchange's refund, once its sale is stored: the two point at each other. */
export async function linkExchange(tx: DbOrTx, refundId: number, orderId: number): Promise<void> {
  await setExchangeOrder(tx, refundId, orderId);
}
