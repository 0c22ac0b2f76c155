import { pageMetaOf, type RefundedFigures, type Order, type OrderListTotals, type OrderPage } from '@tillbook/contract';
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers, orderLines, orderPayments, orders, outlets, products, productVariants, refunds, registers, stockMovements, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { outletScopeFilter, type OutletScope } from '../../lib/viewer.ts';
import { orderSort, orderWhere, type OrderFilters } from './list-filters.ts';
import { toOrder, toOrderListItem } from './order-mapper.ts';

const listColumns = {
  order: orders,
  outletName: outlets.name,
  registerName: registers.name,
  cashierName: users.name,
  customerName: customers.name,
  customerEmail: customers.email,
};

function listBase(db: DbOrTx) {
  return db
    .select(listColumns)
    .from(orders)
    .innerJoin(outlets, eq(outlets.id, orders.outletId))
    .leftJoin(registers, eq(registers.id, orders.registerId))
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(customers, eq(customers.id, orders.customerId));
}

/**
 * One order with its lines, payments and taxes; another outlet's order is not found for a cashier.
 * The stock movements are the back office's: a sale's answer (first or retried) leaves them out.
 */
export async function getOrder(
  db: DbOrTx,
  where: { id: number } | { uuid: string },
  scope: OutletScope,
  options: { withStockMovements?: boolean; withRefunds?: boolean } = {},
): Promise<Order> {
  const match = 'id' in where ? eq(orders.id, where.id) : eq(orders.uuid, where.uuid);
  const [row] = await listBase(db)
    .where(and(match, outletScopeFilter(scope, orders.outletId)))
    .limit(1);
  if (!row) throw AppError.notFound();
  const [lines, payments, movements, refunded] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, row.order.id)).orderBy(asc(orderLines.position)),
    db.select().from(orderPayments).where(eq(orderPayments.orderId, row.order.id)).orderBy(asc(orderPayments.id)),
    options.withStockMovements ? stockMovementsOf(db, row.order.id) : null,
    options.withRefunds ? refundedOf(db, [row.order.id]) : null,
  ]);
  return {
    ...toOrder(row, lines, payments),
    ...(refunded && { refunded: refunded.get(row.order.id) ?? noRefunds }),
    ...(movements && { stockMovements: movements.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) }),
  };
}

function stockMovementsOf(db: DbOrTx, orderId: number) {
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

/** GET /api/orders: one page of the filtered set, with the whole set's figures in meta. */
export async function listOrders(db: DbOrTx, filters: OrderFilters, scope: OutletScope): Promise<OrderPage> {
  const where = orderWhere(filters, scope);
  const orderBy = orderSort(filters.sort);
  const [totals, rows] = await Promise.all([
    orderTotals(db, where),
    listBase(db)
      .where(where)
      .orderBy(...orderBy)
      .limit(filters.perPage)
      .offset((filters.page - 1) * filters.perPage),
  ]);
  const ids = rows.map((r) => r.order.id);
  const [payments, refunded] = await Promise.all([paymentsOf(db, ids), refundedOf(db, ids)]);
  const data = rows.map((row) => ({
    ...toOrderListItem(row),
    tenders: [...new Set(payments.get(row.order.id)?.map((p) => p.tender))],
    refunded: refunded.get(row.order.id) ?? noRefunds,
  }));
  return { data, meta: { ...pageMetaOf(filters.page, filters.perPage, totals.count), totals } };
}

const noRefunds: RefundedFigures = { count: 0, total: 0, taxTotal: 0 };

/** What the refunds of a page of orders gave back, in one grouped query, by order. */
async function refundedOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, RefundedFigures>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: refunds.orderId, count: count(), total: money(sql`${refunds.total}`), taxTotal: money(sql`${refunds.taxTotal}`) })
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .groupBy(refunds.orderId);
  return new Map(rows.map(({ orderId, ...figures }) => [orderId, figures]));
}

/** The payments of a page of orders in one query, by order. */
async function paymentsOf(db: DbOrTx, orderIds: number[]) {
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

/** The filtered set in batches, in the list's order, with each order's payments (CSV export). */
export async function* eachOrder(db: DbOrTx, filters: OrderFilters, scope: OutletScope, batch = 500) {
  const where = orderWhere(filters, scope);
  const orderBy = orderSort(filters.sort);
  for (let offset = 0; ; offset += batch) {
    const rows = (await listBase(db).where(where).orderBy(...orderBy).limit(batch).offset(offset)).map(toOrderListItem);
    if (rows.length === 0) return;
    const payments = await paymentsOf(db, rows.map((r) => r.id));
    yield rows.map((order) => ({ order, payments: payments.get(order.id) ?? [] }));
    if (rows.length < batch) return;
  }
}
