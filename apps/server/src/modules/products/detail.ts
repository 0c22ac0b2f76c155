import type { Product } from '@tillbook/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  productAttributes,
  productCategories,
  productCharges,
  productImages,
  products,
  productTaxes,
  productVariants,
  stockLevels,
  variantOptions,
  type ProductRow,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { mediaUrl } from '../../lib/media.ts';

export async function getProductRow(db: DbOrTx, id: number): Promise<ProductRow> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) throw AppError.notFound();
  return row;
}

/** What a reader may see of a product: costs, and the stock of every outlet or of one. */
type ProductView = { withCost: boolean; outletId?: number };
const backOffice: ProductView = { withCost: true };

/** One product with everything its form and the sell screen need (a cashier: no cost, their outlet's stock). */
export async function getProduct(db: DbOrTx, id: number, view: ProductView = backOffice): Promise<Product> {
  const row = await getProductRow(db, id);
  const [categoryRows, taxRows, chargeRows, attributeRows, imageRows, variantRows] = await Promise.all([
    db.select({ id: productCategories.categoryId }).from(productCategories).where(eq(productCategories.productId, id)),
    db.select({ id: productTaxes.taxId }).from(productTaxes).where(eq(productTaxes.productId, id)).orderBy(asc(productTaxes.position)),
    db.select({ id: productCharges.chargeId }).from(productCharges).where(eq(productCharges.productId, id)),
    db
      .select({ id: productAttributes.attributeId })
      .from(productAttributes)
      .where(eq(productAttributes.productId, id))
      .orderBy(asc(productAttributes.position)),
    db.select().from(productImages).where(eq(productImages.productId, id)).orderBy(asc(productImages.position), asc(productImages.id)),
    db.select().from(productVariants).where(eq(productVariants.productId, id)).orderBy(asc(productVariants.position), asc(productVariants.id)),
  ]);
  const variantIds = variantRows.map((v) => v.id);
  const [optionRows, stockRows] = variantIds.length
    ? await Promise.all([
        db.select().from(variantOptions).where(inArray(variantOptions.variantId, variantIds)),
        db.select().from(stockLevels).where(inArray(stockLevels.variantId, variantIds)).orderBy(asc(stockLevels.outletId)),
      ])
    : [[], []];

  return {
    id: row.id,
    title: row.title,
    description: row.description,
    trackStock: row.trackStock,
    status: row.status,
    categoryIds: categoryRows.map((r) => r.id).sort((a, b) => a - b),
    taxIds: taxRows.map((r) => r.id),
    chargeIds: chargeRows.map((r) => r.id).sort((a, b) => a - b),
    attributeIds: attributeRows.map((r) => r.id),
    images: imageRows.map((i) => ({ id: i.id, url: mediaUrl(i.fileName), position: i.position, isMain: i.isMain })),
    variants: variantRows.map((v) => ({
      id: v.id,
      name: v.name,
      optionIds: optionRows.filter((o) => o.variantId === v.id).map((o) => o.optionId).sort((a, b) => a - b),
      sku: v.sku,
      barcode: v.barcode,
      price: v.price,
      ...(view.withCost && { cost: v.cost }),
      active: v.active,
      isDefault: v.isDefault,
      stock: stockRows
        .filter((s) => s.variantId === v.id && (view.outletId === undefined || s.outletId === view.outletId))
        .map((s) => ({ outletId: s.outletId, quantity: s.quantity, lowStockThreshold: s.lowStockThreshold })),
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
