import {
  addDays,
  countNumber,
  documentNumber,
  formatMinorAsDecimal,
  fractionDigitsOf,
  goodsOrderNumber,
  pageMetaOf,
  zonedDayStart,
  type StockLedgerEntry,
  type StockLedgerFilters,
  type StockMoveDocument,
} from '@tillbook/contract';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { csvLine } from '../../lib/csv-write.ts';
import { AppError } from '../../lib/errors.ts';
import type { Page } from '../../lib/list.ts';
import { getShopSettings } from '../settings/service.ts';
import { countLedgerRows, findLedgerRows, ledgerWhere, type LedgerRow } from './queries.ts';

/** The document a ledger row belongs to, as a link: its number and the screen that shows it. */
export function documentOf(row: Pick<LedgerRow, 'document_type' | 'document_id' | 'order_number' | 'refund_number' | 'refund_order_id'>): StockMoveDocument | null {
  const id = row.document_id;
  if (id === null || row.document_type === null) return null;
  switch (row.document_type) {
    case 'order':
      return { type: 'order', id, label: row.order_number ?? `Order ${id}`, path: `/orders/${id}` };
    case 'refund':
      return row.refund_order_id === null ? null : { type: 'refund', id, label: row.refund_number ?? `Refund ${id}`, path: `/orders/${row.refund_order_id}` };
    case 'goods_order':
      return { type: 'goods_order', id, label: goodsOrderNumber(id), path: `/goods-orders/${id}/edit` };
    case 'stock_transfer':
      return { type: 'stock_transfer', id, label: documentNumber('stockTransfer', id), path: `/stock-transfers/${id}/edit` };
    case 'stock_count':
      return { type: 'stock_count', id, label: countNumber(id), path: `/stock-counts/${id}` };
    default:
      return null;
  }
}

function entryOf(row: LedgerRow): StockLedgerEntry {
  return {
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    outletId: row.outlet_id,
    outletName: row.outlet_name,
    variantId: row.variant_id,
    productId: row.product_id,
    productTitle: row.product_title,
    variantName: row.variant_name,
    sku: row.sku,
    delta: row.delta,
    quantityAfter: row.quantity_after,
    unitCost: row.unit_cost,
    reason: row.reason,
    note: row.note,
    userId: row.user_id,
    userName: row.user_name,
    document: documentOf(row),
  };
}

/** The filters' WHERE; a to date before the from date is bad input (422 before any download starts). */
export async function ledgerWhereOf(db: DbOrTx, filters: Omit<StockLedgerFilters, 'page' | 'perPage'>): Promise<SQL> {
  if (filters.from && filters.to && filters.from > filters.to) throw AppError.validation({ to: ['The to date must be on or after the from date.'] });
  const { timeZone } = await getShopSettings(db);
  return ledgerWhere(filters, {
    from: filters.from ? zonedDayStart(filters.from, timeZone) : undefined,
    to: filters.to ? zonedDayStart(addDays(filters.to, 1), timeZone) : undefined,
  });
}

/** Every stock ledger row, newest first, with its document. */
export async function listStockMovements(db: DbOrTx, filters: StockLedgerFilters): Promise<Page<StockLedgerEntry>> {
  const where = await ledgerWhereOf(db, filters);
  const [rows, total] = await Promise.all([findLedgerRows(db, where, filters.perPage, (filters.page - 1) * filters.perPage), countLedgerRows(db, where)]);
  return { data: rows.map(entryOf), meta: pageMetaOf(filters.page, filters.perPage, total) };
}

const header = ['date', 'outlet', 'product', 'variant', 'sku', 'change', 'quantity after', 'unit cost', 'reason', 'note', 'user', 'document'];

/** The list's filtered rows as CSV, newest first, in batches (keyset on the id); costs as decimals. */
export async function* stockMovementsCsv(db: DbOrTx, where: SQL, batch = 1000): AsyncGenerator<string> {
  const fractionDigits = fractionDigitsOf((await getShopSettings(db)).currency);
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  let head = `\uFEFF${header.join(',')}\r\n`;
  let before: number | undefined;
  for (;;) {
    const rows = await findLedgerRows(db, where, batch, 0, before);
    if (rows.length === 0) break;
    yield head +
      rows
        .map((row) =>
          csvLine([
            new Date(row.created_at).toISOString(),
            row.outlet_name,
            row.product_title,
            row.variant_name,
            row.sku,
            row.delta,
            row.quantity_after,
            formatMinorAsDecimal(row.unit_cost, fractionDigits),
            row.reason,
            row.note,
            row.user_name,
            documentOf(row)?.label ?? null,
          ]),
        )
        .join('');
    head = '';
    before = rows.at(-1)?.id;
    if (rows.length < batch) break;
  }
  if (head) yield head;
}
