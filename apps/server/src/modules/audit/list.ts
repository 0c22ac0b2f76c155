import { addDays, pageMetaOf, zonedDayStart, type AuditEntry, type AuditListFilters } from '@tillbook/contract';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { csvLine } from '../../lib/csv-write.ts';
import { AppError } from '../../lib/errors.ts';
import type { Page } from '../../lib/list.ts';
import { auditWhere, countAuditRows, findAuditRows, type AuditRecord } from './queries.ts';

function entryOf(row: AuditRecord): AuditEntry {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    userId: row.user_id,
    userName: row.user_name,
    outletId: row.outlet_id,
    outletName: row.outlet_name,
    registerId: row.register_id,
    registerName: row.register_name,
    action: row.action,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    summary: row.summary,
    before: row.before ?? null,
    after: row.after ?? null,
    approvedById: row.approved_by_id,
    approvedByName: row.approved_by_name,
    ip: row.ip,
  };
}

export type AuditFilters = Omit<AuditListFilters, 'page' | 'perPage'>;

/**
 * The filters' WHERE, the days in the shop's time zone; a to date before the from date is bad
 * input (422 before any download starts).
 */
export function auditWhereOf(filters: AuditFilters, timeZone: string): SQL {
  if (filters.from && filters.to && filters.from > filters.to) throw AppError.validation({ to: ['The to date must be on or after the from date.'] });
  return auditWhere(filters, {
    from: filters.from ? zonedDayStart(filters.from, timeZone) : undefined,
    to: filters.to ? zonedDayStart(addDays(filters.to, 1), timeZone) : undefined,
  });
}

/** The audit log, newest first, a page at a time. */
export async function listAudit(db: DbOrTx, filters: AuditListFilters, timeZone: string): Promise<Page<AuditEntry>> {
  const where = auditWhereOf(filters, timeZone);
  const [rows, total] = await Promise.all([findAuditRows(db, where, filters.perPage, (filters.page - 1) * filters.perPage), countAuditRows(db, where)]);
  return { data: rows.map(entryOf), meta: pageMetaOf(filters.page, filters.perPage, total) };
}

const header = ['id', 'date', 'user', 'outlet', 'register', 'action', 'summary', 'subject', 'before', 'after', 'approved by', 'address'];

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * The list's filtered rows as CSV, newest first, in batches (keyset on the id); before/after as
 * JSON. `upTo`: the newest entry to include (the log as it was when the export was asked for).
 */
export async function* auditCsv(db: DbOrTx, where: SQL, upTo?: number, batch = 1000): AsyncGenerator<string> {
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  let head = `\uFEFF${header.join(',')}\r\n`;
  let before = upTo === undefined ? undefined : upTo + 1;
  for (;;) {
    const rows = await findAuditRows(db, where, batch, 0, before);
    if (rows.length === 0) break;
    yield head +
      rows
        .map((row) =>
          csvLine([
            row.id,
            new Date(row.at).toISOString(),
            row.user_name,
            row.outlet_name ?? (row.outlet_id === null ? null : `#${row.outlet_id}`),
            row.register_name ?? (row.register_id === null ? null : `#${row.register_id}`),
            row.action,
            row.summary,
            row.subject_type === null ? null : `${row.subject_type} ${row.subject_id ?? ''}`.trim(),
            json(row.before),
            json(row.after),
            row.approved_by_name,
            row.ip,
          ]),
        )
        .join('');
    head = '';
    before = rows.at(-1)?.id;
    if (rows.length < batch) break;
  }
  if (head) yield head;
}

/** "action refund, from 2026-11-01": the filters an export was made with, for its own audit row. */
export function describeAuditFilters(filters: AuditFilters): string {
  const parts = [
    filters.userId !== undefined && `user #${filters.userId}`,
    filters.action && `action ${filters.action}`,
    filters.registerId !== undefined && `register #${filters.registerId}`,
    filters.from && `from ${filters.from}`,
    filters.to && `to ${filters.to}`,
    filters.search && `search “${filters.search}”`,
  ].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join(', ') : 'every entry';
}
