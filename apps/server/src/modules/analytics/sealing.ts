import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { executeOne } from '../../db/execute.ts';

/** How often the server rolls finished days into the sealed periods (decision 020, "Sealed periods"). */
export const SEAL_EVERY_MS = 60 * 60_000;

/** Seals what has finished since the last seal; answers the last sealed local day (null: nothing summarised yet). */
export async function sealSummaries(db: DbOrTx): Promise<string | null> {
  const row = await executeOne<{ day: string | null }>(db, sql`select to_char(seal_summaries(), 'YYYY-MM-DD') as day`);
  return row?.day ?? null;
}

/**
 * Seals now and then every hour while the server runs. A seal that fails is logged and tried again at
 * the next hour; the reports stay exact meanwhile (they read day rows for whatever is not sealed).
 * Answers the function that stops it.
 */
export function keepSealing(db: DbOrTx, log: { info(message: string): void; error(message: string): void }): () => void {
  const seal = () =>
    sealSummaries(db).then(
      (day) => log.info(`Report summaries sealed through ${day ?? 'no day yet'}`),
      (error: unknown) => log.error(`Sealing the report summaries failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  void seal();
  const timer = setInterval(() => void seal(), SEAL_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
