import type { Attribute, AttributeOption, attributeListQuery } from '@tillbook/contract';
import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import {
  attributeOptions,
  attributes,
  productAttributes,
  productVariants,
  variantOptions,
  type AttributeOptionRow,
  type AttributeRow,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { likePattern, orderByFrom, paginate, type Page } from '../../lib/list.ts';
import { touchProducts } from '../stock/service.ts';

/** Reads and writes the attribute services share. */

const optionColumns = {
  id: attributeOptions.id,
  attributeId: attributeOptions.attributeId,
  name: attributeOptions.name,
  position: attributeOptions.position,
  // EXISTS stops at the first variant: cheap however many variants use the option.
  isUsed: sql<boolean>`exists (select 1 from ${variantOptions} where ${variantOptions.optionId} = ${attributeOptions.id})`,
};

/** The options of these attributes, each list in position order. */
export async function findOptionsOf(db: DbOrTx, attributeIds: number[]): Promise<Map<number, AttributeOption[]>> {
  const byAttribute = new Map<number, AttributeOption[]>(attributeIds.map((id) => [id, []]));
  if (attributeIds.length === 0) return byAttribute;
  const rows = await db
    .select(optionColumns)
    .from(attributeOptions)
    .where(inArray(attributeOptions.attributeId, attributeIds))
    .orderBy(asc(attributeOptions.position), asc(attributeOptions.id));
  for (const row of rows) byAttribute.get(row.attributeId)?.push({ ...row, isUsed: Boolean(row.isUsed) });
  return byAttribute;
}

export async function findOption(db: DbOrTx, id: number): Promise<AttributeOption> {
  const [row] = await db.select(optionColumns).from(attributeOptions).where(eq(attributeOptions.id, id)).limit(1);
  if (!row) throw AppError.notFound();
  return { ...row, isUsed: Boolean(row.isUsed) };
}

/** How many products use each of these attributes. */
export async function countProductsOf(db: DbOrTx, attributeIds: number[]): Promise<Map<number, number>> {
  if (attributeIds.length === 0) return new Map();
  const rows = await db
    .select({ attributeId: productAttributes.attributeId, n: count() })
    .from(productAttributes)
    .where(inArray(productAttributes.attributeId, attributeIds))
    .groupBy(productAttributes.attributeId);
  return new Map(rows.map((r) => [r.attributeId, Number(r.n)]));
}

/** How many variants use each of these options (options no variant uses are left out). */
export async function countVariantsOf(db: DbOrTx, optionIds: number[]): Promise<Map<number, number>> {
  if (optionIds.length === 0) return new Map();
  const rows = await db
    .select({ optionId: variantOptions.optionId, n: count() })
    .from(variantOptions)
    .where(inArray(variantOptions.optionId, optionIds))
    .groupBy(variantOptions.optionId);
  return new Map(rows.map((r) => [r.optionId, Number(r.n)]));
}

export function toAttributes(rows: AttributeRow[], options: Map<number, AttributeOption[]>, products: Map<number, number>): Attribute[] {
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    options: options.get(row.id) ?? [],
    productCount: products.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** One attribute, whole, as its form and the list show it. */
export async function getAttribute(db: DbOrTx, id: number): Promise<Attribute> {
  const [row] = await db.select().from(attributes).where(eq(attributes.id, id)).limit(1);
  if (!row) throw AppError.notFound();
  const [item] = toAttributes([row], await findOptionsOf(db, [id]), await countProductsOf(db, [id]));
  return item as Attribute;
}

/**
 * Locks the attribute's row for the rest of the transaction, so two people changing its options
 * at once take turns (the option limit and the positions stay right). Undefined when it is gone.
 */
export async function lockAttribute(tx: DbOrTx, id: number): Promise<AttributeRow | undefined> {
  const [row] = await tx.select().from(attributes).where(eq(attributes.id, id)).for('update');
  return row;
}

export async function findOptionRows(tx: DbOrTx, attributeId: number): Promise<AttributeOptionRow[]> {
  return tx
    .select()
    .from(attributeOptions)
    .where(eq(attributeOptions.attributeId, attributeId))
    .orderBy(asc(attributeOptions.position), asc(attributeOptions.id));
}

/** Stores positions 0, 1, 2… in the given order, writing only the rows that move. */
export async function writeOptionOrder(tx: DbOrTx, orderedIds: number[], currentPositions: Map<number, number>): Promise<void> {
  for (const [position, id] of orderedIds.entries()) {
    if (currentPositions.get(id) === position) continue;
    await tx.update(attributeOptions).set({ position, updatedAt: new Date() }).where(eq(attributeOptions.id, id));
  }
}

/** "The option “M” is used by 3 product variants…" for the options about to be removed. */
export function optionsInUseMessage(names: string[], variantCount?: number): string {
  const variants =
    variantCount === undefined ? 'product variants' : variantCount === 1 ? '1 product variant' : `${variantCount} product variants`;
  const fix = 'Remove those variants from their products first.';
  if (names.length === 1) return `The option “${names[0]}” is used by ${variants}, so it cannot be removed. ${fix}`;
  const list = names.map((n) => `“${n}”`).join(', ');
  return `The options ${list} are used by ${variants}, so they cannot be removed. ${fix}`;
}

/**
 * A variant's name is its option names in its product's attribute order ("M / Red", as the
 * contract's variantCombinations makes it). After options are renamed, the variants made with
 * them are renamed to match, and their products are marked changed for register sync.
 */
export async function renameVariantsOf(tx: DbOrTx, optionIds: number[]): Promise<void> {
  if (optionIds.length === 0) return;
  const variantName = sql<string>`left(coalesce((
    select string_agg(ao.name, ' / ' order by coalesce(pa.position, 2147483647), ao.attribute_id)
    from variant_options vo
    join attribute_options ao on ao.id = vo.option_id
    left join product_attributes pa on pa.product_id = ${productVariants.productId} and pa.attribute_id = ao.attribute_id
    where vo.variant_id = ${productVariants.id}
  ), ''), 200)`;
  const renamed = await tx
    .update(productVariants)
    .set({ name: variantName, updatedAt: new Date() })
    .where(
      inArray(
        productVariants.id,
        tx.select({ id: variantOptions.variantId }).from(variantOptions).where(inArray(variantOptions.optionId, optionIds)),
      ),
    )
    .returning({ productId: productVariants.productId });
  await touchProducts(tx, [...new Set(renamed.map((r) => r.productId))]);
}

/** A page of attributes; the search finds an attribute by its name or one of its options. */
export async function findAttributePage(db: DbOrTx, query: z.output<typeof attributeListQuery>): Promise<Page<AttributeRow>> {
  let where: SQL | undefined;
  if (query.search) {
    const pattern = likePattern(query.search);
    const optionMatches = db
      .select({ one: sql`1` })
      .from(attributeOptions)
      .where(and(eq(attributeOptions.attributeId, attributes.id), ilike(attributeOptions.name, pattern)));
    where = or(ilike(attributes.name, pattern), sql`exists ${optionMatches}`);
  }
  const orderBy = orderByFrom(query.sort, { name: sql`lower(${attributes.name})`, createdAt: attributes.createdAt }, 'name', attributes.id);
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(attributes).where(where))[0]?.n ?? 0,
    async (limit, offset) => db.select().from(attributes).where(where).orderBy(...orderBy).limit(limit).offset(offset),
  );
}

