import type { Product, ProductValues } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogueDeletions, productAttributes, productCategories, productCharges, products, productTaxes, productVariants } from '../../db/schema/index.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditActor } from '../audit/service.ts';
import { getShopSettings } from '../settings/service.ts';
import { changeStock, refreshProductStock, touchProducts } from '../stock/service.ts';
import { getProduct, getProductRow } from './detail.ts';
import { diffProducts, recordHistory } from './history.ts';
import { auditActorOfProducts, auditPriceChanges, pricedVariants } from './price-audit.ts';
import { checkReferences } from './references.ts';
import { checkVariantCodes, checkVariantOptions, saveThresholds, saveVariants, VariantNotFound } from './variants.ts';

/** Who acts: the user, and for the audit log their name and address (every route passes it; seeds need not). */
export type Actor = { userId: number | null; audit?: AuditActor };

async function validate(db: Db, values: ProductValues, productId: number | null) {
  const errors: Record<string, string[]> = {};
  const options = await checkReferences(db, values, errors);
  const names = checkVariantOptions(values, options, errors);
  await checkVariantCodes(db, values, productId, errors);
  if (Object.keys(errors).length) throw AppError.validation(errors);
  return names;
}

async function saveLinks(tx: Parameters<Parameters<Db['transaction']>[0]>[0], productId: number, values: ProductValues) {
  await tx.delete(productCategories).where(eq(productCategories.productId, productId));
  await tx.delete(productTaxes).where(eq(productTaxes.productId, productId));
  await tx.delete(productCharges).where(eq(productCharges.productId, productId));
  await tx.delete(productAttributes).where(eq(productAttributes.productId, productId));
  if (values.categoryIds.length) await tx.insert(productCategories).values([...new Set(values.categoryIds)].map((categoryId) => ({ productId, categoryId })));
  if (values.taxIds.length) await tx.insert(productTaxes).values([...new Set(values.taxIds)].map((taxId, position) => ({ productId, taxId, position })));
  if (values.chargeIds.length) await tx.insert(productCharges).values([...new Set(values.chargeIds)].map((chargeId) => ({ productId, chargeId })));
  if (values.attributeIds.length) {
    await tx.insert(productAttributes).values(values.attributeIds.map((attributeId, position) => ({ productId, attributeId, position })));
  }
}

/** A clash that slipped past the checks (two people saving at once) still answers 422, never 500. */
function rethrow(error: unknown): never {
  if (error instanceof VariantNotFound) throw AppError.validation({ [`variants.${error.index}.id`]: ['This variant does not belong to the product.'] });
  if (isUniqueViolation(error)) throw AppError.validation({ variants: ['Another product already has one of these SKUs or barcodes.'] });
  throw error;
}

/**
 * Creates a product with its variants, links and opening stock (through the ledger, reason
 * "initial") in one transaction.
 */
export async function createProduct(db: Db, values: ProductValues, actor: Actor): Promise<Product> {
  const names = await validate(db, values, null);
  const settings = await getShopSettings(db);
  const id = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(products)
        .values({ title: values.title, description: values.description, trackStock: values.trackStock, status: values.status })
        .returning({ id: products.id });
      if (!row) throw new Error('Inserting a product returned no row');
      await saveLinks(tx, row.id, values);
      const variantIds = await saveVariants(tx, row.id, values, names, settings.skuPattern);
      await saveThresholds(tx, variantIds, values);
      // The summary's rows first, so the opening stock below only adds to them.
      await refreshProductStock(tx, [row.id]);
      if (values.trackStock) {
        for (const [index, v] of values.variants.entries()) {
          for (const s of v.stock) {
            if (!s.quantity) continue;
            await changeStock(tx, {
              outletId: s.outletId,
              variantId: variantIds[index] as number,
              delta: s.quantity,
              reason: 'initial',
              note: 'Opening stock',
              userId: actor.userId,
              allowNegative: true,
            });
          }
        }
      }
      await recordHistory(tx, row.id, actor.userId, 'created', []);
      return row.id;
    })
    .catch(rethrow);
  return getProduct(db, id);
}

/** Updates the whole form; stock quantities change only through adjustments (the ledger). */
export async function updateProduct(db: Db, id: number, values: ProductValues, actor: Actor): Promise<Product> {
  const before = await getProduct(db, id);
  const names = await validate(db, values, id);
  const settings = await getShopSettings(db);
  await db
    .transaction(async (tx) => {
      const pricesBefore = await pricedVariants(tx, [id]);
      await tx
        .update(products)
        .set({ title: values.title, description: values.description, trackStock: values.trackStock, status: values.status, updatedAt: new Date() })
        .where(eq(products.id, id));
      await saveLinks(tx, id, values);
      const variantIds = await saveVariants(tx, id, values, names, settings.skuPattern);
      await saveThresholds(tx, variantIds, values);
      await refreshProductStock(tx, [id]);
      await touchProducts(tx, [id]);
      const change = { product: { id, title: values.title }, before: pricesBefore, after: await pricedVariants(tx, [id]) };
      await auditPriceChanges(tx, auditActorOfProducts(actor), [change], settings, 'product form');
    })
    .catch(rethrow);
  const after = await getProduct(db, id);
  await recordHistory(db, id, actor.userId, 'updated', diffProducts(before, after));
  return after;
}

export async function setProductStatus(db: Db, ids: number[], status: 'active' | 'archived', actor: Actor): Promise<number> {
  let affected = 0;
  await db.transaction(async (tx) => {
    for (const id of ids) {
      const [row] = await tx.select({ status: products.status }).from(products).where(eq(products.id, id));
      if (!row || row.status === status) continue;
      await tx.update(products).set({ status, updatedAt: new Date() }).where(eq(products.id, id));
      await recordHistory(tx, id, actor.userId, status === 'archived' ? 'archived' : 'activated', [{ field: 'status', before: row.status, after: status }]);
      affected += 1;
    }
    await refreshProductStock(tx, ids);
    await touchProducts(tx, ids);
  });
  return affected;
}

/**
 * Deletes a product nothing refers to. One that sales (or other documents) refer to is archived
 * instead, so its history stays whole; the answer says which happened.
 */
export async function deleteProduct(db: Db, id: number, actor: Actor): Promise<'deleted' | 'archived'> {
  await getProductRow(db, id);
  try {
    await db.transaction(async (tx) => {
      const variants = await tx.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, id));
      await tx.delete(products).where(eq(products.id, id));
      await tx.insert(catalogueDeletions).values([
        { entity: 'product' as const, entityId: id },
        ...variants.map((v) => ({ entity: 'variant' as const, entityId: v.id })),
      ]);
    });
    return 'deleted';
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    await setProductStatus(db, [id], 'archived', actor);
    return 'archived';
  }
}
