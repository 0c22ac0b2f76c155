import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginThrottles } from '../../db/schema/index.ts';

/** Five failed sign-ins per username and IP address in a minute, then a wait (issue: foundation). */
const LOGIN_MAX_ATTEMPTS = 5;
const LOGIN_DECAY_SECONDS = 60;

export function throttleKey(login: string, ip: string): string {
  return `${login.trim().toLowerCase()}|${ip}`.slice(0, 400);
}

/** Seconds to wait before another try, or 0 when a try is allowed now. */
export async function secondsUntilLoginAllowed(db: DbOrTx, key: string): Promise<number> {
  const [row] = await db.select().from(loginThrottles).where(eq(loginThrottles.key, key)).limit(1);
  if (!row || row.attempts < LOGIN_MAX_ATTEMPTS) return 0;
  const remaining = Math.ceil((row.resetAt.getTime() - Date.now()) / 1000);
  return remaining > 0 ? remaining : 0;
}

/** Counts a failed try in one statement, so concurrent tries from several processes all count. */
export async function recordFailedLogin(db: DbOrTx, key: string): Promise<void> {
  const decay = sql.raw(`interval '${LOGIN_DECAY_SECONDS} seconds'`);
  await db
    .insert(loginThrottles)
    .values({ key, attempts: 1, resetAt: sql`now() + ${decay}` })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        attempts: sql`case when ${loginThrottles.resetAt} <= now() then 1 else ${loginThrottles.attempts} + 1 end`,
        resetAt: sql`case when ${loginThrottles.resetAt} <= now() then now() + ${decay} else ${loginThrottles.resetAt} end`,
      },
    });
}

export async function clearLoginThrottle(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
}
