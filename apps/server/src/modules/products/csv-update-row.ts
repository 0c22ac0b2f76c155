import { productInput, type Product, type ProductInput, type ProductValues } from '@tillbook/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute } from '../../db/execute.ts';
import { currentXid } from '../../db/schema/catalogue-sync.ts';
import { productCategories, products, productTaxes, productVariants, stockLevels } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { refreshProductStock, setStock } from '../stock/service.ts';
import type { KnownCodes, KnownVariant } from './csv-known-codes.ts';
import { zodErrors, type Lookups, type RowValues } from './csv-rows.ts';
import { diffProducts, recordHistory } from './history.ts';
import { auditActorOfProducts, auditPriceChanges } from './price-audit.ts';
import type { Actor } from './service.ts';

/** A row of the products CSV whose SKU exists: what it changes on that variant and its product. */

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

export const stockNotTracked = 'Stock is kept only for products that track stock (track_stock yes).';

/**
 * Writes what a row changes on an existing variant and its product — checked by the product
 * form's rules, recorded in the history as before → after like updateProduct does — and sets
 * the stock to the file's count through the ledger (reason "import") when the column is given.
 * Empty cells change nothing.
 */
export async function updateFromRow(tx: DbOrTx, variant: KnownVariant, values: RowValues, lookups: Lookups, known: KnownCodes, actor: Actor): Promise<void> {
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
      const variant = (state: VariantState) => ({ id: state.variantId, productId: state.productId, name: state.name, sku: state.sku, price: state.price, cost: state.cost });
      const change = { product: { id: before.productId, title: after.title }, before: [variant(before)], after: [variant(after)] };
      await auditPriceChanges(tx, auditActorOfProducts(actor), [change], lookups.money, 'CSV import');
    }
    if (after.level && after.level.lowStockThreshold !== (before.level?.lowStockThreshold ?? null)) {
      await tx
        .insert(stockLevels)
        .values({ outletId, variantId: before.variantId, quantity: 0, lowStockThreshold: after.level.lowStockThreshold })
        .onConflictDoUpdate({ target: [stockLevels.outletId, stockLevels.variantId], set: { lowStockThreshold: after.level.lowStockThreshold } });
    }
    await recordHistory(tx, before.productId, actor.userId, 'updated', changes);
  }
  await importStock(tx, before, values, lookups, actor);
  // Last, after the ledger's move: a sale locks the levels before the summary, and so does this.
  const summaryChanged =
    after.trackStock !== before.trackStock || after.status !== before.status || (after.level?.lowStockThreshold ?? null) !== (before.level?.lowStockThreshold ?? null);
  if (summaryChanged) await refreshProductStock(tx, [before.productId]);
}

async function importStock(tx: DbOrTx, before: VariantState, values: RowValues, lookups: Lookups, actor: Actor): Promise<void> {
  const outletId = lookups.outletId;

  // An export says 0 for an outlet that never held the variant: importing it back changes nothing.
  if (values.stock === undefined || (!before.level && values.stock === 0)) return;
  const target = { outletId, variantId: before.variantId, reason: 'import' as const, note: 'CSV import', userId: actor.userId };
  const { quantityAfter, delta } = await setStock(tx, { ...target, quantity: values.stock });
  if (delta === 0) return;
  const field = `${before.name ? `${before.name} ` : ''}stock at ${lookups.outletName}`;
  await recordHistory(tx, before.productId, actor.userId, 'stock', [{ field, before: quantityAfter - delta, after: quantityAfter }]);
}
