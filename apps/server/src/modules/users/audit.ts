import type { DbOrTx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';

/**
 * Staff changes in the audit log (issue 16): who created, changed (type = the permission change)
 * or deleted whom. Only the changed fields are kept, and of a password or PIN only that it
 * changed — never the secret or its hash.
 */

const noOne: AuditActor = { id: null, name: null };

type Visible = Pick<UserRow, 'username' | 'name' | 'email' | 'type' | 'outletId' | 'active'>;
const visibleFields = ['username', 'name', 'email', 'type', 'outletId', 'active'] as const;

function visibleOf(row: Visible): Record<string, unknown> {
  return Object.fromEntries(visibleFields.map((field) => [field, row[field]]));
}

export async function auditUserCreated(tx: DbOrTx, actor: AuditActor | undefined, row: UserRow): Promise<void> {
  await recordAudit(tx, actor ?? noOne, {
    action: 'user.create',
    summary: `Created staff user “${row.username}” (${row.type})`,
    subject: { type: 'user', id: row.id },
    after: { ...visibleOf(row), ...(row.pinHash !== null ? { 'PIN set': true } : {}) },
    outletId: row.outletId,
  });
}

/**
 * The changed fields of a staff member; `secrets` says whether a new password or PIN was set (or
 * the PIN cleared). Nothing is written when nothing changed. `own` marks a change of one's own profile.
 */
export async function auditUserUpdated(
  tx: DbOrTx,
  actor: AuditActor | undefined,
  before: UserRow,
  after: UserRow,
  secrets: { password: boolean; pin: boolean },
  own = false,
): Promise<void> {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const field of visibleFields) {
    if (before[field] === after[field]) continue;
    was[field] = before[field];
    now[field] = after[field];
  }
  const changed = Object.keys(now);
  if (secrets.password) now['password changed'] = true;
  if (secrets.pin) now['PIN changed'] = true;
  const words = [
    ...changed.map((field) => (field === 'type' ? `type ${String(was.type)} → ${String(now.type)}` : field === 'outletId' ? 'outlet' : field)),
    ...(secrets.password ? ['password changed'] : []),
    ...(secrets.pin ? ['PIN changed'] : []),
  ];
  if (!words.length) return;
  await recordAudit(tx, actor ?? noOne, {
    action: 'user.update',
    summary: `${own ? `Changed own profile (“${after.username}”)` : `Updated staff user “${after.username}”`}: ${words.join(', ')}`,
    subject: { type: 'user', id: after.id },
    before: was,
    after: now,
    outletId: after.outletId,
  });
}

export async function auditUserDeleted(tx: DbOrTx, actor: AuditActor | undefined, row: UserRow): Promise<void> {
  await recordAudit(tx, actor ?? noOne, {
    action: 'user.delete',
    summary: `Deleted staff user “${row.username}” (${row.type})`,
    subject: { type: 'user', id: row.id },
    before: visibleOf(row),
    outletId: row.outletId,
  });
}
