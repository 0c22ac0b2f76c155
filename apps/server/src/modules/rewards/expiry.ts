import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { executeOne } from '../../db/execute.ts';
import { getRewardSettings } from './settings.ts';

/** How often the server looks for points to expire while it runs, and how soon after it starts. */
export const EXPIRE_EVERY_MS = 60 * 60_000;
export const EXPIRE_FIRST_AFTER_MS = 60_000;

/** Customers looked at per statement: each batch is one statement, so it commits on its own and holds no row for long. */
const BATCH = 500;

const longDate = (day: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/**
 * Points expire `expiry.months` calendar months after the shop day they were earned on. The cutoff
 * is the start of that day in the shop's time zone (`now` less the months): points earned before it
 * expire. Whole days keep the ledger's reason exact and give a customer at most one expiry a day.
 */
async function cutoffOf(db: DbOrTx, now: Date, months: number): Promise<{ cutoff: string; day: string }> {
  const row = await executeOne<{ cutoff: string; day: string }>(
    db,
    sql`select to_char(c.local at time zone z.zone, 'YYYY-MM-DD"T"HH24:MI:SSOF') as cutoff, to_char(c.local, 'YYYY-MM-DD') as day
        from (select shop_time_zone() as zone) z
        cross join lateral (select date_trunc('day', ${now.toISOString()}::timestamptz at time zone z.zone) - make_interval(months => ${months}::int) as local) c`,
  );
  if (!row) throw new Error('Computing the expiry cutoff returned no row');
  return row;
}

/**
 * One batch: the next `BATCH` customers with points after `afterId`. Oldest points go first (FIFO):
 * every use — redeemed, expired, taken back by a refund, adjusted down — spends the oldest points,
 * so what is left of the points earned before the cutoff is Σ gains before it − Σ uses ever,
 * never more than the balance. Each customer with some gets one "expired" entry.
 * A customer whose row changed while this statement ran (a sale at this moment: its ledger entries
 * are not in the sums read here) is left alone; the next run counts them.
 */
async function expireBatch(db: DbOrTx, cutoff: string, reason: string, afterId: number) {
  return executeOne<{ last_id: number | null; customers: number; points: string }>(
    db,
    sql`with batch as (
          select id, points_balance, xmin as seen from customers
          where points_balance > 0 and id > ${afterId}
          order by id limit ${BATCH}
        ), sums as (
          select p.customer_id,
            coalesce(sum(p.delta) filter (where p.delta > 0 and p.created_at < ${cutoff}::timestamptz), 0) as gained,
            coalesce(sum(-p.delta) filter (where p.delta < 0), 0) as used
          from customer_points p join batch b on b.id = p.customer_id
          group by p.customer_id
        ), due as (
          select b.id, b.seen, least(b.points_balance, s.gained - s.used)::bigint as expiring
          from batch b join sums s on s.customer_id = b.id
          where least(b.points_balance, s.gained - s.used) > 0
        ), spent as (
          update customers c set points_balance = c.points_balance - d.expiring, updated_at = now()
          from due d
          where c.id = d.id and c.xmin = d.seen and c.points_balance >= d.expiring
          returning c.id, c.points_balance, d.expiring
        ), entries as (
          insert into customer_points (customer_id, delta, balance_after, kind, reason)
          select id, -expiring, points_balance, 'expired', ${reason} from spent
          returning delta
        )
        select (select max(id) from batch)::int as last_id, (select count(*) from entries)::int as customers,
          (select coalesce(sum(-delta), 0) from entries)::text as points`,
  );
}

/**
 * Expires the points earned more than `expiry.months` months ago that are still in a balance,
 * through the ledger (kind "expired"); nothing when points never expire. Running it again at the
 * same moment expires nothing more. Answers how many customers lost how many points.
 */
export async function expirePoints(db: DbOrTx, now = new Date()): Promise<{ customers: number; points: number }> {
  const { expiry } = await getRewardSettings(db);
  const total = { customers: 0, points: 0 };
  if (!expiry.months) return total;
  const { cutoff, day } = await cutoffOf(db, now, expiry.months);
  const reason = `Points earned before ${longDate(day)} expired`;
  for (let afterId = 0; ; ) {
    const batch = await expireBatch(db, cutoff, reason, afterId);
    if (!batch || batch.last_id === null) return total;
    total.customers += batch.customers;
    total.points += Number(batch.points);
    afterId = batch.last_id;
  }
}

/**
 * Expires points shortly after the server starts and then every hour. A run that fails is logged
 * and tried again at the next hour. Answers the function that stops it.
 */
export function keepExpiringPoints(db: DbOrTx, log: { info(message: string): void; error(message: string): void }): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const { customers, points } = await expirePoints(db);
      if (customers > 0) log.info(`Expired ${points} points of ${customers} customer${customers === 1 ? '' : 's'}`);
    } catch (error) {
      log.error(`Expiring points failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), EXPIRE_FIRST_AFTER_MS);
  const timer = setInterval(() => void run(), EXPIRE_EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
