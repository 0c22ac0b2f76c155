import type { SyncProduct } from '@tillbook/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute } from '../../db/execute.ts';
import { mediaUrl } from '../../lib/media.ts';

/** What a register sells with, for a page of products: read with one query per kind of row (sync.ts). */

/**
 * The page's ids in a single bind, read as `unnest(…) join`: with `= any(…)` of 2,000 ids PostgreSQL
 * judged a scan of the whole table cheaper than 2,000 index probes and compared every row with
 * every id, and with a plain join it hashed the whole table (0.1–0.2 s a page at 300k products);
 * a lateral subquery per id (kept apart from the join by `offset 0`) probes the index per id
 * whatever the estimates.
 */
function idArray(ids: number[]): SQL {
  return sql`${`{${ids.join(',')}}`}::int[]`;
}

export type ProductRow = { id: number; title: string; status: 'active' | 'archived'; track_stock: boolean; xid: string };
type VariantRow = { id: number; product_id: number; name: string; sku: string; barcode: string | null; price: number; cost: number; active: boolean };

/**
 * The products of one page with everything a register sells with, loaded with one query per
 * kind of row for the whole page (never one per product).
 */
export async function loadProducts(
  db: DbOrTx,
  rows: ProductRow[],
  options: { outletId: number; defaultThreshold: number; withCost: boolean; isIdRange?: boolean },
): Promise<SyncProduct[]> {
  if (rows.length === 0) return [];
  const productIds = idArray(rows.map((r) => r.id));
  // A page of a full copy is every product between its first and last id: one range of each index
  // is read (about 10× cheaper than a probe per id). A page of changes probes per id.
  const ofPage = (table: string) =>
    options.isIdRange
      ? sql`${sql.raw(table)} x where x.product_id between ${rows[0]!.id} and ${rows.at(-1)!.id}`
      : sql`unnest(${productIds}) page(id) cross join lateral (select * from ${sql.raw(table)} x where x.product_id = page.id offset 0) x`;
  const [variantRows, categoryRows, taxRows, chargeRows, imageRows] = await Promise.all([
    execute<VariantRow>(
      db,
      sql`select x.id, x.product_id, x.name, x.sku, x.barcode, x.price, x.cost, x.active from ${ofPage('product_variants')}
          order by x.product_id, x.position, x.id`,
    ),
    execute<{ product_id: number; category_id: number }>(
      db,
      sql`select x.product_id, x.category_id from ${ofPage('product_categories')} order by x.product_id, x.category_id`,
    ),
    execute<{ product_id: number; tax_id: number }>(
      db,
      sql`select x.product_id, x.tax_id from ${ofPage('product_taxes')} order by x.product_id, x.position, x.tax_id`,
    ),
    execute<{ product_id: number; charge_id: number }>(
      db,
      sql`select x.product_id, x.charge_id from ${ofPage('product_charges')} order by x.product_id, x.charge_id`,
    ),
    execute<{ product_id: number; file_name: string }>(
      db,
      sql`select distinct on (x.product_id) x.product_id, x.file_name from ${ofPage('product_images')}
          order by x.product_id, x.is_main desc, x.position, x.id`,
    ),
  ]);
  const variantIds = idArray(variantRows.map((v) => v.id));
  const [optionRows, stockRows] = variantRows.length
    ? await Promise.all([
        execute<{ variant_id: number; option_id: number }>(
          db,
          sql`select o.variant_id, o.option_id from unnest(${variantIds}) page(id)
          cross join lateral (select * from variant_options o where o.variant_id = page.id offset 0) o
          order by o.variant_id, o.option_id`,
        ),
        execute<{ variant_id: number; quantity: number; low_stock_threshold: number | null }>(
          db,
          sql`select l.variant_id, l.quantity, l.low_stock_threshold from unnest(${variantIds}) page(id)
              cross join lateral (select * from stock_levels l where l.outlet_id = ${options.outletId} and l.variant_id = page.id offset 0) l`,
        ),
      ])
    : [[], []];

  const groupBy = <T, V>(items: T[], key: (item: T) => number, value: (item: T) => V) => {
    const map = new Map<number, V[]>();
    for (const item of items) {
      const list = map.get(key(item));
      if (list) list.push(value(item));
      else map.set(key(item), [value(item)]);
    }
    return map;
  };
  const variantsOf = groupBy(variantRows, (v) => v.product_id, (v) => v);
  const categoriesOf = groupBy(categoryRows, (r) => r.product_id, (r) => r.category_id);
  const taxesOf = groupBy(taxRows, (r) => r.product_id, (r) => r.tax_id);
  const chargesOf = groupBy(chargeRows, (r) => r.product_id, (r) => r.charge_id);
  const optionsOf = groupBy(optionRows, (r) => r.variant_id, (r) => r.option_id);
  const imageOf = new Map(imageRows.map((r) => [r.product_id, r.file_name]));
  const stockOf = new Map(stockRows.map((r) => [r.variant_id, r]));

  return rows.map((p) => {
    const image = imageOf.get(p.id);
    return {
      id: p.id,
      title: p.title,
      status: p.status,
      trackStock: p.track_stock,
      categoryIds: categoriesOf.get(p.id) ?? [],
      taxIds: taxesOf.get(p.id) ?? [],
      chargeIds: chargesOf.get(p.id) ?? [],
      imageUrl: image ? mediaUrl(image) : null,
      variants: (variantsOf.get(p.id) ?? []).map((v) => {
        const level = stockOf.get(v.id);
        return {
          id: v.id,
          name: v.name,
          sku: v.sku,
          barcode: v.barcode,
          price: v.price,
          ...(options.withCost ? { cost: v.cost } : {}),
          active: v.active,
          optionIds: optionsOf.get(v.id) ?? [],
          stock: p.track_stock ? (level?.quantity ?? 0) : null,
          lowStockThreshold: p.track_stock ? (level?.low_stock_threshold ?? options.defaultThreshold) : null,
        };
      }),
    };
  });
}
