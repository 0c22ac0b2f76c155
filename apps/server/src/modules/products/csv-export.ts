import { formatMinorAsDecimal, fractionDigitsOf, PRODUCT_CSV_LIST_SEPARATOR, productCsvColumns } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute } from '../../db/execute.ts';
import { categories, taxes } from '../../db/schema/index.ts';
import { getShopSettings } from '../settings/service.ts';
import { CategoryNames, type Lookups } from './csv-rows.ts';
import { csvCell } from '../../lib/csv-write.ts';
import { listProductIdsAfter, type ProductFilters } from './list.ts';

/** Products to CSV, with the columns the import reads (contract: productCsvColumns). */
const EXPORT_BATCH = 500;

type ExportProduct = { id: number; title: string; description: string | null; track_stock: boolean; status: string };
type ExportVariant = { id: number; product_id: number; name: string; sku: string; barcode: string | null; price: number; cost: number; quantity: number | null; low_stock_threshold: number | null };

async function exportLines(db: DbOrTx, ids: number[], outletId: number, lookups: Pick<Lookups, 'categories' | 'fractionDigits'>, taxNames: Map<number, string>): Promise<string> {
  const list = sql`${`{${ids.join(',')}}`}::int[]`;
  const [products, variants, categoryLinks, taxLinks] = await Promise.all([
    execute<ExportProduct>(db, sql`select id, title, description, track_stock, status from products where id = any(${list}) order by id`),
    execute<ExportVariant>(
      db,
      sql`select v.id, v.product_id, v.name, v.sku, v.barcode, v.price, v.cost, sl.quantity, sl.low_stock_threshold
          from product_variants v left join stock_levels sl on sl.variant_id = v.id and sl.outlet_id = ${outletId}
          where v.product_id = any(${list}) order by v.product_id, v.position, v.id`,
    ),
    execute<{ product_id: number; category_id: number }>(db, sql`select product_id, category_id from product_categories where product_id = any(${list})`),
    execute<{ product_id: number; tax_id: number }>(db, sql`select product_id, tax_id from product_taxes where product_id = any(${list}) order by position`),
  ]);
  const namesBy = (links: Array<{ product_id: number; name: string }>) => {
    const map = new Map<number, string[]>();
    for (const link of links) map.set(link.product_id, [...(map.get(link.product_id) ?? []), link.name]);
    return map;
  };
  const categoriesOf = namesBy(categoryLinks.map((l) => ({ product_id: l.product_id, name: lookups.categories.labelOf.get(l.category_id) ?? '' })));
  const taxesOf = namesBy(taxLinks.map((l) => ({ product_id: l.product_id, name: taxNames.get(l.tax_id) ?? '' })));
  const byProduct = new Map(products.map((p) => [p.id, p]));
  const money = (minor: number) => formatMinorAsDecimal(minor, lookups.fractionDigits);
  return variants
    .map((v) => {
      const p = byProduct.get(v.product_id) as ExportProduct;
      const cells = [
        csvCell(p.title, true),
        csvCell(v.name, true),
        csvCell(v.sku, true),
        csvCell(v.barcode, true),
        money(v.price),
        money(v.cost),
        csvCell((categoriesOf.get(p.id) ?? []).sort().join(PRODUCT_CSV_LIST_SEPARATOR), true),
        csvCell((taxesOf.get(p.id) ?? []).join(PRODUCT_CSV_LIST_SEPARATOR), true),
        csvCell(p.description, true),
        p.track_stock ? 'yes' : 'no',
        p.track_stock ? String(v.quantity ?? 0) : '',
        v.low_stock_threshold === null ? '' : String(v.low_stock_threshold),
        p.status,
      ];
      return `${cells.join(',')}\r\n`;
    })
    .join('');
}

/**
 * Every product matching the list's filters as CSV, one row per variant, in batches so a
 * catalogue of any size streams out without being held in memory. Stock is the outlet's.
 */
export async function* exportProducts(db: DbOrTx, filters: ProductFilters, outletId: number): AsyncGenerator<string> {
  const settings = await getShopSettings(db);
  const [categoryRows, taxRows] = await Promise.all([
    db.select({ id: categories.id, name: categories.name, parentId: categories.parentId }).from(categories),
    db.select({ id: taxes.id, name: taxes.name }).from(taxes),
  ]);
  const lookups = { categories: new CategoryNames(categoryRows), fractionDigits: fractionDigitsOf(settings.currency) };
  const taxNames = new Map(taxRows.map((t) => [t.id, t.name]));
  // The byte-order mark makes spreadsheet programs read the file as UTF-8.
  let head = `\uFEFF${productCsvColumns.join(',')}\r\n`;
  // The header goes out with the first batch: a query that fails does so before the first byte.
  let afterId = 0;
  for (;;) {
    const ids = await listProductIdsAfter(db, filters, settings.defaultLowStockThreshold, afterId, EXPORT_BATCH);
    if (ids.length === 0) break;
    yield head + (await exportLines(db, ids, outletId, lookups, taxNames));
    head = '';
    afterId = ids.at(-1) as number;
    if (ids.length < EXPORT_BATCH) break;
  }
  if (head) yield head;
}

