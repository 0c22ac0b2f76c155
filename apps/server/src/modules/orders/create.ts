import { drawerDue, totalMismatchMessage, type Order, type orderCreateInput } from '@tillbook/contract';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { databaseErrorOf } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { priceSaleFromDb } from './pricing.ts';
import { loadSaleSource, type SaleSource } from './pricing-source.ts';
import { everyOutlet, isOutletInScope, outletScopeOf } from '../../lib/viewer.ts';
import { findOrderIdByUuid } from './queries.ts';
import { getOrder } from './read.ts';
import { isCustomerMoved, isSameSale, saleIdConflictMessage } from './same-sale.ts';
import { approveSaleChanges, auditSaleChanges } from './sale-rights.ts';
import type { AuditActor } from '../audit/service.ts';
import { dueAfterStoreCredit } from './store-credit.ts';
import { checkSaleGiftCards, giftCardsOfOrder } from '../gift-cards/service.ts';
import { soldLines, type SaleToStore, type Seller } from './sale-document.ts';
import { AlreadySold, closedDrawer, settleDue, storedOrder, storeSale, type Stored } from './store-sale.ts';
import { storeExchange, type SaleBase } from './exchange.ts';

type OrderCreateValues = z.output<typeof orderCreateInput>;

export type { Seller } from './sale-document.ts';

/**
 * POST /api/orders/create. Checks the register, the seller's outlet and the open drawer, prices
 * the sale again from the database, and stores it in one transaction. The same uuid with the same
 * sale again answers the first order and changes nothing (`created: false`); with a different sale
 * it is a 409 and nothing is stored (decision 011). With `exchange`, goods of an earlier sale come
 * back and pay for this one in the same transaction (orders/exchange.ts).
 */
export async function createOrder(
  db: Db,
  input: OrderCreateValues,
  seller: Seller,
  actor: AuditActor = { id: seller.id, name: seller.name },
  source?: SaleSource,
): Promise<{ order: Order; created: boolean }> {
  // The register and the variants in one call; then answer in the order a cashier can act on.
  const { register, variants, taxRounding } = source ?? (await saleSourceOf(db, input));
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
  // An exchange settles inside its transaction, once its refund says what the returned goods pay.
  const settlement = input.exchange ? null : await settleDue(db, due, input.payments);

  // Discounts and prices beyond a cashier's rights: the approval is stored first, and the sale refers to it.
  const rights = await approveSaleChanges(db, sale, input, seller, register, actor.ip ?? '');
  const base: SaleBase = { input, seller, register, sale, lines: soldLines(sale), approvalId: rights.approval?.id ?? null, giftCards };
  for (let attempt = 1; ; attempt += 1) {
    try {
      let toStore: SaleToStore;
      let stored: Stored;
      let exchange: Order['exchange'] = null;
      if (settlement) {
        toStore = { ...base, ...settlement };
        stored = await storeSale(db, toStore);
      } else {
        ({ toStore, stored, exchange } = await storeExchange(db, base, { due, rights, actor }));
      }
      await auditSaleChanges(db, actor, rights, { id: stored.orderId, number: stored.number, outletId: register.outletId, registerId: register.id });
      const cards = giftCards.sold.length + giftCards.spent.length > 0 ? await giftCardsOfOrder(db, stored.orderId) : [];
      return { order: { ...storedOrder(toStore, stored), giftCards: cards, exchange }, created: true };
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

/**
 * What a sale reads before it decides (`loadSaleSource`), with the request's session read in the
 * same statement when given (the route reads its session so, plugins/session.ts).
 */
export function saleSourceOf(db: Db, input: OrderCreateValues, session: SQL | null = null) {
  return loadSaleSource(db, input.registerId, input.uuid, input.lines.map((line) => line.variantId), session);
}

/** The stored order of a uuid sent again, when the request is that same sale; a different sale is a 409. */
async function storedSameSale(db: Db, input: OrderCreateValues, orderId: number): Promise<Order> {
  // A retried sale answers the first order whoever asks: its uuid is the register's own secret.
  const order = await getOrder(db, { id: orderId }, everyOutlet);
  if (isSameSale(input, order, { customerMoved: order.customerId !== input.customerId && (await isCustomerMoved(db, orderId)) })) return order;
  throw AppError.conflict(saleIdConflictMessage);
}
