import { pageMetaOf, type Customer, type customerInput, type customerListQuery, type CustomerNote, type ListQuery, type PointsEntry } from '@tillbook/contract';
import { and, count, desc, eq, ilike, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { customerNotes, customerPoints, customers, orders, users, type CustomerRow } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { likePattern, orderByFrom, paginate } from '../../lib/list.ts';
import { outletScopeFilter, type OutletScope } from '../../lib/viewer.ts';
import { listOrders } from '../orders/read.ts';

type CustomerValues = z.output<typeof customerInput>;
export type CustomerFilters = z.output<typeof customerListQuery>;

export function toCustomer(row: CustomerRow): Customer {
  const { phoneDigits: _digits, ...rest } = row;
  return { ...rest, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** "+1 (555) 010-2000" and "15550102000" are the same phone: uniqueness is on the digits. */
export function phoneDigitsOf(phone: string | null): string | null {
  const digits = phone?.replace(/\D/g, '') ?? '';
  return digits ? digits : null;
}

function whereOf(filters: CustomerFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.search) {
    const pattern = likePattern(filters.search);
    // A search with letters is a name or an e-mail; its digits ("Maya Fisher 4") are not a phone number.
    const digits = /\p{L}/u.test(filters.search) ? null : phoneDigitsOf(filters.search);
    const matches = [ilike(customers.name, pattern), ilike(customers.email, pattern)];
    if (digits) matches.push(ilike(customers.phoneDigits, likePattern(digits)));
    parts.push(or(...matches) as SQL);
  }
  if (filters.hasEmail !== undefined) parts.push(filters.hasEmail ? isNotNull(customers.email) : sql`${customers.email} is null`);
  if (filters.marketingConsent !== undefined) parts.push(eq(customers.marketingConsent, filters.marketingConsent));
  return parts.length ? and(...parts) : undefined;
}

export function customerOrderBy(sort: string | undefined) {
  return orderByFrom(sort, { name: customers.name, createdAt: customers.createdAt, totalSpent: customers.totalSpent }, 'name', customers.id);
}

export async function listCustomers(db: DbOrTx, filters: CustomerFilters) {
  const where = whereOf(filters);
  const orderBy = customerOrderBy(filters.sort);
  return paginate(
    filters,
    async () => (await db.select({ n: count() }).from(customers).where(where))[0]?.n ?? 0,
    async (limit, offset) =>
      (await db.select().from(customers).where(where).orderBy(...orderBy).limit(limit).offset(offset)).map(toCustomer),
  );
}

/** Every customer matching the filters, a batch at a time (the CSV export). */
export async function* eachCustomer(db: DbOrTx, filters: CustomerFilters, batch = 500): AsyncGenerator<CustomerRow[]> {
  const where = whereOf(filters);
  const orderBy = customerOrderBy(filters.sort);
  for (let offset = 0; ; offset += batch) {
    const rows = await db.select().from(customers).where(where).orderBy(...orderBy).limit(batch).offset(offset);
    if (rows.length) yield rows;
    if (rows.length < batch) return;
  }
}

export async function getCustomer(db: DbOrTx, id: number): Promise<CustomerRow> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  if (!row) throw AppError.notFound();
  return row;
}

/** Duplicate e-mail or phone: 422 on the field, naming the customer who has it. */
async function assertUnique(db: DbOrTx, values: CustomerValues, exceptId?: number) {
  const others = exceptId === undefined ? undefined : ne(customers.id, exceptId);
  const errors: Record<string, string[]> = {};
  if (values.email) {
    const [other] = await db
      .select({ name: customers.name })
      .from(customers)
      .where(and(sql`lower(${customers.email}) = lower(${values.email})`, others))
      .limit(1);
    if (other) errors.email = [`This e-mail address belongs to ${other.name}.`];
  }
  const digits = phoneDigitsOf(values.phone);
  if (digits) {
    const [other] = await db.select({ name: customers.name }).from(customers).where(and(eq(customers.phoneDigits, digits), others)).limit(1);
    if (other) errors.phone = [`This phone number belongs to ${other.name}.`];
  }
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

function rethrowUnique(error: unknown): never {
  if (isUniqueViolation(error)) throw AppError.validation({ email: ['Another customer already has this e-mail address or phone number.'] });
  throw error;
}

export async function createCustomer(db: DbOrTx, values: CustomerValues): Promise<CustomerRow> {
  await assertUnique(db, values);
  const [row] = await db
    .insert(customers)
    .values({ ...values, phoneDigits: phoneDigitsOf(values.phone) })
    .returning()
    .catch(rethrowUnique);
  if (!row) throw new Error('Inserting a customer returned no row');
  return row;
}

export async function updateCustomer(db: DbOrTx, id: number, values: CustomerValues): Promise<CustomerRow> {
  await getCustomer(db, id);
  await assertUnique(db, values, id);
  const [row] = await db
    .update(customers)
    .set({ ...values, phoneDigits: phoneDigitsOf(values.phone), updatedAt: new Date() })
    .where(eq(customers.id, id))
    .returning()
    .catch(rethrowUnique);
  if (!row) throw AppError.notFound();
  return row;
}

export async function deleteCustomer(db: DbOrTx, id: number): Promise<void> {
  await getCustomer(db, id);
  await db.delete(customers).where(eq(customers.id, id));
}

/** POST /api/customers/update: delete, or set marketing consent, on many at once. */
export async function bulkUpdateCustomers(
  db: DbOrTx,
  input: { ids: number[]; action: 'delete' | 'setMarketingConsent'; values?: { marketingConsent: boolean } },
): Promise<number> {
  if (input.action === 'delete') {
    const rows = await db.delete(customers).where(inArray(customers.id, input.ids)).returning({ id: customers.id });
    return rows.length;
  }
  if (!input.values) throw AppError.validation({ 'values.marketingConsent': ['The marketing consent field is required.'] });
  const rows = await db
    .update(customers)
    .set({ marketingConsent: input.values.marketingConsent, updatedAt: new Date() })
    .where(inArray(customers.id, input.ids))
    .returning({ id: customers.id });
  return rows.length;
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

type NoteRow = { id: number; customerId: number; body: string; printOnReceipt: boolean; userId: number | null; userName: string | null; createdAt: Date };

function toNote(row: NoteRow): CustomerNote {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function listNotes(db: DbOrTx, customerId: number): Promise<CustomerNote[]> {
  await getCustomer(db, customerId);
  const rows = await db
    .select(noteColumns)
    .from(customerNotes)
    .leftJoin(users, eq(users.id, customerNotes.userId))
    .where(eq(customerNotes.customerId, customerId))
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id));
  return rows.map(toNote);
}

async function getNote(db: DbOrTx, customerId: number, noteId: number): Promise<NoteRow> {
  const [row] = await db
    .select(noteColumns)
    .from(customerNotes)
    .leftJoin(users, eq(users.id, customerNotes.userId))
    .where(and(eq(customerNotes.id, noteId), eq(customerNotes.customerId, customerId)))
    .limit(1);
  if (!row) throw AppError.notFound();
  return row;
}

export async function addNote(db: DbOrTx, customerId: number, userId: number, values: { body: string; printOnReceipt: boolean }) {
  await getCustomer(db, customerId);
  const [row] = await db.insert(customerNotes).values({ customerId, userId, ...values }).returning({ id: customerNotes.id });
  if (!row) throw new Error('Inserting a note returned no row');
  return toNote(await getNote(db, customerId, row.id));
}

/** Cashiers may change (print on receipt, delete) only the notes they wrote; administrators any. */
function assertMayChangeNote(note: { userId: number | null }, actor: { id: number; type: string }): void {
  if (actor.type !== 'administrator' && note.userId !== actor.id) throw AppError.forbidden();
}

export async function setNoteReceipt(db: DbOrTx, customerId: number, noteId: number, printOnReceipt: boolean, actor: { id: number; type: string }) {
  assertMayChangeNote(await getNote(db, customerId, noteId), actor);
  await db.update(customerNotes).set({ printOnReceipt }).where(eq(customerNotes.id, noteId));
  return toNote(await getNote(db, customerId, noteId));
}

export async function deleteNote(db: DbOrTx, customerId: number, noteId: number, actor: { id: number; type: string }) {
  assertMayChangeNote(await getNote(db, customerId, noteId), actor);
  await db.delete(customerNotes).where(eq(customerNotes.id, noteId));
}

// Points ledger

export async function listPoints(db: DbOrTx, customerId: number, query: { page: number; perPage: number }) {
  await getCustomer(db, customerId);
  const where = eq(customerPoints.customerId, customerId);
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(customerPoints).where(where))[0]?.n ?? 0,
    async (limit, offset) =>
      (
        await db
          .select({
            id: customerPoints.id,
            delta: customerPoints.delta,
            balanceAfter: customerPoints.balanceAfter,
            kind: customerPoints.kind,
            reason: customerPoints.reason,
            orderId: customerPoints.orderId,
            userName: users.name,
            createdAt: customerPoints.createdAt,
          })
          .from(customerPoints)
          .leftJoin(users, eq(users.id, customerPoints.userId))
          .where(where)
          .orderBy(desc(customerPoints.id))
          .limit(limit)
          .offset(offset)
      ).map((row): PointsEntry => ({ ...row, createdAt: row.createdAt.toISOString() })),
  );
}

