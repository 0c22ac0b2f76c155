import { z } from 'zod';
import { dataOf } from './common.ts';
import { integerField, moneyField, queryText } from './fields.ts';
import { listQuery, pageMeta, paginated, sortQuery } from './pagination.ts';
import { requiredMultiLineText } from './fields.ts';

/**
 * Gift cards (issue 16, decision 024). A card is sold at the till as a line of its own — its code
 * scanned from a physical card or generated — and its balance is spent, by code, as a tender at any
 * outlet, in part or in whole. Like store credit it is an account, not a drawer: the money taken for
 * a card is a liability, not revenue, until the card is spent on goods. Codes are stored as typed,
 * without spaces or dashes, upper-case.
 */

/** Most a card may be sold or loaded for at once, in minor units (10,000.00). */
export const GIFT_CARD_MAX_AMOUNT = 1_000_000;
/** Most cards one sale may sell, and most it may be paid with. */
export const GIFT_CARDS_PER_SALE = 10;

const codeRule = /^[A-Z0-9]{6,32}$/;
const codeMessage = 'A gift card code has 6 to 32 letters and digits.';

/** "1234 5678-9012 3456" → "1234567890123456": what is stored and looked up. */
export function normalizeGiftCardCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** "1234 5678 9012 3456": the code in groups of four, as the receipt and screens show it. */
export function formatGiftCardCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1 ');
}

/** "•••• 3456": the code as a receipt of a spending shows it (the card is the customer's). */
export function maskGiftCardCode(code: string): string {
  return `•••• ${code.slice(-4)}`;
}

/** A new card's code: 16 random digits, never starting with 0 (crypto random, in the browser and on the server). */
export function generateGiftCardCode(): string {
  const digits = new Uint8Array(16);
  globalThis.crypto.getRandomValues(digits);
  return [...digits].map((d, index) => (index === 0 ? 1 + (d % 9) : d % 10)).join('');
}

export const giftCardCodeField = z
  .string({ error: 'The gift card code field is required.' })
  .transform(normalizeGiftCardCode)
  .refine((code) => code.length > 0, 'The gift card code field is required.')
  .refine((code) => codeRule.test(code), codeMessage);

const giftCardAmount = (label: string) =>
  moneyField(label).refine((v) => v > 0, `The ${label} must be greater than zero.`).refine(
    (v) => v <= GIFT_CARD_MAX_AMOUNT,
    `The ${label} may be at most 10,000.00.`,
  );

/** A card sold (or loaded again) on a sale: it is a line of its own, outside the goods' pricing. */
export const giftCardSaleInput = z.object({ code: giftCardCodeField, amount: giftCardAmount('gift card amount') });
export type GiftCardSaleInput = z.input<typeof giftCardSaleInput>;

/** A card offered as a tender: its code and how much of its balance pays the sale. */
export const giftCardPaymentInput = z.object({ code: giftCardCodeField, amount: giftCardAmount('gift card payment') });
export type GiftCardPaymentInput = z.input<typeof giftCardPaymentInput>;

/** Each code at most once in a list (a sale that sells the same card twice loads it once, with the sum). */
function uniqueCodes(cards: ReadonlyArray<{ code: string }>, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  cards.forEach((card, index) => {
    if (seen.has(card.code)) ctx.addIssue({ code: 'custom', path: [index, 'code'], message: 'This gift card is on the sale already.' });
    seen.add(card.code);
  });
}

export const giftCardsSoldInput = z
  .array(giftCardSaleInput, { error: 'The gift cards must be a list.' })
  .max(GIFT_CARDS_PER_SALE, `A sale may sell at most ${GIFT_CARDS_PER_SALE} gift cards.`)
  .superRefine(uniqueCodes)
  .nullish()
  .transform((v) => v ?? []);

export const giftCardPaymentsInput = z
  .array(giftCardPaymentInput, { error: 'The gift card payments must be a list.' })
  .max(GIFT_CARDS_PER_SALE, `A sale may be paid with at most ${GIFT_CARDS_PER_SALE} gift cards.`)
  .superRefine(uniqueCodes)
  .nullish()
  .transform((v) => v ?? []);

/** The sum of what a list of cards sells or pays. */
export function giftCardsTotal(cards: ReadonlyArray<{ amount: number }>): number {
  return cards.reduce((sum, card) => sum + card.amount, 0);
}

/**
 * What the drawer's tenders must cover (the one way, on the till and the server): the goods' total,
 * less what the account tenders pay — points, store credit and gift cards — plus the gift cards the
 * sale sells. Account tenders pay only for goods, never for a gift card (a card bought with a card
 * or with credit would turn credit into a card anyone can spend).
 */
export function drawerDue(sale: { goodsDue: number; storeCredit: number; giftCardsPaid: number; giftCardsSold: number }): number {
  return sale.goodsDue - sale.storeCredit - sale.giftCardsPaid + sale.giftCardsSold;
}

