import { formatSku, type ProductValues } from '@tillbook/contract';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute, executeOne } from '../../db/execute.ts';
import { AppError } from '../../lib/errors.ts';
import { catalogueDeletions, productVariants, skuSequence, stockLevels, variantOptions } from '../../db/schema/index.ts';
import type { AttributeOptionsById } from './references.ts';

type Errors = Record<string, string[]>;
type VariantValues = ProductValues['variants'][number];

/**
 * A product without attributes has exactly one variant; with attributes, each variant takes one
 * option of each attribute, and no two variants take the same combination. Returns the names.
 */
export function checkVariantOptions(values: ProductValues, options: AttributeOptionsById, errors: Errors): string[] {
  if (values.attributeIds.length === 0) {
    if (values.variants.length !== 1) errors.variants = ['A product without attributes has exactly one variant.'];
    values.variants.forEach((v, i) => {
      if (v.optionIds.length) errors[`variants.${i}.optionIds`] = ['Choose attributes for the product before giving variants options.'];
    });
    return values.variants.map(() => '');
  }
  const seen = new Map<string, number>();
  return values.variants.map((v, i) => {
    const byAttribute = new Map<number, number>();
    for (const optionId of v.optionIds) {
      const option = options.get(optionId);
      if (!option) {
        errors[`variants.${i}.optionIds`] = ["This option does not belong to the product's attributes."];
        return '';
      }
      if (byAttribute.has(option.attributeId)) {
        errors[`variants.${i}.optionIds`] = ['A variant takes one option of each attribute.'];
        return '';
      }
      byAttribute.set(option.attributeId, optionId);
    }
    if (byAttribute.size !== values.attributeIds.length) {
      errors[`variants.${i}.optionIds`] = ['A variant takes one option of each attribute.'];
      return '';
    }
    const ordered = values.attributeIds.map((a) => byAttribute.get(a) as number);
    const key = ordered.join('-');
    const earlier = seen.get(key);
    if (earlier !== undefined) errors[`variants.${i}.optionIds`] = [`Variant ${earlier + 1} already has this combination.`];
    seen.set(key, i);
    return ordered.map((id) => options.get(id)?.name ?? '').join(' / ');
  });
}

/** SKUs and barcodes are unique across the catalogue and within the request. */
export async function checkVariantCodes(db: DbOrTx, values: ProductValues, productId: number | null, errors: Errors) {
  const skus = new Map<string, number>();
  const barcodes = new Map<string, number>();
  values.variants.forEach((v, i) => {
    if (v.sku) {
      const key = v.sku.toLowerCase();
      if (skus.has(key)) errors[`variants.${i}.sku`] = [`Variant ${(skus.get(key) ?? 0) + 1} already has this SKU.`];
      else skus.set(key, i);
    }
    if (v.barcode) {
      if (barcodes.has(v.barcode)) errors[`variants.${i}.barcode`] = [`Variant ${(barcodes.get(v.barcode) ?? 0) + 1} already has this barcode.`];
      else barcodes.set(v.barcode, i);
    }
  });
  const others = productId === null ? undefined : sql`${productVariants.productId} <> ${productId}`;
  if (skus.size) {
    const taken = await db
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .where(and(inArray(sql`lower(${productVariants.sku})`, [...skus.keys()]), others));
    for (const row of taken) errors[`variants.${skus.get(row.sku.toLowerCase())}.sku`] = ['Another product already has this SKU.'];
  }
  if (barcodes.size) {
    const taken = await db
      .select({ barcode: productVariants.barcode })
      .from(productVariants)
      .where(and(inArray(productVariants.barcode, [...barcodes.keys()]), others));
    for (const row of taken) {
      if (row.barcode) errors[`variants.${barcodes.get(row.barcode)}.barcode`] = ['Another product already has this barcode.'];
    }
  }
}

/** The next free SKU from the shop's pattern: SKU-{seq:6} → SKU-000042. */
export async function nextSku(db: DbOrTx, pattern: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const next = await executeOne<{ n: string }>(db, sql`select nextval(${skuSequence.seqName})::text as n`);
    const n = next?.n ?? '0';
    const sku = formatSku(pattern, n);
    const [taken] = await db.select({ id: productVariants.id }).from(productVariants).where(sql`lower(${productVariants.sku}) = lower(${sku})`).limit(1);
    if (!taken) return sku;
  }
  throw new Error('No free SKU found after 20 tries');
}

