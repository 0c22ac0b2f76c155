import {
  formatMoney,
  localTimeOf,
  type CashboxStatus,
  type cashboxOpenInput,
  type cashMovementInput,
  type CashMovement,
} from '@tillbook/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { RegisterRow, UserRow } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { isOutletInScope, outletScopeOf } from '../../lib/viewer.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { getShopSettings, getShopTimeZone } from '../settings/service.ts';
import { expectedCashOf, figuresOfSession, figuresOfSessions } from './figures.ts';
import {
  findRegisterById,
  findRegistersBySlugOrId,
  findSession,
  findSessionPage,
  insertMovement,
  insertSession,
  lockOpenSessionOf,
  openSessionHeldBy,
  openSessionOf,
  sessionOrderBy,
  sessionWhere,
  type SessionRecord,
} from './queries.ts';
import { canSeeExpected, listMovements, toSession, type Viewer } from './sessions.ts';

/** Who acts: the signed-in user, with the name the messages use. */
export type Actor = Viewer & Pick<UserRow, 'name'>;

/** "09:02": the time on the shop's clock (its time zone in Settings › General). */
async function clockOf(db: DbOrTx, date: Date): Promise<string> {
  return localTimeOf(date, await getShopTimeZone(db));
}

/** A register by slug ("main-till-1") or, for the status query, by id ("12"); a slug wins over an id. */
async function findRegister(db: DbOrTx, ref: string, options: { byId: boolean }): Promise<RegisterRow | null> {
  const slug = ref.toLowerCase();
  const isId = options.byId && /^\d{1,9}$/.test(ref);
  const rows = await findRegistersBySlugOrId(db, slug, isId ? Number(ref) : null);
  return rows.find((r) => r.slug === slug) ?? rows[0] ?? null;
}

/** A cashier works only at the registers of their own outlet (DESIGN.md §3 roles). */
function assertOutlet(actor: Viewer, register: RegisterRow): void {
  if (!isOutletInScope(outletScopeOf(actor), register.outletId)) throw AppError.forbidden();
}

/** Only the cashier who opened a drawer, or an administrator, moves cash in it or closes it. */
function assertHolder(actor: Viewer, session: SessionRecord): void {
  if (actor.type !== 'administrator' && session.openedBy !== actor.id) throw AppError.forbidden();
}

/** Refuses a register whose drawer is open and a user who already holds a drawer, each with a message that says why. */
async function assertDrawerFree(db: DbOrTx, actor: Actor, register: RegisterRow): Promise<void> {
  const onRegister = await findSession(db, openSessionOf(register.id));
  if (onRegister) {
    const by = onRegister.openedByName ?? 'a former user';
    throw AppError.validation({ registerId: [`The drawer of ${register.name} is already open (opened by ${by} at ${await clockOf(db, onRegister.openedAt)}).`] });
  }
  const held = await findSession(db, openSessionHeldBy(actor.id));
  if (held) throw AppError.validation({ registerId: [`You already have the drawer of ${held.registerName} open. Close it before opening another.`] });
}

/** "$7.50" in the shop's currency, for the audit's one-line summaries. */
export async function moneyFormatOf(db: DbOrTx): Promise<(minor: number) => string> {
  const style = await getShopSettings(db);
  return (minor) => formatMoney(minor, style);
}

export async function openDrawer(db: Db, actor: Actor, who: AuditActor, input: z.output<typeof cashboxOpenInput>): Promise<CashboxStatus> {
  const register = await findRegisterById(db, input.registerId);
  if (!register) throw AppError.validation({ registerId: ['The chosen register does not exist.'] });
  assertOutlet(actor, register);
  if (!register.active) throw AppError.validation({ registerId: [`${register.name} is inactive. An administrator can activate it again.`] });
  await assertDrawerFree(db, actor, register);
  const money = await moneyFormatOf(db);
  await db
    .transaction(async (tx) => {
      const sessionId = await insertSession(tx, {
        registerId: register.id,
        outletId: register.outletId,
        openedBy: actor.id,
        openingFloat: input.float.amount,
        openingCount: input.float.denominations,
        openingNote: input.note,
      });
      await recordAudit(tx, who, {
        action: 'cashbox.open',
        summary: `Opened the drawer of ${register.name} with a float of ${money(input.float.amount)}`,
        subject: { type: 'cashbox_session', id: sessionId },
        after: { openingFloat: input.float.amount },
        outletId: register.outletId,
        registerId: register.id,
      });
    })
    .catch(async (error: unknown) => {
      // Two opens raced past the check: the partial unique indexes refused the second; say why as above.
      if (!isUniqueViolation(error)) throw error;
      await assertDrawerFree(db, actor, register);
      throw AppError.validation({ registerId: [`The drawer of ${register.name} is already open.`] });
    });
  return statusOf(db, actor, register);
}

