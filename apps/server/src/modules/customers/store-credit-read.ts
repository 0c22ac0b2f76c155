import type { StoreCreditEntry } from '@tillbook/contract';
import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders, refunds, storeCreditEntries, users } from '../../db/schema/index.ts';
import { paginate } from '../../lib/list.ts';
import { getCustomer } from './service.ts';

/** The ledger's lines with who made each and the numbers of their sale and refund. */
function selectEntries(db: DbOrTx, where: SQL) {
  return db
    .select({
      id: storeCreditEntries.id,
      delta: storeCreditEntries.delta,
      balanceAfter: storeCreditEntries.balanceAfter,
      kind: storeCreditEntries.kind,
      reason: storeCreditEntries.reason,
      orderId: storeCreditEntries.orderId,
      orderNumber: orders.number,
      refundId: storeCreditEntries.refundId,
      refundNumber: refunds.number,
      userName: users.name,
      createdAt: storeCreditEntries.createdAt,
    })
    .from(storeCreditEntries)
    .leftJoin(users, eq(users.id, storeCreditEntries.userId))
    .leftJoin(orders, eq(orders.id, storeCreditEntries.orderId))
    .leftJoin(refunds, eq(refunds.id, storeCreditEntries.refundId))
    .where(where)
    .orderBy(desc(storeCreditEntries.id));
}

type EntryRow = Omit<StoreCreditEntry, 'createdAt'> & { createdAt: Date };

function toEntry(row: EntryRow): StoreCreditEntry {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** GET /api/customers/:id/store-credit: the customer's store credit ledger, newest first. */
export async function listStoreCredit(db: DbOrTx, customerId: number, query: { page: number; perPage: number }) {
  await getCustomer(db, customerId);
  const where = eq(storeCreditEntries.customerId, customerId);
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(storeCreditEntries).where(where))[0]?.n ?? 0,
    async (limit, offset) => (await selectEntries(db, where).limit(limit).offset(offset)).map(toEntry),
  );
}

/** One line of the ledger, as the ledger lists it. */
export async function findStoreCreditEntry(db: DbOrTx, entryId: number): Promise<StoreCreditEntry> {
  const [row] = await selectEntries(db, eq(storeCreditEntries.id, entryId)).limit(1);
  if (!row) throw new Error('The store credit entry was not found');
  return toEntry(row);
}
