import type { ProductValues } from '@tillbook/contract';
import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { additionalCharges, attributeOptions, attributes, categories, outlets, taxes } from '../../db/schema/index.ts';

type Errors = Record<string, string[]>;

async function missingIds(db: DbOrTx, table: typeof categories | typeof taxes | typeof additionalCharges | typeof outlets | typeof attributes, ids: number[]) {
  if (ids.length === 0) return [];
  const found = new Set((await db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

export type AttributeOptionsById = Map<number, { attributeId: number; name: string }>;

/**
 * Checks that what the product refers to exists (categories, taxes, charges, attributes,
 * outlets) and loads the options of its attributes, in attribute order, for its variants.
 */
export async function checkReferences(db: DbOrTx, values: ProductValues, errors: Errors) {
  const outletIds = [...new Set(values.variants.flatMap((v) => v.stock.map((s) => s.outletId)))];
  const [badCategories, badTaxes, badCharges, badAttributes, badOutlets] = await Promise.all([
    missingIds(db, categories, values.categoryIds),
    missingIds(db, taxes, values.taxIds),
    missingIds(db, additionalCharges, values.chargeIds),
    missingIds(db, attributes, values.attributeIds),
    missingIds(db, outlets, outletIds),
  ]);
  if (badCategories.length) errors.categoryIds = [`These categories do not exist: ${badCategories.join(', ')}.`];
  if (badTaxes.length) errors.taxIds = [`These taxes do not exist: ${badTaxes.join(', ')}.`];
  if (badCharges.length) errors.chargeIds = [`These additional charges do not exist: ${badCharges.join(', ')}.`];
  if (badAttributes.length) errors.attributeIds = [`These attributes do not exist: ${badAttributes.join(', ')}.`];
  if (badOutlets.length) errors.variants = [`These outlets do not exist: ${badOutlets.join(', ')}.`];

  const options: AttributeOptionsById = new Map();
  if (values.attributeIds.length) {
    const rows = await db
      .select({ id: attributeOptions.id, attributeId: attributeOptions.attributeId, name: attributeOptions.name })
      .from(attributeOptions)
      .where(inArray(attributeOptions.attributeId, values.attributeIds))
      .orderBy(asc(attributeOptions.position), asc(attributeOptions.id));
    for (const row of rows) options.set(row.id, { attributeId: row.attributeId, name: row.name });
  }
  return options;
}
