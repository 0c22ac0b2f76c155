import type { PricingTax } from '@tillbook/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, productTaxes, productVariants, taxes } from '../../db/schema/index.ts';

/** A variant as its label shows it, read at the moment of printing. */
export type LabelVariant = {
  id: number;
  productId: number;
  title: string;
  name: string;
  sku: string;
  barcode: string | null;
  price: number;
  /** The product's active taxes in their configured order: what the shelf price adds on top when exclusive. */
  taxes: PricingTax[];
};

export async function findLabelVariants(db: DbOrTx, variantIds: readonly number[]): Promise<Map<number, LabelVariant>> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      title: products.title,
      name: productVariants.name,
      sku: productVariants.sku,
      barcode: productVariants.barcode,
      price: productVariants.price,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, ids));
  const productIds = [...new Set(rows.map((row) => row.productId))];
  const taxRows =
    productIds.length === 0
      ? []
      : await db
          .select({ productId: productTaxes.productId, id: taxes.id, name: taxes.name, rateE4: taxes.rateE4, isInclusive: taxes.isInclusive, isCompound: taxes.isCompound })
          .from(productTaxes)
          .innerJoin(taxes, eq(taxes.id, productTaxes.taxId))
          .where(and(inArray(productTaxes.productId, productIds), eq(taxes.active, true)))
          .orderBy(asc(productTaxes.position), asc(taxes.id));
  const taxesOf = new Map<number, PricingTax[]>();
  for (const { productId, ...tax } of taxRows) taxesOf.set(productId, [...(taxesOf.get(productId) ?? []), tax]);
  return new Map(rows.map((row) => [row.id, { ...row, taxes: taxesOf.get(row.productId) ?? [] }]));
}
