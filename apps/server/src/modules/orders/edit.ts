import { ORDER_MAX_TAGS, type Order, type orderBulkInput, type orderEditInput } from '@tillbook/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { customers, orderEvents, orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { everyOutlet } from '../../lib/viewer.ts';
import { getOrder } from './read.ts';
import { recordOrderEvent } from './timeline.ts';

// What the customer has spent on the sale is its total less its refunds (refunds take theirs off).
// Named in full: inside a one-table select the builder leaves column names unqualified.
const refundedTotal = sql<number>`(select coalesce(sum(r.total), 0) from refunds r where r.order_id = "orders"."id")`.mapWith(Number);

/**
 * PUT /api/orders/:id/edit: the note, the customer and the tags; never an amount. Moving the sale
 * to another customer moves what it spent (net of refunds) and its count between the customers.
 */
export async function editOrder(db: Db, id: number, input: z.output<typeof orderEditInput>, userId: number): Promise<Order> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: orders.id, note: orders.note, customerId: orders.customerId, tags: orders.tags, total: orders.total, refunded: refundedTotal })
      .from(orders)
      .where(eq(orders.id, id))
      .for('update');
    if (!current) throw AppError.notFound();

    const changes: Partial<Pick<typeof orders.$inferInsert, 'note' | 'customerId' | 'tags'>> = {};
    if (input.note !== undefined && input.note !== current.note) changes.note = input.note;
    if (input.customerId !== undefined && input.customerId !== current.customerId) changes.customerId = input.customerId;
    if (input.tags !== undefined && !sameTags(input.tags, current.tags)) changes.tags = input.tags;
    const fields = Object.keys(changes);
    if (fields.length === 0) return;

    if (changes.customerId !== undefined) {
      if (changes.customerId !== null) {
        const [customer] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, changes.customerId)).for('update');
        if (!customer) throw AppError.validation({ customerId: ['The chosen customer does not exist.'] });
        await moveCustomerFigures(tx, changes.customerId, current.total - current.refunded, 1);
      }
      if (current.customerId !== null) await moveCustomerFigures(tx, current.customerId, current.refunded - current.total, -1);
    }
    await tx.update(orders).set({ ...changes, updatedAt: new Date() }).where(eq(orders.id, id));
    await recordOrderEvent(tx, id, 'edited', { fields }, userId);
  });
  return getOrder(db, { id }, everyOutlet);
}

function sameTags(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((tag, index) => tag === b[index]);
}

async function moveCustomerFigures(tx: Tx, customerId: number, amount: number, orders: number) {
  await tx
    .update(customers)
    .set({ totalSpent: sql`${customers.totalSpent} + ${amount}`, orderCount: sql`${customers.orderCount} + ${orders}` })
    .where(eq(customers.id, customerId));
}

/**
 * POST /api/orders/update: `tag` adds the tags to each chosen order (each kept once, at most ten
 * on one order), `untag` takes them off. Answers how many orders changed.
 */
export async function bulkUpdateOrders(db: Db, input: z.output<typeof orderBulkInput>, userId: number): Promise<{ affected: number }> {
  const tags = input.values?.tags;
  if (!tags) throw AppError.validation({ 'values.tags': ['Give at least one tag.'] });
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: orders.id, number: orders.number, tags: orders.tags }).from(orders).where(inArray(orders.id, input.ids)).orderBy(orders.id).for('update');
    const changed: Array<{ id: number; tags: string[] }> = [];
    for (const row of rows) {
      const next = input.action === 'tag' ? [...new Set([...row.tags, ...tags])] : row.tags.filter((tag) => !tags.includes(tag));
      if (next.length > ORDER_MAX_TAGS) throw AppError.validation({ 'values.tags': [`Order ${row.number} would have more than ${ORDER_MAX_TAGS} tags.`] });
      if (!sameTags(next, row.tags)) changed.push({ id: row.id, tags: next });
    }
    for (const { id, tags: next } of changed) await tx.update(orders).set({ tags: next, updatedAt: new Date() }).where(eq(orders.id, id));
    if (changed.length) await tx.insert(orderEvents).values(changed.map(({ id }) => ({ orderId: id, kind: 'edited' as const, detail: { fields: ['tags'] }, userId })));
    return { affected: changed.length };
  });
}
