import type { staffListQuery } from '@tillbook/contract';
import { and, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { outlets, users, type UserRow } from '../../db/schema/index.ts';
import { likePattern, orderByFrom, paginate, type Page } from '../../lib/list.ts';

type UserInsert = typeof users.$inferInsert;

/** The login field carries a username or an e-mail address (SPEC.md §2); both match without case. */
export async function findUserByLogin(db: DbOrTx, login: string): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${value}`, sql`lower(${users.email}) = ${value}`))
    .orderBy(users.id)
    .limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}

export async function findStaffPage(db: DbOrTx, query: z.output<typeof staffListQuery>): Promise<Page<UserRow>> {
  const filters: SQL[] = [];
  if (query.search) {
    const pattern = likePattern(query.search);
    filters.push(or(ilike(users.name, pattern), ilike(users.username, pattern), ilike(users.email, pattern)) as SQL);
  }
  if (query.type) filters.push(eq(users.type, query.type));
  if (query.outletId) filters.push(eq(users.outletId, query.outletId));
  if (query.active !== undefined) filters.push(eq(users.active, query.active));
  const where = filters.length ? and(...filters) : undefined;
  const orderBy = orderByFrom(query.sort, { name: users.name, username: users.username, createdAt: users.createdAt }, 'name', users.id);
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0,
    async (limit, offset) => db.select().from(users).where(where).orderBy(...orderBy).limit(limit).offset(offset),
  );
}

/** Whether another user has this username, and this e-mail address, ignoring case (a value not given is not looked up). */
export async function findLoginClashes(db: DbOrTx, values: { username?: string; email: string | null }, exceptId?: number) {
  const others = exceptId === undefined ? undefined : ne(users.id, exceptId);
  let isUsernameTaken = false;
  let isEmailTaken = false;
  if (values.username !== undefined) {
    const [byName] = await db.select({ id: users.id }).from(users).where(and(sql`lower(${users.username}) = lower(${values.username})`, others)).limit(1);
    isUsernameTaken = byName !== undefined;
  }
  if (values.email) {
    const [byEmail] = await db.select({ id: users.id }).from(users).where(and(sql`lower(${users.email}) = lower(${values.email})`, others)).limit(1);
    isEmailTaken = byEmail !== undefined;
  }
  return { isUsernameTaken, isEmailTaken };
}

export async function hasOutlet(db: DbOrTx, outletId: number): Promise<boolean> {
  const [row] = await db.select({ id: outlets.id }).from(outlets).where(eq(outlets.id, outletId)).limit(1);
  return row !== undefined;
}

export async function countOtherActiveAdministrators(db: DbOrTx, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.type, 'administrator'), eq(users.active, true), ne(users.id, exceptId)));
  return row?.n ?? 0;
}

export async function insertUser(db: DbOrTx, values: UserInsert): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function updateUserById(db: DbOrTx, id: number, values: Partial<UserInsert>): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function deleteUserById(db: DbOrTx, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}
