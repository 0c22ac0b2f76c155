import { defaultRefundBack, formatMoney, tenders, type RefundBack, type RefundCreateInput, type RefundRoom, type ShopSettings } from '@tillbook/contract';
import { AppError } from '../../lib/errors.ts';

export type Payback = { payments: Array<RefundBack['payments'][number] & { reference?: string | null }>; giftCard: number; storeCredit: number };

type Sale = { hasCustomer: boolean; room: RefundRoom };

/**
 * How a refund's money goes back: by tender (never more than each paid less what it gave back
 * already, and together never more than they paid for the goods), onto the gift cards that paid the
 * sale (up to what they paid less what was put back) and as store credit (only to the sale's
 * customer). They add up to what the refund gives back in money: its total less the part that goes
 * back as points. Left out, the payments and the parts not given follow `defaultRefundBack`: the
 * tenders, then the gift cards, then store credit. Given payments leave out what is not given.
 * In an exchange, `toSale` of it pays the new sale and does not come back.
 */
export function paybackOf(
  input: Pick<RefundCreateInput, 'payments' | 'storeCredit' | 'giftCard'>,
  total: number,
  inPoints: number,
  sale: Sale,
  style: ShopSettings,
  toSale = 0,
): Payback {
  // An exchange's goods pay its new sale first (`toSale`): the rest goes back.
  const moneyBack = total - inPoints - toSale;
  const money = (minor: number) => formatMoney(Math.max(0, minor), style);
  const chosen = input.storeCredit ?? 0;
  if (chosen > 0 && !sale.hasCustomer) throw AppError.validation({ storeCredit: ['Store credit needs a customer on the sale.'] });
  if (chosen > Math.max(0, moneyBack)) {
    throw AppError.validation({ storeCredit: [`The store credit may be at most ${money(moneyBack)}: what the refund gives back in money.`] });
  }
  const onCards = input.giftCard ?? 0;
  if (onCards > 0 && sale.room.giftCard <= 0) {
    throw AppError.validation({ giftCard: ['Nothing of this sale can go back onto a gift card: no gift card paid it, or its refunds put back all the cards paid.'] });
  }
  if (onCards > sale.room.giftCard) {
    throw AppError.validation({ giftCard: [`At most ${money(sale.room.giftCard)} can go back onto the sale’s gift cards: what they paid less what refunds put back on them.`] });
  }
  const room = { ...sale.room, storeCredit: sale.hasCustomer ? sale.room.storeCredit : 0 };
  const back: Payback =
    input.payments !== undefined
      ? { payments: input.payments, giftCard: onCards, storeCredit: chosen }
      : defaultRefundBack(moneyBack, room, { giftCard: input.giftCard, storeCredit: input.storeCredit });
  const payments = back.payments.filter((p) => p.amount > 0);
  for (const tender of tenders) {
    const amount = payments.filter((p) => p.tender === tender).reduce((sum, p) => sum + p.amount, 0);
    const available = Math.max(0, room.tenders.find((r) => r.tender === tender)?.available ?? 0);
    if (amount > available) {
      throw AppError.validation({ payments: [`At most ${money(available)} can go back by ${tender}: that is what it paid less what was refunded on it.`] });
    }
  }
  const paidBack = payments.reduce((sum, p) => sum + p.amount, 0);
  if (paidBack > Math.max(0, room.tendersTotal)) {
    throw AppError.validation({
      payments: [`At most ${money(room.tendersTotal)} can go back by cash, card and other together: what they paid for the goods less what went back by them (a gift card the sale sold is not returned).`],
    });
  }
  if (paidBack + back.giftCard + back.storeCredit !== moneyBack) {
    const onCard = back.giftCard > 0 ? `, onto gift cards ${money(back.giftCard)}` : '';
    const asCredit = back.storeCredit > 0 ? ` and the store credit ${money(back.storeCredit)}` : '';
    const asPoints = inPoints > 0 ? `, of which ${money(inPoints)} goes back as points` : '';
    const asSale = toSale > 0 ? `${asPoints ? ' and' : ', of which'} ${money(toSale)} pays the new sale` : '';
    throw AppError.validation({
      payments: [`The payments add up to ${money(paidBack)}${onCard}${asCredit}; the refund is ${money(total)}${asPoints}${asSale}.`],
    });
  }
  return { payments, giftCard: back.giftCard, storeCredit: back.storeCredit };
}
