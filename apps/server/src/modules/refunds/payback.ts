import { defaultRefundBack, defaultRefundPayments, formatMoney, tenders, type RefundCreateInput, type ShopSettings, type Tender, type TenderRoom } from '@tillbook/contract';
import { AppError } from '../../lib/errors.ts';

export type Payback = { payments: Array<{ tender: Tender; amount: number; reference?: string | null }>; storeCredit: number };

type Sale = { hasCustomer: boolean; room: readonly TenderRoom[]; storeCreditRoom: number };

/**
 * How a refund's money goes back: by tender (never more than each paid less what it gave back
 * already) and as store credit (only to the sale's customer). Payments and store credit add up to
 * what the refund gives back in money: its total less the part that goes back as points.
 */
export function paybackOf(input: Pick<RefundCreateInput, 'payments' | 'storeCredit'>, total: number, inPoints: number, sale: Sale, style: ShopSettings): Payback {
  const moneyBack = total - inPoints;
  const chosen = input.storeCredit ?? 0;
  if (chosen > 0 && !sale.hasCustomer) throw AppError.validation({ storeCredit: ['Store credit needs a customer on the sale.'] });
  if (chosen > Math.max(0, moneyBack)) {
    throw AppError.validation({ storeCredit: [`The store credit may be at most ${formatMoney(Math.max(0, moneyBack), style)}: what the refund gives back in money.`] });
  }
  const back: Payback =
    input.payments !== undefined
      ? { payments: input.payments, storeCredit: chosen }
      : input.storeCredit !== undefined
        ? { payments: defaultRefundPayments(moneyBack - chosen, sale.room), storeCredit: chosen }
        : defaultRefundBack(moneyBack, sale.room, sale.hasCustomer ? sale.storeCreditRoom : 0);
  const payments = back.payments.filter((p) => p.amount > 0);
  for (const tender of tenders) {
    const amount = payments.filter((p) => p.tender === tender).reduce((sum, p) => sum + p.amount, 0);
    const available = Math.max(0, sale.room.find((r) => r.tender === tender)?.available ?? 0);
    if (amount > available) {
      throw AppError.validation({ payments: [`At most ${formatMoney(available, style)} can go back by ${tender}: that is what it paid less what was refunded on it.`] });
    }
  }
  const paidBack = payments.reduce((sum, p) => sum + p.amount, 0);
  if (paidBack + back.storeCredit !== moneyBack) {
    const asCredit = back.storeCredit > 0 ? ` and the store credit ${formatMoney(back.storeCredit, style)}` : '';
    const asPoints = inPoints > 0 ? `, of which ${formatMoney(inPoints, style)} goes back as points` : '';
    throw AppError.validation({
      payments: [`The payments add up to ${formatMoney(paidBack, style)}${asCredit}; the refund is ${formatMoney(total, style)}${asPoints}.`],
    });
  }
  return { payments, storeCredit: back.storeCredit };
}
