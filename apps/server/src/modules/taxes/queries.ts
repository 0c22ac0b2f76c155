import type { TaxListItem, taxListQuery } from '@tillbook/contract';
import { parsePercent } from '@tillbook/contract';
import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { productTaxes, taxes, type TaxRow } from '../../db/schema/index.ts';
import { likePattern, orderByFrom, paginate, type Page } from '../../lib/list.ts';

/** The columns a tax form writes. */
export type TaxColumns = Pick<TaxRow, 'name' | 'rateE4' | 'isInclusive' | 'isCompound' | 'active'>;
type TaxWithCount = TaxRow & { productCount: number };

/** Products that carry the tax (product_taxes.tax_id is indexed). */
const productCount = sql<number>`(select count(*) from ${productTaxes} where ${productTaxes.taxId} = ${taxes.id})`.mapWith(Number);

export async function findTaxPage(db: DbOrTx, query: z.output<typeof taxListQuery>): Promise<Page<TaxWithCount>> {
  const filters: SQL[] = [];
  if (query.search) {
    // "7.5" finds the 7.5 % taxes as well as names containing it.
    const rateE4 = parsePercent(query.search);
    const byName = ilike(taxes.name, likePattern(query.search));
    filters.push(rateE4 === null ? byName : (or(byName, eq(taxes.rateE4, rateE4)) as SQL));
  }
  if (query.active !== undefined) filters.push(eq(taxes.active, query.active));
  if (query.isInclusive !== undefined) filters.push(eq(taxes.isInclusive, query.isInclusive));
  const where = filters.length ? and(...filters) : undefined;
  const orderBy = orderByFrom(query.sort, { name: sql`lower(${taxes.name})`, rate: taxes.rateE4 }, 'name', taxes.id);
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(taxes).where(where))[0]?.n ?? 0,
    async (limit, offset) =>
      (
        await db
          .select({ row: taxes, productCount })
          .from(taxes)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset)
      ).map(({ row, productCount: n }) => ({ ...row, productCount: n })),
  );
}

export async function findActiveTaxes(db: DbOrTx): Promise<TaxListItem[]> {
  return db
    .select({ id: taxes.id, name: taxes.name, rateE4: taxes.rateE4, isInclusive: taxes.isInclusive, isCompound: taxes.isCompound })
    .from(taxes)
    .where(eq(taxes.active, true))
    .orderBy(asc(sql`lower(${taxes.name})`), asc(taxes.id));
}

export async function findTaxById(db: DbOrTx, id: number): Promise<TaxWithCount | undefined> {
  const [found] = await db.select({ row: taxes, productCount }).from(taxes).where(eq(taxes.id, id)).limit(1);
  return found && { ...found.row, productCount: found.productCount };
}

/** Another tax with this name, case-insensitively. */
export async function findTaxIdByName(db: DbOrTx, name: string, exceptId?: number): Promise<number | undefined> {
  const [clash] = await db
    .select({ id: taxes.id })
    .from(taxes)
    .where(and(sql`lower(${taxes.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(taxes.id, exceptId)))
    .limit(1);
  return clash?.id;
}

export async function findTaxesWithProductCount(db: DbOrTx, ids: number[]) {
  return db.select({ id: taxes.id, name: taxes.name, productCount }).from(taxes).where(inArray(taxes.id, ids));
}

export async function findTaxStates(db: DbOrTx, ids: number[]) {
  return db.select({ id: taxes.id, name: taxes.name, active: taxes.active }).from(taxes).where(inArray(taxes.id, ids));
}

export async function findProductIdsWithTaxes(db: DbOrTx, taxIds: number[]): Promise<number[]> {
  const rows = await db.selectDistinct({ id: productTaxes.productId }).from(productTaxes).where(inArray(productTaxes.taxId, taxIds));
  return rows.map((row) => row.id);
}

export async function insertTax(db: DbOrTx, columns: TaxColumns): Promise<TaxRow | undefined> {
  const [row] = await db.insert(taxes).values(columns).returning();
  return row;
}

export async function updateTaxById(db: DbOrTx, id: number, columns: TaxColumns): Promise<void> {
  await db
    .update(taxes)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(taxes.id, id));
}

export async function setTaxesActive(db: DbOrTx, ids: number[], active: boolean): Promise<void> {
  await db.update(taxes).set({ active, updatedAt: new Date() }).where(inArray(taxes.id, ids));
}

export async function deleteTaxById(db: DbOrTx, id: number): Promise<void> {
  await db.delete(taxes).where(eq(taxes.id, id));
}

export async function deleteTaxesByIds(db: DbOrTx, ids: number[]): Promise<void> {
  await db.delete(taxes).where(inArray(taxes.id, ids));
}
