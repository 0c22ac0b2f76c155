import type { ProductListItem, StockStatus } from '@tillbook/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute, executeOne, parsedJson } from '../../db/execute.ts';
import { AppError } from '../../lib/errors.ts';
import type { Page } from '../../lib/list.ts';
import { pageMetaOf } from '@tillbook/contract';
import { mediaUrl } from '../../lib/media.ts';
import { sourceOf, whereOf, type ProductFilters, type ProductListFilters } from './list-filters.ts';
import { countSearch, searchPage, searchRows } from './search.ts';
import { SEARCH_COUNT_CAP, type SearchOrder, type SearchTerms } from './search-terms.ts';

export type { ProductFilters } from './list-filters.ts';
export { SEARCH_COUNT_CAP };

/**
 * Whether a page of a stock status reads the matches from the summary's index first and sorts them
 * (`stockFirst`), rather than walk the sort order checking each product. PostgreSQL cannot tell how
 * many match — the rows of every outlet share the table's statistics, and "low" compares two
 * columns — and, guessing thousands, walked the whole title index for a page of a status that held
 * none (1.4 s at 100k). By title, few matches (a count under the cap) are gathered and many are
 * walked: dense, a page is found in a few hundred rows ("in stock" at a million products: 6 ms
 * walked, 1.7 s gathering 900,000). No index serves the other sorts, so walking them sorts every
 * product: their matches are always gathered ("low" by price: 110 ms against 390 ms; "in" 1.7 s
 * against 3.4 s). `limit` (tests) says how many are few for any sort.
 */
function gathersStockFirst(order: SearchOrder, counted: number, limit: number | undefined): boolean {
  if (limit !== undefined) return counted <= limit;
  return !order.byTitle || counted <= SEARCH_COUNT_CAP;
}

/**
 * The products matching the filters (no search: see search.ts), as rows of (id, sort key k).
 * Without a sort key (a count, the export's id pages), a stock-status filter reads the summary
 * alone; `stockFirst` takes the summary's matches first, then their sort keys.
 */
function matchingRows(filters: ProductFilters, defaultThreshold: number, sortKey?: SQL, stockFirst = false): SQL {
  if (stockFirst && sortKey !== undefined && filters.stockStatus !== undefined) {
    const stock = sourceOf(filters, false);
    return sql`select p.id, ${sortKey} as k from products p
      where p.id = any(array(select ${stock.id} from ${stock.from} ${whereOf(filters, stock, defaultThreshold)}))`;
  }
  const source = sourceOf(filters, sortKey !== undefined);
  return sql`select ${source.id} as id, ${sortKey ?? source.id} as k from ${source.from} ${whereOf(filters, source, defaultThreshold)}`;
}

/** The sort key and direction of `sort=title` / `sort=-price` (DESIGN.md §3); unknown sorts are bad input. */
function orderOf(sort: string | undefined): SearchOrder {
  const value = sort ?? 'title';
  const isDescending = value.startsWith('-');
  const name = isDescending ? value.slice(1) : value;
  const columns: Record<string, SQL> = {
    title: sql`lower(p.title)`,
    price: sql`(select min(price) from product_variants where product_id = p.id)`,
    createdAt: sql`p.created_at`,
    updatedAt: sql`p.updated_at`,
  };
  const key = columns[name];
  if (!key) {
    const allowed = Object.keys(columns).flatMap((k) => [k, `-${k}`]);
    throw AppError.validation({ sort: [`The sort must be one of: ${allowed.join(', ')}.`] });
  }
  return { key, direction: isDescending ? sql`desc` : sql`asc`, descending: isDescending, byTitle: name === 'title' };
}

/** A row of product_list_rows (db/functions/product_list_rows.sql). */
type Row = {
  id: number;
  title: string;
  status: 'active' | 'archived';
  track_stock: boolean;
  updated_at: string | Date;
  qty: number;
  threshold_sum: number;
  default_count: number;
  sku: string | null;
  barcode: string | null;
  cost: number | null;
  variant_count: number;
  price_min: number | null;
  price_max: number | null;
  image: string | null;
  categories: Array<{ id: number; name: string }>;
};

/** docs/catalogue.md "Stock status": low up to the levels' own thresholds and the shop's default for the others. */
function stockStatusOf(row: Row, defaultThreshold: number): StockStatus | null {
  if (!row.track_stock) return null;
  if (row.qty <= 0) return 'out';
  return row.qty <= row.threshold_sum + row.default_count * defaultThreshold ? 'low' : 'in';
}

