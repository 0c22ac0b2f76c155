import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { settings } from '../db/schema/index.ts';
import { ensureMainOutlet } from '../modules/outlets/service.ts';
import { ensureDefaultReceiptTemplate } from '../modules/receipts/service.ts';
import { ensureShopTimeZone } from '../modules/settings/service.ts';
import { countUsers, createUser } from '../modules/users/service.ts';

const SESSION_SECRET_KEY = 'session_secret';

/**
 * SESSION_SECRET when given; otherwise one generated on the first start and kept in the database,
 * so every server process on the same database signs sessions alike and restarts keep sessions.
 */
export async function resolveSessionSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(settings)
    .values({ key: SESSION_SECRET_KEY, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, SESSION_SECRET_KEY));
  if (typeof row?.value !== 'string') throw new Error('The stored session secret is missing');
  return row.value;
}

export type FirstAdmin = { username: string; generatedPassword: string | null };

/**
 * On an empty database, creates the first administrator from ADMIN_USERNAME / ADMIN_PASSWORD, or
 * `admin` with a generated password that the caller prints once. Returns null when users exist.
 */
export async function ensureFirstAdministrator(
  db: Db,
  options: { username: string; password?: string },
): Promise<FirstAdmin | null> {
  if ((await countUsers(db)) > 0) return null;
  const generatedPassword = options.password ? null : randomBytes(12).toString('base64url');
  await createUser(db, {
    username: options.username,
    name: 'Administrator',
    type: 'administrator',
    password: options.password ?? (generatedPassword as string),
  });
  return { username: options.username, generatedPassword };
}

/** Everything a new shop needs to work at once: its first outlet ("Main store"), a receipt template and its time zone (the server's until chosen). */
export async function ensureShopBasics(db: Db): Promise<void> {
  await ensureMainOutlet(db);
  await ensureDefaultReceiptTemplate(db);
  await ensureShopTimeZone(db);
}