/** One card offered as a tender, against what is left of the goods to pay and the card's state. */
export function checkGiftCardPayment(
  payment: { amount: number },
  card: { balance: number; expiresAt: string | null; status: GiftCardStatus } | null,
  left: number,
  formatMoney: (minor: number) => string,
  now: Date = new Date(),
): { ok: true } | { ok: false; message: string } {
  if (!card) return { ok: false, message: 'No gift card has this code.' };
  if (card.status === 'expired' || (card.expiresAt !== null && new Date(card.expiresAt) <= now)) {
    return { ok: false, message: 'This gift card has expired.' };
  }
  if (card.balance <= 0) return { ok: false, message: 'This gift card has been used up.' };
  if (payment.amount > card.balance) return { ok: false, message: `This gift card has ${formatMoney(card.balance)} left.` };
  if (payment.amount > left) return { ok: false, message: `Gift cards may pay at most ${formatMoney(Math.max(0, left))} of this sale (they pay for goods, not for other gift cards).` };
  return { ok: true };
}

/** A card's expiry from the shop's setting: `months` after the sale, or never (0). */
export function giftCardExpiry(soldAt: Date, months: number): Date | null {
  if (months <= 0) return null;
  const expiry = new Date(soldAt);
  expiry.setUTCMonth(expiry.getUTCMonth() + months);
  return expiry;
}

export const giftCardStatuses = ['active', 'used', 'expired'] as const;
export type GiftCardStatus = (typeof giftCardStatuses)[number];

export const giftCardEntryKinds = ['sold', 'loaded', 'spent', 'refunded', 'adjusted'] as const;
export type GiftCardEntryKind = (typeof giftCardEntryKinds)[number];

export const giftCardEntryLabels: Record<GiftCardEntryKind, string> = {
  sold: 'Sold',
  loaded: 'Loaded',
  spent: 'Spent',
  refunded: 'Refunded',
  adjusted: 'Adjusted',
};

/** A gift card as the till's lookup and the back office's list show it. */
export const giftCard = z.object({
  id: z.number().int(),
  code: z.string(),
  /** Loaded in all: the first sale and every load after it. */
  loaded: z.number().int(),
  balance: z.number().int(),
  status: z.enum(giftCardStatuses),
  expiresAt: z.string().nullable(),
  outletId: z.number().int().nullable(),
  outletName: z.string().nullable(),
  /** The sale that sold it first. */
  orderId: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
  createdAt: z.string(),
  /** When its balance last moved. */
  updatedAt: z.string(),
});
export type GiftCard = z.infer<typeof giftCard>;
export const giftCardResult = dataOf(giftCard);

/** One movement of a card's balance. */
export const giftCardEntry = z.object({
  id: z.number().int(),
  kind: z.enum(giftCardEntryKinds),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  orderId: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
  refundId: z.number().int().nullable(),
  outletName: z.string().nullable(),
  userName: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type GiftCardEntry = z.infer<typeof giftCardEntry>;
export const giftCardDetail = giftCard.extend({ entries: z.array(giftCardEntry) });
export type GiftCardDetail = z.infer<typeof giftCardDetail>;
export const giftCardDetailResult = dataOf(giftCardDetail);

/** GET /api/gift-cards (administrators). */
export const giftCardListQuery = listQuery.extend({
  sort: sortQuery(['-createdAt', 'createdAt', '-balance', 'balance', '-updatedAt']),
  status: z.enum(giftCardStatuses, { error: 'The status must be active, used or expired.' }).optional(),
  search: queryText('search', 40).optional(),
});
export type GiftCardListQuery = z.infer<typeof giftCardListQuery>;
/** The whole filtered set's figures: the shop's outstanding balance is what it still owes. */
export const giftCardTotals = z.object({ count: z.number().int(), balance: z.number().int(), loaded: z.number().int() });
export const giftCardPage = paginated(giftCard).extend({ meta: pageMeta.extend({ totals: giftCardTotals }) });
export type GiftCardPage = z.infer<typeof giftCardPage>;

/** GET /api/gift-cards/lookup?code= (every signed-in user: the till checks a card before it takes it). */
export const giftCardLookupQuery = z.object({ code: giftCardCodeField });

/** POST /api/gift-cards/{id}/adjust (administrators): a correction with its reason; the balance never goes below zero. */
export const giftCardAdjustInput = z.object({
  delta: moneyField('adjustment', { min: -GIFT_CARD_MAX_AMOUNT, max: GIFT_CARD_MAX_AMOUNT }).refine((v) => v !== 0, 'The adjustment must not be zero.'),
  reason: requiredMultiLineText('reason', 500),
});
export type GiftCardAdjustInput = z.input<typeof giftCardAdjustInput>;

/** PUT /api/settings/gift-cards: how long a card sold from now keeps its balance (0 = it never expires). */
export const giftCardSettings = z.object({ expiryMonths: z.number().int() });
export type GiftCardSettings = z.infer<typeof giftCardSettings>;
export const defaultGiftCardSettings: GiftCardSettings = { expiryMonths: 0 };
export const giftCardSettingsInput = z.object({
  expiryMonths: integerField('expiry in months', { min: 0, max: 120 }),
});
export type GiftCardSettingsInput = z.input<typeof giftCardSettingsInput>;

/** A card as a sale sold or spent it: the order's detail, its receipt and the create answer carry these. */
export const orderGiftCard = z.object({
  code: z.string(),
  kind: z.enum(['sold', 'loaded', 'spent']),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  expiresAt: z.string().nullable(),
});
export type OrderGiftCard = z.infer<typeof orderGiftCard>;
