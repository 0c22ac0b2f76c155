import type { OrderEvent, OrderEventKind } from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { OutletScope } from '../../lib/viewer.ts';
import { findOrderEvents, findOrderHeader, insertOrderEvents } from './queries.ts';

/** Adds one entry to an order's timeline. */
export async function recordOrderEvent(
  db: DbOrTx,
  orderId: number,
  kind: OrderEventKind,
  detail: Record<string, unknown> | null,
  userId: number | null,
): Promise<void> {
  await insertOrderEvents(db, [{ orderId, kind, detail, userId }]);
}

/**
 * An order's timeline, oldest first. The sale itself is told by the order row (who sold it and
 * when), so checkout writes no extra row for it: selling stays one call of the database.
 */
export async function orderTimeline(db: DbOrTx, orderId: number, scope: OutletScope): Promise<OrderEvent[]> {
  const order = await findOrderHeader(db, orderId, scope);
  if (!order) throw AppError.notFound();
  const rows = await findOrderEvents(db, orderId);
  const created: OrderEvent = {
    id: `order-${order.id}`,
    kind: 'created',
    detail: { number: order.number },
    userName: order.cashierName,
    createdAt: order.createdAt.toISOString(),
  };
  return [created, ...rows.map((row) => ({ ...row, id: String(row.id), detail: row.detail ?? null, createdAt: row.createdAt.toISOString() }))];
}
