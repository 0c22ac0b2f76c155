import type { OrderListTotals, RefundedFigures } from '@tillbook/contract';
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  customers,
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
  return new Map(rows.map(({ orderId, ...figures }) => [orderId, figures]));
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

