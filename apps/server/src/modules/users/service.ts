import {
  userTypeDescriptions,
  userTypeLabels,
  userTypes,
  type profileInput,
  type staffListQuery,
  type StaffUser,
  type staffUpdateInput,
  type User,
  type UserType,
  type UserTypeItem,
} from '@tillbook/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { hashSecret, verifySecret } from '../../lib/passwords.ts';
import type { AuditActor } from '../audit/service.ts';
import { destroyOtherUserSessions, destroyUserSessions } from '../auth/sessions.ts';
import { auditUserCreated, auditUserDeleted, auditUserUpdated } from './audit.ts';
import {
  countOtherActiveAdministrators,
  countUsers,
  deleteUserById,
  findLoginClashes,
  findStaffPage,
  findUserById,
  findUserByLogin,
  hasOutlet,
  insertUser,
  updateUserById,
} from './queries.ts';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    type: row.type,
    outletId: row.outletId,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** First start and demo data look users up by login and count them. */
export { countUsers, findUserByLogin };

export function listUserTypes(): UserTypeItem[] {
  return userTypes.map((id) => ({ id, name: userTypeLabels[id], description: userTypeDescriptions[id] }));
}

type NewUser = {
  username: string;
  name: string;
  email?: string | null;
  type: UserType;
  password: string;
  outletId?: number | null;
  active?: boolean;
  /** The PIN an administrator approves with at the till (demo data). */
  pin?: string;
};

async function userValues(input: NewUser) {
  return {
    username: input.username,
    name: input.name,
    email: input.email ?? null,
    type: input.type,
    outletId: input.outletId ?? null,
    active: input.active ?? true,
    passwordHash: await hashSecret(input.password),
    ...(input.pin ? { pinHash: await hashSecret(input.pin) } : {}),
  };
}

export async function createUser(db: DbOrTx, input: NewUser): Promise<UserRow> {
  const row = await insertUser(db, await userValues(input));
  if (!row) throw new Error('Inserting a user returned no row');
  return row;
}

/** Creates the user, or when the username exists resets its details and password (demo data). */
export async function upsertUserByUsername(db: DbOrTx, input: NewUser): Promise<UserRow> {
  const existing = await findUserByLogin(db, input.username);
  if (!existing) return createUser(db, input);
  const row = await updateUserById(db, existing.id, await userValues(input));
  if (!row) throw new Error('Updating a user returned no row');
  return row;
}

type StaffValues = z.output<typeof staffUpdateInput>;

export function toStaffUser(row: UserRow): StaffUser {
  return { ...toUser(row), hasPin: row.pinHash !== null };
}

export async function listStaff(db: DbOrTx, query: z.output<typeof staffListQuery>) {
  const page = await findStaffPage(db, query);
  return { ...page, data: page.data.map(toStaffUser) };
}

export async function getStaffUser(db: DbOrTx, id: number): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row) throw AppError.notFound();
  return row;
}

