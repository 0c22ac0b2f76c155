import type { ProductListItem, productListQuery, StockStatus } from '@tillbook/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { execute, executeOne } from '../../db/execute.ts';
import { AppError } from '../../lib/errors.ts';
import { likePattern, type Page } from '../../lib/list.ts';
import { pageMetaOf } from '@tillbook/contract';
import { mediaUrl } from '../../lib/media.ts';

type ProductListFilters = z.output<typeof productListQuery>;
/** The list's filters without its paging (the CSV export walks every matching product). */
export type ProductFilters = Omit<ProductListFilters, 'page' | 'perPage'>;

/**
 * Where a product's rows come from: the products alone, or — to filter by stock status — its stock
 * summary at the outlet (product_stock; outlet 0: all outlets), which carries the product's status
 * and track_stock too, so a count of "low" or "out" reads one index and no other table.
 */
type Source = { from: SQL; id: SQL; status: SQL };

function sourceOf(filters: ProductFilters, needsProduct: boolean, variants = false): Source {
  const base = variants ? sql`product_variants v join products p on p.id = v.product_id` : sql`products p`;
  if (filters.stockStatus === undefined) return { from: base, id: sql`p.id`, status: sql`p.status` };
  const outlet = filters.outletId ?? 0;
  if (!needsProduct) return { from: sql`product_stock ps`, id: sql`ps.product_id`, status: sql`ps.product_status` };
  return { from: sql`${base} join product_stock ps on ps.product_id = p.id and ps.outlet_id = ${outlet}`, id: sql`p.id`, status: sql`ps.product_status` };
}

/**
 * Up to this many products matching a stock status, a page reads the matches from the summary's
 * index first and sorts them (`stockFirst`). PostgreSQL cannot tell how many match — the rows of
 * every outlet share the table's statistics, and "low" compares two columns — and, guessing
 * thousands, walked the whole title index for a page of a status that held none (1.4 s at 100k).
 * Past it the matches are dense, and walking the sort order finds a page in a few hundred rows.
 */
const STOCK_FIRST_LIMIT = 5000;

/**
 * The products matching the filters, as rows of (id, sort key k). A search is a union of two
 * index-backed branches — title (trigram) and a variant's SKU (trigram) or barcode (prefix) — each
 * carrying the other filters and the sort key, so the page is a top-N sort of the matches only.
 * (Written as `p.id in (…union…)` under ORDER BY title LIMIT, PostgreSQL walked the title index
 * and compared every product with every match: seconds at 100k products.) Without a sort key (a
 * count, the export's id pages) and without a search, a stock-status filter reads the summary alone;
 * `stockFirst` takes the summary's matches first, then their sort keys.
 */
function matchingRows(filters: ProductFilters, defaultThreshold: number, sortKey?: SQL, stockFirst = false): SQL {
  if (!filters.search) {
    if (stockFirst && sortKey !== undefined && filters.stockStatus !== undefined) {
      const stock = sourceOf(filters, false);
      return sql`select p.id, ${sortKey} as k from products p
        where p.id = any(array(select ${stock.id} from ${stock.from} ${whereOf(filters, stock, defaultThreshold)}))`;
    }
    const source = sourceOf(filters, sortKey !== undefined);
    return sql`select ${source.id} as id, ${sortKey ?? source.id} as k from ${source.from} ${whereOf(filters, source, defaultThreshold)}`;
  }
  const key = sortKey ?? sql`p.id`;
  const pattern = likePattern(filters.search);
  const prefix = barcodePrefix(filters.search);
  const titles = sourceOf(filters, true);
  const variants = sourceOf(filters, true, true);
  return sql`select p.id, ${key} as k from ${titles.from} ${whereOf(filters, titles, defaultThreshold, [sql`p.title ilike ${pattern}`])}
    union
    select p.id, ${key} as k from ${variants.from}
    ${whereOf(filters, variants, defaultThreshold, [sql`(v.sku ilike ${pattern} or v.barcode like ${prefix})`])}`;
}

/**
 * A search counts its matches only up to this many (the list then says "5,000+"): below it, one
 * pass reads, counts and sorts them (at most this many rows); above it, a second pass sorts them
 * all for the page but does not count them.
 */
export const SEARCH_COUNT_CAP = 5000;

/** The search's two branches (title; a variant's SKU or barcode), each capped, as rows (id, k): no work grows with the matches. */
function searchBranches(filters: ProductFilters & { search: string }, defaultThreshold: number, key: SQL): SQL {
  const pattern = likePattern(filters.search);
  const prefix = barcodePrefix(filters.search);
  const source = sourceOf(filters, true);
  // The variants' products first, as an array: PostgreSQL then reads the products by id, whatever
  // it guesses of the match count (a guess 40× too high made it scan every product).
  const variantProducts = sql`p.id = any(array(select v.product_id from product_variants v
    where v.sku ilike ${pattern} or v.barcode like ${prefix} limit ${SEARCH_COUNT_CAP + 1}))`;
  return sql`(select p.id, ${key} as k from ${source.from} ${whereOf(filters, source, defaultThreshold, [sql`p.title ilike ${pattern}`])} limit ${SEARCH_COUNT_CAP + 1})
    union all
    (select p.id, ${key} as k from ${source.from} ${whereOf(filters, source, defaultThreshold, [variantProducts])} limit ${SEARCH_COUNT_CAP + 1})`;
}

