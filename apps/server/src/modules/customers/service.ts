import { pageMetaOf, type Customer, type customerInput, type CustomerNote, type CustomerReward, type ListQuery, type PointsEntry } from '@tillbook/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { CustomerRow } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { paginate } from '../../lib/list.ts';
import type { OutletScope } from '../../lib/viewer.ts';
import { listOrders } from '../orders/service.ts';
import {
  addToPointsBalance,
  countCustomers,
  countPointsEntries,
  countRewardOrders,
  customerOrderBy,
  customerWhere,
  deleteCustomerById,
  deleteCustomersByIds,
  deleteNoteById,
  findCustomerById,
  findCustomerNameByEmail,
  findCustomerNameByPhoneDigits,
  findCustomerPage,
  findNote,
  findNotes,
  findOrderNotesOfCustomer,
  findPointsPage,
  findRewardOrdersPage,
  insertCustomer,
  insertNote,
  insertPointsEntry,
  updateCustomerById,
  updateMarketingConsent,
  updateNotePrintOnReceipt,
  type CustomerFilters,
  type NoteRow,
} from './queries.ts';

type CustomerValues = z.output<typeof customerInput>;

export function toCustomer(row: CustomerRow): Customer {
  const { phoneDigits: _digits, ...rest } = row;
  return { ...rest, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** "+1 (555) 010-2000" and "15550102000" are the same phone: uniqueness is on the digits. */
export function phoneDigitsOf(phone: string | null): string | null {
  const digits = phone?.replace(/\D/g, '') ?? '';
  return digits ? digits : null;
}

/** A search with letters is a name or an e-mail; its digits ("Maya Fisher 4") are not a phone number. */
function searchDigitsOf(search: string | undefined): string | null {
  if (!search || /\p{L}/u.test(search)) return null;
  return phoneDigitsOf(search);
}

export async function listCustomers(db: DbOrTx, filters: CustomerFilters) {
  const where = customerWhere(filters, searchDigitsOf(filters.search));
  const orderBy = customerOrderBy(filters.sort);
  return paginate(
    filters,
    () => countCustomers(db, where),
    async (limit, offset) => (await findCustomerPage(db, where, orderBy, limit, offset)).map(toCustomer),
  );
}

/** Every customer matching the filters, a batch at a time (the CSV export). */
export async function* eachCustomer(db: DbOrTx, filters: CustomerFilters, batch = 500): AsyncGenerator<CustomerRow[]> {
  const where = customerWhere(filters, searchDigitsOf(filters.search));
  const orderBy = customerOrderBy(filters.sort);
  for (let offset = 0; ; offset += batch) {
    const rows = await findCustomerPage(db, where, orderBy, batch, offset);
    if (rows.length) yield rows;
    if (rows.length < batch) return;
  }
}

export async function getCustomer(db: DbOrTx, id: number): Promise<CustomerRow> {
  const row = await findCustomerById(db, id);
  if (!row) throw AppError.notFound();
  return row;
}

/** Duplicate e-mail or phone: 422 on the field, naming the customer who has it. */
async function assertUnique(db: DbOrTx, values: CustomerValues, exceptId?: number) {
  const errors: Record<string, string[]> = {};
  if (values.email) {
    const other = await findCustomerNameByEmail(db, values.email, exceptId);
    if (other !== undefined) errors.email = [`This e-mail address belongs to ${other}.`];
  }
  const digits = phoneDigitsOf(values.phone);
  if (digits) {
    const other = await findCustomerNameByPhoneDigits(db, digits, exceptId);
    if (other !== undefined) errors.phone = [`This phone number belongs to ${other}.`];
  }
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

function rethrowUnique(error: unknown): never {
  if (isUniqueViolation(error)) throw AppError.validation({ email: ['Another customer already has this e-mail address or phone number.'] });
  throw error;
}

export async function createCustomer(db: DbOrTx, values: CustomerValues): Promise<CustomerRow> {
  await assertUnique(db, values);
  const row = await insertCustomer(db, { ...values, phoneDigits: phoneDigitsOf(values.phone) }).catch(rethrowUnique);
  if (!row) throw new Error('Inserting a customer returned no row');
  return row;
}

export async function updateCustomer(db: DbOrTx, id: number, values: CustomerValues): Promise<CustomerRow> {
  await getCustomer(db, id);
  await assertUnique(db, values, id);
  const row = await updateCustomerById(db, id, { ...values, phoneDigits: phoneDigitsOf(values.phone), updatedAt: new Date() }).catch(rethrowUnique);
  if (!row) throw AppError.notFound();
  return row;
}

export async function deleteCustomer(db: DbOrTx, id: number): Promise<void> {
  await getCustomer(db, id);
  await deleteCustomerById(db, id);
}

/** POST /api/customers/update: delete (administrators), or set marketing consent, on many at once. */
export async function bulkUpdateCustomers(
  db: DbOrTx,
  input: { ids: number[]; action: 'delete' | 'setMarketingConsent'; values?: { marketingConsent: boolean } },
  actor: { type: string },
): Promise<number> {
  if (input.action === 'delete' && actor.type !== 'administrator') throw AppError.forbidden();
  if (input.action === 'delete') return deleteCustomersByIds(db, input.ids);
  if (!input.values) throw AppError.validation({ 'values.marketingConsent': ['The marketing consent field is required.'] });
  return updateMarketingConsent(db, input.ids, input.values.marketingConsent);
}

// Notes

function toNote(row: NoteRow): CustomerNote {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function listNotes(db: DbOrTx, customerId: number): Promise<CustomerNote[]> {
  await getCustomer(db, customerId);
  return (await findNotes(db, customerId)).map(toNote);
}

async function getNote(db: DbOrTx, customerId: number, noteId: number): Promise<NoteRow> {
  const row = await findNote(db, customerId, noteId);
  if (!row) throw AppError.notFound();
  return row;
}

export async function addNote(db: DbOrTx, customerId: number, userId: number, values: { body: string; printOnReceipt: boolean }) {
  await getCustomer(db, customerId);
  const row = await insertNote(db, { customerId, userId, ...values });
  if (!row) throw new Error('Inserting a note returned no row');
  return toNote(await getNote(db, customerId, row.id));
}

/** Cashiers may change (print on receipt, delete) only the notes they wrote; administrators any. */
function assertMayChangeNote(note: { userId: number | null }, actor: { id: number; type: string }): void {
  if (actor.type !== 'administrator' && note.userId !== actor.id) throw AppError.forbidden();
}

export async function setNoteReceipt(db: DbOrTx, customerId: number, noteId: number, printOnReceipt: boolean, actor: { id: number; type: string }) {
  assertMayChangeNote(await getNote(db, customerId, noteId), actor);
  await updateNotePrintOnReceipt(db, noteId, printOnReceipt);
  return toNote(await getNote(db, customerId, noteId));
}

export async function deleteNote(db: DbOrTx, customerId: number, noteId: number, actor: { id: number; type: string }) {
  assertMayChangeNote(await getNote(db, customerId, noteId), actor);
  await deleteNoteById(db, noteId);
}

// Points ledger

export async function listPoints(db: DbOrTx, customerId: number, query: { page: number; perPage: number }) {
  await getCustomer(db, customerId);
  return paginate(
    query,
    () => countPointsEntries(db, customerId),
    async (limit, offset) => (await findPointsPage(db, customerId, limit, offset)).map((row): PointsEntry => ({ ...row, createdAt: row.createdAt.toISOString() })),
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
    const updated = await addToPointsBalance(tx, customerId, entry.delta);
    if (!updated) throw AppError.validation({ delta: ['The points balance may not go below zero.'] });
    const row = await insertPointsEntry(tx, {
      customerId,
      delta: entry.delta,
      balanceAfter: updated.pointsBalance,
      kind: entry.kind,
      reason: entry.reason,
      orderId: entry.orderId ?? null,
      userId: entry.userId,
    });
    if (!row) throw new Error('Inserting a points entry returned no row');
    return { entry: row, pointsBalance: updated.pointsBalance };
  });
}

/** POST /api/customers/:id/points: an adjustment by hand, with its reason, as the ledger shows it. */
export async function adjustPointsByHand(db: DbOrTx, customerId: number, input: { delta: number; reason: string | null }, actor: { id: number; name: string }) {
  const { entry, pointsBalance } = await adjustPoints(db, customerId, { delta: input.delta, reason: input.reason, kind: 'adjusted', userId: actor.id });
  return { entry: { ...entry, userName: actor.name, createdAt: entry.createdAt.toISOString() }, pointsBalance };
}

/** A customer's sales, newest first; a cashier sees those of their own outlet, as in the orders list. */
export async function listCustomerOrders(db: DbOrTx, customerId: number, query: Pick<ListQuery, 'page' | 'perPage'>, scope: OutletScope) {
  await getCustomer(db, customerId);
  const page = await listOrders(db, { page: query.page, perPage: query.perPage, customerId, sort: '-createdAt' }, scope);
  return {
    data: page.data.map((o) => ({ id: o.id, number: o.number, total: o.total, createdAt: o.createdAt })),
    meta: pageMetaOf(page.meta.page, page.meta.perPage, page.meta.total),
  };
}

/** The notes typed on a customer's sales, newest first. */
export async function listCustomerComments(db: DbOrTx, customerId: number, scope: OutletScope) {
  await getCustomer(db, customerId);
  const rows = await findOrderNotesOfCustomer(db, customerId, scope);
  return rows.map((r) => ({ id: r.orderId, orderId: r.orderId, body: r.body ?? '', createdAt: r.createdAt.toISOString() }));
}

/** GET /api/customers/:id/rewards: the customer's sales that took a reward, newest first; a cashier sees their outlet's. */
export async function listCustomerRewards(db: DbOrTx, customerId: number, query: Pick<ListQuery, 'page' | 'perPage'>, scope: OutletScope) {
  await getCustomer(db, customerId);
  return paginate(
    query,
    () => countRewardOrders(db, customerId, scope),
    async (limit, offset) =>
      (await findRewardOrdersPage(db, customerId, scope, limit, offset)).map(
        (row): CustomerReward => ({ ...row, rewardName: row.rewardName ?? '', createdAt: row.createdAt.toISOString() }),
      ),
  );
}

// Store credit (issue 16): the ledger's one writer, for refunds, the till and administrators.
export { changeStoreCredit, type StoreCreditChange } from './store-credit.ts';
