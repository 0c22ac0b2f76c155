import {
  addDays,
  documentIdOf,
  goodsOrderNumber,
  pageMetaOf,
  zonedDayStart,
  type GoodsOrderListItem,
  type GoodsOrderPage,
  type goodsOrderListQuery,
} from '@tillbook/contract';
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { goodsOrders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { likePattern, orderByFrom } from '../../lib/list.ts';
import { getShopTimeZone } from '../settings/service.ts';
import { findOrderFigures, findOrderPage, findOrderTotals, sortColumns, type HeaderRow, type OrderFigures } from './queries.ts';

export type GoodsOrderFilters = z.output<typeof goodsOrderListQuery>;

/**
 * The WHERE of the list, its totals and its export. The search is a number (PO-000042, 42) or a
 * supplier's name; `from`/`to` are the shop's days in `timeZone` of the order's creation.
 */
export function goodsOrderWhere(filters: GoodsOrderFilters, timeZone: string): SQL | undefined {
  if (filters.from && filters.to && filters.from > filters.to) {
    throw AppError.validation({ to: ['The to date must be on or after the from date.'] });
  }
  const conditions: SQL[] = [];
  if (filters.search) {
    const id = documentIdOf('goodsOrder', filters.search);
    const bySupplier = sql`${goodsOrders.supplierId} in (select s.id from suppliers s where s.company_name ilike ${likePattern(filters.search)})`;
    conditions.push(id === null ? bySupplier : sql`(${goodsOrders.id} = ${id} or ${bySupplier})`);
  }
  if (filters.status !== undefined) conditions.push(eq(goodsOrders.status, filters.status));
  if (filters.supplierId !== undefined) conditions.push(eq(goodsOrders.supplierId, filters.supplierId));
  if (filters.outletId !== undefined) conditions.push(eq(goodsOrders.outletId, filters.outletId));
  if (filters.from) conditions.push(gte(goodsOrders.createdAt, zonedDayStart(filters.from, timeZone)));
  if (filters.to) conditions.push(lt(goodsOrders.createdAt, zonedDayStart(addDays(filters.to, 1), timeZone)));
  return conditions.length ? and(...conditions) : undefined;
}

export function goodsOrderSort(sort: string | undefined): SQL[] {
  return orderByFrom(sort, sortColumns, '-createdAt', goodsOrders.id);
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toListItem(row: HeaderRow, figures: OrderFigures): GoodsOrderListItem {
  const { order } = row;
  return {
    id: order.id,
    number: goodsOrderNumber(order.id),
    status: order.status,
    supplierId: order.supplierId,
    supplierName: row.supplierName,
    outletId: order.outletId,
    outletName: row.outletName,
    expectedAt: order.expectedAt,
    note: order.note,
    ...figures,
    userName: row.userName,
    orderedAt: iso(order.orderedAt),
    receivedAt: iso(order.receivedAt),
    cancelledAt: iso(order.cancelledAt),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

async function pageOf(db: DbOrTx, where: SQL | undefined, orderBy: SQL[], limit: number, offset: number): Promise<GoodsOrderListItem[]> {
  const rows = await findOrderPage(db, where, orderBy, limit, offset);
  const figuresOf = await findOrderFigures(
    db,
    rows.map((r) => r.order.id),
  );
  return rows.map((row) => toListItem(row, figuresOf(row.order.id)));
}

/** GET /api/goods-orders: one page, with how many match and what they come to together. */
export async function listGoodsOrders(db: DbOrTx, filters: GoodsOrderFilters): Promise<GoodsOrderPage> {
  const where = goodsOrderWhere(filters, await getShopTimeZone(db));
  const orderBy = goodsOrderSort(filters.sort);
  const [totals, data] = await Promise.all([findOrderTotals(db, where), pageOf(db, where, orderBy, filters.perPage, (filters.page - 1) * filters.perPage)]);
  return { data, meta: { ...pageMetaOf(filters.page, filters.perPage, totals.count), totals } };
}

/** The filtered set in batches, in the list's order (CSV export). */
export async function* eachGoodsOrder(db: DbOrTx, filters: GoodsOrderFilters, batch = 500): AsyncGenerator<GoodsOrderListItem[]> {
  const where = goodsOrderWhere(filters, await getShopTimeZone(db));
  const orderBy = goodsOrderSort(filters.sort);
  for (let offset = 0; ; offset += batch) {
    const rows = await pageOf(db, where, orderBy, batch, offset);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batch) return;
  }
}
