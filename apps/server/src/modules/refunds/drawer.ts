import type { DbOrTx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { findHeldSessionForShare, findOpenSessionForShare, findRegisterName, findSessionForShare, findSessionPlace } from './queries.ts';

/** Who refunds: the signed-in user. */
export type Refunder = Pick<UserRow, 'id' | 'type'>;

const drawerField = 'cashboxSessionId';

/** The drawer a refund is counted in, and the register and outlet it was made at (for the approval and the audit). */
export type RefundDrawer = { sessionId: number | null; registerId: number | null; outletId: number };

/**
 * An administrator's drawer. Chosen: any open drawer (only when cash goes back), or null for cash
 * paid outside a drawer. Not chosen: the sale's register's drawer while it is open; when it is
 * closed and cash goes back, the refunder is asked rather than another register's drawer silently
 * paying. The session row is share-locked so a close waits for the refund.
 */
async function administratorsDrawer(tx: DbOrTx, registerId: number | null, chosen: number | null | undefined, paysCash: boolean): Promise<number | null> {
  if (chosen === null) return null;
  if (chosen !== undefined) {
    if (!paysCash) throw AppError.validation({ [drawerField]: ['Only cash comes out of a drawer, and this refund pays nothing back in cash.'] });
    const session = await findSessionForShare(tx, chosen);
    if (!session) throw AppError.validation({ [drawerField]: ['The chosen drawer does not exist.'] });
    if (session.status !== 'open') throw AppError.validation({ [drawerField]: [`The drawer of ${session.registerName} is closed. Choose an open drawer, or record the refund as paid outside a drawer.`] });
    return session.id;
  }
  if (registerId === null) {
    if (paysCash) throw AppError.validation({ [drawerField]: ['Choose the open drawer that pays the cash, or record the refund as paid outside a drawer.'] });
    return null;
  }
  const open = await findOpenSessionForShare(tx, registerId);
  if (open) return open.id;
  if (!paysCash) return null;
  const registerName = await findRegisterName(tx, registerId);
  throw AppError.validation({
    [drawerField]: [`The drawer of ${registerName ?? 'the sale’s register'} is closed. Choose the open drawer that pays the cash, or record the refund as paid outside a drawer.`],
  });
}

/**
 * A cashier's drawer: the one they opened at their till (a cashier holds at most one), whichever
 * outlet sold the goods — as with cash in and out, only its holder takes cash out of a drawer.
 * Another drawer or "outside a drawer" is refused; without an open drawer no cash goes back.
 */
async function cashiersDrawer(tx: DbOrTx, refunder: Refunder, chosen: number | null | undefined, paysCash: boolean) {
  if (chosen === null) throw AppError.validation({ [drawerField]: ['A cashier pays back from their own open drawer, not outside a drawer.'] });
  const held = await findHeldSessionForShare(tx, refunder.id);
  if (chosen !== undefined && held?.id !== chosen) {
    throw AppError.validation({ [drawerField]: ['You can pay back only from the drawer you opened at your till.'] });
  }
  if (!held && paysCash) throw AppError.validation({ [drawerField]: ['Open your drawer before paying cash back.'] });
  return held ?? null;
}

/**
 * Where the refund is counted and made. Every tender is stamped with the drawer so its Z report
 * shows card refunds beside cash ones; the refund itself keeps the sale's register for the reports.
 */
export async function drawerFor(
  tx: DbOrTx,
  refunder: Refunder,
  sale: { registerId: number | null; outletId: number },
  chosen: number | null | undefined,
  paysCash: boolean,
): Promise<RefundDrawer> {
  if (refunder.type !== 'administrator') {
    const held = await cashiersDrawer(tx, refunder, chosen, paysCash);
    return held ? { sessionId: held.id, registerId: held.registerId, outletId: held.outletId } : { sessionId: null, ...sale };
  }
  const sessionId = await administratorsDrawer(tx, sale.registerId, chosen, paysCash);
  const place = sessionId === null ? undefined : await findSessionPlace(tx, sessionId);
  return { sessionId, ...(place ?? sale) };
}
