import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { outletReturnCounters, outlets, registers } from '../../db/schema/index.ts';

/** The till a return without a receipt is taken at, with its outlet's code (for the number). */
export async function findReturnTill(db: DbOrTx, registerId: number) {
  const [till] = await db
    .select({ id: registers.id, name: registers.name, active: registers.active, outletId: registers.outletId, outletCode: outlets.code })
    .from(registers)
    .innerJoin(outlets, eq(outlets.id, registers.outletId))
    .where(eq(registers.id, registerId))
    .limit(1);
  return till;
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
