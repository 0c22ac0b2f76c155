import {
  defaultRefundPayments,
  formatMoney,
  refundPointsOf,
  refundShareOf,
  sumRefundTaxes,
  tenders,
  type Refund,
  type RefundCreateInput,
  type RefundShare,
  type Tender,
} from '@tillbook/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { OrderLineRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { summariseRefund } from '../analytics/service.ts';
import { recordOrderEvent } from '../orders/service.ts';
import { getShopSettings } from '../settings/service.ts';
import { changeStock } from '../stock/service.ts';
import {
  countRefundsOfOrder,
  findOpenSessionForShare,
  findOrderForUpdate,
  findOrderLines,
  findOrderPayments,
  findRegisterName,
  findSessionForShare,
  insertRefund,
  insertRefundLines,
  insertRefundPayments,
  refundCustomerPoints,
  releaseCouponUse,
  setRefundPoints,
  subtractCustomerSpend,
  sumRefundedByTender,
  sumRefundedUnitsByLine,
  sumRefundPointsOfOrder,
  updateOrderStatus,
} from './queries.ts';
import { listRefunds } from './read.ts';

type Refunder = { id: number };

/** Units of each sold line already refunded, and amounts already paid back per tender. */
async function refundedSoFar(tx: DbOrTx, orderId: number) {
  const [lineRows, tenderRows] = await Promise.all([sumRefundedUnitsByLine(tx, orderId), sumRefundedByTender(tx, orderId)]);
  return {
    units: new Map(lineRows.map((r) => [r.orderLineId, r.quantity])),
    byTender: new Map<Tender, number>(tenderRows.map((r) => [r.tender, r.amount])),
  };
}

/** What each of the sale's tenders can still give back, in the order they were taken. */
async function tenderRoom(tx: DbOrTx, orderId: number, refunded: Map<Tender, number>) {
  const paid = await findOrderPayments(tx, orderId);
  const byTender = new Map<Tender, number>();
  for (const p of paid) byTender.set(p.tender, (byTender.get(p.tender) ?? 0) + p.amount);
  return [...byTender].map(([tender, amount]) => ({ tender, available: amount - (refunded.get(tender) ?? 0) }));
}

const drawerField = 'cashboxSessionId';

/**
 * The drawer a refund is counted in and its cash comes out of. Chosen: any open drawer (only when
 * cash goes back), or null for cash paid outside a drawer. Not chosen: the sale's register's drawer
 * while it is open; when it is closed and cash goes back, the refunder is asked rather than another
 * register's drawer silently paying. The session row is share-locked so a close waits for the refund.
 */
async function drawerFor(tx: DbOrTx, registerId: number | null, chosen: number | null | undefined, paysCash: boolean): Promise<number | null> {
  if (chosen === null) return null;
  if (chosen !== undefined) {
    if (!paysCash) throw AppError.validation({ [drawerField]: ['Only cash comes out of a drawer, and this refund pays nothing back in cash.'] });
    const session = await findSessionForShare(tx, chosen);
    if (!session) throw AppError.validation({ [drawerField]: ['The chosen drawer does not exist.'] });
    if (session.status !== 'open') throw AppError.validation({ [drawerField]: [`The drawer of ${session.registerName} is closed. Choose an open drawer, or record the refund as paid outside a drawer.`] });
    return session.id;
  }
  if (registerId === null) {
    if (paysCash) throw AppError.validation({ [drawerField]: ['Choose the open drawer that pays the cash, or record the refund as paid outside a drawer.'] });
    return null;
  }
  const open = await findOpenSessionForShare(tx, registerId);
  if (open) return open.id;
  if (!paysCash) return null;
  const registerName = await findRegisterName(tx, registerId);
  throw AppError.validation({
    [drawerField]: [`The drawer of ${registerName ?? 'the sale’s register'} is closed. Choose the open drawer that pays the cash, or record the refund as paid outside a drawer.`],
  });
}

function itemName(line: OrderLineRow): string {
  return line.variantName ? `${line.title} (${line.variantName})` : line.title;
}

/**
 * Refunds part of a sale in one transaction: the refund with its lines and payments, restocked
 * goods back through the ledger, the order's status, the customer's spend, the coupon use when
 * nothing is left, and the order's timeline. The order row is locked first so two refunds of
 * the same sale take turns and never give back more than was sold or paid.
 */
export async function createRefund(db: Db, orderId: number, input: RefundCreateInput, refunder: Refunder): Promise<Refund> {
  const style = await getShopSettings(db);
  const refundId = await db.transaction(async (tx) => {
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
    const moneyBack = total - points.pointsPaidBack;
    const room = await tenderRoom(tx, orderId, so.byTender);
    const payments = (input.payments ?? defaultRefundPayments(moneyBack, room)).filter((p) => p.amount > 0);
    for (const tender of tenders) {
      const amount = payments.filter((p) => p.tender === tender).reduce((sum, p) => sum + p.amount, 0);
      const available = Math.max(0, room.find((r) => r.tender === tender)?.available ?? 0);
      if (amount > available) {
        throw AppError.validation({ payments: [`At most ${formatMoney(available, style)} can go back by ${tender}: that is what it paid less what was refunded on it.`] });
      }
    }
    const paidBack = payments.reduce((sum, p) => sum + p.amount, 0);
    if (paidBack !== moneyBack) {
      const inPoints = points.pointsPaidBack > 0 ? `, of which ${formatMoney(points.pointsPaidBack, style)} goes back as points` : '';
      throw AppError.validation({
        payments: [`The payments add up to ${formatMoney(paidBack, style)}; the refund is ${formatMoney(total, style)}${inPoints}.`],
      });
    }

    const count = await countRefundsOfOrder(tx, orderId);
    // Every tender is stamped with the drawer so its Z report shows card refunds beside cash ones.
    const paysCash = payments.some((p) => p.tender === 'cash');
    const cashboxSessionId = await drawerFor(tx, order.registerId, input.cashboxSessionId, paysCash);
    const refund = await insertRefund(tx, {
      orderId,
      number: `${order.number}-R${count + 1}`,
      outletId: order.outletId,
      registerId: order.registerId,
      cashboxSessionId,
      userId: refunder.id,
      reason: input.reason,
      netTotal: shares.reduce((sum, s) => sum + s.share.net, 0),
      taxTotal: shares.reduce((sum, s) => sum + s.share.taxTotal, 0),
      total,
      taxes: sumRefundTaxes(shares.map((s) => s.share)),
    });
    if (!refund) throw new Error('The refund was not stored');
    await insertRefundLines(
      tx,
      shares.map(({ line, quantity, restock, share }) => ({ refundId: refund.id, orderLineId: line.id, variantId: line.variantId, quantity, restock, ...share })),
    );
    if (payments.length) {
      await insertRefundPayments(
        tx,
        payments.map((p) => ({ refundId: refund.id, tender: p.tender, amount: p.amount, cashboxSessionId })),
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
    // Line totals already carry their coupon share; what is left to give back is the use itself.
    if (status === 'refunded' && order.couponId !== null) await releaseCouponUse(tx, order.couponId);
    await summariseRefund(tx, refund.id);
    await recordOrderEvent(tx, orderId, 'refunded', { refundId: refund.id, number: refund.number, total }, refunder.id);
    return refund.id;
  });
  const stored = (await listRefunds(db, orderId)).find((r) => r.id === refundId);
  if (!stored) throw new Error('The refund was not read back');
  return stored;
}
