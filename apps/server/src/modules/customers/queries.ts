import type { customerListQuery } from '@tillbook/contract';
import { and, count, desc, eq, ilike, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { customerNotes, customerPoints, customers, orders, users, type CustomerRow } from '../../db/schema/index.ts';
import { likePattern, orderByFrom } from '../../lib/list.ts';
import { outletScopeFilter, type OutletScope } from '../../lib/viewer.ts';

export type CustomerFilters = z.output<typeof customerListQuery>;
type CustomerWrite = Omit<typeof customers.$inferInsert, 'id'>;

/** The list's WHERE; `searchDigits` is the search read as a phone number, or null when it is not one. */
export function customerWhere(filters: CustomerFilters, searchDigits: string | null): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.search) {
    const pattern = likePattern(filters.search);
    const matches = [ilike(customers.name, pattern), ilike(customers.email, pattern)];
    if (searchDigits) matches.push(ilike(customers.phoneDigits, likePattern(searchDigits)));
    parts.push(or(...matches) as SQL);
  }
  if (filters.hasEmail !== undefined) parts.push(filters.hasEmail ? isNotNull(customers.email) : sql`${customers.email} is null`);
  if (filters.marketingConsent !== undefined) parts.push(eq(customers.marketingConsent, filters.marketingConsent));
  return parts.length ? and(...parts) : undefined;
}

export function customerOrderBy(sort: string | undefined) {
  return orderByFrom(
    sort,
    { name: customers.name, createdAt: customers.createdAt, totalSpent: customers.totalSpent, points: customers.pointsBalance },
    'name',
    customers.id,
  );
}

export async function countCustomers(db: DbOrTx, where: SQL | undefined): Promise<number> {
  return (await db.select({ n: count() }).from(customers).where(where))[0]?.n ?? 0;
}

export function findCustomerPage(db: DbOrTx, where: SQL | undefined, orderBy: SQL[], limit: number, offset: number): Promise<CustomerRow[]> {
  return db.select().from(customers).where(where).orderBy(...orderBy).limit(limit).offset(offset);
}

export async function findCustomerById(db: DbOrTx, id: number): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row;
}

/** The name of another customer with this e-mail address (any case), if one has it. */
export async function findCustomerNameByEmail(db: DbOrTx, email: string, exceptId?: number): Promise<string | undefined> {
  const [other] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(and(sql`lower(${customers.email}) = lower(${email})`, exceptId === undefined ? undefined : ne(customers.id, exceptId)))
    .limit(1);
  return other?.name;
}

/** The name of another customer with this phone number (compared by its digits), if one has it. */
export async function findCustomerNameByPhoneDigits(db: DbOrTx, digits: string, exceptId?: number): Promise<string | undefined> {
  const [other] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(and(eq(customers.phoneDigits, digits), exceptId === undefined ? undefined : ne(customers.id, exceptId)))
    .limit(1);
  return other?.name;
}

export async function insertCustomer(db: DbOrTx, values: CustomerWrite): Promise<CustomerRow | undefined> {
  const [row] = await db.insert(customers).values(values).returning();
  return row;
}

export async function updateCustomerById(db: DbOrTx, id: number, values: Partial<CustomerWrite>): Promise<CustomerRow | undefined> {
  const [row] = await db.update(customers).set(values).where(eq(customers.id, id)).returning();
  return row;
}

export async function deleteCustomerById(db: DbOrTx, id: number): Promise<void> {
  await db.delete(customers).where(eq(customers.id, id));
}

/** Deletes the customers; answers how many there were. */
export async function deleteCustomersByIds(db: DbOrTx, ids: number[]): Promise<number> {
  return (await db.delete(customers).where(inArray(customers.id, ids)).returning({ id: customers.id })).length;
}

/** Sets the marketing consent of the customers; answers how many there were. */
export async function updateMarketingConsent(db: DbOrTx, ids: number[], marketingConsent: boolean): Promise<number> {
  const rows = await db
    .update(customers)
    .set({ marketingConsent, updatedAt: new Date() })
    .where(inArray(customers.id, ids))
    .returning({ id: customers.id });
  return rows.length;
}

/**
 * Adds `delta` to the points balance while it stays at or above zero (in SQL, so two adjustments
 * at once cannot overdraw it); undefined when it would go below.
 */
export async function addToPointsBalance(db: DbOrTx, customerId: number, delta: number): Promise<{ pointsBalance: number } | undefined> {
  const [updated] = await db
    .update(customers)
    .set({ pointsBalance: sql`${customers.pointsBalance} + ${delta}`, updatedAt: new Date() })
    .where(and(eq(customers.id, customerId), sql`${customers.pointsBalance} + ${delta} >= 0`))
    .returning({ pointsBalance: customers.pointsBalance });
  return updated;
}