/**
 * Past the cap: every match is sorted for the page, without counting them (the count spilled to
 * disk at a million products). Walking the title order instead was tried and is not safe: matches
 * cluster in that order ("Salted" goes with a few brands), and the walk read 347,000 rows before
 * finding a page. A word index ordered by title is the way to a bounded page (issue 17).
 */
function searchSorted(filters: ProductFilters & { search: string }, defaultThreshold: number, key: SQL, direction: SQL, limit: number, offset: number): SQL {
  return sql`select id from (${matchingRows(filters, defaultThreshold, key)}) m order by k ${direction}, id ${direction} limit ${limit} offset ${offset}`;
}

/**
 * A search's page: the matches (up to the cap, with their sort keys) sorted, and their number in
 * the same pass; when there are more than the cap, all matches are sorted for the page and the
 * total says "at least the cap". (Counting every match spilled to disk at a million products:
 * "Salt" matched 65,199.)
 */
async function searchPage(db: DbOrTx, filters: ProductListFilters & { search: string }, defaultThreshold: number, key: SQL, direction: SQL) {
  const offset = (filters.page - 1) * filters.perPage;
  const rows = await execute<{ id: number; total: number }>(
    db,
    sql`select id, count(*) over ()::int as total from (
          select distinct on (id) id, k from (select * from (${searchBranches(filters, defaultThreshold, key)}) b limit ${SEARCH_COUNT_CAP + 1}) u order by id
        ) m order by k ${direction}, id ${direction} limit ${filters.perPage} offset ${offset}`,
  );
  const found = rows[0]?.total;
  if (found !== undefined && found <= SEARCH_COUNT_CAP) return { ids: rows.map((r) => r.id), total: found, capped: false };
  if (found === undefined && offset === 0) return { ids: [], total: 0, capped: false };
  if (found === undefined) {
    // Past the last page the window has no row to carry the count: count the capped matches alone.
    const counted = await executeOne<{ n: number }>(db, sql`select count(distinct id)::int as n from (select * from (${searchBranches(filters, defaultThreshold, key)}) b limit ${SEARCH_COUNT_CAP + 1}) u`);
    const n = counted?.n ?? 0;
    if (n <= SEARCH_COUNT_CAP) return { ids: [], total: n, capped: false };
  }
  const sorted = await execute<{ id: number }>(db, searchSorted(filters, defaultThreshold, key, direction, filters.perPage, offset));
  return { ids: sorted.map((r) => r.id), total: SEARCH_COUNT_CAP, capped: true };
}

