import type { ProductListItem, productListQuery, StockStatus } from '@tillbook/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { likePattern, type Page } from '../../lib/list.ts';
import { pageMetaOf } from '@tillbook/contract';
import { mediaUrl } from '../../lib/media.ts';

export type ProductListFilters = z.output<typeof productListQuery>;

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Stock of a product at one outlet (or all), and the level at or below which it counts as low:
 * the sum of its variants' thresholds (each the outlet's own or the shop's default).
 */
function stockLateral(outletId: number | undefined, defaultThreshold: number): SQL {
  const outlet = outletId === undefined ? sql`` : sql` and sl.outlet_id = ${outletId}`;
  return sql`cross join lateral (
    select coalesce(sum(sl.quantity), 0)::int as qty,
           coalesce(sum(coalesce(sl.low_stock_threshold, ${defaultThreshold})), 0)::int as low
    from product_variants sv left join stock_levels sl on sl.variant_id = sv.id${outlet}
    where sv.product_id = p.id
  ) st`;
}

/** Search over title (trigram), SKU (trigram) and barcode (exact or prefix), index-backed. */
function searchFilter(term: string): SQL {
  const pattern = likePattern(term);
  const prefix = `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`p.id in (
    select id from products where title ilike ${pattern}
    union select product_id from product_variants where sku ilike ${pattern}
    union select product_id from product_variants where barcode like ${prefix}
  )`;
}

function whereOf(filters: ProductListFilters): SQL {
  const parts: SQL[] = [];
  const status = filters.status ?? 'active';
  if (status !== 'all') parts.push(sql`p.status = ${status}`);
  if (filters.active !== undefined) parts.push(sql`p.status = ${filters.active ? 'active' : 'archived'}`);
  if (filters.search) parts.push(searchFilter(filters.search));
  if (filters.categoryId !== undefined) {
    // The category and everything under it.
    parts.push(sql`p.id in (
      select pc.product_id from product_categories pc where pc.category_id in (
        with recursive tree as (
          select id from categories where id = ${filters.categoryId}
          union all select c.id from categories c join tree on c.parent_id = tree.id
        ) select id from tree))`);
  }
  if (filters.stockStatus) parts.push(stockStatusFilter(filters.stockStatus));
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

function stockStatusFilter(status: StockStatus): SQL {
  const tracked = sql`p.track_stock`;
  if (status === 'out') return sql`${tracked} and st.qty <= 0`;
  if (status === 'low') return sql`${tracked} and st.qty > 0 and st.qty <= st.low`;
  return sql`${tracked} and st.qty > st.low`;
}

function orderOf(sort: string | undefined): SQL {
  const value = sort ?? 'title';
  const isDescending = value.startsWith('-');
  const key = isDescending ? value.slice(1) : value;
  const direction = isDescending ? sql`desc` : sql`asc`;
  const columns: Record<string, SQL> = {
    title: sql`lower(p.title)`,
    price: sql`(select min(price) from product_variants where product_id = p.id)`,
    createdAt: sql`p.created_at`,
    updatedAt: sql`p.updated_at`,
  };
  const column = columns[key];
  if (!column) {
    const allowed = Object.keys(columns).flatMap((k) => [k, `-${k}`]);
    throw AppError.validation({ sort: [`The sort must be one of: ${allowed.join(', ')}.`] });
  }
  return sql`order by ${column} ${direction}, p.id ${direction}`;
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

/** The product list (server-side paging, search, filters, sort), fast at 100k products. */
export async function listProducts(db: DbOrTx, filters: ProductListFilters, defaultThreshold: number): Promise<Page<ProductListItem>> {
  const where = whereOf(filters);
  const lateral = stockLateral(filters.outletId, defaultThreshold);
  const offset = (filters.page - 1) * filters.perPage;
  const [total, rows] = await Promise.all([
    countProducts(db, filters, defaultThreshold),
    rowsOf<Row>(
      db,
      sql`select p.id, p.title, p.status, p.track_stock, p.updated_at, st.qty, st.low,
          fv.sku, fv.barcode, fv.cost, vs.variant_count, vs.price_min, vs.price_max, img.file_name as image
        from products p ${lateral}
        left join lateral (select sku, barcode, cost from product_variants where product_id = p.id order by position, id limit 1) fv on true
        left join lateral (select count(*)::int as variant_count, min(price)::int as price_min, max(price)::int as price_max
                           from product_variants where product_id = p.id) vs on true
        left join lateral (select file_name from product_images where product_id = p.id order by is_main desc, position, id limit 1) img on true
        ${where} ${orderOf(filters.sort)} limit ${filters.perPage} offset ${offset}`,
    ),
  ]);
  const ids = rows.map((r) => r.id);
  const categoryRows = ids.length
    ? await rowsOf<{ product_id: number; id: number; name: string }>(
        db,
        sql`select pc.product_id, c.id, c.name from product_categories pc join categories c on c.id = pc.category_id
            where pc.product_id in ${sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`} order by c.name`,
      )
    : [];
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
    cost: r.cost ?? 0,
    status: r.status,
    imageUrl: r.image ? mediaUrl(r.image) : null,
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
  return { data, meta: pageMetaOf(filters.page, filters.perPage, total) };
}

export async function countProducts(db: DbOrTx, filters: ProductListFilters, defaultThreshold: number): Promise<number> {
  const needsStock = filters.stockStatus !== undefined;
  const lateral = needsStock ? stockLateral(filters.outletId, defaultThreshold) : sql``;
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from products p ${lateral} ${whereOf(filters)}`);
  return row?.n ?? 0;
}