export async function insertPointsEntry(db: DbOrTx, entry: typeof customerPoints.$inferInsert) {
  const [row] = await db.insert(customerPoints).values(entry).returning();
  return row;
}

export async function countPointsEntries(db: DbOrTx, customerId: number): Promise<number> {
  return (await db.select({ n: count() }).from(customerPoints).where(eq(customerPoints.customerId, customerId)))[0]?.n ?? 0;
}

/** One page of a customer's points ledger, newest first, with who made each entry. */
export function findPointsPage(db: DbOrTx, customerId: number, limit: number, offset: number) {
  return db
    .select({
      id: customerPoints.id,
      delta: customerPoints.delta,
      balanceAfter: customerPoints.balanceAfter,
      kind: customerPoints.kind,
      reason: customerPoints.reason,
      orderId: customerPoints.orderId,
      refundId: customerPoints.refundId,
      userName: users.name,
      createdAt: customerPoints.createdAt,
    })
    .from(customerPoints)
    .leftJoin(users, eq(users.id, customerPoints.userId))
    .where(eq(customerPoints.customerId, customerId))
    .orderBy(desc(customerPoints.id))
    .limit(limit)
    .offset(offset);
}

// Notes

const noteColumns = {
  id: customerNotes.id,
  customerId: customerNotes.customerId,
  body: customerNotes.body,
  printOnReceipt: customerNotes.printOnReceipt,
  userId: customerNotes.userId,
  userName: users.name,
  createdAt: customerNotes.createdAt,
};

export type NoteRow = { id: number; customerId: number; body: string; printOnReceipt: boolean; userId: number | null; userName: string | null; createdAt: Date };

/** A customer's notes, newest first, with who wrote each. */
export function findNotes(db: DbOrTx, customerId: number): Promise<NoteRow[]> {
  return db
    .select(noteColumns)
    .from(customerNotes)
    .leftJoin(users, eq(users.id, customerNotes.userId))
    .where(eq(customerNotes.customerId, customerId))
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id));
}

export async function findNote(db: DbOrTx, customerId: number, noteId: number): Promise<NoteRow | undefined> {
  const [row] = await db
    .select(noteColumns)
    .from(customerNotes)
    .leftJoin(users, eq(users.id, customerNotes.userId))
    .where(and(eq(customerNotes.id, noteId), eq(customerNotes.customerId, customerId)))
    .limit(1);
  return row;
}

export async function insertNote(db: DbOrTx, values: typeof customerNotes.$inferInsert): Promise<{ id: number } | undefined> {
  const [row] = await db.insert(customerNotes).values(values).returning({ id: customerNotes.id });
  return row;
}

export async function updateNotePrintOnReceipt(db: DbOrTx, noteId: number, printOnReceipt: boolean): Promise<void> {
  await db.update(customerNotes).set({ printOnReceipt }).where(eq(customerNotes.id, noteId));
}

export async function deleteNoteById(db: DbOrTx, noteId: number): Promise<void> {
  await db.delete(customerNotes).where(eq(customerNotes.id, noteId));
}

/** The notes typed on a customer's sales within the scope, newest first. */
export function findOrderNotesOfCustomer(db: DbOrTx, customerId: number, scope: OutletScope) {
  return db
    .select({ orderId: orders.id, body: orders.note, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), isNotNull(orders.note), ne(orders.note, ''), outletScopeFilter(scope, orders.outletId)))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** The customer's sales within the scope that took a reward. */
function rewardOrdersWhere(customerId: number, scope: OutletScope): SQL | undefined {
  return and(eq(orders.customerId, customerId), isNotNull(orders.rewardId), outletScopeFilter(scope, orders.outletId));
}

export async function countRewardOrders(db: DbOrTx, customerId: number, scope: OutletScope): Promise<number> {
  return (await db.select({ n: count() }).from(orders).where(rewardOrdersWhere(customerId, scope)))[0]?.n ?? 0;
}

/** One page of the customer's sales that took a reward, newest first. */
export function findRewardOrdersPage(db: DbOrTx, customerId: number, scope: OutletScope, limit: number, offset: number) {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      rewardId: orders.rewardId,
      rewardName: orders.rewardName,
      rewardPoints: orders.rewardPoints,
      rewardDiscount: orders.rewardDiscount,
      status: orders.status,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(rewardOrdersWhere(customerId, scope))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
}