/** GET /api/cashbox/status: whether the drawer is open, by whom, since when, with the float and the cash expected so far. */
export async function getDrawerStatus(db: DbOrTx, viewer: Viewer, registerRef: string): Promise<CashboxStatus> {
  const register = await findRegister(db, registerRef, { byId: true });
  if (!register) throw AppError.notFound();
  assertOutlet(viewer, register);
  return statusOf(db, viewer, register);
}

async function statusOf(db: DbOrTx, viewer: Viewer, register: RegisterRow): Promise<CashboxStatus> {
  const showExpected = await canSeeExpected(db, viewer);
  const session = await findSession(db, openSessionOf(register.id));
  return {
    registerId: register.id,
    registerSlug: register.slug,
    registerName: register.name,
    isOpen: session !== null,
    isBlindClose: !showExpected,
    session: session ? toSession(session, await figuresOfSession(db, session.id), showExpected) : null,
  };
}

/** The open session of a register by slug, locked so a close and a movement never interleave. */
export async function lockOpenSession(tx: DbOrTx, actor: Viewer, slug: string, doing: string): Promise<SessionRecord> {
  const register = await findRegister(tx, slug, { byId: false });
  if (!register) throw AppError.notFound();
  assertOutlet(actor, register);
  await lockOpenSessionOf(tx, register.id);
  const session = await findSession(tx, openSessionOf(register.id));
  if (!session) throw AppError.validation({ register: [`The drawer of ${register.name} is closed. Open it before ${doing}.`] });
  assertHolder(actor, session);
  return session;
}

export async function recordMovement(db: Db, actor: Actor, who: AuditActor, slug: string, input: z.output<typeof cashMovementInput>): Promise<CashMovement> {
  const money = await moneyFormatOf(db);
  return db.transaction(async (tx) => {
    const session = await lockOpenSession(tx, actor, slug, 'moving cash in or out');
    const row = await insertMovement(tx, { sessionId: session.id, kind: input.kind, amount: input.amount, reason: input.reason, userId: actor.id });
    if (!row) throw new Error('Inserting a cash movement returned no row');
    const direction = input.kind === 'in' ? 'into' : 'out of';
    await recordAudit(tx, who, {
      action: input.kind === 'in' ? 'cashbox.cash_in' : 'cashbox.cash_out',
      summary: `${money(input.amount)} ${input.kind === 'in' ? 'put' : 'taken'} ${direction} the drawer of ${session.registerName}: ${input.reason}`,
      subject: { type: 'cashbox_session', id: session.id },
      after: { amount: input.amount, reason: input.reason },
      outletId: session.outletId,
      registerId: session.registerId,
    });
    return { id: row.id, kind: row.kind, amount: row.amount, reason: row.reason, userName: actor.name, createdAt: row.createdAt.toISOString() };
  });
}

/** Movements of the open session of a register (none when the drawer is closed: the report keeps past ones). */
export async function listRegisterMovements(db: DbOrTx, viewer: Viewer, slug: string): Promise<CashMovement[]> {
  const register = await findRegister(db, slug, { byId: false });
  if (!register) throw AppError.notFound();
  assertOutlet(viewer, register);
  const session = await findSession(db, openSessionOf(register.id));
  if (!session) return [];
  return listMovements(db, session.id);
}

/** An open drawer as the dashboard lists it: who opened it, since when, and the cash it should hold now. */
export type OpenDrawer = { session: SessionRecord; expectedCash: number };

/** Every open drawer (of one outlet, or all), longest open first, each with its expected cash computed as the drawer screen does. */
export async function listOpenDrawers(db: DbOrTx, outletId: number | undefined, limit = 100): Promise<OpenDrawer[]> {
  const records = await findSessionPage(db, sessionWhere({ open: true, outletId }), sessionOrderBy('openedAt'), limit, 0);
  const figures = await figuresOfSessions(db, records.map((r) => r.id));
  return records.map((session) => ({ session, expectedCash: expectedCashOf(session.openingFloat, figures.get(session.id)!) }));
}