/**
 * Adds points to (or takes them from) a customer through the ledger. The balance changes in SQL
 * and only while it stays at or above zero, so two adjustments at once cannot overdraw it.
 */
export async function adjustPoints(
  db: DbOrTx,
  customerId: number,
  entry: { delta: number; reason: string | null; kind: 'earned' | 'redeemed' | 'adjusted'; userId: number | null; orderId?: number | null },
) {
  return db.transaction(async (tx) => {
    await getCustomer(tx, customerId);
    const [updated] = await tx
      .update(customers)
      .set({ pointsBalance: sql`${customers.pointsBalance} + ${entry.delta}`, updatedAt: new Date() })
      .where(and(eq(customers.id, customerId), sql`${customers.pointsBalance} + ${entry.delta} >= 0`))
      .returning({ pointsBalance: customers.pointsBalance });
    if (!updated) throw AppError.validation({ delta: ['The points balance may not go below zero.'] });
    const [row] = await tx
      .insert(customerPoints)
      .values({
        customerId,
        delta: entry.delta,
        balanceAfter: updated.pointsBalance,
        kind: entry.kind,
        reason: entry.reason,
        orderId: entry.orderId ?? null,
        userId: entry.userId,
      })
      .returning();
    if (!row) throw new Error('Inserting a points entry returned no row');
    return { entry: row, pointsBalance: updated.pointsBalance };
  });
}

/** A customer's sales, newest first; a cashier sees those of their own outlet, as in the orders list. */
export async function listCustomerOrders(db: DbOrTx, customerId: number, query: Pick<ListQuery, 'page' | 'perPage'>, scope: OutletScope) {
  const page = await listOrders(db, { page: query.page, perPage: query.perPage, customerId, sort: '-createdAt' }, scope);
  return {
    data: page.data.map((o) => ({ id: o.id, number: o.number, total: o.total, createdAt: o.createdAt })),
    meta: pageMetaOf(page.meta.page, page.meta.perPage, page.meta.total),
  };
}

/** The notes typed on a customer's sales, newest first. */
export async function listCustomerComments(db: DbOrTx, customerId: number, scope: OutletScope) {
  const rows = await db
    .select({ orderId: orders.id, body: orders.note, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), isNotNull(orders.note), ne(orders.note, ''), outletScopeFilter(scope, orders.outletId)))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((r) => ({ id: r.orderId, orderId: r.orderId, body: r.body ?? '', createdAt: r.createdAt.toISOString() }));
}
