import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * Runs raw SQL and returns its rows typed as `T`, on either driver. Drizzle types
 * `db.execute` by the driver's result (pg's QueryResult, PGlite's Results); both carry `rows`,
 * so this is the one place that says so — modules never cast `db.execute` themselves.
 */
export async function execute<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The first row of `query`, or undefined when it returns none. */
export async function executeOne<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T | undefined> {
  const [row] = await execute<T>(db, query);
  return row;
}
