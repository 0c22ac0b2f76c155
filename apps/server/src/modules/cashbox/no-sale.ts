import type { DrawerOpening, noSaleInput } from '@tillbook/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { approvalFor, verifyApproval } from '../approvals/service.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { getShopSettings } from '../settings/service.ts';
import { insertDrawerOpening } from './queries.ts';
import { lockOpenSession, type Actor } from './service.ts';

/**
 * "No sale": the cashier opens the register's open drawer without a sale, saying why. A cashier
 * needs an administrator's approval unless the shop's rights let them; every opening is kept
 * (drawer_openings, counted on the X/Z report) and audited. How the drawer opens is the till's business.
 */
export async function recordNoSale(db: Db, actor: Actor, who: AuditActor, slug: string, input: z.output<typeof noSaleInput>): Promise<DrawerOpening> {
  const verified = await verifyApproval(db, input.approval, who.ip ?? '');
  const { cashierRights } = await getShopSettings(db);
  return db.transaction(async (tx) => {
    const session = await lockOpenSession(tx, actor, slug, 'opening it without a sale');
    const isBeyondRight = actor.type !== 'administrator' && !cashierRights.noSale;
    const approval = await approvalFor(tx, isBeyondRight ? 'Opening the drawer without a sale needs a manager’s approval.' : null, verified, {
      action: 'no_sale',
      requester: actor,
      outletId: session.outletId,
      registerId: session.registerId,
      detail: `No sale on ${session.registerName}: ${input.reason}`,
    });
    const row = await insertDrawerOpening(tx, {
      sessionId: session.id,
      registerId: session.registerId,
      userId: actor.id,
      reason: input.reason,
      approvalId: approval?.id ?? null,
    });
    await recordAudit(tx, who, {
      action: 'cashbox.no_sale',
      summary: `No sale on ${session.registerName}: ${input.reason}`,
      subject: { type: 'cashbox_session', id: session.id },
      after: { reason: input.reason },
      outletId: session.outletId,
      registerId: session.registerId,
      approval,
    });
    return {
      id: row.id,
      sessionId: session.id,
      registerId: session.registerId,
      reason: row.reason,
      userName: actor.name,
      approvedByName: approval?.approverName ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}
