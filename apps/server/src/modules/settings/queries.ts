import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

/** The value stored under a settings key, or undefined when none is. */
export async function findSettingValue(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value;
}

export async function upsertSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/** Puts `field` into the object stored under `key` unless it holds one already; the other fields stay as they are. */
/** Sets `field` of a setting when it has none; answers whether it did. */
export async function addSettingFieldIfMissing(db: DbOrTx, key: string, field: string, value: unknown): Promise<boolean> {
  const patch = sql`jsonb_build_object(${field}::text, ${JSON.stringify(value)}::jsonb)`;
  const written = await db
    .insert(settings)
    .values({ key, value: patch })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`case when jsonb_typeof(${settings.value}) = 'object' then ${settings.value} else '{}'::jsonb end || ${patch}`, updatedAt: sql`now()` },
      setWhere: sql`(${settings.value} ->> ${field}::text) is null`,
    })
    .returning({ key: settings.key });
  return written.length > 0;
}
