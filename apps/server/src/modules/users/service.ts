import { userTypeDescriptions, userTypeLabels, userTypes, type User, type UserType, type UserTypeItem } from '@tillbook/contract';
import { eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/index.ts';
import { hashSecret } from '../../lib/passwords.ts';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    type: row.type,
    outletId: row.outletId,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function listUserTypes(): UserTypeItem[] {
  return userTypes.map((id) => ({ id, name: userTypeLabels[id], description: userTypeDescriptions[id] }));
}

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

export async function getUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}

export type NewUser = {
  username: string;
  name: string;
  email?: string | null;
  type: UserType;
  password: string;
  outletId?: number | null;
  active?: boolean;
};

async function userValues(input: NewUser) {
  return {
    username: input.username,
    name: input.name,
    email: input.email ?? null,
    type: input.type,
    outletId: input.outletId ?? null,
    active: input.active ?? true,
    passwordHash: await hashSecret(input.password),
  };
}

export async function createUser(db: DbOrTx, input: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(await userValues(input)).returning();
  if (!row) throw new Error('Inserting a user returned no row');
  return row;
}

/** Creates the user, or when the username exists resets its details and password (demo data). */
export async function upsertUserByUsername(db: DbOrTx, input: NewUser): Promise<UserRow> {
  const existing = await findUserByLogin(db, input.username);
  if (!existing) return createUser(db, input);
  const [row] = await db
    .update(users)
    .set({ ...(await userValues(input)), updatedAt: new Date() })
    .where(eq(users.id, existing.id))
    .returning();
  if (!row) throw new Error('Updating a user returned no row');
  return row;
}
