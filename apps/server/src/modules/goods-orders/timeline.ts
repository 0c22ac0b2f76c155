import type { GoodsOrderEvent, GoodsOrderEventKind } from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { findEvents, findOrderHeader, insertEvent } from './queries.ts';

/** Adds one entry to a goods order's timeline. */
export async function recordGoodsOrderEvent(
  db: DbOrTx,
  goodsOrderId: number,
  kind: GoodsOrderEventKind,
  detail: Record<string, unknown> | null,
  userId: number | null,
): Promise<void> {
  await insertEvent(db, { goodsOrderId, kind, detail, userId });
}

/** A goods order's timeline, oldest first: created, edited, ordered, sent, each delivery, cancelled. */
export async function goodsOrderTimeline(db: DbOrTx, goodsOrderId: number): Promise<GoodsOrderEvent[]> {
  if (!(await findOrderHeader(db, goodsOrderId))) throw AppError.notFound();
  const rows = await findEvents(db, goodsOrderId);
  return rows.map((row) => ({ ...row, id: String(row.id), detail: row.detail ?? null, createdAt: row.createdAt.toISOString() }));
}
