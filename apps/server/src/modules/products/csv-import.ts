import { PRODUCT_CSV_MAX_ROWS, productInput, type Product, type ProductInput, type ProductValues, type UploadResult } from '@tillbook/contract';
import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { execute } from '../../db/execute.ts';
import { currentXid } from '../../db/schema/catalogue-sync.ts';
import { productCategories, products, productTaxes, productVariants, stockLevels } from '../../db/schema/index.ts';
import { databaseRefusalOf, isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { parseCsv, type CsvRecord } from '../../lib/csv.ts';
import { changeStock, setStock } from '../stock/service.ts';
import { diffProducts, recordHistory } from './history.ts';
import { cellOf, createInput, failuresOf, loadLookups, readRow, textArray, zodErrors, type Failure, type Lookups, type RowValues } from './csv-rows.ts';
import type { Actor } from './service.ts';
import { nextSku } from './variants.ts';

/** Products from CSV, each row in its own transaction: a bad row is reported and never half-imported. */

type KnownVariant = { id: number; productId: number; name: string };

/**
 * SKUs and barcodes of the file that already exist, looked up for the whole file in a few
 * queries, and kept current as its rows import: a row whose SKU exists updates that variant.
 */
class KnownCodes {
  readonly bySku = new Map<string, KnownVariant>();
  readonly barcodeOwner = new Map<string, number>();

  static async load(db: DbOrTx, records: CsvRecord[]): Promise<KnownCodes> {
    const known = new KnownCodes();
    const skus = [...new Set(records.map((r) => cellOf(r, 'sku')?.toLowerCase()).filter((v): v is string => Boolean(v)))];
    const barcodes = [...new Set(records.map((r) => cellOf(r, 'barcode')).filter((v): v is string => Boolean(v)))];
    for (let i = 0; i < Math.max(skus.length, barcodes.length); i += 5000) {
      const rows = await execute<{ id: number; product_id: number; name: string; sku: string; barcode: string | null }>(
        db,
        sql`select id, product_id, name, sku, barcode from product_variants
            where lower(sku) = any(${textArray(skus.slice(i, i + 5000))}::text[]) or barcode = any(${textArray(barcodes.slice(i, i + 5000))}::text[])`,
      );
      for (const row of rows) known.add(row.sku, row.barcode, { id: row.id, productId: row.product_id, name: row.name });
    }
    return known;
  }

  add(sku: string, barcode: string | null, variant: KnownVariant) {
    this.bySku.set(sku.toLowerCase(), variant);
    if (barcode) this.barcodeOwner.set(barcode, variant.productId);
  }
}

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
  const [row] = await execute<{ id: number; product_id: number }>(
    tx,
    sql`with p as (
          insert into products (title, description, track_stock, status)
          values (${values.title}, ${values.description}, ${values.trackStock}, ${values.status}) returning id
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

/** An existing variant with its product, as a row of the file may change them. */
type VariantState = {
  productId: number;
  title: string;
  description: string | null;
  trackStock: boolean;
  status: 'active' | 'archived';
  categoryIds: number[];
  taxIds: number[];
  variantId: number;
  name: string;
  sku: string;
  barcode: string | null;
  price: number;
  cost: number;
  /** The variant's level at the import's outlet, when it has one. */
  level: { quantity: number; lowStockThreshold: number | null } | null;
};

async function loadVariantState(tx: DbOrTx, variantId: number, outletId: number): Promise<VariantState> {
  const [row] = await execute<{
    product_id: number; title: string; description: string | null; track_stock: boolean; status: 'active' | 'archived';
    category_ids: number[]; tax_ids: number[]; name: string; sku: string; barcode: string | null; price: number; cost: number;
    quantity: number | null; low_stock_threshold: number | null; has_level: boolean;
  }>(
    tx,
    sql`select p.id as product_id, p.title, p.description, p.track_stock, p.status,
          array(select category_id from product_categories where product_id = p.id order by category_id) as category_ids,
          array(select tax_id from product_taxes where product_id = p.id order by position, tax_id) as tax_ids,
          v.name, v.sku, v.barcode, v.price, v.cost, sl.quantity, sl.low_stock_threshold, sl.variant_id is not null as has_level
        from product_variants v join products p on p.id = v.product_id
        left join stock_levels sl on sl.variant_id = v.id and sl.outlet_id = ${outletId}
        where v.id = ${variantId}
        for update of p`,
  );
  if (!row) throw AppError.validation({ sku: ['This product was deleted while the file was importing.'] });
  return {
    productId: row.product_id,
    title: row.title,
    description: row.description,
    trackStock: row.track_stock,
    status: row.status,
    categoryIds: row.category_ids.map(Number),
    taxIds: row.tax_ids.map(Number),
    variantId,
    name: row.name,
    sku: row.sku,
    barcode: row.barcode,
    price: row.price,
    cost: row.cost,
    level: row.has_level ? { quantity: row.quantity ?? 0, lowStockThreshold: row.low_stock_threshold } : null,
  };
}

/** The state as much of a Product as the history's diff reads (one variant, one outlet). */
function asProduct(state: VariantState, outletId: number): Product {
  return {
    id: state.productId,
    title: state.title,
    description: state.description,
    trackStock: state.trackStock,
    status: state.status,
    categoryIds: state.categoryIds,
    taxIds: state.taxIds,
    chargeIds: [],
    attributeIds: [],
    images: [],
    variants: [
      {
        id: state.variantId,
        name: state.name,
        optionIds: [],
        sku: state.sku,
        barcode: state.barcode,
        price: state.price,
        cost: state.cost,
        active: true,
        isDefault: false,
        stock: state.level ? [{ outletId, quantity: state.level.quantity, lowStockThreshold: state.level.lowStockThreshold }] : [],
      },
    ],
    createdAt: '',
    updatedAt: '',
  };
}

const stockNotTracked = 'Stock is kept only for products that track stock (track_stock yes).';

/**
 * Writes what a row changes on an existing variant and its product — checked by the product
 * form's rules, recorded in the history as before → after like updateProduct does — and sets
 * the stock to the file's count through the ledger (reason "import") when the column is given.
 * Empty cells change nothing.
 */
async function updateFromRow(tx: DbOrTx, variant: KnownVariant, values: RowValues, lookups: Lookups, known: KnownCodes, actor: Actor): Promise<void> {
  const outletId = lookups.outletId;
  const before = await loadVariantState(tx, variant.id, outletId);
  const threshold = values.lowStockThreshold === undefined ? before.level?.lowStockThreshold ?? null : values.lowStockThreshold;
  const parsed = productInput.safeParse({
    title: values.title ?? before.title,
    description: values.description ?? before.description,
    categoryIds: values.categoryIds ?? before.categoryIds,
    taxIds: values.taxIds ?? before.taxIds,
    trackStock: values.trackStock ?? before.trackStock,
    status: values.status ?? before.status,
    variants: [
      {
        sku: values.sku ?? before.sku,
        barcode: values.barcode ?? before.barcode,
        price: values.price ?? before.price,
        cost: values.cost ?? before.cost,
        stock: before.level || values.lowStockThreshold !== undefined ? [{ outletId, lowStockThreshold: threshold }] : [],
      },
    ],
  } satisfies ProductInput);
  if (!parsed.success) throw AppError.validation(zodErrors(parsed.error.issues));
  const next = parsed.data;
  const row = next.variants[0] as ProductValues['variants'][number];
  const owner = row.barcode ? known.barcodeOwner.get(row.barcode) : undefined;
  if (owner !== undefined && owner !== before.productId) throw AppError.validation({ barcode: ['Another product already has this barcode.'] });
  if (values.stock !== undefined && !next.trackStock) throw AppError.validation({ quantity: [stockNotTracked] });

  const after: VariantState = {
    ...before,
    title: next.title,
    description: next.description,
    trackStock: next.trackStock,
    status: next.status,
    categoryIds: [...next.categoryIds].sort((a, b) => a - b),
    taxIds: next.taxIds,
    sku: row.sku ?? before.sku,
    barcode: row.barcode,
    price: row.price,
    cost: row.cost,
    level: row.stock.length ? { quantity: before.level?.quantity ?? 0, lowStockThreshold: threshold } : null,
  };
  const changes = diffProducts(asProduct(before, outletId), asProduct(after, outletId));
  if (changes.length) {
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    await tx
      .update(products)
      .set({ title: after.title, description: after.description, trackStock: after.trackStock, status: after.status, updatedAt: new Date(), changeXid: currentXid })
      .where(eq(products.id, before.productId));
    if (!same(before.categoryIds, after.categoryIds)) {
      await tx.delete(productCategories).where(eq(productCategories.productId, before.productId));
      if (after.categoryIds.length) await tx.insert(productCategories).values(after.categoryIds.map((categoryId) => ({ productId: before.productId, categoryId })));
    }
    if (!same(before.taxIds, after.taxIds)) {
      await tx.delete(productTaxes).where(eq(productTaxes.productId, before.productId));
      if (after.taxIds.length) await tx.insert(productTaxes).values(after.taxIds.map((taxId, position) => ({ productId: before.productId, taxId, position })));
    }
    if (after.sku !== before.sku || after.barcode !== before.barcode || after.price !== before.price || after.cost !== before.cost) {
      await tx
        .update(productVariants)
        .set({ sku: after.sku, barcode: after.barcode, price: after.price, cost: after.cost, updatedAt: new Date() })
        .where(eq(productVariants.id, before.variantId));
    }
    if (after.level && after.level.lowStockThreshold !== (before.level?.lowStockThreshold ?? null)) {
      await tx
        .insert(stockLevels)
        .values({ outletId, variantId: before.variantId, quantity: 0, lowStockThreshold: after.level.lowStockThreshold })
        .onConflictDoUpdate({ target: [stockLevels.outletId, stockLevels.variantId], set: { lowStockThreshold: after.level.lowStockThreshold } });
    }
    await recordHistory(tx, before.productId, actor.userId, 'updated', changes);
  }

  // An export says 0 for an outlet that never held the variant: importing it back changes nothing.
  if (values.stock === undefined || (!before.level && values.stock === 0)) return;
  const target = { outletId, variantId: before.variantId, reason: 'import' as const, note: 'CSV import', userId: actor.userId };
  const { quantityAfter, delta } = await setStock(tx, { ...target, quantity: values.stock });
  if (delta === 0) return;
  const field = `${before.name ? `${before.name} ` : ''}stock at ${lookups.outletName}`;
  await recordHistory(tx, before.productId, actor.userId, 'stock', [{ field, before: quantityAfter - delta, after: quantityAfter }]);
}

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
