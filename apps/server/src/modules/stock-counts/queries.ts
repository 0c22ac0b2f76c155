import { countIdOfNumber, type StockCountFilters, type StockCountLineFilter, type StockCountScope, type StockCountStatus } from '@tillbook/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute, executeOne } from '../../db/execute.ts';
import { likePattern } from '../../lib/list.ts';

/** The category and every category under it (the products list walks the tree the same way). */
function categoryTree(categoryId: number): SQL {
  return sql`(with recursive tree as (
      select id from categories where id = ${categoryId}
      union all select c.id from categories c join tree on c.parent_id = tree.id
    ) select id from tree)`;
}

/** Products filed in the category or under it. */
function inCategory(categoryId: number): SQL {
  return sql`p.id in (select pc.product_id from product_categories pc where pc.category_id in ${categoryTree(categoryId)})`;
}

export type CountRow = {
  id: number;
  outlet_id: number;
  scope: StockCountScope;
  category_id: number | null;
  status: StockCountStatus;
  note: string | null;
};

export async function insertCount(
  tx: DbOrTx,
  values: { outletId: number; scope: StockCountScope; categoryId: number | null; note: string | null; userId: number },
): Promise<number> {
  const row = await executeOne<{ id: number }>(
    tx,
    sql`insert into stock_counts (outlet_id, scope, category_id, note, user_id)
      values (${values.outletId}, ${values.scope}, ${values.categoryId}, ${values.note}, ${values.userId}) returning id`,
  );
  if (!row) throw new Error('Inserting a stock count returned no row');
  return row.id;
}

/**
 * Freezes the sheet in one insert…select: each variant's expected quantity (the outlet's level, 0
 * without one) and its cost now. All: every variant of the active products that track stock;
 * category: those filed in the category or under it; list: the variants given.
 */
export async function insertCountLines(
  tx: DbOrTx,
  count: { id: number; outletId: number; scope: StockCountScope; categoryId: number | null; variantIds: number[] },
): Promise<number> {
  const where: SQL[] = [sql`p.track_stock`];
  if (count.scope === 'list') where.push(sql`v.id = any(${`{${count.variantIds.join(',')}}`}::int[])`);
  else where.push(sql`p.status = 'active'`);
  if (count.scope === 'category' && count.categoryId !== null) where.push(inCategory(count.categoryId));
  const rows = await execute<{ n: number }>(
    tx,
    sql`with added as (
      insert into stock_count_lines (stock_count_id, variant_id, expected, unit_cost)
      select ${count.id}, v.id, coalesce(sl.quantity, 0), v.cost
      from product_variants v join products p on p.id = v.product_id
      left join stock_levels sl on sl.outlet_id = ${count.outletId} and sl.variant_id = v.id
      where ${sql.join(where, sql` and `)}
      returning 1
    ) select count(*)::int as n from added`,
  );
  return rows[0]?.n ?? 0;
}

/** The count's row, share-locked while counting (an apply takes it for update, so the two take turns). */
export async function findCount(tx: DbOrTx, id: number, lock?: 'share' | 'update'): Promise<CountRow | undefined> {
  const locking = lock === 'update' ? sql` for update` : lock === 'share' ? sql` for share` : sql``;
  return executeOne<CountRow>(tx, sql`select id, outlet_id, scope, category_id, status, note from stock_counts where id = ${id}${locking}`);
}

export async function outletExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await executeOne(db, sql`select 1 as one from outlets where id = ${id}`)) !== undefined;
}

export async function categoryExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await executeOne(db, sql`select 1 as one from categories where id = ${id}`)) !== undefined;
}

