import type { Tender } from './cashbox.ts';
import { defaultRefundPayments, type TenderRoom } from './refunds.ts';

/**
 * Where a refund's money can still go back (decision 024): the sale's drawer tenders, the gift
 * cards that paid it and the customer's store credit, each up to what it paid less what refunds
 * gave back on it already.
 */
export type RefundRoom = {
  /** Each drawer tender in the order it was taken: what it paid less what went back by it. */
  tenders: readonly TenderRoom[];
  /**
   * The drawer tenders together: what they paid for the goods less what went back by them. Less
   * than the sum of `tenders` when the sale sold gift cards: a return never gives that money back.
   */
  tendersTotal: number;
  giftCard: number;
  /** 0 without a customer on the sale. */
  storeCredit: number;
};

export type RefundBack = { payments: Array<{ tender: Tender; amount: number }>; giftCard: number; storeCredit: number };

const upTo = (left: number, room: number) => Math.max(0, Math.min(left, room));

/**
 * How a refund's money goes back where the refunder does not say: the sale's drawer tenders in the
 * order they were taken, then what gift cards paid goes back onto them, then what store credit paid
 * goes back as store credit — each up to its room. The parts given in `fixed` stay as given and the
 * others share what is left, in that order.
 */
export function defaultRefundBack(moneyBack: number, room: RefundRoom, fixed: { giftCard?: number; storeCredit?: number } = {}): RefundBack {
  let left = Math.max(0, moneyBack - (fixed.giftCard ?? 0) - (fixed.storeCredit ?? 0));
  const payments = defaultRefundPayments(upTo(left, room.tendersTotal), room.tenders);
  left -= payments.reduce((sum, p) => sum + p.amount, 0);
  const giftCard = fixed.giftCard ?? upTo(left, room.giftCard);
  if (fixed.giftCard === undefined) left -= giftCard;
  return { payments, giftCard, storeCredit: fixed.storeCredit ?? upTo(left, room.storeCredit) };
}

/**
 * What goes back onto each of the sale's gift cards: `amount` spread over them in the order they
 * were spent, each up to what it can still take back. Cards that take nothing are left out.
 */
export function splitOntoGiftCards<T extends { available: number }>(amount: number, cards: readonly T[]): Array<T & { amount: number }> {
  let left = Math.max(0, amount);
  const parts: Array<T & { amount: number }> = [];
  for (const card of cards) {
    const part = upTo(left, card.available);
    if (part > 0) parts.push({ ...card, amount: part });
    left -= part;
  }
  return parts;
}

/**
 * What each gift card that paid a sale can still take back, from what each paid (in the order they
 * were spent) and what the sale's refunds put back onto cards in all: refunds fill the cards in that
 * order, so the first cards are full again before a later one takes anything.
 */
export function giftCardRoomOf<T extends { amount: number }>(spent: readonly T[], putBack: number): Array<T & { available: number }> {
  let before = Math.max(0, putBack);
  return spent.map((card) => {
    const back = Math.min(card.amount, before);
    before -= back;
    return { ...card, available: card.amount - back };
  });
}
