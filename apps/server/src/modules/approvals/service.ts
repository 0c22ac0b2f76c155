import { APPROVAL_FIELD, type ApprovalAction, type ApprovalSummary, type Approver, type approvalInput } from '@tillbook/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { approvals, users, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { verifySecret } from '../../lib/passwords.ts';
import { clearLoginThrottle, recordFailedLogin, secondsUntilLoginAllowed } from '../auth/service.ts';

/** An administrator whose PIN or password was checked: who may be stored as approving. */
export type VerifiedApprover = { approverId: number; approverName: string; method: 'pin' | 'password' };

export type ApprovalContext = {
  action: ApprovalAction;
  requester: Pick<UserRow, 'id' | 'type'>;
  outletId?: number | null;
  registerId?: number | null;
  /** What was beyond the right: an amount (minor units) or a percentage (rateE4). */
  amount?: number | null;
  /** One line for the approval and the audit: "Refund MAIN-000012-R1 of $45.00". */
  detail: string;
};

/** 422 on `approval`: the action is beyond the cashier's right, and the screen asks for an approver. */
export function approvalRequired(message: string): AppError {
  return AppError.validation({ [APPROVAL_FIELD]: [message] });
}

/** Administrators who can approve at the till, by name (the approval dialog's list). */
export async function listApprovers(db: DbOrTx): Promise<Approver[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, pinHash: users.pinHash })
    .from(users)
    .where(and(eq(users.type, 'administrator'), eq(users.active, true)))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((r) => ({ id: r.id, name: r.name, hasPin: r.pinHash !== null }));
}

function wrong(field: 'pin' | 'password', message: string): AppError {
  return AppError.validation({ [`${APPROVAL_FIELD}.${field}`]: [message] });
}

/**
 * Checks an approval sent with an action, before the action's transaction (so a wrong PIN is
 * counted even though the action is refused): the approver must be an active administrator and
 * the PIN or password theirs. Tries are throttled per approver and address, as sign-ins are.
 * Nothing sent: null (the action then decides whether it needed one).
 */
export async function verifyApproval(db: Db, input: z.output<typeof approvalInput> | undefined, ip: string): Promise<VerifiedApprover | null> {
  if (!input) return null;
  const method = input.pin ? 'pin' : 'password';
  const key = `approval|${input.approverId}|${ip}`.slice(0, 400);
  const wait = await secondsUntilLoginAllowed(db, key);
  if (wait > 0) {
    throw new AppError(429, `Too many approval attempts. Please try again in ${wait} ${wait === 1 ? 'second' : 'seconds'}.`, undefined, { 'retry-after': String(wait) });
  }
  const [approver] = await db.select().from(users).where(eq(users.id, input.approverId)).limit(1);
  const secret = method === 'pin' ? approver?.pinHash : approver?.passwordHash;
  const valid = approver && approver.active && approver.type === 'administrator' && secret ? await verifySecret(secret, (method === 'pin' ? input.pin : input.password) ?? '') : false;
  if (!approver || !valid) {
    await recordFailedLogin(db, key);
    if (approver && approver.type === 'administrator' && method === 'pin' && approver.pinHash === null) {
      throw wrong('pin', `${approver.name} has no PIN: use their password.`);
    }
    throw method === 'pin' ? wrong('pin', 'The PIN does not match.') : wrong('password', 'The password does not match.');
  }
  await clearLoginThrottle(db, key);
  return { approverId: approver.id, approverName: approver.name, method };
}

/**
 * Inside the action's transaction: when `needed` (the reason, as the cashier reads it) is set, the
 * action needs the verified approver, else a 422 on `approval` asks for one; the approval is then
 * stored with the action. Not needed: nothing is stored and null is answered, approver or not.
 */
export async function approvalFor(
  tx: DbOrTx,
  needed: string | null,
  approver: VerifiedApprover | null,
  context: ApprovalContext,
): Promise<(VerifiedApprover & { id: number }) | null> {
  if (!needed) return null;
  if (!approver) throw approvalRequired(needed);
  const [row] = await tx
    .insert(approvals)
    .values({
      action: context.action,
      requestedBy: context.requester.id,
      approvedBy: approver.approverId,
      method: approver.method,
      outletId: context.outletId ?? null,
      registerId: context.registerId ?? null,
      amount: context.amount ?? null,
      detail: context.detail.slice(0, 300),
    })
    .returning({ id: approvals.id });
  if (!row) throw new Error('The approval was not stored');
  return { ...approver, id: row.id };
}

/** Who approved an action and how, as its page shows it; null when the approval no longer exists. */
export async function approvalSummaryOf(db: DbOrTx, approvalId: number): Promise<ApprovalSummary | null> {
  const [row] = await db
    .select({ id: approvals.id, approverName: users.name, method: approvals.method, createdAt: approvals.createdAt })
    .from(approvals)
    .innerJoin(users, eq(users.id, approvals.approvedBy))
    .where(eq(approvals.id, approvalId))
    .limit(1);
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}
