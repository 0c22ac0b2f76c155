import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users, type SessionRow, type UserRow } from '../../db/schema/index.ts';

/** Anonymous sessions (only a CSRF token, before sign-in) live briefly. */
const ANONYMOUS_LIFETIME_MS = 2 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type SessionKeys = { secret: string; lifetimeMs: number };

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sessionIdOf(keys: SessionKeys, token: string): string {
  return createHmac('sha256', keys.secret).update(token).digest('hex');
}

export function tokensMatch(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type LoadedSession = { session: SessionRow; user: UserRow | null };

/** The live session behind a cookie token; a disabled or deleted user's session ends here. */
export async function findSession(db: DbOrTx, keys: SessionKeys, token: string): Promise<LoadedSession | null> {
  const id = sessionIdOf(keys, token);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  if (row.session.userId !== null && !row.user?.active) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  return { session: row.session, user: row.user };
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

export async function pruneExpiredSessions(db: DbOrTx): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