/** A barcode starting with the search, its LIKE characters escaped. */
function barcodePrefix(search: string): string {
  return `${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(filters: ProductFilters, source: Source, defaultThreshold: number, extra: SQL[] = []): SQL {
  const parts: SQL[] = [...extra];
  if (filters.stockStatus !== undefined) {
    parts.push(sql`ps.outlet_id = ${filters.outletId ?? 0}`, stockStatusFilter(filters.stockStatus, defaultThreshold));
  }
  const status = filters.status ?? 'active';
  if (status !== 'all') parts.push(sql`${source.status} = ${status}`);
  if (filters.active !== undefined) parts.push(sql`${source.status} = ${filters.active ? 'active' : 'archived'}`);
  if (filters.categoryId !== undefined) {
    // The category and everything under it.
    parts.push(sql`${source.id} in (
      select pc.product_id from product_categories pc where pc.category_id in (
        with recursive tree as (
          select id from categories where id = ${filters.categoryId}
          union all select c.id from categories c join tree on c.parent_id = tree.id
        ) select id from tree))`);
  }
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

/**
 * docs/catalogue.md "Stock status": out when on hand ≤ 0; low when 0 < on hand ≤ the sum of the
 * variants' thresholds, each the level's own or the shop's default — on the summary, `low_key ≤ the
 * default` (schema/stock.ts); in otherwise. Untracked products have none.
 */
function stockStatusFilter(status: StockStatus, defaultThreshold: number): SQL {
  if (status === 'out') return sql`ps.tracked and ps.quantity <= 0`;
  if (status === 'low') return sql`ps.tracked and ps.quantity > 0 and ps.low_key <= ${defaultThreshold}`;
  return sql`ps.tracked and (ps.low_key is null or ps.low_key > ${defaultThreshold})`;
}

/** The sort key and direction of `sort=title` / `sort=-price` (DESIGN.md §3); unknown sorts are bad input. */
function orderOf(sort: string | undefined): { key: SQL; direction: SQL } {
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
  return { key, direction: isDescending ? sql`desc` : sql`asc` };
}

type Row = {
  id: number;
  title: string;
  status: 'active' | 'archived';
  track_stock: boolean;
  updated_at: string | Date;
  qty: number;
  low: number;
  sku: string | null;
  barcode: string | null;
  cost: number | null;
  variant_count: number;
  price_min: number | null;
  price_max: number | null;
  image: string | null;
};

function stockStatusOf(row: Row): StockStatus | null {
  if (!row.track_stock) return null;
  if (row.qty <= 0) return 'out';
  return row.qty <= row.low ? 'low' : 'in';
}

/**
 * The product list (server-side paging, search, filters, sort), fast at 100k products: first the
 * page's ids (a search counts its matches in the same pass), then the columns of those 25 rows
 * only — stock, first variant, prices, image — never of the rows an OFFSET skips.
 */
export async function listProducts(
  db: DbOrTx,
  filters: ProductListFilters,
  defaultThreshold: number,
  options: { withCost: boolean; stockFirstLimit?: number } = { withCost: true },
): Promise<Page<ProductListItem>> {
  const { key, direction } = orderOf(filters.sort);
  const offset = (filters.page - 1) * filters.perPage;
  const pageOf = (stockFirst = false) => sql`select id
    from (${matchingRows(filters, defaultThreshold, key, stockFirst)}) m order by k ${direction}, id ${direction} limit ${filters.perPage} offset ${offset}`;
  let total: number;
  let ids: number[];
  let capped = false;
  if (filters.search) {
    ({ ids, total, capped } = await searchPage(db, { ...filters, search: filters.search }, defaultThreshold, key, direction));
  } else if (filters.stockStatus !== undefined) {
    // The count (one index) first: it says whether to sort the few matches or walk the sort order.
    total = await countProducts(db, filters, defaultThreshold);
    ids = (await execute<{ id: number }>(db, pageOf(total <= (options.stockFirstLimit ?? STOCK_FIRST_LIMIT)))).map((r) => r.id);
  } else {
    const [count, rows] = await Promise.all([countProducts(db, filters, defaultThreshold), execute<{ id: number }>(db, pageOf())]);
    total = count;
    ids = rows.map((r) => r.id);
  }
  const meta = { ...pageMetaOf(filters.page, filters.perPage, total), ...(capped && { totalCapped: true }) };
  if (ids.length === 0) return { data: [], meta };

  const list = sql`${`{${ids.join(',')}}`}::int[]`;
  const [rows, categoryRows] = await Promise.all([
    execute<Row>(
      db,
      sql`select p.id, p.title, p.status, p.track_stock, p.updated_at, coalesce(st.qty, 0)::bigint as qty, coalesce(st.low, 0)::bigint as low,
          fv.sku, fv.barcode, fv.cost, vs.variant_count, vs.price_min, vs.price_max, img.file_name as image
        from unnest(${list}) with ordinality as page(id, n) join products p on p.id = page.id
        left join lateral (select ps.quantity as qty, ps.threshold_sum + ps.default_count * ${defaultThreshold}::bigint as low
                           from product_stock ps where ps.product_id = p.id and ps.outlet_id = ${filters.outletId ?? 0}) st on true
        left join lateral (select sku, barcode, cost from product_variants where product_id = p.id order by position, id limit 1) fv on true
        left join lateral (select count(*)::int as variant_count, min(price) as price_min, max(price) as price_max
                           from product_variants where product_id = p.id) vs on true
        left join lateral (select file_name from product_images where product_id = p.id order by is_main desc, position, id limit 1) img on true
        order by page.n`,
    ),
    execute<{ product_id: number; id: number; name: string }>(
      db,
      sql`select pc.product_id, c.id, c.name from product_categories pc join categories c on c.id = pc.category_id
          where pc.product_id = any(${list}) order by c.name`,
    ),
  ]);
  const data = rows.map((r) => ({
    id: r.id,
    title: r.title,
    sku: r.sku,
    barcode: r.barcode,
    variantCount: r.variant_count,
    categories: categoryRows.filter((c) => c.product_id === r.id).map((c) => ({ id: c.id, name: c.name })),
    stock: r.track_stock ? r.qty : null,
    stockStatus: stockStatusOf(r),
    price: r.price_min ?? 0,
    priceMax: r.price_max ?? 0,
    ...(options.withCost && { cost: r.cost ?? 0 }),
    status: r.status,
    imageUrl: r.image ? mediaUrl(r.image) : null,
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
  return { data, meta };
}

export async function countProducts(db: DbOrTx, filters: ProductFilters, defaultThreshold: number): Promise<number> {
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
    sql`select id from (${matchingRows(filters, defaultThreshold)}) m where id > ${afterId} order by id limit ${limit}`,
  );
  return rows.map((r) => r.id);
}
