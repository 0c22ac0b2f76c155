import { addDays, zonedDayStart, type orderListQuery } from '@tillbook/contract';
import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { outletOfScope, outletScopeFilter, type OutletScope } from '../../lib/viewer.ts';
import { likePattern, orderByFrom } from '../../lib/list.ts';

export type OrderFilters = z.output<typeof orderListQuery>;

/**
 * The WHERE of the list, its tally, its totals and its export: one set of rules for all four.
 * Customer and tender filters are subqueries so the count and the sums need no joins.
 * `from`/`to` are the shop's local days in `timeZone` (a sale at 23:30 there is on that day).
 */
export function orderWhere(filters: OrderFilters, scope: OutletScope, timeZone: string): SQL | undefined {
  if (filters.from && filters.to && filters.from > filters.to) {
    throw AppError.validation({ to: ['The to date must be on or after the from date.'] });
  }
  // A cashier asking for another outlet is refused, as every outlet filter refuses it.
  outletOfScope(scope, filters.outletId);
  const conditions: (SQL | undefined)[] = [outletScopeFilter(scope, orders.outletId)];
  if (filters.search) {
    const pattern = likePattern(filters.search);
    conditions.push(
      sql`(${orders.number} ilike ${pattern} or ${orders.customerId} in (select c.id from customers c where c.name ilike ${pattern} or c.email ilike ${pattern}))`,
    );
  }
  if (filters.outletId !== undefined) conditions.push(eq(orders.outletId, filters.outletId));
  if (filters.registerId !== undefined) conditions.push(eq(orders.registerId, filters.registerId));
  if (filters.userId !== undefined) conditions.push(eq(orders.userId, filters.userId));
  if (filters.customerId !== undefined) conditions.push(eq(orders.customerId, filters.customerId));
  if (filters.cashboxSessionId !== undefined) conditions.push(eq(orders.cashboxSessionId, filters.cashboxSessionId));
  if (filters.status !== undefined) conditions.push(eq(orders.status, filters.status));
  if (filters.tender !== undefined) {
    conditions.push(sql`exists (select 1 from order_payments p where p.order_id = ${orders.id} and p.tender = ${filters.tender})`);
  }
  if (filters.from) conditions.push(gte(orders.createdAt, zonedDayStart(filters.from, timeZone)));
  if (filters.to) conditions.push(lt(orders.createdAt, zonedDayStart(addDays(filters.to, 1), timeZone)));
  if (filters.ids) conditions.push(inArray(orders.id, filters.ids));
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? and(...present) : undefined;
}

export function orderSort(sort: string | undefined): SQL[] {
  return orderByFrom(sort, { createdAt: orders.createdAt, total: orders.total, number: orders.number }, '-createdAt', orders.id);
}
