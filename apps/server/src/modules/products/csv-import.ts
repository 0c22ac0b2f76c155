import { PRODUCT_CSV_MAX_ROWS, productInput, type ProductValues, type UploadResult } from '@tillbook/contract';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { execute } from '../../db/execute.ts';
import { databaseRefusalOf, isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { parseCsv, type CsvRecord } from '../../lib/csv.ts';
import { changeStock } from '../stock/service.ts';
import { KnownCodes, type KnownVariant } from './csv-known-codes.ts';
import { createInput, failuresOf, loadLookups, readRow, zodErrors, type Failure, type Lookups } from './csv-rows.ts';
import { stockNotTracked, updateFromRow } from './csv-update-row.ts';
import type { Actor } from './service.ts';
import { nextSku } from './variants.ts';

/** Products from CSV, each row in its own transaction: a bad row is reported and never half-imported. */

/**
 * Writes a new product as createProduct does — links, one default variant, its stock level, a
 * "created" history entry, then opening stock through the ledger ("initial") — but in one
 * statement instead of thirty: names were resolved once for the whole file, and PGlite pays
 * for every round trip, so 1,000 rows take seconds rather than a minute.
 */
async function insertProduct(tx: DbOrTx, values: ProductValues, lookups: Lookups, actor: Actor): Promise<KnownVariant & { sku: string }> {
  const variant = values.variants[0] as ProductValues['variants'][number];
  const sku = variant.sku ?? (await nextSku(tx, lookups.skuPattern));
  const level = variant.stock[0];
  const levelOutlet = level === undefined ? null : (level.outletId ?? lookups.outletId);
  const threshold = sql`${level?.lowStockThreshold ?? null}::bigint`;
  const [row] = await execute<{ id: number; product_id: number }>(
    tx,
    sql`with p as (
          insert into products (title, description, track_stock, status)
          values (${values.title}, ${values.description}, ${values.trackStock}, ${values.status}) returning id, lower(title) as title_key
        ), c as (
          insert into product_categories (product_id, category_id)
          select p.id, unnest(${`{${values.categoryIds.join(',')}}`}::int[]) from p
        ), t as (
          insert into product_taxes (product_id, tax_id, position)
          select p.id, x.tax_id, x.n - 1 from p, unnest(${`{${values.taxIds.join(',')}}`}::int[]) with ordinality as x(tax_id, n)
        ), v as (
          insert into product_variants (product_id, sku, barcode, price, cost, is_default)
          select p.id, ${sku}, ${variant.barcode}, ${variant.price}, ${variant.cost}, true from p returning id, product_id
        ), l as (
          insert into stock_levels (outlet_id, variant_id, quantity, low_stock_threshold)
          select ${level?.outletId ?? lookups.outletId}, v.id, 0, ${level?.lowStockThreshold ?? null}::bigint from v where ${level !== undefined}
        ), h as (
          insert into product_history (product_id, user_id, action, changes) select p.id, ${actor.userId}::int, 'created', '[]'::jsonb from p
        ), s as (
          -- Its stock summary (refresh_product_stock's figures for one variant with at most one
          -- level, at quantity 0): where the level is, and in all outlets (0), its own threshold or
          -- the default; elsewhere the default.
          insert into product_stock (product_id, outlet_id, tracked, product_status, title_key, threshold_sum, default_count)
          select p.id, o.id, ${values.trackStock}, ${values.status}, p.title_key,
            case when o.id in (0, ${levelOutlet}::int) then coalesce(${threshold}, 0) else 0 end, case when o.id in (0, ${levelOutlet}::int) and ${threshold} is not null then 0 else 1 end
          from p, (select 0 as id union all select id from outlets) o
        )
        select v.id, v.product_id from v`,
  );
  if (!row) throw new Error('Inserting a product returned no row');
  if (level?.quantity) {
    const opening = { outletId: level.outletId, variantId: row.id, delta: level.quantity, reason: 'initial' as const, note: 'Opening stock' };
    await changeStock(tx, { ...opening, userId: actor.userId, allowNegative: true });
  }
  return { id: row.id, productId: row.product_id, name: '', sku };
}

/** Where a table column's refusal belongs in the file. */
const columnOfTableColumn: Record<string, string> = {
  title: 'title',
  description: 'description',
  sku: 'sku',
  barcode: 'barcode',
  price: 'price',
  cost: 'cost',
  quantity: 'stock',
  quantity_after: 'stock',
  low_stock_threshold: 'low_stock_threshold',
};

/**
 * One row, in its own transaction (a savepoint during a dry run): created, updated, or failed
 * with nothing written. A row whose SKU matches a variant updates it and its product; any other
 * row creates a product with one default variant.
 */
async function importRow(db: DbOrTx, record: CsvRecord, lookups: Lookups, known: KnownCodes, actor: Actor): Promise<'created' | 'updated' | Failure[]> {
  const fail = (field: string | null, message: string) => [{ row: record.row, field, message }];
  if (record.problem) return fail(null, record.problem);
  const { values, failures } = readRow(record, lookups);
  if (failures.length) return failures;
  const existing = values.sku ? known.bySku.get(values.sku.toLowerCase()) : undefined;
  try {
    if (!existing) {
      if (values.variant) {
        return fail('sku', 'No variant has this SKU. Variants of a product with attributes are added on the product screen; here they can only be updated.');
      }
      if (values.price === undefined) return fail('price', 'The price field is required.');
      if (values.stock !== undefined && values.trackStock === false) return fail('stock', stockNotTracked);
      const parsed = productInput.safeParse(createInput(values, lookups));
      if (!parsed.success) return failuresOf(record.row, zodErrors(parsed.error.issues));
      const barcode = parsed.data.variants[0]?.barcode ?? null;
      if (barcode && known.barcodeOwner.has(barcode)) return fail('barcode', 'Another product already has this barcode.');
      const created = await db.transaction((tx) => insertProduct(tx, parsed.data, lookups, actor));
      known.add(created.sku, barcode, created);
      return 'created';
    }
    await db.transaction((tx) => updateFromRow(tx, existing, values, lookups, known, actor));
    if (values.barcode) known.barcodeOwner.set(values.barcode, existing.productId);
    return 'updated';
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 422 && error.errors) return failuresOf(record.row, error.errors);
    // Another person saved the same SKU or barcode between the look-up and the write.
    if (isUniqueViolation(error)) return fail(null, 'Another product already has this SKU or barcode.');
    // Any other refusal of the row by the database is this row's error; the next rows still import.
    const refusal = databaseRefusalOf(error);
    if (refusal) return fail(refusal.column ? (columnOfTableColumn[refusal.column] ?? null) : null, refusal.message);
    throw error;
  }
}

