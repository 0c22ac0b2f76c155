import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers, storeCreditEntries } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

export type StoreCreditChange = {
  customerId: number;
  /** Positive raises the credit (a refund, an administrator), negative spends it. */
  delta: number;
  kind: 'refund' | 'sale' | 'adjusted';
  reason?: string | null;
  orderId?: number | null;
  refundId?: number | null;
  userId: number | null;
  /** The field a 422 names when the credit does not cover a spend (the caller's input). */
  field: string;
};

/**
 * Changes a customer's store credit through its ledger, in the caller's transaction (issue 16).
 * The balance moves in one UPDATE that only matches while it covers a spend, so two tills spending
 * the same credit at once take turns and the second is refused (422 on `field`), never below zero.
 */
export async function changeStoreCredit(tx: DbOrTx, change: StoreCreditChange): Promise<{ entryId: number; balance: number }> {
  const covers = change.delta < 0 ? gte(customers.storeCredit, -change.delta) : undefined;
  const [updated] = await tx
    .update(customers)
    .set({ storeCredit: sql`${customers.storeCredit} + ${change.delta}`, updatedAt: sql`now()` })
    .where(and(eq(customers.id, change.customerId), covers))
    .returning({ balance: customers.storeCredit });
  if (!updated) {
    const [exists] = await tx.select({ balance: customers.storeCredit }).from(customers).where(eq(customers.id, change.customerId)).limit(1);
    if (!exists) throw AppError.validation({ [change.field]: ['The customer no longer exists.'] });
    throw AppError.validation({ [change.field]: ['The customer’s store credit does not cover this amount.'] });
  }
  const [entry] = await tx
    .insert(storeCreditEntries)
    .values({
      customerId: change.customerId,
      delta: change.delta,
      balanceAfter: updated.balance,
      kind: change.kind,
      reason: change.reason ?? null,
      orderId: change.orderId ?? null,
      refundId: change.refundId ?? null,
      userId: change.userId,
    })
    .returning({ id: storeCreditEntries.id });
  if (!entry) throw new Error('The store credit entry was not stored');
  return { entryId: entry.id, balance: updated.balance };
}