/**
 * A variant on a goods order or a stock transfer keeps its place in their history: removing it
 * from the product is refused on the variants (422, never the database's refusal as a 500);
 * setting it inactive stops it being sold and ordered instead.
 */
async function refuseRemovingOrderedVariants(tx: DbOrTx, productId: number, keptIds: number[]): Promise<void> {
  const kept = keptIds.length ? sql`and v.id not in (${sql.join(keptIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
  const held = await execute<{ name: string }>(
    tx,
    sql`select v.name from product_variants v
        where v.product_id = ${productId} ${kept}
          and (exists (select 1 from goods_order_items g where g.variant_id = v.id)
            or exists (select 1 from stock_transfer_items t where t.variant_id = v.id)
            or exists (select 1 from rewards r where r.variant_id = v.id))
        order by v.position, v.id`,
  );
  if (held.length === 0) return;
  const names = held.map((v) => (v.name ? `“${v.name}”` : 'The variant')).join(', ');
  throw AppError.validation({
    variants: [`${names} ${held.length === 1 ? 'is' : 'are'} on goods orders, stock transfers or rewards and cannot be removed. Set ${held.length === 1 ? 'it' : 'them'} inactive instead.`],
  });
}

/**
 * Writes the variants: existing ids are updated, new ones inserted, the rest deleted (and
 * recorded for register sync). Returns the variant ids in the request's order.
 */
export async function saveVariants(
  tx: DbOrTx,
  productId: number,
  values: ProductValues,
  names: string[],
  skuPattern: string,
): Promise<number[]> {
  const keptIds = values.variants.map((v) => v.id).filter((id): id is number => id !== undefined);
  await refuseRemovingOrderedVariants(tx, productId, keptIds);
  const removed = await tx
    .delete(productVariants)
    .where(and(eq(productVariants.productId, productId), keptIds.length ? notInArray(productVariants.id, keptIds) : undefined))
    .returning({ id: productVariants.id });
  if (removed.length) await tx.insert(catalogueDeletions).values(removed.map((r) => ({ entity: 'variant' as const, entityId: r.id })));

  const ids: number[] = [];
  for (const [index, v] of values.variants.entries()) {
    const row = {
      name: names[index] ?? '',
      sku: v.sku ?? (await nextSku(tx, skuPattern)),
      barcode: v.barcode,
      price: v.price,
      cost: v.cost,
      active: v.active,
      position: index,
      isDefault: values.attributeIds.length === 0,
      updatedAt: new Date(),
    };
    let id: number;
    if (v.id !== undefined) {
      const [updated] = await tx
        .update(productVariants)
        .set(row)
        .where(and(eq(productVariants.id, v.id), eq(productVariants.productId, productId)))
        .returning({ id: productVariants.id });
      if (!updated) throw new VariantNotFound(index);
      id = updated.id;
      await tx.delete(variantOptions).where(eq(variantOptions.variantId, id));
    } else {
      const [inserted] = await tx.insert(productVariants).values({ ...row, productId }).returning({ id: productVariants.id });
      if (!inserted) throw new Error('Inserting a variant returned no row');
      id = inserted.id;
    }
    if (v.optionIds.length) await tx.insert(variantOptions).values(v.optionIds.map((optionId) => ({ variantId: id, optionId })));
    ids.push(id);
  }
  return ids;
}

export class VariantNotFound extends Error {
  constructor(readonly index: number) {
    super(`variant ${index} does not belong to the product`);
  }
}

/** Low-stock thresholds per outlet (quantities change only through the ledger). */
export async function saveThresholds(tx: DbOrTx, variantIds: number[], values: ProductValues) {
  for (const [index, v] of values.variants.entries()) {
    const variantId = variantIds[index];
    if (variantId === undefined) continue;
    for (const s of v.stock) {
      await tx
        .insert(stockLevels)
        .values({ outletId: s.outletId, variantId, quantity: 0, lowStockThreshold: s.lowStockThreshold })
        .onConflictDoUpdate({
          target: [stockLevels.outletId, stockLevels.variantId],
          set: { lowStockThreshold: s.lowStockThreshold },
        });
    }
  }
}

export type { VariantValues };