/** The given variants as they are: whether their product tracks stock. */
export async function findVariantsTracking(db: DbOrTx, ids: number[]): Promise<Map<number, boolean>> {
  const rows = await execute<{ id: number; track_stock: boolean }>(
    db,
    sql`select v.id, p.track_stock from product_variants v join products p on p.id = v.product_id where v.id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  return new Map(rows.map((r) => [r.id, r.track_stock]));
}

export async function hasLine(tx: DbOrTx, countId: number, variantId: number): Promise<boolean> {
  return (await executeOne(tx, sql`select 1 as one from stock_count_lines where stock_count_id = ${countId} and variant_id = ${variantId}`)) !== undefined;
}

/** Whether the variant's product is filed in the category or under it. */
export async function isVariantInCategory(tx: DbOrTx, variantId: number, categoryId: number): Promise<boolean> {
  return (await executeOne(tx, sql`select 1 as one from product_variants v join products p on p.id = v.product_id where v.id = ${variantId} and ${inCategory(categoryId)}`)) !== undefined;
}

const currentLevel = (outletId: number, variantId: SQL | number) =>
  sql`coalesce((select quantity from stock_levels where outlet_id = ${outletId} and variant_id = ${variantId}), 0)`;

/**
 * One entry of a counter, atomic in SQL so several people can count at once: "add" is
 * `counted = coalesce(counted, 0) + n`, "set" types the total. Each entry stamps how far the level
 * moved since the start (sales during the count), who counted and when. A variant not yet on the
 * sheet joins it expecting its level now. Answers the line's counted quantity.
 */
export async function recordEntry(
  tx: DbOrTx,
  entry: { countId: number; outletId: number; variantId: number; quantity: number; mode: 'add' | 'set'; userId: number },
): Promise<number> {
  const level = currentLevel(entry.outletId, entry.variantId);
  const counted = entry.mode === 'add' ? sql`coalesce(stock_count_lines.counted, 0) + excluded.counted` : sql`excluded.counted`;
  const row = await executeOne<{ counted: number }>(
    tx,
    sql`insert into stock_count_lines (stock_count_id, variant_id, expected, counted, moved_before_count, unit_cost, counted_by, counted_at)
      select ${entry.countId}, v.id, ${level}, ${entry.quantity}, 0, v.cost, ${entry.userId}, now() from product_variants v where v.id = ${entry.variantId}
      on conflict (stock_count_id, variant_id) do update set
        counted = ${counted},
        moved_before_count = ${level} - stock_count_lines.expected,
        counted_by = excluded.counted_by,
        counted_at = excluded.counted_at
      returning counted`,
  );
  if (!row) throw new Error('Counting a line returned no row');
  return Number(row.counted);
}

/** Apply with "uncounted as zero": every uncounted line is counted as none now. */
export async function zeroUncounted(tx: DbOrTx, count: { id: number; outletId: number }, userId: number): Promise<void> {
  await tx.execute(
    sql`update stock_count_lines l set counted = 0, moved_before_count = ${currentLevel(count.outletId, sql`l.variant_id`)} - l.expected,
      counted_by = ${userId}, counted_at = now()
      where l.stock_count_id = ${count.id} and l.counted is null`,
  );
}

const variance = sql`(l.counted - (l.expected + l.moved_before_count))`;

/**
 * Posts one ledger move per variance in ONE move_stock call (reason "count", the count as its
 * document; levels may go below zero: the count says what is there). Answers how many moved.
 */
export async function postVariances(tx: DbOrTx, count: { id: number; outletId: number; note: string | null }, userId: number): Promise<number> {
  const row = await executeOne<{ n: number }>(
    tx,
    sql`select count(*)::int as n from move_stock(${count.outletId},
      (select coalesce(jsonb_agg(jsonb_build_object('variant_id', l.variant_id, 'delta', ${variance}) order by l.variant_id), '[]'::jsonb)
         from stock_count_lines l where l.stock_count_id = ${count.id} and l.counted is not null and ${variance} <> 0),
      'count', ${count.note}, 'stock_count', ${count.id}, ${userId})`,
  );
  return row?.n ?? 0;
}

export async function markApplied(tx: DbOrTx, id: number, userId: number): Promise<void> {
  await tx.execute(sql`update stock_counts set status = 'applied', applied_by = ${userId}, applied_at = now(), updated_at = now() where id = ${id}`);
}

export async function markCancelled(tx: DbOrTx, id: number): Promise<void> {
  await tx.execute(sql`update stock_counts set status = 'cancelled', cancelled_at = now(), updated_at = now() where id = ${id}`);
}

export async function updateNote(tx: DbOrTx, id: number, note: string | null): Promise<void> {
  await tx.execute(sql`update stock_counts set note = ${note}, updated_at = now() where id = ${id}`);
}

export type CountListRow = {
  id: number;
  outlet_id: number;
  outlet_name: string;
  scope: StockCountScope;
  category_id: number | null;
  category_name: string | null;
  status: StockCountStatus;
  note: string | null;
  user_name: string | null;
  line_count: number;
  counted_count: number;
  created_at: string | Date;
  applied_at: string | Date | null;
  cancelled_at: string | Date | null;
  updated_at: string | Date;
  applied_by_name: string | null;
};

const countColumns = sql`c.id, c.outlet_id, o.name as outlet_name, c.scope, c.category_id, cat.name as category_name, c.status, c.note,
  u.name as user_name, ab.name as applied_by_name, c.created_at, c.applied_at, c.cancelled_at, c.updated_at,
  (select count(*)::int from stock_count_lines l where l.stock_count_id = c.id) as line_count,
  (select count(l.counted)::int from stock_count_lines l where l.stock_count_id = c.id) as counted_count`;
const countJoins = sql`join outlets o on o.id = c.outlet_id left join categories cat on cat.id = c.category_id
  left join users u on u.id = c.user_id left join users ab on ab.id = c.applied_by`;

export function countWhere(filters: Pick<StockCountFilters, 'search' | 'status' | 'outletId'>, range: { from?: Date; to?: Date }): SQL {
  const parts: SQL[] = [sql`true`];
  if (filters.search) {
    const id = countIdOfNumber(filters.search);
    parts.push(id === null ? sql`c.note ilike ${likePattern(filters.search)}` : sql`(c.id = ${id} or c.note ilike ${likePattern(filters.search)})`);
  }
  if (filters.status) parts.push(sql`c.status = ${filters.status}`);
  if (filters.outletId !== undefined) parts.push(sql`c.outlet_id = ${filters.outletId}`);
  if (range.from) parts.push(sql`c.created_at >= ${range.from.toISOString()}`);
  if (range.to) parts.push(sql`c.created_at < ${range.to.toISOString()}`);
  return sql.join(parts, sql` and `);
}

export async function findCountPage(db: DbOrTx, where: SQL, descending: boolean, limit: number, offset: number): Promise<{ rows: CountListRow[]; total: number }> {
  const direction = descending ? sql`desc` : sql`asc`;
  const [rows, total] = await Promise.all([
    execute<CountListRow>(
      db,
      sql`select ${countColumns} from (select c.id from stock_counts c where ${where} order by c.created_at ${direction}, c.id ${direction} limit ${limit} offset ${offset}) page
        join stock_counts c on c.id = page.id ${countJoins} order by c.created_at ${direction}, c.id ${direction}`,
    ),
    executeOne<{ n: number }>(db, sql`select count(*)::int as n from stock_counts c where ${where}`),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findCountDetail(db: DbOrTx, id: number): Promise<CountListRow | undefined> {
  return executeOne<CountListRow>(db, sql`select ${countColumns} from stock_counts c ${countJoins} where c.id = ${id}`);
}

export type TotalsRow = {
  lines: number;
  counted: number;
  uncounted: number;
  variance_lines: number;
  uncounted_in_stock: number;
  units_over: number;
  units_short: number;
  value_over: number;
  value_short: number;
};

/** The review's figures over the whole sheet in one pass. */
export async function findTotals(db: DbOrTx, count: { id: number; outletId: number }): Promise<TotalsRow> {
  const row = await executeOne<TotalsRow>(
    db,
    sql`select count(*)::int as lines, count(l.counted)::int as counted, (count(*) - count(l.counted))::int as uncounted,
        count(*) filter (where ${variance} <> 0)::int as variance_lines,
        count(*) filter (where l.counted is null and coalesce(sl.quantity, 0) <> 0)::int as uncounted_in_stock,
        coalesce(sum(greatest(${variance}, 0)), 0)::bigint as units_over,
        coalesce(sum(greatest(-${variance}, 0)), 0)::bigint as units_short,
        coalesce(sum(greatest(${variance}, 0) * l.unit_cost), 0)::bigint as value_over,
        coalesce(sum(greatest(-${variance}, 0) * l.unit_cost), 0)::bigint as value_short
      from stock_count_lines l left join stock_levels sl on sl.outlet_id = ${count.outletId} and sl.variant_id = l.variant_id
      where l.stock_count_id = ${count.id}`,
  );
  if (!row) throw new Error('The totals query returned no row');
  return row;
}

export async function countAdjustments(db: DbOrTx, id: number): Promise<number> {
  const row = await executeOne<{ n: number }>(db, sql`select count(*)::int as n from stock_movements where document_type = 'stock_count' and document_id = ${id}`);
  return row?.n ?? 0;
}

export type LineRow = {
  variant_id: number;
  product_id: number;
  product_title: string;
  variant_name: string;
  sku: string;
  barcode: string | null;
  expected: number;
  moved_before_count: number;
  counted: number | null;
  unit_cost: number;
  counted_by_name: string | null;
  counted_at: string | Date | null;
};

function lineWhere(countId: number, filters: { search?: string; filter: StockCountLineFilter }): SQL {
  const parts: SQL[] = [sql`l.stock_count_id = ${countId}`];
  if (filters.search) {
    const pattern = likePattern(filters.search);
    parts.push(sql`(p.title ilike ${pattern} or v.sku ilike ${pattern} or v.barcode ilike ${pattern} or v.name ilike ${pattern})`);
  }
  if (filters.filter === 'uncounted') parts.push(sql`l.counted is null`);
  if (filters.filter === 'counted') parts.push(sql`l.counted is not null`);
  if (filters.filter === 'variance') parts.push(sql`${variance} <> 0`);
  return sql.join(parts, sql` and `);
}

const lineJoins = sql`join product_variants v on v.id = l.variant_id join products p on p.id = v.product_id`;
const lineSelect = sql`select l.variant_id, p.id as product_id, p.title as product_title, v.name as variant_name, v.sku, v.barcode, l.expected,
    l.moved_before_count, l.counted, l.unit_cost, cu.name as counted_by_name, l.counted_at
  from stock_count_lines l ${lineJoins} left join users cu on cu.id = l.counted_by`;

/** A page of the sheet, by product title then variant. */
export async function findLinePage(
  db: DbOrTx,
  countId: number,
  filters: { search?: string; filter: StockCountLineFilter },
  limit: number,
  offset: number,
): Promise<{ rows: LineRow[]; total: number }> {
  const where = lineWhere(countId, filters);
  const [rows, total] = await Promise.all([
    execute<LineRow>(
      db,
      sql`${lineSelect} where ${where} order by lower(p.title), p.id, v.position, v.id limit ${limit} offset ${offset}`,
    ),
    executeOne<{ n: number }>(db, sql`select count(*)::int as n from stock_count_lines l ${lineJoins} where ${where}`),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findLine(db: DbOrTx, countId: number, variantId: number): Promise<LineRow | undefined> {
  return executeOne<LineRow>(db, sql`${lineSelect} where l.stock_count_id = ${countId} and l.variant_id = ${variantId}`);
}
