import type { Tender } from '@tillbook/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  approvals,
  cashboxSessions,
  coupons,
  customerPoints,
  customers,
  orderLines,
  orderPayments,
  orders,
  outlets,
  refundLines,
  refundPayments,
  refunds,
  registers,
  users,
  type OrderLineRow,
  type OrderRow,
} from '../../db/schema/index.ts';

/** The sale being refunded, locked so two refunds of it take turns. */
export async function findOrderForUpdate(tx: DbOrTx, orderId: number): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order;
}

export async function hasOrder(db: DbOrTx, orderId: number): Promise<boolean> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  return order !== undefined;
}

export function findOrderLines(tx: DbOrTx, orderId: number): Promise<OrderLineRow[]> {
  return tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.position);
}

/** Units of each sold line already refunded. */
export function sumRefundedUnitsByLine(tx: DbOrTx, orderId: number) {
  return tx
    .select({ orderLineId: refundLines.orderLineId, quantity: sql<number>`sum(${refundLines.quantity})`.mapWith(Number) })
    .from(refundLines)
    .innerJoin(refunds, eq(refunds.id, refundLines.refundId))
    .where(eq(refunds.orderId, orderId))
    .groupBy(refundLines.orderLineId);
}

/** Amounts already paid back per tender. */
export function sumRefundedByTender(tx: DbOrTx, orderId: number) {
  return tx
    .select({ tender: refundPayments.tender, amount: sql<number>`sum(${refundPayments.amount})`.mapWith(Number) })
    .from(refundPayments)
    .innerJoin(refunds, eq(refunds.id, refundPayments.refundId))
    .where(eq(refunds.orderId, orderId))
    .groupBy(refundPayments.tender);
}

/** The sale's payments in the order they were taken. */
export function findOrderPayments(tx: DbOrTx, orderId: number): Promise<Array<{ tender: Tender; amount: number }>> {
  return tx.select({ tender: orderPayments.tender, amount: orderPayments.amount }).from(orderPayments).where(eq(orderPayments.orderId, orderId)).orderBy(orderPayments.id);
}

/** A drawer session with its register's name, share-locked so a close waits for the refund. */
export async function findSessionForShare(tx: DbOrTx, sessionId: number) {
  const [session] = await tx
    .select({ id: cashboxSessions.id, status: cashboxSessions.status, registerName: registers.name })
    .from(cashboxSessions)
    .innerJoin(registers, eq(registers.id, cashboxSessions.registerId))
    .where(eq(cashboxSessions.id, sessionId))
    .for('share', { of: cashboxSessions });
  return session;
}

/** The drawer a user opened and holds now (at most one), with its register, share-locked like the above. */
export async function findHeldSessionForShare(tx: DbOrTx, userId: number) {
  const [held] = await tx
    .select({ id: cashboxSessions.id, registerId: cashboxSessions.registerId, outletId: cashboxSessions.outletId })
    .from(cashboxSessions)
    .where(and(eq(cashboxSessions.openedBy, userId), eq(cashboxSessions.status, 'open')))
    .for('share');
  return held;
}

/** Where an open drawer is: its register and outlet. */
export async function findSessionPlace(tx: DbOrTx, sessionId: number) {
  const [place] = await tx.select({ registerId: cashboxSessions.registerId, outletId: cashboxSessions.outletId }).from(cashboxSessions).where(eq(cashboxSessions.id, sessionId));
  return place;
}

/** Money the sale's refunds so far paid back as store credit. */
export async function sumRefundedStoreCredit(tx: DbOrTx, orderId: number): Promise<number> {
  const [row] = await tx.select({ amount: sql<number>`coalesce(sum(${refunds.storeCredit}), 0)`.mapWith(Number) }).from(refunds).where(eq(refunds.orderId, orderId));
  return row?.amount ?? 0;
}

/** The open session of a register, share-locked like the above. */
export async function findOpenSessionForShare(tx: DbOrTx, registerId: number): Promise<{ id: number } | undefined> {
  const [open] = await tx
    .select({ id: cashboxSessions.id })
    .from(cashboxSessions)
    .where(and(eq(cashboxSessions.registerId, registerId), eq(cashboxSessions.status, 'open')))
    .for('share');
  return open;
}

