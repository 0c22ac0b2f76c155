import type { outletInput, outletListQuery } from '@tillbook/contract';
import { and, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { outlets, users, type OutletRow } from '../../db/schema/index.ts';
import { likePattern, orderByFrom, paginate, type Page } from '../../lib/list.ts';

type OutletValues = z.output<typeof outletInput>;

export async function findOutletPage(db: DbOrTx, query: z.output<typeof outletListQuery>): Promise<Page<OutletRow>> {
  const filters: SQL[] = [];
  if (query.search) {
    const pattern = likePattern(query.search);
    filters.push(or(ilike(outlets.name, pattern), ilike(outlets.code, pattern), ilike(outlets.address, pattern)) as SQL);
  }
  if (query.active !== undefined) filters.push(eq(outlets.active, query.active));
  const where = filters.length ? and(...filters) : undefined;
  const orderBy = orderByFrom(query.sort, { name: outlets.name, code: outlets.code, createdAt: outlets.createdAt }, 'name', outlets.id);
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(outlets).where(where))[0]?.n ?? 0,
    async (limit, offset) => db.select().from(outlets).where(where).orderBy(...orderBy).limit(limit).offset(offset),
  );
}

export async function findActiveOutletNames(db: DbOrTx) {
  return db.select({ id: outlets.id, name: outlets.name }).from(outlets).where(eq(outlets.active, true)).orderBy(outlets.name);
}

export async function findOutletById(db: DbOrTx, id: number): Promise<OutletRow | undefined> {
  const [row] = await db.select().from(outlets).where(eq(outlets.id, id)).limit(1);
  return row;
}

/** Another outlet with this name (ignoring case) and with this code. */
export async function findOutletClashes(db: DbOrTx, values: Pick<OutletValues, 'name' | 'code'>, exceptId?: number) {
  const others = exceptId === undefined ? undefined : ne(outlets.id, exceptId);
  const [byName] = await db
    .select({ id: outlets.id })
    .from(outlets)
    .where(and(sql`lower(${outlets.name}) = lower(${values.name})`, others))
    .limit(1);
  const [byCode] = await db.select({ id: outlets.id }).from(outlets).where(and(eq(outlets.code, values.code), others)).limit(1);
  return { isNameTaken: byName !== undefined, isCodeTaken: byCode !== undefined };
}

/** Active outlets other than this one. */
export async function countOtherActiveOutlets(db: DbOrTx, exceptId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(outlets).where(and(eq(outlets.active, true), ne(outlets.id, exceptId)));
  return row?.n ?? 0;
}

export async function countStaffOfOutlet(db: DbOrTx, id: number): Promise<number> {
  const [staff] = await db.select({ n: count() }).from(users).where(eq(users.outletId, id));
  return staff?.n ?? 0;
}

export async function insertOutlet(db: DbOrTx, values: OutletValues): Promise<OutletRow | undefined> {
  const [row] = await db.insert(outlets).values(values).returning();
  return row;
}

export async function updateOutletById(db: DbOrTx, id: number, values: OutletValues): Promise<OutletRow | undefined> {
  const [row] = await db
    .update(outlets)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(outlets.id, id))
    .returning();
  return row;
}

export async function deleteOutletById(db: DbOrTx, id: number): Promise<void> {
  await db.delete(outlets).where(eq(outlets.id, id));
}

export async function hasAnyOutlet(db: DbOrTx): Promise<boolean> {
  const [any] = await db.select({ id: outlets.id }).from(outlets).limit(1);
  return any !== undefined;
}

export async function insertMainOutlet(db: DbOrTx): Promise<void> {
  await db.insert(outlets).values({ name: 'Main store', code: 'MAIN' }).onConflictDoNothing();
}
