import { checkGiftCardPayment, GIFT_CARDS_PER_SALE, giftCardCodeField, giftCardsTotal, type GiftCard } from '@tillbook/contract';
import { useQueries } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useMoney } from '../../lib/shop-settings.ts';
import { giftCardQuery, useFetchGiftCard } from './api.ts';
import { useBarcodeScanner } from './barcode-scanner.ts';
import { giftCardPayOfflineMessage, lookupFailureOf, useIsOnline } from './gift-card-lookup.ts';

/** A gift card paying part of the sale: its code (normalised) and how much of its balance. */
export type GiftCardPayment = { code: string; amount: number };

/** Gift cards the sale sells (outside the total: cash, card and other pay for them), and the server's refusals of cards paying, by code. */
export type PaymentGiftCards = { sold: ReadonlyArray<{ code: string; amount: number }>; refusals: Record<string, string> };
export const noGiftCards: PaymentGiftCards = { sold: [], refusals: {} };

// The server's words (apps/server gift-cards service) for a card sold and spent on one sale.
const soldHereMessage = 'This gift card is sold on this sale: it can be spent on the next one.';
const onSaleMessage = 'This gift card is on the sale already.';

type Options = {
  /** Whether the Gift card tender is picked: only then is a fast burst of keys a card scanned (never a cash amount typed quickly). */
  isActive: boolean;
  /** What the goods still owe before gift cards: the total less points and store credit. */
  goodsLeft: number;
  /** Codes of the cards the sale sells: none of them may pay it. */
  soldCodes: readonly string[];
  /** The server's refusals of cards paying, by code. */
  refusals: Record<string, string>;
  /** A card was found: `offered` (the lower of its balance and what the goods still owe) goes into the amount. */
  onFound: (offered: number) => void;
  /** A code was scanned wherever the focus was: the dialog takes it out of the field it went into. */
  onScanned: (code: string) => void;
};

/**
 * The Gift card tender of the payment dialog (decision 024): the code typed or scanned is looked up
 * (GET /api/gift-cards/lookup) for its balance and expiry, and each card taken is judged as the
 * server judges it (contract checkGiftCardPayment), in order, against what the goods still owe —
 * cards never pay for cards sold on the same sale. Several cards may pay, each once.
 */
export function useGiftCardPayments({ isActive, goodsLeft, soldCodes, refusals, onFound, onScanned }: Options) {
  const money = useMoney();
  const isOnline = useIsOnline();
  const fetchCard = useFetchGiftCard();
  const [payments, setPayments] = useState<GiftCardPayment[]>([]);
  const [codeText, setCodeText] = useState('');
  const [found, setFound] = useState<GiftCard | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [isLooking, setLooking] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  // The cards paying as last read; read again when the server refused one (checkout invalidates them).
  const cards = useQueries({ queries: payments.map((payment) => ({ ...giftCardQuery(payment.code), staleTime: Infinity })) });
  const total = giftCardsTotal(payments);
  const left = goodsLeft - total;

  // Each card as the server checks it: in order, against what the goods still owe after the ones before.
  const problems: Record<string, string> = {};
  let blocking = false;
  payments.reduce((owed, payment, index) => {
    const card = cards[index]?.data;
    const check = card ? checkGiftCardPayment(payment, card, owed, money.format) : { ok: true as const };
    const problem = soldCodes.includes(payment.code) ? soldHereMessage : check.ok ? null : check.message;
    blocking ||= problem !== null;
    const shown = problem ?? refusals[payment.code];
    if (shown) problems[payment.code] = shown;
    return owed - payment.amount;
  }, goodsLeft);

  function refusalOf(code: string): string | null {
    if (!isOnline) return giftCardPayOfflineMessage;
    if (payments.some((payment) => payment.code === code)) return onSaleMessage;
    if (soldCodes.includes(code)) return soldHereMessage;
    if (payments.length >= GIFT_CARDS_PER_SALE) return `A sale may be paid with at most ${GIFT_CARDS_PER_SALE} gift cards.`;
    return null;
  }

  /** Looks the code up; with `offer`, the amount field offers what the card can pay. */
  async function find(text = codeText, offer = true): Promise<{ code: string; card: GiftCard } | null> {
    const parsed = giftCardCodeField.safeParse(text);
    const problem = parsed.success ? refusalOf(parsed.data) : (parsed.error.issues[0]?.message ?? null);
    setFound(null);
    setCodeError(problem);
    if (!parsed.success || problem) return null;
    setLooking(true);
    try {
      const card = await fetchCard(parsed.data);
      setFound(card);
      // Expired, used up, or nothing of the goods left to pay: said at once, on the code.
      const usable = checkGiftCardPayment({ amount: left > 0 ? 0 : 1 }, card, left, money.format);
      if (!usable.ok) {
        setCodeError(usable.message);
        return null;
      }
      if (offer) onFound(Math.min(card.balance, left));
      return { code: parsed.data, card };
    } catch (error) {
      setCodeError(lookupFailureOf(error, giftCardPayOfflineMessage).message);
      return null;
    } finally {
      setLooking(false);
    }
  }

  /** Takes `amount` of the card whose code is typed (looked up afresh); otherwise says why, on the code or the amount. */
  async function add(amount: number): Promise<{ ok: true; total: number } | { ok: false; amountError: string | null }> {
    const result = await find(codeText, false);
    if (!result) {
      codeRef.current?.focus();
      return { ok: false, amountError: null };
    }
    const check = checkGiftCardPayment({ amount }, result.card, left, money.format);
    if (!check.ok) return { ok: false, amountError: check.message };
    const updated = [...payments, { code: result.code, amount }];
    setPayments(updated);
    setCodeText('');
    setFound(null);
    return { ok: true, total: giftCardsTotal(updated) };
  }

  /** Takes a card off; answers what the cards left pay. */
  function remove(index: number): number {
    const updated = payments.filter((_, i) => i !== index);
    setPayments(updated);
    return giftCardsTotal(updated);
  }

  // A card scanned wherever the focus is (a PIN typed fast in the approval dialog is not a card).
  useBarcodeScanner(
    (code) => {
      if (document.activeElement instanceof HTMLInputElement && document.activeElement.type === 'password') return;
      onScanned(code);
      setCodeText(code);
      void find(code);
    },
    { enabled: isActive },
  );

  function changeCode(text: string) {
    setCodeText(text);
    setCodeError(null);
    setFound(null);
  }

  const entry = { codeText, changeCode, codeError, found, isLooking, isOnline, find: () => void find() };
  return { payments, total, problems, isBlocked: blocking, add, remove, entry, codeRef };
}

export type GiftCardEntry = ReturnType<typeof useGiftCardPayments>['entry'];