/**
 * Imports products from CSV text. Every row stands alone: a bad row is reported with its row
 * number (the header is row 1) and column, and its neighbours still import. `dryRun` runs every
 * row for real inside one transaction that is rolled back, so the preview is exact.
 */
export async function importProducts(db: Db, text: string, options: { dryRun: boolean; outletId: number; actor: Actor }): Promise<UploadResult> {
  const { columns, records } = parseCsv(text, {
    required: [],
    aliases: { name: 'title', category: 'categories', tax: 'taxes', quantity: 'stock', 'track stock': 'track_stock', 'low stock threshold': 'low_stock_threshold' },
    maxRows: PRODUCT_CSV_MAX_ROWS,
  });
  if (!columns.includes('title') && !columns.includes('sku')) {
    throw AppError.validation({ file: ["The file's first row must name the columns; it needs a title column (or a sku column to update products)."] });
  }
  const result: UploadResult = { created: 0, updated: 0, failed: [] };
  const run = async (runner: DbOrTx) => {
    const [lookups, known] = await Promise.all([loadLookups(runner, options.outletId), KnownCodes.load(runner, records)]);
    for (const record of records) {
      const outcome = await importRow(runner, record, lookups, known, options.actor);
      if (outcome === 'created') result.created += 1;
      else if (outcome === 'updated') result.updated += 1;
      else result.failed.push(...outcome);
    }
  };
  if (!options.dryRun) {
    await run(db);
    return result;
  }
  try {
    await db.transaction(async (tx) => {
      await run(tx);
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return result;
}
