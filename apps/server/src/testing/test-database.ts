import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';

/** Which database the server tests run on: PGlite always, PostgreSQL when CI sets TEST_DRIVER. */
export const testDriver: 'pglite' | 'postgres' = process.env.TEST_DRIVER === 'postgres' ? 'postgres' : 'pglite';

export type TestDatabase = DatabaseHandle & { drop(): Promise<void> };

/**
 * A fresh, migrated database for one test file. On PostgreSQL it is a database of its own, created
 * from TEST_DATABASE_URL and dropped afterwards, so parallel runs never see each other.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDriver === 'pglite') {
    const handle = await openPglite(null);
    await migrateDatabase(handle);
    return { ...handle, drop: () => handle.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DRIVER=postgres needs TEST_DATABASE_URL');
  const scratch = await createScratchPostgres(adminUrl, `tillbook_test_${process.pid}`);
  await migrateDatabase(scratch);
  return scratch;
}

/**
 * A new, empty PostgreSQL database named `prefix_<random>` on the server of `adminUrl` (tests and
 * benchmarks); `drop()` closes it and drops it, whoever is still connected.
 */
export async function createScratchPostgres(adminUrl: string, prefix: string): Promise<TestDatabase & { url: string }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  return {
    ...handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
