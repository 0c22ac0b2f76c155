import { countNumber } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute, executeOne } from '../../db/execute.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';

/** At most this many differences are listed in the audit row; the summary gives the full number. */
const LISTED_DIFFERENCES = 50;

type Difference = { sku: string; counted: number; change: number };

/**
 * The differences a count is about to post, read before the ledger moves: each line's SKU, what
 * was counted and the change to the level (the first ones by variant; the total separately).
 */
async function differencesOf(tx: DbOrTx, countId: number): Promise<{ listed: Difference[]; total: number }> {
  const variance = sql`(l.counted - (l.expected + l.moved_before_count))`;
  const where = sql`l.stock_count_id = ${countId} and l.counted is not null and ${variance} <> 0`;
  const rows = await execute<{ sku: string; counted: number | string; change: number | string }>(
    tx,
    sql`select v.sku, l.counted, ${variance} as change from stock_count_lines l join product_variants v on v.id = l.variant_id
      where ${where} order by l.variant_id limit ${LISTED_DIFFERENCES}`,
  );
  const total = await executeOne<{ n: number }>(tx, sql`select count(*)::int as n from stock_count_lines l where ${where}`);
  return { listed: rows.map((r) => ({ sku: r.sku, counted: Number(r.counted), change: Number(r.change) })), total: total?.n ?? 0 };
}

/**
 * Writes the stock.count audit row for a count being applied, in its transaction: call it after
 * the uncounted lines are settled and before the variances post (it reads them from the sheet).
 */
export async function auditCountApplied(tx: DbOrTx, actor: AuditActor, count: { id: number; outletId: number }): Promise<void> {
  const { listed, total } = await differencesOf(tx, count.id);
  const outlet = await executeOne<{ name: string }>(tx, sql`select name from outlets where id = ${count.outletId}`);
  const number = countNumber(count.id);
  const lines = `${total} ${total === 1 ? 'line' : 'lines'} changed`;
  await recordAudit(tx, actor, {
    action: 'stock.count',
    summary: `Stock count ${number} applied at ${outlet?.name ?? `outlet ${count.outletId}`}: ${lines}`,
    subject: { type: 'stock_count', id: count.id },
    after: { number, linesChanged: total, differences: listed },
    outletId: count.outletId,
  });
}
