import type { OrderEventKind, OrderListTotals, RefundedFigures } from '@tillbook/contract';
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { executeOne } from '../../db/execute.ts';
import {
  customerPoints,
  customers,
  orderEvents,
  orderLines,
  orderPayments,
  orders,
  outlets,
  products,
  productVariants,
  refunds,
  registers,
  stockMovements,
  users,
  type OrderLineRow,
  type OrderPaymentRow,
} from '../../db/schema/index.ts';
import { outletScopeFilter, type OutletScope } from '../../lib/viewer.ts';
import type { NamedOrder } from './order-mapper.ts';

const listColumns = {
  order: orders,
  outletName: outlets.name,
  registerName: registers.name,
  cashierName: users.name,
  customerName: customers.name,
  customerEmail: customers.email,
};

/** Orders with the names the screens show. */
function selectOrders(db: DbOrTx) {
  return db
    .select(listColumns)
    .from(orders)
    .innerJoin(outlets, eq(outlets.id, orders.outletId))
    .leftJoin(registers, eq(registers.id, orders.registerId))
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(customers, eq(customers.id, orders.customerId));
}

export async function findOrder(db: DbOrTx, where: { id: number } | { uuid: string }, scope: OutletScope): Promise<NamedOrder | undefined> {
  const match = 'id' in where ? eq(orders.id, where.id) : eq(orders.uuid, where.uuid);
  const [row] = await selectOrders(db)
    .where(and(match, outletScopeFilter(scope, orders.outletId)))
    .limit(1);
  return row;
}

export function findOrderPage(db: DbOrTx, where: SQL | undefined, orderBy: SQL[], limit: number, offset: number) {
  return selectOrders(db).where(where).orderBy(...orderBy).limit(limit).offset(offset);
}

/** The balance a sale's own points entries left (its last one), or null when it wrote none. */
export async function findPointsBalanceAfterSale(db: DbOrTx, orderId: number): Promise<number | null> {
  const [row] = await db
    .select({ balanceAfter: customerPoints.balanceAfter })
    .from(customerPoints)
    .where(and(eq(customerPoints.orderId, orderId), isNull(customerPoints.refundId)))
    .orderBy(desc(customerPoints.id))
    .limit(1);
  return row?.balanceAfter ?? null;
}

export function findOrderLines(db: DbOrTx, orderId: number): Promise<OrderLineRow[]> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
}

export function findOrderPayments(db: DbOrTx, orderId: number): Promise<OrderPaymentRow[]> {
  return db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)).orderBy(asc(orderPayments.id));
}

/** The stock ledger entries of a sale and of its refunds, oldest first. */
export function findStockMovementsOfOrder(db: DbOrTx, orderId: number) {
  return db
    .select({
      id: stockMovements.id,
      reason: stockMovements.reason,
      variantId: stockMovements.variantId,
      title: products.title,
      variantName: productVariants.name,
      sku: productVariants.sku,
      delta: stockMovements.delta,
      quantityAfter: stockMovements.quantityAfter,
      createdAt: stockMovements.createdAt,
    })
    .from(stockMovements)
    .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      or(
        and(eq(stockMovements.documentType, 'order'), eq(stockMovements.documentId, orderId)),
        and(eq(stockMovements.documentType, 'refund'), inArray(stockMovements.documentId, db.select({ id: refunds.id }).from(refunds).where(eq(refunds.orderId, orderId)))),
      ),
    )
    .orderBy(asc(stockMovements.id));
}

const money = (column: SQL) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);

/** The filtered set's count and sums, and its refunds' (whenever they were made), in two aggregate queries. */
export async function orderTotals(db: DbOrTx, where: SQL | undefined): Promise<OrderListTotals> {
  const [[sold], [refunded]] = await Promise.all([
    db
      .select({
        count: count(),
        total: money(sql`${orders.total}`),
        taxTotal: money(sql`${orders.taxTotal}`),
        discountTotal: money(sql`${orders.lineDiscountTotal} + ${orders.orderDiscountTotal}`),
      })
      .from(orders)
      .where(where),
    db
      .select({ count: count(), total: money(sql`${refunds.total}`), taxTotal: money(sql`${refunds.taxTotal}`) })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(where),
  ]);
  const totals = sold ?? { count: 0, total: 0, taxTotal: 0, discountTotal: 0 };
  const back = refunded ?? { count: 0, total: 0, taxTotal: 0 };
  return { ...totals, refunded: back, netOfRefunds: { total: totals.total - back.total, taxTotal: totals.taxTotal - back.taxTotal } };
}

/** What the refunds of a page of orders gave back, in one grouped query, by order. */
export async function sumRefundedByOrder(db: DbOrTx, orderIds: number[]): Promise<Map<number, RefundedFigures>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: refunds.orderId, count: count(), total: money(sql`${refunds.total}`), taxTotal: money(sql`${refunds.taxTotal}`) })
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .groupBy(refunds.orderId);
  // Only refunds of these orders are read: none without a sale.
  return new Map(rows.map(({ orderId, ...figures }) => [orderId ?? 0, figures]));
}

