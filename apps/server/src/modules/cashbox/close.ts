import { tenderLabels, tenders, type CashboxReport, type cashboxCloseInput, type TenderReconciliation } from '@tillbook/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { approvalFor, verifyApproval } from '../approvals/service.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { getShopSettings } from '../settings/service.ts';
import { expectedByTender, figuresOfSession } from './figures.ts';
import { findSession, sessionWithId, updateSession } from './queries.ts';
import { lockOpenSession, moneyFormatOf, type Actor } from './service.ts';
import { buildReport, canSeeExpected } from './sessions.ts';

/** What a blind-close cashier reads: it must not tell them how far off their count is. */
export const BLIND_DIFFERENCE_MESSAGE = 'The count differs from what the drawer should hold by more than the shop allows. A manager must approve the close.';

/** The tender whose count is furthest from the expected (ties: the first in tender order). */
function largestDifference(reconciliation: TenderReconciliation[]): { tender: TenderReconciliation['tender']; difference: number } {
  let largest = { tender: reconciliation[0]!.tender, difference: 0 };
  for (const r of reconciliation) {
    if (Math.abs(r.difference ?? 0) > Math.abs(largest.difference)) largest = { tender: r.tender, difference: r.difference ?? 0 };
  }
  return largest;
}

/**
 * Closes the drawer with the count per tender: expected, counted and counted − expected are
 * stored for each, and the answer is the Z report (which shows everything, blind close or not).
 * A cashier whose count differs on any tender by more than the shop's right needs an
 * administrator's approval (issue 16); the close is stored with it, and audited.
 */
export async function closeDrawer(db: Db, actor: Actor, who: AuditActor, slug: string, input: z.output<typeof cashboxCloseInput>): Promise<CashboxReport> {
  const verified = await verifyApproval(db, input.approval, who.ip ?? '');
  const { cashierRights } = await getShopSettings(db);
  const showExpected = await canSeeExpected(db, actor);
  const money = await moneyFormatOf(db);
  const sessionId = await db.transaction(async (tx) => {
    const session = await lockOpenSession(tx, actor, slug, 'closing it');
    const expected = expectedByTender(session.openingFloat, await figuresOfSession(tx, session.id));
    const counted = { cash: input.counts.cash.amount, card: input.counts.card.amount, other: input.counts.other.amount };
    const reconciliation = tenders.map((tender) => ({ tender, expected: expected[tender], counted: counted[tender], difference: counted[tender] - expected[tender] }));
    const largest = largestDifference(reconciliation);
    const isBeyondRight = actor.type !== 'administrator' && Math.abs(largest.difference) > cashierRights.closeDifferenceUpTo;
    const reason = showExpected
      ? `The ${tenderLabels[largest.tender].toLowerCase()} count differs from what the drawer should hold by ${money(largest.difference)}, more than the ${money(cashierRights.closeDifferenceUpTo)} a cashier may close with. A manager must approve the close.`
      : BLIND_DIFFERENCE_MESSAGE;
    const approval = await approvalFor(tx, isBeyondRight ? reason : null, verified, {
      action: 'drawer_difference',
      requester: actor,
      outletId: session.outletId,
      registerId: session.registerId,
      amount: Math.abs(largest.difference),
      detail: `Close ${session.registerName} with a difference of ${money(largest.difference)}`,
    });
    await updateSession(tx, session.id, {
      status: 'closed',
      closedBy: actor.id,
      closedAt: new Date(),
      closingCount: input.counts.cash.denominations,
      reconciliation,
      expectedCash: expected.cash,
      countedCash: counted.cash,
      closingNote: input.note,
      closeApprovalId: approval?.id ?? null,
    });
    const total = reconciliation.reduce((sum, r) => sum + r.difference, 0);
    await recordAudit(tx, who, {
      action: 'cashbox.close',
      summary: `Closed the drawer of ${session.registerName} with a difference of ${money(total)}`,
      subject: { type: 'cashbox_session', id: session.id },
      after: { reconciliation },
      outletId: session.outletId,
      registerId: session.registerId,
      approval,
    });
    return session.id;
  });
  const record = await findSession(db, sessionWithId(sessionId));
  if (!record) throw AppError.notFound();
  return buildReport(db, actor, record);
}
