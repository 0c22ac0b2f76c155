/** PostgreSQL error codes the services turn into answers a person understands. */
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
/** PostgreSQL 18 (PGlite) reports an ON DELETE RESTRICT refusal with this code; 15 with 23503. */
const RESTRICT_VIOLATION = '23001';

type PgLikeError = { code?: string; detail?: unknown; constraint?: string; constraint_name?: string; cause?: unknown };

function pgErrorOf(error: unknown): PgLikeError | null {
  let current: unknown = error;
  // Drizzle wraps the driver's error in `cause`.
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as PgLikeError;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return null;
}

/**
 * The SQLSTATE and DETAIL of a database error, through the driver's and Drizzle's wrappers; null
 * for any other error. Services word the codes they expect (their own functions raise TBnnn).
 */
export function databaseErrorOf(error: unknown): { code: string; detail: string | null } | null {
  const pg = pgErrorOf(error);
  if (!pg?.code) return null;
  return { code: pg.code, detail: typeof pg.detail === 'string' ? pg.detail : null };
}

function constraintOf(error: PgLikeError): string | undefined {
  return error.constraint ?? error.constraint_name;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(error);
  return pg?.code === UNIQUE_VIOLATION && (constraint === undefined || constraintOf(pg) === constraint);
}

export function isForeignKeyViolation(error: unknown): boolean {
  const code = pgErrorOf(error)?.code;
  return code === FOREIGN_KEY_VIOLATION || code === RESTRICT_VIOLATION;
}

/** What the database said when it refused one row of an import, worded for the person importing. */
export type DatabaseRefusal = { column: string | null; message: string };

/**
 * A refusal of the data itself — a value out of range or too long (SQLSTATE class 22), a broken
 * rule (class 23), a conflict with another writer (class 40) or a raised exception (P0) — as a
 * message; null for any other error (the connection, a bug), which stays a server error.
 * Imports report it on the row it came from, and the other rows carry on (docs/catalogue.md).
 */
export function databaseRefusalOf(error: unknown): DatabaseRefusal | null {
  const pg = pgErrorOf(error) as (PgLikeError & { column?: string }) | null;
  if (!pg?.code) return null;
  const column = pg.column ?? null;
  const rule = constraintOf(pg);
  switch (pg.code) {
    case UNIQUE_VIOLATION:
      return { column, message: 'Another row already has this value.' };
    case FOREIGN_KEY_VIOLATION:
      return { column, message: 'This row refers to something that has been deleted meanwhile.' };
    case '22003':
      return { column, message: 'A number in this row is too large to be stored.' };
    case '22001':
      return { column, message: 'A text in this row is too long to be stored.' };
    case '23502':
      return { column, message: 'A value this row needs is missing.' };
  }
  const refusedClass = ['22', '23', '40', 'P0'].includes(pg.code.slice(0, 2));
  if (!refusedClass) return null;
  return { column, message: `The database refused this row${rule ? ` (rule ${rule})` : ''}.` };
}
