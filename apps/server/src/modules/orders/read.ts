import type { Order, OrderListItem, orderListQuery } from '@tillbook/contract';
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { customers, orderLines, orderPayments, orders, outlets, registers, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { likePattern, orderByFrom, paginate } from '../../lib/list.ts';

/** Who reads orders: administrators every outlet's; a cashier only their own outlet's. */
export type OrderScope = { kind: 'all' } | { kind: 'outlet'; outletId: number | null };

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

type ListRow = Awaited<ReturnType<ReturnType<typeof listBase>['execute']>>[number];

function toListItem(row: ListRow): OrderListItem {
  const { taxes: _taxes, updatedAt: _updatedAt, ...order } = row.order;
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

function scopeFilter(scope: OrderScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  // A cashier without an outlet sees none.
  return scope.outletId === null ? sql`false` : eq(orders.outletId, scope.outletId);
}

/** One order with its lines, payments and taxes; another outlet's order is not found for a cashier. */
export async function getOrder(db: DbOrTx, where: { id: number } | { uuid: string }, scope: OrderScope): Promise<Order> {
  const match = 'id' in where ? eq(orders.id, where.id) : eq(orders.uuid, where.uuid);
  const [row] = await listBase(db)
    .where(and(match, scopeFilter(scope)))
    .limit(1);
  if (!row) throw AppError.notFound();
  const [lines, payments] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, row.order.id)).orderBy(asc(orderLines.position)),
    db.select().from(orderPayments).where(eq(orderPayments.orderId, row.order.id)).orderBy(asc(orderPayments.id)),
  ]);
  return {
    ...toListItem(row),
    taxes: row.order.taxes,
    lines: lines.map((line) => ({
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
    })),
    payments: payments.map((p) => ({ id: p.id, tender: p.tender, amount: p.amount, tendered: p.tendered, change: p.change, reference: p.reference })),
  };
}

/** GET /api/orders: newest first, filtered by outlet, register, customer or drawer session. */
export async function listOrders(db: DbOrTx, query: z.output<typeof orderListQuery>, scope: OrderScope) {
  const filters: SQL[] = [];
  const scoped = scopeFilter(scope);
  if (scoped) filters.push(scoped);
  if (query.search) filters.push(sql`${orders.number} ilike ${likePattern(query.search)}`);
  if (query.outletId !== undefined) filters.push(eq(orders.outletId, query.outletId));
  if (query.registerId !== undefined) filters.push(eq(orders.registerId, query.registerId));
  if (query.customerId !== undefined) filters.push(eq(orders.customerId, query.customerId));
  if (query.cashboxSessionId !== undefined) filters.push(eq(orders.cashboxSessionId, query.cashboxSessionId));
  const where = filters.length ? and(...filters) : undefined;
  const orderBy = orderByFrom(query.sort, { createdAt: orders.createdAt, total: orders.total, number: orders.number }, '-createdAt', orders.id);
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(orders).where(where))[0]?.n ?? 0,
    async (limit, offset) =>
      (
        await listBase(db)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset)
      ).map(toListItem),
  );
}

