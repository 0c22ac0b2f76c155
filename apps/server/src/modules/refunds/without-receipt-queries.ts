import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cashboxSessions, customers, outletReturnCounters, outlets, registers } from '../../db/schema/index.ts';

/** The till a return without a receipt is taken at: its outlet (code for the number) and its open drawer, share-locked so a close waits. */
export async function findReturnTill(tx: DbOrTx, registerId: number) {
  const [till] = await tx
    .select({ id: registers.id, name: registers.name, active: registers.active, outletId: registers.outletId, outletCode: outlets.code })
    .from(registers)
    .innerJoin(outlets, eq(outlets.id, registers.outletId))
    .where(eq(registers.id, registerId))
    .limit(1);
  if (!till) return undefined;
  const [open] = await tx
    .select({ id: cashboxSessions.id })
    .from(cashboxSessions)
    .where(and(eq(cashboxSessions.registerId, registerId), eq(cashboxSessions.status, 'open')))
    .for('share');
  return { ...till, sessionId: open?.id ?? null };
}

/** The outlet's next number of a return without a receipt: MAIN-R000001, without gaps (the counter row is locked until commit). */
export async function nextReturnNumber(tx: DbOrTx, outlet: { id: number; code: string }): Promise<string> {
  const [row] = await tx
    .insert(outletReturnCounters)
    .values({ outletId: outlet.id, lastNumber: 1 })
    .onConflictDoUpdate({ target: outletReturnCounters.outletId, set: { lastNumber: sql`${outletReturnCounters.lastNumber} + 1` } })
    .returning({ n: outletReturnCounters.lastNumber });
  return `${outlet.code}-R${String(row?.n ?? 1).padStart(6, '0')}`;
}

export async function customerExists(db: DbOrTx, customerId: number): Promise<boolean> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).limit(1);
  return row !== undefined;
}
