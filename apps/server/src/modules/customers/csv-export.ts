import { formatMinorAsDecimal, fractionDigitsOf } from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import { csvLine } from '../../lib/csv-write.ts';
import { getShopSettings } from '../settings/service.ts';
import type { CustomerFilters } from './queries.ts';
import { eachCustomer } from './service.ts';

const header = ['name', 'email', 'phone', 'address', 'birthday', 'marketing_consent', 'points', 'total_spent', 'orders', 'created_at'];

/** Customers matching the list's filters as CSV; money as a decimal in the shop's currency. */
export async function* customersCsv(db: DbOrTx, filters: CustomerFilters): AsyncGenerator<string> {
  const fractionDigits = fractionDigitsOf((await getShopSettings(db)).currency);
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

