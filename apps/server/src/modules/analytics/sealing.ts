import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute, executeOne } from '../../db/execute.ts';
import { addDays } from './periods.ts';
import { shopClock } from './queries.ts';
import { variantColumns } from './sales-sums.ts';
import { loadSealed, sourceFor, type Sealed } from './variant-source.ts';

/** How often the server rolls finished days into the sealed periods (decision 020, "Sealed periods"). */
export const SEAL_EVERY_MS = 60 * 60_000;

const sumColumns = sql.raw(variantColumns.join(', '));
const summed = sql.raw(variantColumns.map((c) => `sum(v.${c})`).join(', '));

/**
 * The first days of the windows for `today` (decision 020, "Windows"): the last 7, 30, 90 and 365
 * days, and this week (from Monday), month, quarter and year — those that begin by the last sealed day.
 */
export function windowStartsOf(today: string, sealedThrough: string): string[] {
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const month = Number(today.slice(5, 7));
  const starts = [
    addDays(today, -6),
    addDays(today, -29),
    addDays(today, -89),
    addDays(today, -364),
    addDays(today, -weekday),
    `${today.slice(0, 7)}-01`,
    `${today.slice(0, 5)}${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`,
    `${today.slice(0, 4)}-01-01`,
  ];
  return [...new Set(starts)].filter((day) => day <= sealedThrough).sort();
}

/**
 * Writes the windows again when the seal moved on or the day changed: each window's sums per outlet
 * and for all outlets, read from the sealed periods and days (variant-source.ts). Several servers
 * queue on the seal's row; the one that comes second finds the windows written and does nothing.
 */
export async function refreshWindows(db: DbOrTx): Promise<void> {
  const { today } = await shopClock(db);
  const fresh = (sealed: Sealed) => {
    if (!sealed.through) return true;
    const wanted = windowStartsOf(today, sealed.through);
    return sealed.windowsThrough === sealed.through && wanted.join() === sealed.windowStarts.join();
  };
  if (fresh(await loadSealed(db))) return;
  await db.transaction(async (tx) => {
    await execute(tx, sql`select 1 from summary_seal where id for update`);
    const sealed = await loadSealed(tx);
    if (fresh(sealed)) return;
    const through = sealed.through!;
    const starts = windowStartsOf(today, through);
    await execute(tx, sql`delete from sales_by_variant_window`);
    const fromSealed: Sealed = { through, windowsThrough: null, windowStarts: [] };
    for (const start of starts) {
      const range = { from: start, to: through };
      const byOutlet = sourceFor(range, fromSealed, {}, { perOutlet: true });
      const all = sourceFor(range, fromSealed, {});
      await execute(
        tx,
        sql`insert into sales_by_variant_window (start, outlet_id, variant_id, product_id, ${sumColumns})
            select ${start}::date, v.outlet_id, v.variant_id, max(v.product_id), ${summed} from ${byOutlet.from} where ${byOutlet.where} group by 2, 3
            union all
            select ${start}::date, 0, v.variant_id, max(v.product_id), ${summed} from ${all.from} where ${all.where} group by 3`,
      );
    }
    await execute(tx, sql`update summary_seal set windows_through = ${through}::date, window_starts = ${JSON.stringify(starts)}::jsonb where id`);
  });
}

/** Seals what has finished since the last seal and writes the windows; answers the last sealed local day (null: nothing summarised yet). */
export async function sealSummaries(db: DbOrTx): Promise<string | null> {
  const row = await executeOne<{ day: string | null }>(db, sql`select to_char(seal_summaries(), 'YYYY-MM-DD') as day`);
  await refreshWindows(db);
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
