import type { AuditListFilters } from '@tillbook/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute, executeOne } from '../../db/execute.ts';
import { likePattern } from '../../lib/list.ts';

export type AuditRecord = {
  id: number;
  at: string | Date;
  user_id: number | null;
  user_name: string | null;
  outlet_id: number | null;
  outlet_name: string | null;
  register_id: number | null;
  register_name: string | null;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  summary: string;
  before: unknown;
  after: unknown;
  approved_by_id: number | null;
  approved_by_name: string | null;
  ip: string | null;
};

/**
 * The WHERE of the list, its count and its export; `from`/`to` already the instants of the shop's
 * days. An action with a dot is that action; without one it is an area (`refund` → `refund.…`).
 */
export function auditWhere(filters: Omit<AuditListFilters, 'page' | 'perPage' | 'from' | 'to'>, range: { from?: Date; to?: Date }): SQL {
  const parts: SQL[] = [sql`true`];
  if (filters.userId !== undefined) parts.push(sql`a.user_id = ${filters.userId}`);
  if (filters.registerId !== undefined) parts.push(sql`a.register_id = ${filters.registerId}`);
  if (filters.action) {
    // The contract allows letters, _ and one dot; _ is LIKE's wildcard, so it is escaped.
    if (filters.action.includes('.')) parts.push(sql`a.action = ${filters.action}`);
    else parts.push(sql`a.action like ${`${filters.action.replaceAll('_', '\\_')}.%`}`);
  }
  if (filters.search) parts.push(sql`a.summary ilike ${likePattern(filters.search)}`);
  if (range.from) parts.push(sql`a.at >= ${range.from.toISOString()}`);
  if (range.to) parts.push(sql`a.at < ${range.to.toISOString()}`);
  return sql.join(parts, sql` and `);
}

/**
 * Audit rows, newest first (in chain order, the order they were written): the page's ids first,
 * then the names of the outlet and register where they still exist. `before`: only rows older
 * than this id (the export's batches).
 */
export async function findAuditRows(db: DbOrTx, where: SQL, limit: number, offset: number, before?: number): Promise<AuditRecord[]> {
  const older = before === undefined ? sql`` : sql` and a.id < ${before}`;
  return execute<AuditRecord>(
    db,
    sql`select a.id, a.at, a.user_id, a.user_name, a.outlet_id, o.name as outlet_name, a.register_id, r.name as register_name,
        a.action, a.subject_type, a.subject_id, a.summary, a.before, a.after, a.approved_by_id, a.approved_by_name, a.ip
      from (select a.id from audit_log a where ${where}${older} order by a.id desc limit ${limit} offset ${offset}) page
      join audit_log a on a.id = page.id
      left join outlets o on o.id = a.outlet_id
      left join registers r on r.id = a.register_id
      order by a.id desc`,
  );
}

export async function countAuditRows(db: DbOrTx, where: SQL): Promise<number> {
  return (await executeOne<{ n: number }>(db, sql`select count(*)::int as n from audit_log a where ${where}`))?.n ?? 0;
}

/** The id of the newest entry (0 when the log is empty). */
export async function newestAuditId(db: DbOrTx): Promise<number> {
  return Number((await executeOne<{ id: number | null }>(db, sql`select max(id) as id from audit_log`))?.id ?? 0);
}

export type ChainLink = { id: number; prev_hash: string; hash: string; computed: string };

/** The next `limit` rows after `afterId` in chain order, each with its hash computed again from its fields. */
export async function findChainLinks(db: DbOrTx, afterId: number, limit: number): Promise<ChainLink[]> {
  return execute<ChainLink>(
    db,
    sql`select a.id, a.prev_hash, a.hash, audit_entry_hash(a) as computed from audit_log a where a.id > ${afterId} order by a.id limit ${limit}`,
  );
}
