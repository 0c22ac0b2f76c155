import type { StockLedgerFilters } from '@tillbook/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute, executeOne } from '../../db/execute.ts';

export type LedgerRow = {
  id: number;
  created_at: string | Date;
  outlet_id: number;
  outlet_name: string;
  variant_id: number;
  product_id: number;
  product_title: string;
  variant_name: string;
  sku: string;
  delta: number;
  quantity_after: number;
  unit_cost: number;
  reason: string;
  note: string | null;
  user_id: number | null;
  user_name: string | null;
  document_type: string | null;
  document_id: number | null;
  order_number: string | null;
  refund_number: string | null;
  refund_order_id: number | null;
};

/** The WHERE of the list, its count and its export; `from`/`to` already the instants of the shop's days. */
export function ledgerWhere(filters: Omit<StockLedgerFilters, 'page' | 'perPage' | 'from' | 'to'>, range: { from?: Date; to?: Date }): SQL {
  const parts: SQL[] = [sql`true`];
  if (filters.outletId !== undefined) parts.push(sql`m.outlet_id = ${filters.outletId}`);
  if (filters.reason) parts.push(sql`m.reason = ${filters.reason}`);
  if (filters.productId !== undefined) parts.push(sql`m.variant_id in (select id from product_variants where product_id = ${filters.productId})`);
  if (filters.userId !== undefined) parts.push(sql`m.user_id = ${filters.userId}`);
  if (range.from) parts.push(sql`m.created_at >= ${range.from.toISOString()}`);
  if (range.to) parts.push(sql`m.created_at < ${range.to.toISOString()}`);
  return sql.join(parts, sql` and `);
}

/**
 * Ledger rows, newest first: the page's ids first, then their names and documents (an order's
 * number; a refund's number and its order). `before`: only rows older than this id (the export's batches).
 */
export async function findLedgerRows(db: DbOrTx, where: SQL, limit: number, offset: number, before?: number): Promise<LedgerRow[]> {
  const older = before === undefined ? sql`` : sql` and m.id < ${before}`;
  return execute<LedgerRow>(
    db,
    sql`select m.id, m.created_at, m.outlet_id, o.name as outlet_name, m.variant_id, v.product_id, p.title as product_title,
        v.name as variant_name, v.sku, m.delta, m.quantity_after, m.unit_cost, m.reason, m.note, m.user_id, u.name as user_name,
        m.document_type, m.document_id, ord.number as order_number, rf.number as refund_number, rf.order_id as refund_order_id
      from (select m.id from stock_movements m where ${where}${older} order by m.id desc limit ${limit} offset ${offset}) page
      join stock_movements m on m.id = page.id
      join outlets o on o.id = m.outlet_id
      join product_variants v on v.id = m.variant_id
      join products p on p.id = v.product_id
      left join users u on u.id = m.user_id
      left join orders ord on m.document_type = 'order' and ord.id = m.document_id
      left join refunds rf on m.document_type = 'refund' and rf.id = m.document_id
      order by m.id desc`,
  );
}

export async function countLedgerRows(db: DbOrTx, where: SQL): Promise<number> {
  return (await executeOne<{ n: number }>(db, sql`select count(*)::int as n from stock_movements m where ${where}`))?.n ?? 0;
}
