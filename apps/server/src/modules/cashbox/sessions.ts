import { tenders, type CashboxReport, type CashboxSession, type CashMovement, type cashboxListQuery } from '@tillbook/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { paginate } from '../../lib/list.ts';
import { outletOfViewer } from '../../lib/viewer.ts';
import { getShopSettings } from '../settings/service.ts';
import { expectedByTender, expectedCashOf, figuresOfSession, figuresOfSessions, refundTaxesOf, salesSummaryOf, type SessionFigures } from './figures.ts';
import { countDrawerOpenings, countSessions, findMovements, findSession, findSessionPage, sessionOrderBy, sessionWhere, sessionWithId, type SessionRecord } from './queries.ts';

/** Who asks: their type decides what they may read and whether a blind close hides the expected figures. */
export type Viewer = Pick<UserRow, 'id' | 'type' | 'outletId'>;

/** A blind close hides the expected figures from a cashier until the count is in; an administrator always sees them. */
export async function canSeeExpected(db: DbOrTx, viewer: Viewer): Promise<boolean> {
  return viewer.type === 'administrator' || !(await getShopSettings(db)).blindClose;
}

export function toSession(record: SessionRecord, figures: SessionFigures, showExpected: boolean): CashboxSession {
  const isClosed = record.status === 'closed';
  const expectedCash = isClosed ? record.expectedCash : showExpected ? expectedCashOf(record.openingFloat, figures) : null;
  return {
    id: record.id,
    registerId: record.registerId,
    registerName: record.registerName,
    registerSlug: record.registerSlug,
    outletId: record.outletId,
    outletName: record.outletName,
    status: record.status,
    openedById: record.openedBy,
    openedByName: record.openedByName ?? 'A former user',
    openedAt: record.openedAt.toISOString(),
    openingFloat: record.openingFloat,
    closedByName: isClosed ? (record.closedByName ?? 'A former user') : null,
    closedAt: record.closedAt?.toISOString() ?? null,
    expectedCash,
    difference: isClosed && record.reconciliation ? record.reconciliation.reduce((sum, r) => sum + r.difference, 0) : null,
    salesCount: figures.salesCount,
    salesTotal: figures.salesTotal,
  };
}

/** A cashier reads only the sessions they opened. */
export function assertCanRead(viewer: Viewer, record: SessionRecord): void {
  if (viewer.type !== 'administrator' && record.openedBy !== viewer.id) throw AppError.forbidden();
}

export async function listSessions(db: DbOrTx, viewer: Viewer, query: z.output<typeof cashboxListQuery>) {
  const isAdministrator = viewer.type === 'administrator';
  // A cashier reads only the sessions they opened, and asking for another outlet is refused.
  if (!isAdministrator) outletOfViewer(viewer, query.outletId);
  const where = sessionWhere({ ...query, openedBy: isAdministrator ? undefined : viewer.id });
  const orderBy = sessionOrderBy(query.sort);
  const showExpected = await canSeeExpected(db, viewer);
  return paginate(
    query,
    () => countSessions(db, where),
    async (limit, offset) => {
      const records = await findSessionPage(db, where, orderBy, limit, offset);
      const figures = await figuresOfSessions(db, records.map((r) => r.id));
      return records.map((r) => toSession(r, figures.get(r.id)!, showExpected));
    },
  );
}

export async function listMovements(db: DbOrTx, sessionId: number): Promise<CashMovement[]> {
  const rows = await findMovements(db, sessionId);
  return rows.map(({ movement, userName }) => ({
    id: movement.id,
    kind: movement.kind,
    amount: movement.amount,
    reason: movement.reason,
    userName: userName ?? 'A former user',
    createdAt: movement.createdAt.toISOString(),
  }));
}

type TaxLine = { name: string; rateE4: number; isInclusive: boolean; base: number; amount: number };

/** The tax table: each tax as sold, as refunded in the session, and net — a refunded tax that sold nothing here still shows. */
function netTaxLines(sold: TaxLine[], refunded: TaxLine[]): CashboxReport['taxes'] {
  const keyOf = (t: TaxLine) => `${t.name}|${t.rateE4}|${t.isInclusive}`;
  const lines = new Map<string, CashboxReport['taxes'][number]>();
  for (const t of sold) lines.set(keyOf(t), { ...t, refundedBase: 0, refundedAmount: 0, netBase: t.base, netAmount: t.amount });
  for (const r of refunded) {
    const line = lines.get(keyOf(r)) ?? { name: r.name, rateE4: r.rateE4, isInclusive: r.isInclusive, base: 0, amount: 0, refundedBase: 0, refundedAmount: 0, netBase: 0, netAmount: 0 };
    line.refundedBase += r.base;
    line.refundedAmount += r.amount;
    line.netBase = line.base - line.refundedBase;
    line.netAmount = line.amount - line.refundedAmount;
    lines.set(keyOf(r), line);
  }
  return [...lines.values()].sort((a, b) => a.name.localeCompare(b.name) || a.rateE4 - b.rateE4 || Number(a.isInclusive) - Number(b.isInclusive));
}

/** The Z report of a closed session, or the running X report of an open one. */
export async function buildReport(db: DbOrTx, viewer: Viewer, record: SessionRecord): Promise<CashboxReport> {
  const [figures, summary, refunded, movements, showExpected, noSales] = await Promise.all([
    figuresOfSession(db, record.id),
    salesSummaryOf(db, record.id),
    refundTaxesOf(db, record.id),
    listMovements(db, record.id),
    canSeeExpected(db, viewer),
    countDrawerOpenings(db, record.id),
  ]);
  const isClosed = record.status === 'closed';
  const expected = expectedByTender(record.openingFloat, figures);
  const reconciliation = isClosed
    ? (record.reconciliation ?? [])
    : showExpected
      ? tenders.map((tender) => ({ tender, expected: expected[tender], counted: null, difference: null }))
      : null;
  return {
    session: toSession(record, figures, showExpected),
    openingCount: record.openingCount ?? null,
    closingCount: record.closingCount ?? null,
    sales: summary.sales,
    refunds: { count: figures.refundsCount, total: figures.refundsTotal, taxTotal: refunded.taxTotal },
    net: { total: summary.sales.total - figures.refundsTotal, taxTotal: summary.sales.taxes - refunded.taxTotal },
    giftCards: { ...summary.giftCards, refunded: refunded.giftCard },
    byTender: tenders.map((tender) => {
      const t = figures.byTender[tender];
      return { tender, taken: t.taken, refunded: t.refunded, change: t.change, net: t.taken - t.change - t.refunded };
    }),
    taxes: netTaxLines(summary.taxes, refunded.taxes),
    movements,
    cashIn: figures.cashIn,
    cashOut: figures.cashOut,
    reconciliation,
    note: isClosed ? record.closingNote : record.openingNote,
    noSales,
    approvedBy: record.closeApprovalId === null ? null : (record.closeApprovedByName ?? 'A former user'),
  };
}

export async function getReport(db: DbOrTx, viewer: Viewer, sessionId: number): Promise<CashboxReport> {
  const record = await findSession(db, sessionWithId(sessionId));
  if (!record) throw AppError.notFound();
  assertCanRead(viewer, record);
  // The running figures (takings per tender, movements) would let a cashier work out the expected cash before counting.
  if (record.status === 'open' && !(await canSeeExpected(db, viewer))) {
    throw new AppError(403, 'The running figures of this drawer show after the count (blind close).');
  }
  return buildReport(db, viewer, record);
}
