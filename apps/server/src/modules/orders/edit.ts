import { ORDER_MAX_TAGS, type Order, type orderBulkInput, type orderEditInput } from '@tillbook/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { everyOutlet } from '../../lib/viewer.ts';
import { findOrderForEdit, findOrderTagsForUpdate, insertOrderEvents, lockCustomer, moveCustomerFigures, updateOrder } from './queries.ts';
import { getOrder } from './read.ts';
import { recordOrderEvent } from './timeline.ts';

/**
 * PUT /api/orders/:id/edit: the note, the customer and the tags; never an amount. Moving the sale
 * to another customer moves what it spent (net of refunds) and its count between the customers.
 */
export async function editOrder(db: Db, id: number, input: z.output<typeof orderEditInput>, userId: number): Promise<Order> {
  await db.transaction(async (tx) => {
    const current = await findOrderForEdit(tx, id);
    if (!current) throw AppError.notFound();

    const changes: Partial<Pick<typeof orders.$inferInsert, 'note' | 'customerId' | 'tags'>> = {};
    if (input.note !== undefined && input.note !== current.note) changes.note = input.note;
    if (input.customerId !== undefined && input.customerId !== current.customerId) changes.customerId = input.customerId;
    if (input.tags !== undefined && !sameTags(input.tags, current.tags)) changes.tags = input.tags;
    const fields = Object.keys(changes);
    if (fields.length === 0) return;

    if (changes.customerId !== undefined) {
      if (changes.customerId !== null) {
        if (!(await lockCustomer(tx, changes.customerId))) throw AppError.validation({ customerId: ['The chosen customer does not exist.'] });
        await moveCustomerFigures(tx, changes.customerId, current.total - current.refunded, 1);
      }
      if (current.customerId !== null) await moveCustomerFigures(tx, current.customerId, current.refunded - current.total, -1);
    }
    await updateOrder(tx, id, changes);
    await recordOrderEvent(tx, id, 'edited', { fields }, userId);
  });
  return getOrder(db, { id }, everyOutlet);
}

function sameTags(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((tag, index) => tag === b[index]);
}

/**
 * POST /api/orders/update: `tag` adds the tags to each chosen order (each kept once, at most ten
 * on one order), `untag` takes them off. Answers how many orders changed.
 */
export async function bulkUpdateOrders(db: Db, input: z.output<typeof orderBulkInput>, userId: number): Promise<{ affected: number }> {
  const tags = input.values?.tags;
  if (!tags) throw AppError.validation({ 'values.tags': ['Give at least one tag.'] });
  return db.transaction(async (tx) => {
    const rows = await findOrderTagsForUpdate(tx, input.ids);
    const changed: Array<{ id: number; tags: string[] }> = [];
    for (const row of rows) {
      const next = input.action === 'tag' ? [...new Set([...row.tags, ...tags])] : row.tags.filter((tag) => !tags.includes(tag));
      if (next.length > ORDER_MAX_TAGS) throw AppError.validation({ 'values.tags': [`Order ${row.number} would have more than ${ORDER_MAX_TAGS} tags.`] });
      if (!sameTags(next, row.tags)) changed.push({ id: row.id, tags: next });
    }
    for (const { id, tags: next } of changed) await updateOrder(tx, id, { tags: next });
    await insertOrderEvents(tx, changed.map(({ id }) => ({ orderId: id, kind: 'edited' as const, detail: { fields: ['tags'] }, userId })));
    return { affected: changed.length };
  });
}