export async function findRegisterName(tx: DbOrTx, registerId: number): Promise<string | undefined> {
  const [register] = await tx.select({ name: registers.name }).from(registers).where(eq(registers.id, registerId));
  return register?.name;
}

export async function countRefundsOfOrder(tx: DbOrTx, orderId: number): Promise<number> {
  const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(refunds).where(eq(refunds.orderId, orderId));
  return count;
}

export async function insertRefund(tx: DbOrTx, values: typeof refunds.$inferInsert): Promise<{ id: number; number: string } | undefined> {
  const [refund] = await tx.insert(refunds).values(values).returning({ id: refunds.id, number: refunds.number });
  return refund;
}

/** An exchange's refund points at the sale its goods paid. */
export async function setExchangeOrder(tx: DbOrTx, refundId: number, orderId: number): Promise<void> {
  await tx.update(refunds).set({ exchangeOrderId: orderId }).where(eq(refunds.id, refundId));
}

export async function insertRefundLines(tx: DbOrTx, lines: Array<typeof refundLines.$inferInsert>): Promise<void> {
  await tx.insert(refundLines).values(lines);
}

export async function insertRefundPayments(tx: DbOrTx, payments: Array<typeof refundPayments.$inferInsert>): Promise<void> {
  await tx.insert(refundPayments).values(payments);
}

