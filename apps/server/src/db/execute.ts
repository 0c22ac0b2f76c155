import { sql, type SQL } from 'drizzle-orm';
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

/**
 * A JSON column's value as `T`: PostgreSQL's driver parses json and jsonb, and some drivers hand
 * over the text instead; null when the column is null or absent.
 */
export function parsedJson<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);
}

/**
 * Several values read in one statement, each an SQL expression named by its key (`select … as
 * "key", …`): reads a route needs together cost one round trip. Keys left out (undefined) are not read.
 */
export async function readColumns<K extends string>(db: DbOrTx, columns: Partial<Record<K, SQL>>): Promise<Partial<Record<K, unknown>>> {
  const named = Object.entries(columns).filter((entry): entry is [string, SQL] => entry[1] !== undefined);
  if (!named.length) return {};
  const row = await executeOne<Record<string, unknown>>(db, sql`select ${sql.join(named.map(([key, value]) => sql`${value} as ${sql.identifier(key)}`), sql`, `)}`);
  return (row ?? {}) as Partial<Record<K, unknown>>;
}