/** Another attribute with this name, however it is written. */
export async function findAttributeIdByName(db: DbOrTx, name: string, exceptId?: number): Promise<number | undefined> {
  const [clash] = await db
    .select({ id: attributes.id })
    .from(attributes)
    .where(and(sql`lower(${attributes.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(attributes.id, exceptId)))
    .limit(1);
  return clash?.id;
}

/** The name of another option of the attribute with this name, however it is written. */
export async function findOptionNameClash(tx: DbOrTx, attributeId: number, name: string, exceptId?: number): Promise<string | undefined> {
  const [clash] = await tx
    .select({ name: attributeOptions.name })
    .from(attributeOptions)
    .where(
      and(
        eq(attributeOptions.attributeId, attributeId),
        sql`lower(${attributeOptions.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(attributeOptions.id, exceptId),
      ),
    )
    .limit(1);
  return clash?.name;
}

export async function countProductsUsingAttribute(db: DbOrTx, id: number): Promise<number> {
  const [usage] = await db.select({ n: count() }).from(productAttributes).where(eq(productAttributes.attributeId, id));
  return Number(usage?.n ?? 0);
}

export async function insertAttribute(tx: DbOrTx, name: string): Promise<AttributeRow | undefined> {
  const [row] = await tx.insert(attributes).values({ name }).returning();
  return row;
}

export async function updateAttributeById(tx: DbOrTx, id: number, set: Partial<typeof attributes.$inferInsert>): Promise<void> {
  await tx.update(attributes).set(set).where(eq(attributes.id, id));
}

export async function deleteAttributeById(db: DbOrTx, id: number): Promise<void> {
  await db.delete(attributes).where(eq(attributes.id, id));
}

export async function insertOptions(tx: DbOrTx, rows: Array<typeof attributeOptions.$inferInsert>): Promise<void> {
  await tx.insert(attributeOptions).values(rows);
}

export async function insertOption(tx: DbOrTx, values: typeof attributeOptions.$inferInsert): Promise<AttributeOptionRow | undefined> {
  const [row] = await tx.insert(attributeOptions).values(values).returning();
  return row;
}

export async function updateOptionById(tx: DbOrTx, id: number, set: Partial<typeof attributeOptions.$inferInsert>): Promise<void> {
  await tx.update(attributeOptions).set(set).where(eq(attributeOptions.id, id));
}

export async function deleteOptionsByIds(tx: DbOrTx, ids: number[]): Promise<void> {
  await tx.delete(attributeOptions).where(inArray(attributeOptions.id, ids));
}

export async function deleteOptionById(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(attributeOptions).where(eq(attributeOptions.id, id));
}
