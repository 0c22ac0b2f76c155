import { drawerDue, formatMinorAsDecimal, moneyFormatterOf, settlePayments, totalMismatchMessage, type Order, type orderCreateInput } from '@tillbook/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { databaseErrorOf } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { getShopSettings } from '../settings/service.ts';
import { describeItem, priceSaleFromDb } from './pricing.ts';
import { loadSaleSource, type SaleRegister } from './pricing-source.ts';
import { everyOutlet, isOutletInScope, outletScopeOf } from '../../lib/viewer.ts';
import { toOrder } from './order-mapper.ts';
import { findOrderIdByUuid, sellOrder } from './queries.ts';
import { getOrder } from './read.ts';
import { isCustomerMoved, isSameSale, saleIdConflictMessage } from './same-sale.ts';
import { approveSaleChanges, auditSaleChanges } from './sale-rights.ts';
import type { AuditActor } from '../audit/service.ts';
import { dueAfterStoreCredit, storeCreditChangedMessage } from './store-credit.ts';
import { checkSaleGiftCards, giftCardChangedError, giftCardsOfOrder } from '../gift-cards/service.ts';
import { loyaltyColumns, saleDocument, soldLines, type SaleToStore, type Seller } from './sale-document.ts';

type OrderCreateValues = z.output<typeof orderCreateInput>;

export type { Seller } from './sale-document.ts';

/** The same uuid was sold already (by a retried or a parallel request): the first order answers if it is the same sale. */
class AlreadySold extends Error {}

/**
 * POST /api/orders/create. Checks the register, the seller's outlet and the open drawer, prices
 * the sale again from the database, and stores it in one transaction. The same uuid with the same
 * sale again answers the first order and changes nothing (`created: false`); with a different sale
 * it is a 409 and nothing is stored (decision 011).
 */
export async function createOrder(db: Db, input: OrderCreateValues, seller: Seller, actor: AuditActor = { id: seller.id, name: seller.name }): Promise<{ order: Order; created: boolean }> {
  // The register and the variants in one call; then answer in the order a cashier can act on.
  const { register, variants, taxRounding } = await loadSaleSource(
    db,
    input.registerId,
    input.uuid,
    input.lines.map((line) => line.variantId),
  );
  if (!register) throw AppError.validation({ registerId: ['The chosen register does not exist.'] });
  if (!isOutletInScope(outletScopeOf(seller), register.outletId)) throw AppError.forbidden();
  if (register.soldOrderId !== null) return { order: await storedSameSale(db, input, register.soldOrderId), created: false };
  if (!register.active) throw AppError.validation({ registerId: [`${register.name} is not active.`] });
  if (register.sessionId === null) throw closedDrawer(register);

  const sale = await priceSaleFromDb(db, input, { variants, taxRounding });
  const { cart } = sale.priced;
  if (cart.total !== input.total) throw AppError.validation({ total: [totalMismatchMessage] });
  // Points and store credit paid are not tenders of the drawer: the other tenders cover what is left.
  const goodsLeft = await dueAfterStoreCredit(db, sale, input.storeCredit);
  // Gift cards paid with pay for goods only; gift cards sold are paid by the drawer's tenders.
  const giftCards = await checkSaleGiftCards(db, input, goodsLeft);
  const due = drawerDue({ goodsDue: goodsLeft, storeCredit: 0, giftCardsPaid: giftCards.giftCardsPaid, giftCardsSold: giftCards.giftCardsSold });
  const settlement = settlePayments(due, input.payments, formatMinorAsDecimal);
  if (!settlement.ok) {
    // Worded again in the shop's currency: the settings are read only for a refusal.
    const refusal = settlePayments(due, input.payments, moneyFormatterOf(await getShopSettings(db)));
    throw AppError.validation({ payments: [refusal.ok ? settlement.message : refusal.message] });
  }

  // Discounts and prices beyond a cashier's rights: the approval is stored first, and the sale refers to it.
  const rights = await approveSaleChanges(db, sale, input, seller, register, actor.ip ?? '');
  const toStore: SaleToStore = { input, seller, register, sale, lines: soldLines(sale), payments: settlement.payments, paid: settlement.paid, change: settlement.change, approvalId: rights.approval?.id ?? null, giftCards };
  for (let attempt = 1; ; attempt += 1) {
    try {
      const stored = await storeSale(db, toStore);
      await auditSaleChanges(db, actor, rights, { id: stored.orderId, number: stored.number, outletId: register.outletId, registerId: register.id });
      const cards = giftCards.sold.length + giftCards.spent.length > 0 ? await giftCardsOfOrder(db, stored.orderId) : [];
      return { order: { ...storedOrder(toStore, stored), giftCards: cards }, created: true };
    } catch (error) {
      if (error instanceof AlreadySold) {
        const first = await findOrderIdByUuid(db, input.uuid);
        if (first !== undefined) return { order: await storedSameSale(db, input, first), created: false };
      }
      // Two sales locking the same products in a different order: PostgreSQL cancels one; sell it again.
      if (databaseErrorOf(error)?.code !== '40P01' || attempt >= 3) throw error;
    }
  }
}

/** The stored order of a uuid sent again, when the request is that same sale; a different sale is a 409. */
async function storedSameSale(db: Db, input: OrderCreateValues, orderId: number): Promise<Order> {
  // A retried sale answers the first order whoever asks: its uuid is the register's own secret.
  const order = await getOrder(db, { id: orderId }, everyOutlet);
  if (isSameSale(input, order, { customerMoved: order.customerId !== input.customerId && (await isCustomerMoved(db, orderId)) })) return order;
  throw AppError.conflict(saleIdConflictMessage);
}

function closedDrawer(register: Pick<SaleRegister, 'name'>): AppError {
  return AppError.validation({ registerId: [`The drawer of ${register.name} is closed. Open it before selling.`] });
}

/** What the sale's call answers: enough, with the sale itself, to answer without reading it back. */
type Stored = { orderId: number; number: string; createdAt: string; lineIds: number[]; paymentIds: number[]; pointsBalance: number | null };

/**
 * Stores the sale with one call of `sell_order` (migration 0004_sell_function.sql) outside an
 * explicit transaction: the database commits it as soon as it is done, so the outlet's counter is
 * held only while the database works. The function raises its refusals with their own SQLSTATE,
 * worded here.
 */
async function storeSale(db: DbOrTx, toStore: SaleToStore): Promise<Stored> {
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

/** A sale's lines as they are stored: names and prices copied from the variants, the engine's figures per line. */
/** The answer of a new sale, from what was just stored: read back, GET /api/orders/:id answers the same. */
function storedOrder({ input, seller, register, sale, lines, payments, paid, change, approvalId, giftCards }: SaleToStore, stored: Stored): Order {
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
