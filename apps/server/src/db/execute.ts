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

/**
 * How many distinct statements one process runs as named (prepared) statements: a connection keeps
 * each it has run until it closes, up to about 1.4 MB of PostgreSQL's memory for the product
 * search's largest, so their number is bounded; past it statements run unnamed, as `execute` runs them.
 */
export const NAMED_STATEMENTS_MAX = 24;
const statementNames = new Map<string, string>();

/** The name a statement's text runs under (`s0`, `s1`, … in the order first seen), or undefined past NAMED_STATEMENTS_MAX. */
function statementName(text: string): string | undefined {
  const known = statementNames.get(text);
  if (known !== undefined || statementNames.size >= NAMED_STATEMENTS_MAX) return known;
  const name = `s${statementNames.size}`;
  statementNames.set(text, name);
  return name;
}

/** Drizzle's parts that run a query under a name: its dialect and session, which `db.execute` uses too. */
type Prepares = {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string | undefined, arrayMode: boolean): { execute(): Promise<unknown> } };
};

/**
 * `execute` for the hottest statements, whose text repeats with other parameters (the product
 * search): on PostgreSQL a named statement, parsed once per connection, whose plan PostgreSQL keeps
 * once a generic one costs no more than planning each time (docs/decisions/035); PGlite runs it as
 * `execute` does. The product search's two-word statement took 3.7 ms this way against 6.0 ms
 * parsed and planned at every search (100k products).
 */
export async function executePrepared<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as Prepares;
  const built = dialect.sqlToQuery(query);
  const result = (await session.prepareQuery(built, undefined, statementName(built.sql), false).execute()) as { rows: T[] };
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
 * A named statement (`executePrepared`): the product list's first, whose text is one of a few.
 */
export async function readColumns<K extends string>(db: DbOrTx, columns: Partial<Record<K, SQL>>): Promise<Partial<Record<K, unknown>>> {
  const named = Object.entries(columns).filter((entry): entry is [string, SQL] => entry[1] !== undefined);
  if (!named.length) return {};
  const [row] = await executePrepared<Record<string, unknown>>(db, sql`select ${sql.join(named.map(([key, value]) => sql`${value} as ${sql.identifier(key)}`), sql`, `)}`);
  return (row ?? {}) as Partial<Record<K, unknown>>;
}