/** The tenders and amounts of a page of orders in one query, by order. */
export async function findTendersByOrder(db: DbOrTx, orderIds: number[]) {
  const byOrder = new Map<number, { tender: 'cash' | 'card' | 'other'; amount: number }[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ orderId: orderPayments.orderId, tender: orderPayments.tender, amount: orderPayments.amount })
    .from(orderPayments)
    .where(inArray(orderPayments.orderId, orderIds))
    .orderBy(asc(orderPayments.id));
  for (const { orderId, ...payment } of rows) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), payment]);
  return byOrder;
}


/** The order whose uuid a sale was sent with, when one is stored. */
export async function findOrderIdByUuid(db: DbOrTx, uuid: string): Promise<number | undefined> {
  return (await executeOne<{ id: number }>(db, sql`select id from orders where uuid = ${uuid}`))?.id;
}

/** A sale's writes as one call of the database (db/functions/sell_order.sql); answers the function's JSON. */
export async function sellOrder(db: DbOrTx, document: Record<string, unknown>): Promise<unknown> {
  const row = await executeOne<{ stored: unknown }>(db, sql`select sell_order(${JSON.stringify(document)}::jsonb) as stored`);
  if (!row) throw new Error('sell_order answered no row');
  return row.stored;
}

/** Whether the order's timeline says staff moved it to another customer. */
/** What an exchange's returned goods paid of its new sale (orders/exchange.ts). */
export async function setExchangeCredit(db: DbOrTx, orderId: number, amount: number): Promise<void> {
  await db.update(orders).set({ exchangeCredit: amount }).where(eq(orders.id, orderId));
}

/** The exchange a sale came from: its refund and the sale the goods were returned from; undefined when none. */
export async function findExchangeOfOrder(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({ refundId: refunds.id, refundNumber: refunds.number, orderId: orders.id, orderNumber: orders.number })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(refunds.exchangeOrderId, orderId))
    .limit(1);
  return row;
}

export async function hasCustomerMoved(db: DbOrTx, orderId: number): Promise<boolean> {
  const row = await executeOne<{ moved: boolean }>(
    db,
    sql`select exists (select 1 from order_events where order_id = ${orderId} and kind = 'edited' and detail->'fields' @> '["customerId"]'::jsonb) as moved`,
  );
  return row?.moved === true;
}

/** How many sales of a customer used a coupon. */
export async function countCouponUsesOfCustomer(db: DbOrTx, couponId: number, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.couponId, couponId), eq(orders.customerId, customerId)));
  return row?.n ?? 0;
}

export async function findCustomer(db: DbOrTx, customerId: number) {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId)).limit(1);
  return customer;
}

// What the customer has spent on the sale is its total less its refunds (refunds take theirs off).
// Named in full: inside a one-table select the builder leaves column names unqualified.
const refundedTotal = sql<number>`(select coalesce(sum(r.total), 0) from refunds r where r.order_id = "orders"."id")`.mapWith(Number);

/** The editable part of an order and what it spent net of refunds, locked for the edit. */
export async function findOrderForEdit(tx: Tx, id: number) {
  const [current] = await tx
    .select({ id: orders.id, note: orders.note, customerId: orders.customerId, tags: orders.tags, total: orders.total, refunded: refundedTotal })
    .from(orders)
    .where(eq(orders.id, id))
    .for('update');
  return current;
}

/** Locks a customer an order moves to; false when there is none. */
export async function lockCustomer(tx: Tx, customerId: number): Promise<boolean> {
  const [customer] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
  return customer !== undefined;
}

/** Adds (or, negative, takes off) spend and orders to a customer's figures. */
export async function moveCustomerFigures(tx: Tx, customerId: number, amount: number, orderCount: number): Promise<void> {
  await tx
    .update(customers)
    .set({ totalSpent: sql`${customers.totalSpent} + ${amount}`, orderCount: sql`${customers.orderCount} + ${orderCount}` })
    .where(eq(customers.id, customerId));
}

export async function updateOrder(tx: Tx, id: number, changes: Partial<Pick<typeof orders.$inferInsert, 'note' | 'customerId' | 'tags'>>): Promise<void> {
  await tx.update(orders).set({ ...changes, updatedAt: new Date() }).where(eq(orders.id, id));
}

/** The chosen orders' tags, locked in id order. */
export function findOrderTagsForUpdate(tx: Tx, ids: number[]) {
  return tx.select({ id: orders.id, number: orders.number, tags: orders.tags }).from(orders).where(inArray(orders.id, ids)).orderBy(orders.id).for('update');
}

export async function insertOrderEvents(
  db: DbOrTx,
  events: Array<{ orderId: number; kind: OrderEventKind; detail: Record<string, unknown> | null; userId: number | null }>,
): Promise<void> {
  if (events.length) await db.insert(orderEvents).values(events);
}

/** An order's number, time and seller, within the viewer's outlets. */
export async function findOrderHeader(db: DbOrTx, orderId: number, scope: OutletScope) {
  const [order] = await db
    .select({ id: orders.id, number: orders.number, createdAt: orders.createdAt, cashierName: users.name })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, orderId), outletScopeFilter(scope, orders.outletId)))
    .limit(1);
  return order;
}

/** An order's timeline entries with who made each, oldest first. */
export function findOrderEvents(db: DbOrTx, orderId: number) {
  return db
    .select({ id: orderEvents.id, kind: orderEvents.kind, detail: orderEvents.detail, userName: users.name, createdAt: orderEvents.createdAt })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.userId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
}
