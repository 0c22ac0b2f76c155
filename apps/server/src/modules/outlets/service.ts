import type { Outlet, outletInput, outletListQuery } from '@tillbook/contract';
import { and, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { outlets, users, type OutletRow } from '../../db/schema/index.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { likePattern, orderByFrom, paginate } from '../../lib/list.ts';

type OutletValues = z.output<typeof outletInput>;

export function toOutlet(row: OutletRow): Outlet {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export async function listOutlets(db: DbOrTx, query: z.output<typeof outletListQuery>) {
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
    async (limit, offset) =>
      (await db.select().from(outlets).where(where).orderBy(...orderBy).limit(limit).offset(offset)).map(toOutlet),
  );
}

export async function listOutletNames(db: DbOrTx) {
  return db.select({ id: outlets.id, name: outlets.name }).from(outlets).where(eq(outlets.active, true)).orderBy(outlets.name);
}

export async function getOutlet(db: DbOrTx, id: number): Promise<OutletRow> {
  const [row] = await db.select().from(outlets).where(eq(outlets.id, id)).limit(1);
  if (!row) throw AppError.notFound();
  return row;
}

/** Name and code are unique; say which one clashes, on its field. */
async function assertUnique(db: DbOrTx, values: OutletValues, exceptId?: number) {
  const others = exceptId === undefined ? undefined : ne(outlets.id, exceptId);
  const errors: Record<string, string[]> = {};
  const [byName] = await db
    .select({ id: outlets.id })
    .from(outlets)
    .where(and(sql`lower(${outlets.name}) = lower(${values.name})`, others))
    .limit(1);
  if (byName) errors.name = ['An outlet with this name already exists.'];
  const [byCode] = await db.select({ id: outlets.id }).from(outlets).where(and(eq(outlets.code, values.code), others)).limit(1);
  if (byCode) errors.code = ['An outlet with this code already exists.'];
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

async function countActiveOutlets(db: DbOrTx, exceptId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(outlets).where(and(eq(outlets.active, true), ne(outlets.id, exceptId)));
  return row?.n ?? 0;
}

function rethrowUnique(error: unknown): never {
  if (isUniqueViolation(error)) throw AppError.validation({ name: ['An outlet with this name or code already exists.'] });
  throw error;
}

export async function createOutlet(db: DbOrTx, values: OutletValues): Promise<OutletRow> {
  await assertUnique(db, values);
  const [row] = await db.insert(outlets).values(values).returning().catch(rethrowUnique);
  if (!row) throw new Error('Inserting an outlet returned no row');
  return row;
}

export async function updateOutlet(db: DbOrTx, id: number, values: OutletValues): Promise<OutletRow> {
  const current = await getOutlet(db, id);
  await assertUnique(db, values, id);
  if (current.active && !values.active && (await countActiveOutlets(db, id)) === 0) {
    throw AppError.validation({ active: ['The last active outlet cannot be deactivated: the shop needs one to sell.'] });
  }
  const [row] = await db
    .update(outlets)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(outlets.id, id))
    .returning()
    .catch(rethrowUnique);
  if (!row) throw AppError.notFound();
  return row;
}

/**
 * Deletes an outlet nothing refers to. One that staff, registers or stock refer to answers 409:
 * deactivate it instead, so its history stays whole.
 */
export async function deleteOutlet(db: DbOrTx, id: number): Promise<void> {
  const current = await getOutlet(db, id);
  if (current.active && (await countActiveOutlets(db, id)) === 0) {
    throw AppError.conflict('The last active outlet cannot be deleted: the shop needs one to sell.');
  }
  const [staff] = await db.select({ n: count() }).from(users).where(eq(users.outletId, id));
  if ((staff?.n ?? 0) > 0) {
    throw AppError.conflict('Staff members work at this outlet. Move them to another outlet or deactivate this one instead.');
  }
  await db
    .delete(outlets)
    .where(eq(outlets.id, id))
    .catch((error: unknown) => {
      // Stock levels, registers and sales refer to outlets with foreign keys.
      if (isForeignKeyViolation(error)) {
        throw AppError.conflict('This outlet has stock or sales records. Deactivate it instead of deleting it.');
      }
      throw error;
    });
}

/** The outlet every new shop starts with (issue: catalogue), created on the first start. */
export async function ensureMainOutlet(db: DbOrTx): Promise<void> {
  const [any] = await db.select({ id: outlets.id }).from(outlets).limit(1);
  if (!any) await db.insert(outlets).values({ name: 'Main store', code: 'MAIN' }).onConflictDoNothing();
}
