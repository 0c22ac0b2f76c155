import { tenders, type Tender } from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import { orders, refunds } from '../../db/schema/index.ts';
import {
  countRefundsBySession,
  sumMovementsBySessionAndKind,
  sumPaymentsBySessionAndTender,
  sumRefundPaymentsBySessionAndTender,
  sumSalesBySession,
  sumSessionRefundTax,
  sumSessionSales,
  sumTaxesPerRate,
} from './queries.ts';

export type TenderTakings = { taken: number; change: number; amount: number; refunded: number };

/** What a session's sales, payments and movements add up to; every figure aggregated in SQL. */
export type SessionFigures = {
  salesCount: number;
  salesTotal: number;
  byTender: Record<Tender, TenderTakings>;
  cashIn: number;
  cashOut: number;
  /** Cash paid back on refunds out of this drawer (= byTender.cash.refunded). */
  cashRefunds: number;
  /** Refunds whose payback came out of this session, and what they paid back in all. */
  refundsCount: number;
  refundsTotal: number;
};

function emptyFigures(): SessionFigures {
  const byTender = Object.fromEntries(tenders.map((t) => [t, { taken: 0, change: 0, amount: 0, refunded: 0 }])) as Record<Tender, TenderTakings>;
  return { salesCount: 0, salesTotal: 0, byTender, cashIn: 0, cashOut: 0, cashRefunds: 0, refundsCount: 0, refundsTotal: 0 };
}

/** Figures of several sessions at once (four grouped queries, whatever the number of sessions). */
export async function figuresOfSessions(db: DbOrTx, sessionIds: readonly number[]): Promise<Map<number, SessionFigures>> {
  const result = new Map<number, SessionFigures>(sessionIds.map((id) => [id, emptyFigures()]));
  if (sessionIds.length === 0) return result;
  const ids = [...sessionIds];
  const [sales, payments, movements, paidBack] = await Promise.all([
    sumSalesBySession(db, ids),
    sumPaymentsBySessionAndTender(db, ids),
    sumMovementsBySessionAndKind(db, ids),
    sumRefundPaymentsBySessionAndTender(db, ids),
  ]);
  for (const row of sales) {
    const figures = row.sessionId === null ? undefined : result.get(row.sessionId);
    if (figures) Object.assign(figures, { salesCount: row.count, salesTotal: row.total });
  }
  for (const row of payments) {
    const figures = row.sessionId === null ? undefined : result.get(row.sessionId);
    if (figures) Object.assign(figures.byTender[row.tender], { taken: row.taken, change: row.change, amount: row.amount });
  }
  for (const row of movements) {
    const figures = result.get(row.sessionId);
    if (figures && row.kind === 'in') figures.cashIn = row.amount;
    if (figures && row.kind === 'out') figures.cashOut = row.amount;
  }
  for (const row of paidBack) {
    const figures = row.sessionId === null ? undefined : result.get(row.sessionId);
    if (!figures) continue;
    figures.byTender[row.tender].refunded = row.amount;
    figures.refundsTotal += row.amount;
    if (row.tender === 'cash') figures.cashRefunds = row.amount;
  }
  await countRefunds(db, ids, result);
  return result;
}

/** Refunds per session counted once, however many tenders paid them back. */
async function countRefunds(db: DbOrTx, ids: number[], result: Map<number, SessionFigures>): Promise<void> {
  for (const row of await countRefundsBySession(db, ids)) {
    const figures = row.sessionId === null ? undefined : result.get(row.sessionId);
    if (figures) figures.refundsCount = row.count;
  }
}

export async function figuresOfSession(db: DbOrTx, sessionId: number): Promise<SessionFigures> {
  return (await figuresOfSessions(db, [sessionId])).get(sessionId) ?? emptyFigures();
}

/** Expected cash = float + cash tendered − change given + cash in − cash out − cash refunds. */
export function expectedCashOf(openingFloat: number, figures: SessionFigures): number {
  const cash = figures.byTender.cash;
  return openingFloat + cash.taken - cash.change + figures.cashIn - figures.cashOut - figures.cashRefunds;
}

/** What each tender should hold: cash in the drawer, card and other as taken on the sales less paid back. */
export function expectedByTender(openingFloat: number, figures: SessionFigures): Record<Tender, number> {
  const { card, other } = figures.byTender;
  return { cash: expectedCashOf(openingFloat, figures), card: card.amount - card.refunded, other: other.amount - other.refunded };
}

/** The Z report's sale totals, gift cards sold and paid with, and tax lines of one session. */
export async function salesSummaryOf(db: DbOrTx, sessionId: number) {
  const { giftCardsSold, giftCardsPaid, ...totals } = (await sumSessionSales(db, sessionId)) ?? { count: 0, subtotal: 0, discounts: 0, charges: 0, taxes: 0, total: 0, giftCardsSold: 0, giftCardsPaid: 0 };
  const taxes = await sumTaxesPerRate(db, orders, sessionId);
  return { sales: totals, giftCards: { sold: giftCardsSold, paid: giftCardsPaid }, taxes };
}

/**
 * The refunds counted in a session (their own drawer and day, whichever session sold the goods):
 * their tax total and their taxes per tax, summed from each refund's stored tax lines, and what they
 * put back onto gift cards.
 */
export async function refundTaxesOf(db: DbOrTx, sessionId: number) {
  const totals = await sumSessionRefundTax(db, sessionId);
  const taxes = await sumTaxesPerRate(db, refunds, sessionId);
  return { taxTotal: totals?.taxTotal ?? 0, giftCard: totals?.giftCard ?? 0, taxes };
}
