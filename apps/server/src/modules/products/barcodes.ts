import { makeInStoreEan13 } from '@tillbook/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { executeOne } from '../../db/execute.ts';
import { barcodeSequence, productVariants } from '../../db/schema/index.ts';

/** A new in-store EAN-13 (prefix 20, restricted circulation) that no variant uses yet. */
export async function createInStoreBarcode(db: DbOrTx): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const next = await executeOne<{ n: string }>(db, sql`select nextval(${barcodeSequence.seqName})::text as n`);
    const barcode = makeInStoreEan13(Number(next?.n ?? 0));
    const [taken] = await db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.barcode, barcode)).limit(1);
    if (!taken) return barcode;
  }
  throw new Error('No free in-store barcode found after 50 tries');
}
