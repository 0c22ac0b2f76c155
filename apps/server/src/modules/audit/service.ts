import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

/** Who did it and from where: the signed-in user (or the name typed at a failed sign-in) and the address. */
export type AuditActor = { id: number | null; name: string | null; ip?: string | null };

/** The request's user and address, for a route to pass to its service. */
export function auditActorOf(request: { currentUser: { id: number; username: string }; ip: string }): AuditActor {
  return { id: request.currentUser.id, name: request.currentUser.username, ip: request.ip };
}

export type AuditEntry = {
  /** `area.verb`: auth.sign_in, refund.create, cashbox.no_sale, product.price … */
  action: string;
  /** One readable line, as the audit screen shows it. */
  summary: string;
  subject?: { type: string; id: string | number };
  before?: unknown;
  after?: unknown;
  outletId?: number | null;
  registerId?: number | null;
  /** The administrator who approved it (approvals/service.ts). */
  approval?: { approverId: number; approverName: string } | null;
};

const text = (value: string | null | undefined, max: number) => (value == null ? null : value.slice(0, max));

/**
 * Appends one row to the audit log, in the caller's transaction so the row exists exactly when the
 * action does. The database numbers and chains it (audit_log_chain) and refuses any later change.
 */
export async function recordAudit(db: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    userId: actor.id,
    userName: text(actor.name, 120),
    ip: text(actor.ip, 64),
    outletId: entry.outletId ?? null,
    registerId: entry.registerId ?? null,
    action: entry.action.slice(0, 60),
    subjectType: text(entry.subject?.type, 40),
    subjectId: entry.subject ? String(entry.subject.id).slice(0, 60) : null,
    summary: entry.summary.slice(0, 500),
    before: entry.before ?? null,
    after: entry.after ?? null,
    approvedById: entry.approval?.approverId ?? null,
    approvedByName: text(entry.approval?.approverName, 120),
  });
}

// Reading and checking the log, for other areas and the commands (the routes use them as well).
export { auditCsv, auditWhereOf, describeAuditFilters, listAudit, type AuditFilters } from './list.ts';
export { newestAuditId } from './queries.ts';
export { auditVerifyReport, verifyAuditChain, type AuditChainCheck } from './verify.ts';
