import { errorMessages, throttledMessage, type LoginInput } from '@tillbook/contract';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { burnVerifyTime, verifySecret } from '../../lib/passwords.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { findUserByLogin } from '../users/service.ts';
import {
  createSession,
  destroySession,
  pruneExpiredSessions,
  type SessionClient,
  type SessionKeys,
} from './sessions.ts';
import { clearLoginThrottle, recordFailedLogin, secondsUntilLoginAllowed, throttleKey } from './throttle.ts';

type LoginResult = { user: UserRow; token: string; csrfToken: string };

/**
 * Checks the credentials and opens a signed-in session in place of the anonymous one, so the
 * session id rotates on sign-in (no fixation). A disabled user gets the same answer as a wrong
 * password: the form must not reveal which accounts exist.
 */
export async function login(
  db: Db,
  keys: SessionKeys,
  input: LoginInput,
  client: SessionClient & { ipAddress: string },
  previousSessionId: string | null,
): Promise<LoginResult> {
  const key = throttleKey(input.email, client.ipAddress);
  const wait = await secondsUntilLoginAllowed(db, key);
  if (wait > 0) {
    throw new AppError(429, throttledMessage(wait), undefined, { 'retry-after': String(wait) });
  }

  const user = await findUserByLogin(db, input.email);
  const isValid = user ? await verifySecret(user.passwordHash, input.password) : (await burnVerifyTime(input.password), false);
  if (!user || !isValid || !user.active) {
    // Only the name typed is kept: never the password, whatever was typed into it.
    const typed = input.email.trim().slice(0, 120);
    await db.transaction(async (tx) => {
      await recordFailedLogin(tx, key);
      await recordAudit(tx, { id: null, name: typed, ip: client.ipAddress }, {
        action: 'auth.sign_in_failed',
        summary: `Failed sign-in for “${typed}”`,
      });
    });
    throw new AppError(422, errorMessages.invalidCredentials, { email: [errorMessages.invalidCredentials] });
  }

  await clearLoginThrottle(db, key);
  const { token, session } = await db.transaction(async (tx) => {
    if (previousSessionId) await destroySession(tx, previousSessionId);
    const created = await createSession(tx, keys, user.id, client);
    await recordAudit(tx, { id: user.id, name: user.username, ip: client.ipAddress }, {
      action: 'auth.sign_in',
      summary: 'Signed in',
      subject: { type: 'user', id: user.id },
      outletId: user.outletId,
    });
    return created;
  });
  await pruneExpiredSessions(db);
  return { user, token, csrfToken: session.csrfToken };
}

/** Ends the session and notes the sign-out in the audit log, together. */
export async function logout(db: Db, sessionId: string, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    await destroySession(tx, sessionId);
    await recordAudit(tx, actor, { action: 'auth.sign_out', summary: 'Signed out', subject: actor.id === null ? undefined : { type: 'user', id: actor.id } });
  });
}

/** The sign-in throttle, also counting approval tries at the till (approvals/service.ts). */
export { clearLoginThrottle, recordFailedLogin, secondsUntilLoginAllowed };
