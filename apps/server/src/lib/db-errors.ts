/** PostgreSQL error codes the services turn into answers a person understands. */
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

type PgLikeError = { code?: string; constraint?: string; constraint_name?: string; cause?: unknown };

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

function constraintOf(error: PgLikeError): string | undefined {
  return error.constraint ?? error.constraint_name;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(error);
  return pg?.code === UNIQUE_VIOLATION && (constraint === undefined || constraintOf(pg) === constraint);
}

export function isForeignKeyViolation(error: unknown): boolean {
  return pgErrorOf(error)?.code === FOREIGN_KEY_VIOLATION;
}
