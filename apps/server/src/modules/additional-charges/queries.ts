import type { additionalChargeListQuery } from '@tillbook/contract';
import { and, asc, count, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { additionalCharges, productCharges, type AdditionalChargeRow } from '../../db/schema/index.ts';
import { likePattern, orderByFrom, paginate, type Page } from '../../lib/list.ts';

/** The columns an additional charge form writes. */
export type AdditionalChargeColumns = Pick<AdditionalChargeRow, 'name' | 'kind' | 'amount' | 'rateE4' | 'per' | 'isTaxable' | 'active'>;
type AdditionalChargeWithCount = AdditionalChargeRow & { productCount: number };

/** Products that carry the charge (product_charges.charge_id is indexed). */
const productCount = sql<number>`(select count(*) from ${productCharges} where ${productCharges.chargeId} = ${additionalCharges.id})`.mapWith(
  Number,
);

export async function findAdditionalChargePage(db: DbOrTx, query: z.output<typeof additionalChargeListQuery>): Promise<Page<AdditionalChargeWithCount>> {
  const filters: SQL[] = [];
  if (query.search) filters.push(ilike(additionalCharges.name, likePattern(query.search)));
  if (query.active !== undefined) filters.push(eq(additionalCharges.active, query.active));
  if (query.kind !== undefined) filters.push(eq(additionalCharges.kind, query.kind));
  const where = filters.length ? and(...filters) : undefined;
  const orderBy = orderByFrom(
    query.sort,
    { name: sql`lower(${additionalCharges.name})`, createdAt: additionalCharges.createdAt },
    'name',
    additionalCharges.id,
  );
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(additionalCharges).where(where))[0]?.n ?? 0,
    async (limit, offset) =>
      (
        await db
          .select({ row: additionalCharges, productCount })
          .from(additionalCharges)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset)
      ).map(({ row, productCount: n }) => ({ ...row, productCount: n })),
  );
}

export async function findActiveAdditionalCharges(db: DbOrTx): Promise<AdditionalChargeRow[]> {
  return db
    .select()
    .from(additionalCharges)
    .where(eq(additionalCharges.active, true))
    .orderBy(asc(sql`lower(${additionalCharges.name})`), asc(additionalCharges.id));
}

export async function findAdditionalChargeById(db: DbOrTx, id: number): Promise<AdditionalChargeWithCount | undefined> {
  const [found] = await db.select({ row: additionalCharges, productCount }).from(additionalCharges).where(eq(additionalCharges.id, id)).limit(1);
  return found && { ...found.row, productCount: found.productCount };
}

/** Another charge with this name, case-insensitively. */
export async function findAdditionalChargeIdByName(db: DbOrTx, name: string, exceptId?: number): Promise<number | undefined> {
  const [clash] = await db
    .select({ id: additionalCharges.id })
    .from(additionalCharges)
    .where(and(sql`lower(${additionalCharges.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(additionalCharges.id, exceptId)))
    .limit(1);
  return clash?.id;
}

export async function findProductIdsWithCharge(db: DbOrTx, chargeId: number): Promise<number[]> {
  const rows = await db.select({ id: productCharges.productId }).from(productCharges).where(eq(productCharges.chargeId, chargeId));
  return rows.map((row) => row.id);
}

export async function insertAdditionalCharge(db: DbOrTx, columns: AdditionalChargeColumns): Promise<AdditionalChargeRow | undefined> {
  const [row] = await db.insert(additionalCharges).values(columns).returning();
  return row;
}

export async function updateAdditionalChargeById(db: DbOrTx, id: number, columns: AdditionalChargeColumns): Promise<void> {
  await db
    .update(additionalCharges)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(additionalCharges.id, id));
}

export async function deleteAdditionalChargeById(db: DbOrTx, id: number): Promise<void> {
  await db.delete(additionalCharges).where(eq(additionalCharges.id, id));
}
