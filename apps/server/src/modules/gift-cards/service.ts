import {
  checkGiftCardPayment,
  giftCardExpiry,
  giftCardsTotal,
  moneyFormatterOf,
  type GiftCardPaymentInput,
  type GiftCardSaleInput,
  type GiftCardStatus,
  type OrderGiftCard,
} from '@tillbook/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { giftCardEntries, giftCards } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { getShopSettings } from '../settings/service.ts';

type Sold = { code: string; amount: number };

/** A card's state as a till sees it: expired once its date passed, used once nothing is left. */
export function giftCardStatusOf(card: { balance: number; expiresAt: Date | null }, now = new Date()): GiftCardStatus {
  if (card.expiresAt !== null && card.expiresAt <= now) return 'expired';
  return card.balance > 0 ? 'active' : 'used';
}

/** What a sale's gift cards come to, checked: the document's columns and what the drawer's tenders must cover. */
export type SaleGiftCards = {
  sold: Sold[];
  spent: Sold[];
  giftCardsSold: number;
  giftCardsPaid: number;
  /** When cards sold (or loaded) by this sale expire: the shop's setting from now; null = never. */
  expiresAt: string | null;
};

/**
 * The gift cards a sale sells and is paid with (issue 16, decision 024), checked against the cards
 * as they are now: each card paid with exists, has not expired, and its balance covers its part;
 * together they pay at most `goodsLeft` — what the goods still cost once points and store credit
 * paid theirs (cards never pay for cards). A card is never sold and spent on the same sale.
 * sell_order checks the balances again as it spends them (TB012). Refusals are 422s on the card's
 * field, worded in the shop's currency.
 */
export async function checkSaleGiftCards(
  db: DbOrTx,
  input: { giftCards: GiftCardSaleInput[]; giftCardPayments: GiftCardPaymentInput[] },
  goodsLeft: number,
): Promise<SaleGiftCards> {
  const sold = input.giftCards as Sold[];
  const spent = input.giftCardPayments as Sold[];
  const soldCodes = new Set(sold.map((card) => card.code));
  const errors: Record<string, string[]> = {};
  spent.forEach((card, index) => {
    if (soldCodes.has(card.code)) errors[`giftCardPayments.${index}.code`] = ['This gift card is sold on this sale: it can be spent on the next one.'];
  });
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  const settings = sold.length > 0 || spent.length > 0 ? await getShopSettings(db) : null;
  if (spent.length > 0) {
    const cards = await findCardsByCode(db, spent.map((card) => card.code));
    const formatMoney = moneyFormatterOf(settings!);
    let left = goodsLeft;
    spent.forEach((payment, index) => {
      const card = cards.get(payment.code);
      const state = card ? { balance: card.balance, expiresAt: card.expiresAt?.toISOString() ?? null, status: giftCardStatusOf(card) } : null;
      const check = checkGiftCardPayment(payment, state, left, formatMoney);
      if (!check.ok) errors[`giftCardPayments.${index}.${state ? 'amount' : 'code'}`] = [check.message];
      left -= payment.amount;
    });
    if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  }
  const expiry = settings && sold.length > 0 ? giftCardExpiry(new Date(), settings.giftCards.expiryMonths) : null;
  return { sold, spent, giftCardsSold: giftCardsTotal(sold), giftCardsPaid: giftCardsTotal(spent), expiresAt: expiry?.toISOString() ?? null };
}

/** TB012 of sell_order: another till spent the card (or it expired) between the check and the storing. */
export function giftCardChangedError(spent: readonly Sold[], code: string | null): AppError {
  const index = Math.max(0, spent.findIndex((card) => card.code === code));
  return AppError.validation({
    [`giftCardPayments.${index}.amount`]: ['This gift card’s balance changed since the sale was priced (another sale used it): check the card and try again.'],
  });
}

async function findCardsByCode(db: DbOrTx, codes: string[]) {
  const rows = await db
    .select({ id: giftCards.id, code: giftCards.code, balance: giftCards.balance, expiresAt: giftCards.expiresAt })
    .from(giftCards)
    .where(inArray(giftCards.code, codes));
  return new Map(rows.map((row) => [row.code, row]));
}

/** The cards a sale sold, loaded and spent, with the balance it left each (its order's detail and receipt). */
export async function giftCardsOfOrder(db: DbOrTx, orderId: number): Promise<OrderGiftCard[]> {
  const rows = await db
    .select({
      code: giftCards.code,
      kind: giftCardEntries.kind,
      amount: sql<number>`abs(${giftCardEntries.delta})`.mapWith(Number),
      balanceAfter: giftCardEntries.balanceAfter,
      expiresAt: giftCards.expiresAt,
    })
    .from(giftCardEntries)
    .innerJoin(giftCards, eq(giftCards.id, giftCardEntries.giftCardId))
    .where(and(eq(giftCardEntries.orderId, orderId), inArray(giftCardEntries.kind, ['sold', 'loaded', 'spent'])))
    .orderBy(asc(giftCardEntries.id));
  return rows.map((row) => ({ ...row, kind: row.kind as OrderGiftCard['kind'], expiresAt: row.expiresAt?.toISOString() ?? null }));
}

/** Refunds of sales paid with gift cards put the money back onto them (modules/refunds). */
export { giftCardRoomOfOrder, giftCardsOfRefunds, putBackOntoGiftCards, type GiftCardPutBack, type SpentGiftCard } from './put-back.ts';
