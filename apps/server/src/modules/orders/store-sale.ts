import { formatMinorAsDecimal, moneyFormatterOf, settlePayments, type Order, type PaymentTendered } from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import { databaseErrorOf } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { giftCardChangedError } from '../gift-cards/service.ts';
import { getShopSettings } from '../settings/service.ts';
import { toOrder } from './order-mapper.ts';
import { describeItem } from './pricing.ts';
import type { SaleRegister } from './pricing-source.ts';
import { sellOrder } from './queries.ts';
import { loyaltyColumns, saleDocument, type SaleToStore } from './sale-document.ts';
import { storeCreditChangedMessage } from './store-credit.ts';

/** The same uuid was sold already (by a retried or a parallel request): the first order answers if it is the same sale. */
export class AlreadySold extends Error {}

/** The drawer's tenders against what they must pay: a refusal is worded in the shop's currency (the settings are read only then). */
export async function settleDue(db: DbOrTx, due: number, payments: readonly PaymentTendered[]) {
  const settlement = settlePayments(due, payments, formatMinorAsDecimal);
  if (settlement.ok) return { payments: settlement.payments, paid: settlement.paid, change: settlement.change };
  const refusal = settlePayments(due, payments, moneyFormatterOf(await getShopSettings(db)));
  throw AppError.validation({ payments: [refusal.ok ? settlement.message : refusal.message] });
}

export function closedDrawer(register: Pick<SaleRegister, 'name'>): AppError {
  return AppError.validation({ registerId: [`The drawer of ${register.name} is closed. Open it before selling.`] });
}

/** What the sale's call answers: enough, with the sale itself, to answer without reading it back. */
export type Stored = { orderId: number; number: string; createdAt: string; lineIds: number[]; paymentIds: number[]; pointsBalance: number | null };

/**
 * Stores the sale with one call of `sell_order` (migration 0004_sell_function.sql), outside an
 * explicit transaction: the database commits it as soon as it is done, so the outlet's counter is
 * held only while the database works (an exchange calls it inside its refund's transaction). The
 * function raises its refusals with their own SQLSTATE, worded here.
 */
export async function storeSale(db: DbOrTx, toStore: SaleToStore): Promise<Stored> {
  const { register, sale } = toStore;
  try {
    const answer = await sellOrder(db, saleDocument(toStore));
    const stored = (typeof answer === 'string' ? JSON.parse(answer) : answer) as Stored;
    return {
      ...stored,
      createdAt: new Date(stored.createdAt).toISOString(),
      lineIds: stored.lineIds.map(Number),
      paymentIds: stored.paymentIds.map(Number),
      pointsBalance: stored.pointsBalance === null || stored.pointsBalance === undefined ? null : Number(stored.pointsBalance),
    };
  } catch (error) {
    const refusal = databaseErrorOf(error);
    if (refusal?.code === 'TB002') throw closedDrawer(register);
    if (refusal?.code === 'TB003') throw new AlreadySold();
    if (refusal?.code === 'TB004') throw AppError.validation({ couponCode: ['This coupon has been used as many times as it may be.'] });
    if (refusal?.code === 'TB011') throw AppError.validation({ storeCredit: [storeCreditChangedMessage] });
    if (refusal?.code === 'TB012') throw giftCardChangedError(toStore.giftCards.spent, refusal.detail ?? null);
    if (refusal?.code === 'TB005') {
      throw AppError.validation({ 'redemption.points': ['The customer’s points changed since the sale was priced (another sale used them): check the balance and try again.'] });
    }
    if (refusal?.code === 'TB001' && refusal.detail) {
      const short = JSON.parse(refusal.detail) as { variantId: number; delta: number; quantityAfter: number };
      const index = sale.lines.findIndex((line) => line.item.variantId === short.variantId);
      const variant = sale.variants.get(short.variantId);
      const left = Math.max(0, short.quantityAfter - short.delta);
      throw AppError.validation({
        [`lines.${index}.quantity`]: [`Only ${left} of ${variant ? describeItem(variant) : 'this product'} left at ${register.outletName}.`],
      });
    }
    throw error;
  }
}

/** The answer of a new sale, from what was just stored: read back, GET /api/orders/:id answers the same. */
export function storedOrder({ input, seller, register, sale, lines, payments, paid, change, approvalId, giftCards, exchangeCredit = 0 }: SaleToStore, stored: Stored): Order {
  const { cart } = sale.priced;
  const order = {
    id: stored.orderId,
    uuid: input.uuid,
    number: stored.number,
    status: 'paid' as const,
    outletId: register.outletId,
    registerId: register.id,
    cashboxSessionId: register.sessionId,
    userId: seller.id,
    customerId: sale.customer?.id ?? null,
    couponId: sale.coupon?.id ?? null,
    couponCode: sale.coupon?.code ?? null,
    receiptTemplateId: register.receiptTemplateId,
    subtotal: cart.subtotal,
    lineDiscountTotal: cart.lineDiscountTotal,
    orderDiscountTotal: cart.orderDiscountTotal,
    chargeTotal: cart.chargeTotal,
    netTotal: cart.netTotal,
    taxTotal: cart.taxTotal,
    total: cart.total,
    paid,
    change,
    taxes: cart.taxes,
    note: input.note,
    tags: [],
    ...loyaltyColumns(sale),
    storeCreditPaid: input.storeCredit,
    giftCardsSold: giftCards.giftCardsSold,
    giftCardsPaid: giftCards.giftCardsPaid,
    exchangeCredit,
    approvalId,
    createdAt: new Date(stored.createdAt),
  };
  return toOrder(
    {
      order,
      outletName: register.outletName,
      registerName: register.name,
      cashierName: seller.name,
      customerName: sale.customer?.name ?? null,
      customerEmail: sale.customer?.email ?? null,
    },
    lines.map((line, position) => ({ id: stored.lineIds[position]!, ...line })),
    payments.map((payment, position) => ({ id: stored.paymentIds[position]!, ...payment })),
    stored.pointsBalance,
  );
}
