import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute } from '../../db/execute.ts';
import { refreshWindows } from './sealing.ts';

/**
 * The reports' summaries (db/schema/analytics.ts) are kept by database functions in the same
 * transaction as what they sum (decision 020): sell_order adds each sale and move_stock each stock
 * move in their own statements; a refund is added here, in the refund's transaction.
 */
export async function summariseRefund(tx: DbOrTx, refundId: number): Promise<void> {
  await execute(tx, sql`select summarise_refunds(array[${refundId}]::int[])`);
}

/** Recomputes every summary from the orders, refunds and stock ledger (after a change of time zone), sealed periods and windows included. */
export async function rebuildSummaries(db: DbOrTx): Promise<void> {
  await execute(db, sql`select rebuild_summaries()`);
  await refreshWindows(db);
}