export async function updateOrderStatus(tx: DbOrTx, orderId: number, status: OrderRow['status']): Promise<void> {
  await tx.update(orders).set({ status, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
}

/** The customer's spend less what the refund gave back (in SQL: refunds at once never lose one). */
export async function subtractCustomerSpend(tx: DbOrTx, customerId: number, amount: number): Promise<void> {
  await tx.update(customers).set({ totalSpent: sql`${customers.totalSpent} - ${amount}` }).where(eq(customers.id, customerId));
}

/** What the sale's earlier refunds gave back in money and did with its points. */
export async function sumRefundPointsOfOrder(tx: DbOrTx, orderId: number) {
  const [row] = await tx
    .select({
      total: sql<number>`coalesce(sum(${refunds.total}), 0)`.mapWith(Number),
      pointsPaidBack: sql<number>`coalesce(sum(${refunds.pointsPaidBack}), 0)`.mapWith(Number),
      returned: sql<number>`coalesce(sum(${refunds.pointsReturned}), 0)`.mapWith(Number),
      takenBack: sql<number>`coalesce(sum(${refunds.pointsReversed} + ${refunds.pointsUnrecovered}), 0)`.mapWith(Number),
    })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  return row ?? { total: 0, pointsPaidBack: 0, returned: 0, takenBack: 0 };
}

/**
 * Gives points back and takes earned points back through the ledger (kind 'refund', the refund's
 * number as reason). The customer's row is locked; what is taken back stops at zero, so a balance
 * never goes below it. Answers what was taken back.
 */
export async function refundCustomerPoints(
  tx: DbOrTx,
  entry: { customerId: number; orderId: number; refundId: number; number: string; userId: number; returned: number; toTakeBack: number },
): Promise<number> {
  const [customer] = await tx.select({ balance: customers.pointsBalance }).from(customers).where(eq(customers.id, entry.customerId)).for('update');
  if (!customer) return 0;
  const afterReturn = customer.balance + entry.returned;
  const takenBack = Math.min(afterReturn, entry.toTakeBack);
  const moves = [
    { delta: entry.returned, balanceAfter: afterReturn },
    { delta: -takenBack, balanceAfter: afterReturn - takenBack },
  ].filter((m) => m.delta !== 0);
  if (moves.length === 0) return takenBack;
  await tx
    .update(customers)
    .set({ pointsBalance: afterReturn - takenBack, updatedAt: new Date() })
    .where(eq(customers.id, entry.customerId));
  await tx.insert(customerPoints).values(
    moves.map((m) => ({
      customerId: entry.customerId,
      delta: m.delta,
      balanceAfter: m.balanceAfter,
      kind: 'refund' as const,
      reason: entry.number,
      orderId: entry.orderId,
      refundId: entry.refundId,
      userId: entry.userId,
    })),
  );
  return takenBack;
}

/** The refund's points as they came out. */
export async function setRefundPoints(tx: DbOrTx, refundId: number, points: { returned: number; pointsPaidBack: number; reversed: number; unrecovered: number }) {
  await tx
    .update(refunds)
    .set({ pointsReturned: points.returned, pointsPaidBack: points.pointsPaidBack, pointsReversed: points.reversed, pointsUnrecovered: points.unrecovered })
    .where(eq(refunds.id, refundId));
}

export async function releaseCouponUse(tx: DbOrTx, couponId: number): Promise<void> {
  await tx.update(coupons).set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` }).where(eq(coupons.id, couponId));
}

const approvers = alias(users, 'approvers');
const exchangeOrders = alias(orders, 'exchange_orders');

/** An order's refunds, oldest first, with who made each and who approved it. */
/** Refunds with who made them, who approved, and the exchange's sale: an order's (by `where`) or one by id. */
export function findRefundHeads(db: DbOrTx, where: { orderId: number } | { id: number }) {
  return db
    .select({
      refund: refunds,
      userName: users.name,
      // The sale's customer, or the one a return without a receipt gave store credit to.
      hasCustomer: sql<boolean>`coalesce(${orders.customerId}, ${refunds.customerId}) is not null`,
      approval: { id: approvals.id, approverName: approvers.name, method: approvals.method, createdAt: approvals.createdAt },
      exchangeOrderNumber: exchangeOrders.number,
    })
    .from(refunds)
    .leftJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(exchangeOrders, eq(exchangeOrders.id, refunds.exchangeOrderId))
    .leftJoin(users, eq(users.id, refunds.userId))
    .leftJoin(approvals, eq(approvals.id, refunds.approvalId))
    .leftJoin(approvers, eq(approvers.id, approvals.approvedBy))
    .where('orderId' in where ? eq(refunds.orderId, where.orderId) : eq(refunds.id, where.id))
    .orderBy(asc(refunds.id));
}

/** The lines of these refunds, named as they were sold (a return without a receipt names its own). */
export function findRefundLines(db: DbOrTx, refundIds: number[]) {
  return db
    .select({
      line: refundLines,
      title: sql<string>`coalesce(${orderLines.title}, ${refundLines.title}, '')`,
      variantName: sql<string>`coalesce(${orderLines.variantName}, ${refundLines.variantName}, '')`,
      sku: sql<string>`coalesce(${orderLines.sku}, ${refundLines.sku}, '')`,
    })
    .from(refundLines)
    .leftJoin(orderLines, eq(orderLines.id, refundLines.orderLineId))
    .where(inArray(refundLines.refundId, refundIds))
    .orderBy(asc(refundLines.id));
}

export function findRefundPayments(db: DbOrTx, refundIds: number[]) {
  return db.select().from(refundPayments).where(inArray(refundPayments.refundId, refundIds)).orderBy(asc(refundPayments.id));
}

/**
 * A sale by its number, whatever the case it was typed in: numbers are stored as printed
 * (MAIN-000123), so the number as typed and in capitals are tried on the unique index first.
 */
export async function findSaleByNumber(db: DbOrTx, typed: string) {
  const columns = {
    order: orders,
    outletName: outlets.name,
    registerName: registers.name,
    customerName: customers.name,
  };
  const query = () =>
    db
      .select(columns)
      .from(orders)
      .innerJoin(outlets, eq(outlets.id, orders.outletId))
      .leftJoin(registers, eq(registers.id, orders.registerId))
      .leftJoin(customers, eq(customers.id, orders.customerId));
  const [exact] = await query().where(inArray(orders.number, [...new Set([typed, typed.toUpperCase()])]));
  if (exact) return exact;
  const [anyCase] = await query().where(sql`lower(${orders.number}) = lower(${typed})`).limit(1);
  return anyCase;
}
