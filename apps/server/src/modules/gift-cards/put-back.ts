import { splitOntoGiftCards } from '@tillbook/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { giftCardEntries, giftCards } from '../../db/schema/index.ts';

/** A card that paid a sale: what it paid, and what can still go back onto it (what it paid less what refunds put back). */
export type SpentGiftCard = { giftCardId: number; code: string; expiresAt: Date | null; spent: number; available: number };

/**
 * The gift cards that paid a sale, in the order the sale spent them, with what each can still take
 * back: its 'spent' entries of the order less the 'refunded' entries the sale's refunds wrote.
 */
export async function giftCardRoomOfOrder(db: DbOrTx, orderId: number): Promise<SpentGiftCard[]> {
  const spent = sql<number>`coalesce(sum(-${giftCardEntries.delta}) filter (where ${giftCardEntries.kind} = 'spent'), 0)`.mapWith(Number);
  const putBack = sql<number>`coalesce(sum(${giftCardEntries.delta}) filter (where ${giftCardEntries.kind} = 'refunded'), 0)`.mapWith(Number);
  const rows = await db
    .select({ giftCardId: giftCards.id, code: giftCards.code, expiresAt: giftCards.expiresAt, spent, putBack })
    .from(giftCardEntries)
    .innerJoin(giftCards, eq(giftCards.id, giftCardEntries.giftCardId))
    .where(and(eq(giftCardEntries.orderId, orderId), inArray(giftCardEntries.kind, ['spent', 'refunded'])))
    .groupBy(giftCards.id)
    .orderBy(sql`min(${giftCardEntries.id}) filter (where ${giftCardEntries.kind} = 'spent')`);
  return rows
    .filter((row) => row.spent > 0)
    .map((row) => ({ giftCardId: row.giftCardId, code: row.code, expiresAt: row.expiresAt, spent: row.spent, available: Math.max(0, row.spent - row.putBack) }));
}

/** Money put back onto one card by a refund, and the card's balance after it. */
export type GiftCardPutBack = { giftCardId: number; code: string; amount: number; balanceAfter: number };

/**
 * Puts a refund's money back onto the gift cards that paid its sale, in the caller's transaction
 * (the refund's, with the sale's row locked, so two refunds of one sale take turns): spread over
 * the cards in the order they were spent, each up to what it paid less what was put back before.
 * Each card's balance rises in one UPDATE beside a 'refunded' entry (refund, sale, outlet, user,
 * the refund's number as reason). An expired card takes its money back all the same: the ledger
 * stays true to what paid, and the shop can move the balance with an adjustment.
 */
export async function putBackOntoGiftCards(
  tx: DbOrTx,
  back: { orderId: number; refundId: number; outletId: number; userId: number; reason: string; amount: number },
): Promise<GiftCardPutBack[]> {
  if (back.amount <= 0) return [];
  const parts = splitOntoGiftCards(back.amount, await giftCardRoomOfOrder(tx, back.orderId));
  if (parts.reduce((sum, part) => sum + part.amount, 0) !== back.amount) throw new Error('The gift cards of the sale cannot take this amount back');
  const done: GiftCardPutBack[] = [];
  for (const part of parts) {
    const [card] = await tx
      .update(giftCards)
      .set({ balance: sql`${giftCards.balance} + ${part.amount}`, updatedAt: sql`now()` })
      .where(eq(giftCards.id, part.giftCardId))
      .returning({ balance: giftCards.balance });
    if (!card) throw new Error('The gift card was not found');
    await tx.insert(giftCardEntries).values({
      giftCardId: part.giftCardId,
      kind: 'refunded',
      delta: part.amount,
      balanceAfter: card.balance,
      orderId: back.orderId,
      refundId: back.refundId,
      outletId: back.outletId,
      userId: back.userId,
      reason: back.reason,
    });
    done.push({ giftCardId: part.giftCardId, code: part.code, amount: part.amount, balanceAfter: card.balance });
  }
  return done;
}

/** What refunds put back onto gift cards, per refund and card, in the order it was put back. */
export async function giftCardsOfRefunds(db: DbOrTx, refundIds: number[]): Promise<Array<GiftCardPutBack & { refundId: number }>> {
  if (refundIds.length === 0) return [];
  const rows = await db
    .select({
      refundId: giftCardEntries.refundId,
      giftCardId: giftCardEntries.giftCardId,
      code: giftCards.code,
      amount: giftCardEntries.delta,
      balanceAfter: giftCardEntries.balanceAfter,
    })
    .from(giftCardEntries)
    .innerJoin(giftCards, eq(giftCards.id, giftCardEntries.giftCardId))
    .where(and(inArray(giftCardEntries.refundId, refundIds), eq(giftCardEntries.kind, 'refunded')))
    .orderBy(asc(giftCardEntries.id));
  return rows.map((row) => ({ ...row, refundId: row.refundId ?? 0 }));
}
