import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** One type for both drivers: services never know which one runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A query function takes the database or a transaction first (STYLE.md, Midday). */
export type DbOrTx = Db | Tx;

export type DatabaseHandle = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Runs `fn` while holding a cluster-wide lock, so several processes never migrate at once. */
  withMigrationLock<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** The connection pool's figures for /metrics; absent on PGlite (one connection inside the process). */
  poolStats?(): PoolStats;
  close(): Promise<void>;
  /**
   * PGlite only: a tarball of the data directory at a point between transactions (after a
   * CHECKPOINT), taken while the server serves; sales wait for the copy (docs/decisions/025-backups.md).
   */
  dumpDataDir?(): Promise<Blob>;
};

export type PoolStats = { max: number; total: number; idle: number; waiting: number };

const MIGRATION_LOCK_ID = 7_341_001;

/**
 * bigint (int8) columns and sums come back as numbers on both drivers, as PGlite reads them: money
 * and quantities are bigint (docs/decisions/009-money-and-rates.md) and every limit keeps them
 * below 2^53; a value beyond it stays exact as a BigInt rather than being rounded silently.
 */
function parseInt8(text: string): number | bigint {
  const value = BigInt(text);
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}
pg.types.setTypeParser(pg.types.builtins.INT8, parseInt8);

export function openPostgres(url: string, options: { max?: number } = {}): DatabaseHandle {
  // 20 connections: sales arriving together wait for the database, not for a free connection
  // (docs/performance.md, Checkout); PostgreSQL's default limit of 100 leaves room for several processes.
  // JIT off for the server's sessions: it compiles a report's aggregate for 50–140 ms before running a
  // query that takes less (docs/performance.md, Reports); no query of ours runs long enough to gain.
  // Idle connections are kept (pg's default closes them after 10 s): a connection's first statements
  // load PostgreSQL's caches (28 ms for the first search on a new one at 100k products), so a
  // back office that searched a minute ago must not pay for a new one (docs/performance.md).
  const max = options.max ?? 20;
  // They do not keep a process alive on their own (`allowExitOnIdle`), as before.
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 0, allowExitOnIdle: true, options: '-c jit=off' });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    async withMigrationLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        return await fn(drizzlePg(client, { schema }) as unknown as Db);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/** pg_trgm backs the catalogue's substring search (trigram indexes). */
const extensions = { pg_trgm };

/**
 * PGlite in `dataDir` (on disk), or in memory when dataDir is null (tests). The data directory is
 * locked first: a second process on it refuses to start (DataDirLockedError, docs/operations.md).
 */
export async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  if (!dataDir) return wrapPglite(await PGlite.create({ extensions }));
  const lock = lockDataDir(dataDir);
  try {
    const dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    return wrapPglite(await PGlite.create(dir, { extensions }), lock);
  } catch (err) {
    lock.release();
    throw err;
  }
}

export function wrapPglite(client: PGlite, lock?: DataDirLock): DatabaseHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    // PGlite is one connection in one process: nothing else can migrate at the same time.
    withMigrationLock: (fn) => fn(db),
    async ping() {
      await db.execute(sql`select 1`);
    },
    // Inside a transaction, which holds PGlite's transaction lock: no other transaction is half done.
    dumpDataDir: () =>
      client.transaction(async (tx) => {
        await tx.exec('checkpoint');
        return client.dumpDataDir('none');
      }),
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

export async function openDatabase(config: { DATABASE_URL?: string; DATA_DIR: string }): Promise<DatabaseHandle> {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : openPglite(config.DATA_DIR);
}
