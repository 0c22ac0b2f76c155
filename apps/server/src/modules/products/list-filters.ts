import type { productListQuery, StockStatus } from '@tillbook/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';

export type ProductListFilters = z.output<typeof productListQuery>;
/** The list's filters without its paging (the CSV export walks every matching product). */
export type ProductFilters = Omit<ProductListFilters, 'page' | 'perPage'>;

/**
 * Where a product's rows come from: the products alone, or — to filter by stock status — its stock
 * summary at the outlet (product_stock; outlet 0: all outlets), which carries the product's status
 * and track_stock too, so a count of "low" or "out" reads one index and no other table.
 */
export type Source = { from: SQL; id: SQL; status: SQL };

export function sourceOf(filters: ProductFilters, needsProduct: boolean, variants = false): Source {
  const base = variants ? sql`product_variants v join products p on p.id = v.product_id` : sql`products p`;
  if (filters.stockStatus === undefined) return { from: base, id: sql`p.id`, status: sql`p.status` };
  const outlet = filters.outletId ?? 0;
  if (!needsProduct) return { from: sql`product_stock ps`, id: sql`ps.product_id`, status: sql`ps.product_status` };
  return { from: sql`${base} join product_stock ps on ps.product_id = p.id and ps.outlet_id = ${outlet}`, id: sql`p.id`, status: sql`ps.product_status` };
}

/**
 * The title words' rows (product_words pw) as a source: the word's row carries the product's
 * status, so a search without a stock filter reads that index alone; with one, the summary joins.
 */
export function wordSourceOf(filters: ProductFilters, withProduct: boolean): Source {
  const base = withProduct ? sql`product_words pw join products p on p.id = pw.product_id` : sql`product_words pw`;
  if (filters.stockStatus === undefined) return { from: base, id: sql`pw.product_id`, status: sql`pw.status` };
  return {
    from: sql`${base} join product_stock ps on ps.product_id = pw.product_id and ps.outlet_id = ${filters.outletId ?? 0}`,
    id: sql`pw.product_id`,
    status: sql`pw.status`,
  };
}

export function whereOf(filters: ProductFilters, source: Source, defaultThreshold: number, extra: SQL[] = []): SQL {
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
