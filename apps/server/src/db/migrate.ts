import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client.ts';

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** Applies the generated SQL migrations in apps/server/drizzle (DESIGN.md §6). */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.withMigrationLock(async (db) => {
    if (handle.driver === 'pglite') {
      await migratePglite(db as never, { migrationsFolder });
    } else {
      await migratePg(db as never, { migrationsFolder });
    }
  });
}
