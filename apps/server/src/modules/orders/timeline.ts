import type { OrderEvent, OrderEventKind } from '@tillbook/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderEvents, orders, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { outletScopeFilter, type OutletScope } from '../../lib/viewer.ts';

/** Adds one entry to an order's timeline. */
export async function recordOrderEvent(
  db: DbOrTx,
  orderId: number,
  kind: OrderEventKind,
  detail: Record<string, unknown> | null,
  userId: number | null,
): Promise<void> {
  await db.insert(orderEvents).values({ orderId, kind, detail, userId });
}

/**
 * An order's timeline, oldest first. The sale itself is told by the order row (who sold it and
 * when), so checkout writes no extra row for it: selling stays one call of the database.
 */
export async function orderTimeline(db: DbOrTx, orderId: number, scope: OutletScope): Promise<OrderEvent[]> {
  const [order] = await db
    .select({ id: orders.id, number: orders.number, createdAt: orders.createdAt, cashierName: users.name })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, orderId), outletScopeFilter(scope, orders.outletId)))
    .limit(1);
  if (!order) throw AppError.notFound();
  const rows = await db
    .select({ id: orderEvents.id, kind: orderEvents.kind, detail: orderEvents.detail, userName: users.name, createdAt: orderEvents.createdAt })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.userId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
  const created: OrderEvent = {
    id: `order-${order.id}`,
    kind: 'created',
    detail: { number: order.number },
    userName: order.cashierName,
    createdAt: order.createdAt.toISOString(),
  };
  return [created, ...rows.map((row) => ({ ...row, id: String(row.id), detail: row.detail ?? null, createdAt: row.createdAt.toISOString() }))];
}