/**
 * The product list (server-side paging, search, filters, sort), fast at 100k products: first the
 * page's ids (a search counts its matches in the same pass), then the columns of those 25 rows
 * only — stock, first variant, prices, image — never of the rows an OFFSET skips.
 */
export async function listProducts(
  db: DbOrTx,
  filters: ProductListFilters,
  threshold: number | Promise<number>,
  options: { withCost: boolean; stockFirstLimit?: number; stockTitleIndex?: boolean; terms?: SearchTerms } = { withCost: true },
): Promise<Page<ProductListItem>> {
  // The shop's low-stock default counts in the filters only with a stock status; otherwise it is
  // first needed for the page's rows, and its read (a promise) runs beside the search.
  const defaultThreshold = filters.stockStatus === undefined ? 0 : await threshold;
  const order = orderOf(filters.sort);
  const { key, direction } = order;
  const offset = (filters.page - 1) * filters.perPage;
  const pageOf = (stockFirst = false) => sql`select id
    from (${matchingRows(filters, defaultThreshold, key, stockFirst)}) m order by k ${direction}, id ${direction} limit ${filters.perPage} offset ${offset}`;
  let total: number;
  let ids: number[];
  let capped = false;
  // A search finds its page and reads the page's rows in one statement (search.ts `counted`).
  let rowsRead: unknown;
  if (filters.search) {
    const pageRows = listRowsOf(filters.outletId);
    ({ ids, total, capped, rows: rowsRead } = await searchPage(db, { ...filters, search: filters.search }, defaultThreshold, order, { limit: filters.perPage, offset }, { terms: options.terms, pageRows }));
  } else if (filters.stockStatus !== undefined) {
    // The count (one index, up to the cap) first; then by title the summary's own index, or — other
    // sorts, every status — the few matches sorted or the sort order walked.
    const counted = await countStock(db, filters, defaultThreshold);
    total = Math.min(counted, SEARCH_COUNT_CAP);
    capped = counted > SEARCH_COUNT_CAP;
    const byIndex =
      counted === 0 ? [] : options.stockTitleIndex !== false && order.byTitle ? await stockPageByTitle(db, { ...filters, stockStatus: filters.stockStatus }, defaultThreshold, order, offset) : null;
    ids = byIndex ?? (await execute<{ id: number }>(db, pageOf(gathersStockFirst(order, counted, options.stockFirstLimit)))).map((r) => r.id);
  } else {
    const [count, rows] = await Promise.all([countAll(db, filters, defaultThreshold), execute<{ id: number }>(db, pageOf())]);
    total = count;
    ids = rows.map((r) => r.id);
  }
  const meta = { ...pageMetaOf(filters.page, filters.perPage, total), ...(capped && { totalCapped: true }) };
  if (ids.length === 0) return { data: [], meta };

  const value = rowsRead ?? (await executeOne<{ rows: unknown }>(db, sql`select ${listRowsOf(filters.outletId)(sql`${`{${ids.join(',')}}`}::int[]`)} as rows`))?.rows;
  const rows = parsedJson<Row[]>(value) ?? [];
  const shopThreshold = await threshold;
  const data = rows.map((r) => ({
    id: r.id,
    title: r.title,
    sku: r.sku,
    barcode: r.barcode,
    variantCount: r.variant_count,
    categories: r.categories,
    stock: r.track_stock ? r.qty : null,
    stockStatus: stockStatusOf(r, shopThreshold),
    price: r.price_min ?? 0,
    priceMax: r.price_max ?? 0,
    ...(options.withCost && { cost: r.cost ?? 0 }),
    status: r.status,
    imageUrl: r.image ? mediaUrl(r.image) : null,
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
  return { data, meta };
}

/** One call of product_list_rows (db/functions/product_list_rows.sql, planned once per connection) for a page's ids. */
function listRowsOf(outletId: number | undefined): (ids: SQL) => SQL {
  return (ids) => sql`product_list_rows(${ids}, ${outletId ?? 0}::int)`;
}

/** How many products have a stock status, counted on the summary's index up to the cap + 1. */
async function countStock(db: DbOrTx, filters: ProductFilters, defaultThreshold: number): Promise<number> {
  const row = await executeOne<{ n: number }>(db, sql`select count(*)::int as n from (${matchingRows(filters, defaultThreshold)} limit ${SEARCH_COUNT_CAP + 1}) m`);
  return row?.n ?? 0;
}

/** Merged pages of "low" read at most this many values of low_key (each its own stream in title order). */
const LOW_KEY_STREAMS = 64;

/**
 * A page of a stock status by title, read in title order from the summary's index (issue 17): "out"
 * is one range of product_stock_out_title; "low" is one range of product_stock_low_title per value
 * of low_key up to the default (a few; found by a loose index scan), merged. Walking the products'
 * title index instead read 44,000 rows for a page of "low" at a million products (the low products
 * cluster in title order), and sorting the matches grows with them. Null (the other ways) when the
 * list shows every status (the index holds one status's rows in order) or low_key has too many values.
 */
async function stockPageByTitle(db: DbOrTx, filters: ProductListFilters & { stockStatus: StockStatus }, defaultThreshold: number, order: SearchOrder, offset: number): Promise<number[] | null> {
  const status = filters.active === undefined ? (filters.status ?? 'active') : filters.active ? 'active' : 'archived';
  if (status === 'all' || filters.stockStatus === 'in') return null;
  const source = sourceOf(filters, false);
  const direction = order.direction;
  const n = offset + filters.perPage;
  const stream = (extra: SQL[]) => sql`select ps.product_id as id, ps.title_key as k from ${source.from} ${whereOf({ ...filters, status }, source, defaultThreshold, extra)}
    order by ps.title_key ${direction}, ps.product_id ${direction} limit ${n}`;
  let query: SQL;
  if (filters.stockStatus === 'out') {
    query = stream([]);
  } else {
    const outlet = filters.outletId ?? 0;
    const low = sql`ps.outlet_id = ${outlet} and ps.product_status = ${status} and ps.tracked and ps.quantity > 0 and ps.low_key <= ${defaultThreshold}`;
    const row = await executeOne<{ keys: number[] }>(
      db,
      sql`with recursive lk(v) as (
          (select ps.low_key from product_stock ps where ${low} order by ps.low_key limit 1)
          union all
          select (select ps.low_key from product_stock ps where ${low} and ps.low_key > lk.v order by ps.low_key limit 1) from lk where lk.v is not null
        ) select array(select v from lk where v is not null limit ${LOW_KEY_STREAMS + 1})::bigint[] as keys`,
    );
    const keys = (row?.keys ?? []).map(Number);
    if (keys.length > LOW_KEY_STREAMS) return null;
    if (!keys.length) return [];
    query = sql`select x.id, x.k from unnest(${`{${keys.join(',')}}`}::bigint[]) as lk(v) cross join lateral (${stream([sql`ps.low_key = lk.v`])}) x`;
  }
  const rows = await execute<{ id: number }>(db, sql`select id from (${query}) m order by k ${direction}, id ${direction} limit ${filters.perPage} offset ${offset}`);
  return rows.map((r) => r.id);
}

/** How many products match; a search counts up to SEARCH_COUNT_CAP (`capped`: at least that many). */
export async function countProducts(db: DbOrTx, filters: ProductFilters, defaultThreshold: number): Promise<{ count: number; capped: boolean }> {
  if (filters.search) return countSearch(db, { ...filters, search: filters.search }, defaultThreshold, orderOf(undefined));
  return { count: await countAll(db, filters, defaultThreshold), capped: false };
}

async function countAll(db: DbOrTx, filters: ProductFilters, defaultThreshold: number): Promise<number> {
  const row = await executeOne<{ n: number }>(db, sql`select count(*)::int as n from (${matchingRows(filters, defaultThreshold)}) m`);
  return row?.n ?? 0;
}

/**
 * Ids of the products matching the list's filters, after `afterId` in id order: keyset pages, so
 * walking 300k products never reads the skipped rows again as an OFFSET would.
 */
export async function listProductIdsAfter(
  db: DbOrTx,
  filters: ProductFilters,
  defaultThreshold: number,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await execute<{ id: number }>(
    db,
    sql`select id from (${filters.search ? await searchRows(db, { ...filters, search: filters.search }, defaultThreshold, orderOf(undefined)) : matchingRows(filters, defaultThreshold)}) m
      where id > ${afterId} order by id limit ${limit}`,
  );
  return rows.map((r) => r.id);
}
