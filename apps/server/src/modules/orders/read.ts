import { pageMetaOf, type RefundedFigures, type Order, type OrderPage } from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { OutletScope } from '../../lib/viewer.ts';
import { orderSort, orderWhere, type OrderFilters } from './list-filters.ts';
import { getShopTimeZone } from '../settings/service.ts';
import { approvalSummaryOf } from '../approvals/service.ts';
import { giftCardsOfOrder } from '../gift-cards/service.ts';
import { toOrder, toOrderListItem } from './order-mapper.ts';
import {
  findOrder,
  findOrderLines,
  findOrderPage,
  findExchangeOfOrder,
  findOrderPayments,
  findPointsBalanceAfterSale,
  findStockMovementsOfOrder,
  findTendersByOrder,
  orderTotals,
  sumRefundedByOrder,
} from './queries.ts';

/**
 * One order with its lines, payments and taxes; another outlet's order is not found for a cashier.
 * The stock movements are the back office's: a sale's answer (first or retried) leaves them out.
 */
export async function getOrder(
  db: DbOrTx,
  where: { id: number } | { uuid: string },
  scope: OutletScope,
  options: { withStockMovements?: boolean; withRefunds?: boolean; withApproval?: boolean } = {},
): Promise<Order> {
  const row = await findOrder(db, where, scope);
  if (!row) throw AppError.notFound();
  const approvalId = row.order.approvalId;
  const hasGiftCards = row.order.giftCardsSold > 0 || row.order.giftCardsPaid > 0;
  const [lines, payments, balanceAfter, movements, refunded, approval, giftCards, exchange] = await Promise.all([
    findOrderLines(db, row.order.id),
    findOrderPayments(db, row.order.id),
    row.order.customerId === null ? null : findPointsBalanceAfterSale(db, row.order.id),
    options.withStockMovements ? findStockMovementsOfOrder(db, row.order.id) : null,
    options.withRefunds ? sumRefundedByOrder(db, [row.order.id]) : null,
    options.withApproval && approvalId !== null ? approvalSummaryOf(db, approvalId) : null,
    hasGiftCards ? giftCardsOfOrder(db, row.order.id) : [],
    findExchangeOfOrder(db, row.order.id),
  ]);
  return {
    ...toOrder(row, lines, payments, balanceAfter),
    giftCards,
    exchange: exchange ?? null,
    ...(refunded && { refunded: refunded.get(row.order.id) ?? noRefunds }),
    ...(movements && { stockMovements: movements.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) }),
    ...(options.withApproval && { approval }),
  };
}

const noRefunds: RefundedFigures = { count: 0, total: 0, taxTotal: 0 };

/** GET /api/orders/tally: how many sales match the filters. */
export async function countOrders(db: DbOrTx, filters: OrderFilters, scope: OutletScope): Promise<number> {
  return (await orderTotals(db, orderWhere(filters, scope, await getShopTimeZone(db)))).count;
}

/** GET /api/orders: one page of the filtered set, with the whole set's figures in meta. */
export async function listOrders(db: DbOrTx, filters: OrderFilters, scope: OutletScope): Promise<OrderPage> {
  const where = orderWhere(filters, scope, await getShopTimeZone(db));
  const orderBy = orderSort(filters.sort);
  const [totals, rows] = await Promise.all([
    orderTotals(db, where),
    findOrderPage(db, where, orderBy, filters.perPage, (filters.page - 1) * filters.perPage),
  ]);
  const ids = rows.map((r) => r.order.id);
  const [payments, refunded] = await Promise.all([findTendersByOrder(db, ids), sumRefundedByOrder(db, ids)]);
  const data = rows.map((row) => ({
    ...toOrderListItem(row),
    tenders: [...new Set(payments.get(row.order.id)?.map((p) => p.tender))],
    refunded: refunded.get(row.order.id) ?? noRefunds,
  }));
  return { data, meta: { ...pageMetaOf(filters.page, filters.perPage, totals.count), totals } };
}

/** The filtered set in batches, in the list's order, with each order's payments (CSV export). */
export async function* eachOrder(db: DbOrTx, filters: OrderFilters, scope: OutletScope, batch = 500) {
  const where = orderWhere(filters, scope, await getShopTimeZone(db));
  const orderBy = orderSort(filters.sort);
  for (let offset = 0; ; offset += batch) {
    const rows = (await findOrderPage(db, where, orderBy, batch, offset)).map(toOrderListItem);
    if (rows.length === 0) return;
    const payments = await findTendersByOrder(db, rows.map((r) => r.id));
    yield rows.map((order) => ({ order, payments: payments.get(order.id) ?? [] }));
    if (rows.length < batch) return;
  }
}
