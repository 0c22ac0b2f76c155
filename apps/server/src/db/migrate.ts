import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle, Db } from './client.ts';

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** Applies the generated SQL migrations in apps/server/drizzle (DESIGN.md §6). */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await migrateThen(handle, async () => undefined);
}

/**
 * Migrates, then runs `afterwards` (the first start's setup) while still holding the lock: on
 * PostgreSQL an advisory lock, so servers starting together migrate once and set up once (the
 * administrator, the session secret) — the others wait, then find it done.
 */
export async function migrateThen<T>(handle: DatabaseHandle, afterwards: (db: Db) => Promise<T>): Promise<T> {
  return handle.withMigrationLock(async (db) => {
    if (handle.driver === 'pglite') {
      await migratePglite(db as never, { migrationsFolder });
    } else {
      await migratePg(db as never, { migrationsFolder });
    }
    return afterwards(db);
  });
}

/** The newest migration this build carries (drizzle's journal: its `when` is the row's created_at). */
function newestMigrationMillis(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/**
 * True when the database holds every migration of this build (or newer ones, from a newer server
 * beside it): what /readyz asks before a load balancer sends traffic (docs/operations.md).
 */
export async function migrationsAreCurrent(db: Db): Promise<boolean> {
  const newest = newestMigrationMillis();
  try {
    const result = (await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`)) as unknown as { rows: Array<{ last: unknown }> };
    return Number(result.rows[0]?.last ?? 0) >= newest;
  } catch {
    // No migrations table yet: nothing has migrated this database.
    return false;
  }
}