/** Username and e-mail are unique without regard to case; say which clashes, on its field. */
async function assertUniqueLogin(db: DbOrTx, values: { username?: string; email: string | null }, exceptId?: number) {
  const errors: Record<string, string[]> = {};
  const { isUsernameTaken, isEmailTaken } = await findLoginClashes(db, values, exceptId);
  if (isUsernameTaken) errors.username = ['This username is already taken.'];
  if (isEmailTaken) errors.email = ['Another staff member already uses this e-mail address.'];
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

async function assertOutletExists(db: DbOrTx, outletId: number | null) {
  if (outletId === null) return;
  if (!(await hasOutlet(db, outletId))) throw AppError.validation({ outletId: ['The selected outlet does not exist.'] });
}

function rethrowUniqueLogin(error: unknown): never {
  if (isUniqueViolation(error)) throw AppError.validation({ username: ['This username or e-mail address is already taken.'] });
  throw error;
}

export async function createStaffUser(db: DbOrTx, values: StaffValues, audit?: AuditActor): Promise<UserRow> {
  await assertUniqueLogin(db, values);
  await assertOutletExists(db, values.outletId);
  if (values.password === null) throw AppError.validation({ password: ['The password field is required.'] });
  const secrets = { passwordHash: await hashSecret(values.password), pinHash: values.pin ? await hashSecret(values.pin) : null };
  return db.transaction(async (tx) => {
    const row = await insertUser(tx, {
      username: values.username,
      name: values.name,
      email: values.email,
      type: values.type,
      outletId: values.outletId,
      active: values.active,
      ...secrets,
    }).catch(rethrowUniqueLogin);
    if (!row) throw new Error('Inserting a user returned no row');
    await auditUserCreated(tx, audit, row);
    return row;
  });
}

/**
 * An administrator edits a staff member. The last active administrator stays one (the shop would
 * lock itself out); deactivating someone or resetting their password signs them out everywhere.
 */
/** Who makes a change: their own account is guarded, and the session they work in stays signed in. */
export type Actor = { id: number; sessionId: string | null; audit?: AuditActor };

/** An administrator never locks themselves out: no deactivating or demoting their own account. */
function assertNotLockingOut(current: UserRow, values: StaffValues, actor: Actor | undefined): void {
  if (!actor || actor.id !== current.id) return;
  const errors: Record<string, string[]> = {};
  if (!values.active && current.active) errors.active = ['You cannot deactivate your own account. Ask another administrator.'];
  if (values.type !== current.type) errors.type = ['You cannot change your own user type. Ask another administrator.'];
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

export async function updateStaffUser(db: DbOrTx, id: number, values: StaffValues, actor?: Actor): Promise<UserRow> {
  const current = await getStaffUser(db, id);
  assertNotLockingOut(current, values, actor);
  await assertUniqueLogin(db, values, id);
  await assertOutletExists(db, values.outletId);
  const isActiveAdministrator = current.type === 'administrator' && current.active;
  if (isActiveAdministrator && (values.type !== 'administrator' || !values.active) && (await countOtherActiveAdministrators(db, id)) === 0) {
    const field = values.type !== 'administrator' ? 'type' : 'active';
    throw AppError.validation({ [field]: ['This is the last active administrator: make someone else an administrator first.'] });
  }
  const secrets = {
    ...(values.password !== null ? { passwordHash: await hashSecret(values.password) } : {}),
    // Omitted keeps the PIN, null clears it.
    ...(values.pin !== undefined ? { pinHash: values.pin === null ? null : await hashSecret(values.pin) } : {}),
  };
  return db.transaction(async (tx) => {
    const row = await updateUserById(tx, id, {
      username: values.username,
      name: values.name,
      email: values.email,
      type: values.type,
      outletId: values.outletId,
      active: values.active,
      ...secrets,
    }).catch(rethrowUniqueLogin);
    if (!row) throw AppError.notFound();
    if (!row.active || values.password !== null) {
      // An administrator resetting their own password stays signed in here, like a change of one's own password.
      if (actor?.id === id && actor.sessionId !== null) await destroyOtherUserSessions(tx, id, actor.sessionId);
      else await destroyUserSessions(tx, id);
    }
    const pinChanged = values.pin !== undefined && (values.pin !== null || current.pinHash !== null);
    await auditUserUpdated(tx, actor?.audit, current, row, { password: values.password !== null, pin: pinChanged });
    return row;
  });
}

/** Deletes a staff member; never yourself, never the last active administrator. */
export async function deleteStaffUser(db: DbOrTx, id: number, actingUserId: number, audit?: AuditActor): Promise<void> {
  if (id === actingUserId) throw AppError.validation({ id: ['You cannot delete your own account. Ask another administrator.'] });
  const current = await getStaffUser(db, id);
  if (current.type === 'administrator' && current.active && (await countOtherActiveAdministrators(db, id)) === 0) {
    throw AppError.conflict('This is the last active administrator and cannot be deleted.');
  }
  await db.transaction(async (tx) => {
    await destroyUserSessions(tx, id);
    await deleteUserById(tx, id).catch((error: unknown) => {
      // Records such as sales refer to the person who made them.
      if (isForeignKeyViolation(error)) throw AppError.conflict('This staff member has records in the shop. Deactivate them instead.');
      throw error;
    });
    await auditUserDeleted(tx, audit, current);
  });
}

/** The signed-in user's own profile: name, e-mail and password (with the current one). */
export async function updateOwnProfile(
  db: DbOrTx,
  userId: number,
  values: z.output<typeof profileInput>,
  sessionId: string | null = null,
  audit?: AuditActor,
): Promise<UserRow> {
  const current = await getStaffUser(db, userId);
  await assertUniqueLogin(db, { email: values.email }, userId);
  if (values.password !== null) {
    if (!values.currentPassword || !(await verifySecret(current.passwordHash, values.currentPassword))) {
      throw AppError.validation({ currentPassword: ['The current password is incorrect.'] });
    }
  }
  const secret = values.password !== null ? { passwordHash: await hashSecret(values.password) } : {};
  return db.transaction(async (tx) => {
    const row = await updateUserById(tx, userId, { name: values.name, email: values.email, ...secret }).catch(rethrowUniqueLogin);
    if (!row) throw AppError.notFound();
    // A new password signs out every other session of the user (a lost phone, a shared till); this one stays.
    if (values.password !== null) {
      if (sessionId === null) await destroyUserSessions(tx, userId);
      else await destroyOtherUserSessions(tx, userId, sessionId);
    }
    await auditUserUpdated(tx, audit, current, row, { password: values.password !== null, pin: false }, true);
    return row;
  });
}
