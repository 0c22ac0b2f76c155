import { normalizeGiftCardCode, type GiftCard, type GiftCardDetail, type GiftCardEntry, type GiftCardListQuery, type GiftCardPage } from '@tillbook/contract';
import { and, count, desc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { giftCardEntries, giftCards, orders, outlets, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { likePattern, orderByFrom, paginate } from '../../lib/list.ts';
import { giftCardStatusOf } from './service.ts';

export const unknownCodeMessage = 'No gift card has this code.';

/** A card with the outlet and the number of the sale that sold it first. */
function selectCards(db: DbOrTx) {
  return db
    .select({
      id: giftCards.id,
      code: giftCards.code,
      loaded: giftCards.loaded,
      balance: giftCards.balance,
      expiresAt: giftCards.expiresAt,
      outletId: giftCards.outletId,
      outletName: outlets.name,
      orderId: giftCards.orderId,
      orderNumber: orders.number,
      createdAt: giftCards.createdAt,
      updatedAt: giftCards.updatedAt,
    })
    .from(giftCards)
    .leftJoin(outlets, eq(outlets.id, giftCards.outletId))
    .leftJoin(orders, eq(orders.id, giftCards.orderId));
}

type CardRow = Omit<GiftCard, 'status' | 'expiresAt' | 'createdAt' | 'updatedAt'> & { expiresAt: Date | null; createdAt: Date; updatedAt: Date };

function toCard(row: CardRow, now = new Date()): GiftCard {
  return {
    ...row,
    status: giftCardStatusOf(row, now),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The same rule as giftCardStatusOf, in SQL: expired once the date passed, used once nothing is left. */
function statusWhere(status: GiftCard['status']): SQL {
  const expired = lte(giftCards.expiresAt, sql`now()`);
  const live = or(isNull(giftCards.expiresAt), gt(giftCards.expiresAt, sql`now()`))!;
  if (status === 'expired') return expired;
  return and(live, status === 'active' ? gt(giftCards.balance, 0) : lte(giftCards.balance, 0))!;
}

/** GET /api/gift-cards/lookup: the card behind a typed or scanned code (already normalised), for the till. */
export async function findGiftCardByCode(db: DbOrTx, code: string): Promise<GiftCard> {
  const [row] = await selectCards(db).where(eq(giftCards.code, code)).limit(1);
  if (!row) throw new AppError(404, unknownCodeMessage);
  return toCard(row);
}

/**
 * GET /api/gift-cards: cards, newest first by default, filtered by status and by a piece of the
 * code (typed with or without spaces and dashes). The totals are the whole filtered set's: its
 * balance is what the shop still owes on those cards (expired ones included unless the filter
 * leaves them out: their balance stays on record until an administrator adjusts it away).
 */
export async function listGiftCards(db: DbOrTx, query: GiftCardListQuery): Promise<GiftCardPage> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(statusWhere(query.status));
  const term = query.search ? normalizeGiftCardCode(query.search) : '';
  if (term !== '') conditions.push(sql`${giftCards.code} like ${likePattern(term)}`);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const orderBy = orderByFrom(query.sort, { createdAt: giftCards.createdAt, balance: giftCards.balance, updatedAt: giftCards.updatedAt }, '-createdAt', giftCards.id);
  const [totalsRow] = await db
    .select({
      count: count(),
      balance: sql<number>`coalesce(sum(${giftCards.balance}), 0)`.mapWith(Number),
      loaded: sql<number>`coalesce(sum(${giftCards.loaded}), 0)`.mapWith(Number),
    })
    .from(giftCards)
    .where(where);
  const totals = totalsRow ?? { count: 0, balance: 0, loaded: 0 };
  const now = new Date();
  const page = await paginate(
    query,
    async () => totals.count,
    async (limit, offset) => (await selectCards(db).where(where).orderBy(...orderBy).limit(limit).offset(offset)).map((row) => toCard(row, now)),
  );
  return { data: page.data, meta: { ...page.meta, totals } };
}

/** One card's ledger line with its sale's number, outlet, who made it and why. */
function selectEntries(db: DbOrTx, where: SQL) {
  return db
    .select({
      id: giftCardEntries.id,
      kind: giftCardEntries.kind,
      delta: giftCardEntries.delta,
      balanceAfter: giftCardEntries.balanceAfter,
      orderId: giftCardEntries.orderId,
      orderNumber: orders.number,
      refundId: giftCardEntries.refundId,
      outletName: outlets.name,
      userName: users.name,
      reason: giftCardEntries.reason,
      createdAt: giftCardEntries.createdAt,
    })
    .from(giftCardEntries)
    .leftJoin(orders, eq(orders.id, giftCardEntries.orderId))
    .leftJoin(outlets, eq(outlets.id, giftCardEntries.outletId))
    .leftJoin(users, eq(users.id, giftCardEntries.userId))
    .where(where)
    .orderBy(desc(giftCardEntries.id));
}

function toEntry(row: Omit<GiftCardEntry, 'createdAt'> & { createdAt: Date }): GiftCardEntry {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** GET /api/gift-cards/{id}: the card with its whole ledger, newest first. */
export async function getGiftCard(db: DbOrTx, id: number): Promise<GiftCardDetail> {
  const [row] = await selectCards(db).where(eq(giftCards.id, id)).limit(1);
  if (!row) throw AppError.notFound();
  const entries = await selectEntries(db, eq(giftCardEntries.giftCardId, id));
  return { ...toCard(row), entries: entries.map(toEntry) };
}
