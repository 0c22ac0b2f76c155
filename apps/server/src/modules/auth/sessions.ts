import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { keptByKey } from '@tillbook/contract';
import { and, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { executeOne, parsedJson } from '../../db/execute.ts';
import { sessions, type SessionRow, type UserRow } from '../../db/schema/index.ts';

/** Anonymous sessions (only a CSRF token, before sign-in) live briefly. */
const ANONYMOUS_LIFETIME_MS = 2 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type SessionKeys = { secret: string; lifetimeMs: number };

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The HMACs of the tokens seen lately, per secret: every API request names its session by its token (0.1 ms a digest). */
const idsBySecret = keptByKey(8, (secret) => keptByKey(4096, (token) => createHmac('sha256', secret).update(token).digest('hex')));

export function sessionIdOf(keys: SessionKeys, token: string): string {
  return idsBySecret(keys.secret)(token);
}

export function tokensMatch(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type LoadedSession = { session: SessionRow; user: UserRow | null };

type SessionJson = { session: Record<keyof SessionRow, unknown>; user: Record<keyof UserRow, unknown> | null };

const toDate = (value: unknown) => new Date(value as string);

/**
 * The read of the live session behind a cookie token as a column: `session_of` (migration
 * 0006_session_read.sql). A route may read it in its own first statement (plugins/session.ts,
 * `config.sessionReadByHandler`), and hands the value to `sessionOfRead`.
 */
export function sessionRead(keys: SessionKeys, token: string): SQL {
  return sql`session_of(${sessionIdOf(keys, token)}, ${new Date().toISOString()}::timestamptz)`;
}

/**
 * The live session behind a cookie token; a disabled or deleted user's session ends here. Read
 * through `session_of` (migration 0006_session_read.sql): this runs on every API request.
 */
export async function findSession(db: DbOrTx, keys: SessionKeys, token: string): Promise<LoadedSession | null> {
  const row = await executeOne<{ value: unknown }>(db, sql`select ${sessionRead(keys, token)} as value`);
  return sessionOfRead(db, row?.value ?? null);
}

/** The session and user of a `sessionRead` value (JSON on PostgreSQL, text on some drivers); null when there is none or its user may no longer sign in. */
export async function sessionOfRead(db: DbOrTx, value: unknown): Promise<LoadedSession | null> {
  const found = parsedJson<SessionJson>(value);
  if (!found) return null;
  const session = {
    ...found.session,
    createdAt: toDate(found.session.createdAt),
    lastSeenAt: toDate(found.session.lastSeenAt),
    expiresAt: toDate(found.session.expiresAt),
  } as SessionRow;
  const user = found.user && ({ ...found.user, createdAt: toDate(found.user.createdAt), updatedAt: toDate(found.user.updatedAt) } as UserRow);
  if (session.userId !== null && !user?.active) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  return { session, user };
}

export type SessionClient = { ipAddress: string | null; userAgent: string | null };

/** Creates a session and returns the cookie token (only its HMAC is stored). */
export async function createSession(
  db: DbOrTx,
  keys: SessionKeys,
  userId: number | null,
  client: SessionClient,
): Promise<{ token: string; session: SessionRow }> {
  const token = newToken();
  const lifetime = userId === null ? ANONYMOUS_LIFETIME_MS : keys.lifetimeMs;
  const [session] = await db
    .insert(sessions)
    .values({
      id: sessionIdOf(keys, token),
      userId,
      csrfToken: newToken(),
      ipAddress: client.ipAddress,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
      expiresAt: new Date(Date.now() + lifetime),
    })
    .returning();
  if (!session) throw new Error('Inserting a session returned no row');
  return { token, session };
}

export async function touchSession(db: DbOrTx, keys: SessionKeys, session: SessionRow): Promise<void> {
  const now = Date.now();
  if (session.userId === null || now - session.lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return;
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + keys.lifetimeMs) })
    .where(eq(sessions.id, session.id));
}

export async function destroySession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user at once (a disabled user, a password reset). */
export async function destroyUserSessions(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Signs a user out everywhere but here: the session the change was made from stays. */
export async function destroyOtherUserSessions(db: DbOrTx, userId: number, keepSessionId: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}

export async function pruneExpiredSessions(db: DbOrTx): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
