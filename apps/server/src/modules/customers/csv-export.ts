import { formatMinorAsDecimal, fractionDigitsOf } from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import { csvLine } from '../../lib/csv-write.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { getShopSettings } from '../settings/service.ts';
import type { CustomerFilters } from './queries.ts';
import { eachCustomer, listCustomers } from './service.ts';

const header = ['name', 'email', 'phone', 'address', 'birthday', 'marketing_consent', 'points', 'total_spent', 'orders', 'created_at'];

/** The filters an export used, for the audit log: what was asked for, without paging. */
function exportFiltersOf(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([key, value]) => value !== undefined && key !== 'page' && key !== 'perPage'));
}

/**
 * Customers matching the list's filters as CSV; money as a decimal in the shop's currency. The
 * export of customer data is noted in the audit log (with its filters and number of rows) before
 * the first byte goes out.
 */
export async function* customersCsv(db: DbOrTx, filters: CustomerFilters, actor: AuditActor): AsyncGenerator<string> {
  const fractionDigits = fractionDigitsOf((await getShopSettings(db)).currency);
  const rows = (await listCustomers(db, { ...filters, page: 1, perPage: 1 })).meta.total;
  await recordAudit(db, actor, {
    action: 'customer.export',
    summary: `Exported ${rows} ${rows === 1 ? 'customer' : 'customers'} to CSV`,
    after: { export: 'customers', filters: exportFiltersOf(filters), rows },
  });
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  let head = `\uFEFF${header.join(',')}\r\n`;
  // The header goes out with the first batch: a query that fails does so before the first byte.
  for await (const rows of eachCustomer(db, filters)) {
    yield head + rows
      .map((c) =>
        csvLine([
          c.name,
          c.email,
          c.phone,
          c.address,
          c.birthday,
          c.marketingConsent ? 'yes' : 'no',
          c.pointsBalance,
          formatMinorAsDecimal(c.totalSpent, fractionDigits),
          c.orderCount,
          c.createdAt.toISOString(),
        ]),
      )
      .join('');
    head = '';
  }
  if (head) yield head;
}

