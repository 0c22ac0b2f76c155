import { orderAmountsNotEditableMessage } from '@tillbook/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, orders, refunds, stockLevels } from '../../db/schema/index.ts';
import type { TestContext } from '../../testing/test-app.ts';
import { openSaleShop, saleBody, type SaleShop } from './sale.fixtures.ts';

let ctx: TestContext;
let shop: SaleShop;

beforeAll(async () => {
  ({ ctx, shop } = await openSaleShop());
  await ctx.database.db.update(stockLevels).set({ quantity: 100 }).where(eq(stockLevels.variantId, shop.mug.variantId));
});
afterAll(() => ctx.close());

async function addCustomer(name: string) {
  const [customer] = await ctx.database.db.insert(customers).values({ name }).returning({ id: customers.id });
  return customer!.id;
}

/** A mug (8.00) sold to this customer, or to nobody. */
async function sell(customerId: number | null = null) {
  const res = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { customerId }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; number: string; total: number };
}

const figuresOf = async (id: number) =>
  (await ctx.database.db.select({ totalSpent: customers.totalSpent, orderCount: customers.orderCount }).from(customers).where(eq(customers.id, id)))[0];

describe('editing an order', () => {
  it('changes the note and the tags (trimmed, each once) and records what changed', async () => {
    const order = await sell();
    const res = await shop.admin.put(`/api/orders/${order.id}/edit`, { note: '  Gift wrapped  ', tags: [' online ', 'invoice sent', 'online'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: order.id, note: 'Gift wrapped', tags: ['online', 'invoice sent'], total: 800 });

    const cleared = await shop.admin.put(`/api/orders/${order.id}/edit`, { note: '' });
    expect(cleared.json().data).toMatchObject({ note: null, tags: ['online', 'invoice sent'] });

    const timeline = (await shop.admin.get(`/api/orders/${order.id}/timeline`)).json().data as Array<{ kind: string; detail: unknown }>;
    expect(timeline.filter((e) => e.kind === 'edited').map((e) => e.detail)).toEqual([{ fields: ['note', 'tags'] }, { fields: ['note'] }]);
  });

  it('moves the sale between customers’ totals, and detaches it', async () => {
    const first = await addCustomer('Ada Lovelace');
    const second = await addCustomer('Grace Hopper');
    const order = await sell(first);
    expect(await figuresOf(first)).toEqual({ totalSpent: 800, orderCount: 1 });

    const moved = await shop.admin.put(`/api/orders/${order.id}/edit`, { customerId: second });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ customerId: second, customerName: 'Grace Hopper' });
    expect(await figuresOf(first)).toEqual({ totalSpent: 0, orderCount: 0 });
    expect(await figuresOf(second)).toEqual({ totalSpent: 800, orderCount: 1 });

    const detached = await shop.admin.put(`/api/orders/${order.id}/edit`, { customerId: null });
    expect(detached.json().data).toMatchObject({ customerId: null, customerName: null });
    expect(await figuresOf(second)).toEqual({ totalSpent: 0, orderCount: 0 });
  });

  it('moves only what the sale still counts after its refunds', async () => {
    const first = await addCustomer('Alan Turing');
    const second = await addCustomer('Joan Clarke');
    const order = await sell(first);
    // A refund of 3.00 as refunds store it: its document, and the customer's spending less it.
    await ctx.database.db.insert(refunds).values({ orderId: order.id, number: `${order.number}-R1`, outletId: shop.main.id, reason: 'Chipped', netTotal: 300, taxTotal: 0, total: 300, taxes: [] });
    await ctx.database.db.update(customers).set({ totalSpent: 500 }).where(eq(customers.id, first));

    expect((await shop.admin.put(`/api/orders/${order.id}/edit`, { customerId: second })).statusCode).toBe(200);
    expect(await figuresOf(first)).toEqual({ totalSpent: 0, orderCount: 0 });
    expect(await figuresOf(second)).toEqual({ totalSpent: 500, orderCount: 1 });
  });

  it('refuses amounts, an unknown customer and bad tags with 422 on the field, changing nothing', async () => {
    const order = await sell();
    const amounts = await shop.admin.put(`/api/orders/${order.id}/edit`, { note: 'Changed', total: 1 });
    expect(amounts.statusCode).toBe(422);
    expect(amounts.json()).toEqual({ message: orderAmountsNotEditableMessage, errors: { total: [orderAmountsNotEditableMessage] } });
    const lines = await shop.admin.put(`/api/orders/${order.id}/edit`, { lines: [] });
    expect(lines.json().errors.lines).toEqual([orderAmountsNotEditableMessage]);

    const customer = await shop.admin.put(`/api/orders/${order.id}/edit`, { customerId: 999999 });
    expect(customer.statusCode).toBe(422);
    expect(customer.json().errors.customerId).toEqual(['The chosen customer does not exist.']);

    const long = await shop.admin.put(`/api/orders/${order.id}/edit`, { tags: ['x'.repeat(31)] });
    expect(long.json().errors['tags.0']).toEqual(['A tag may not be longer than 30 characters.']);
    const many = await shop.admin.put(`/api/orders/${order.id}/edit`, { tags: Array.from({ length: 11 }, (_, i) => `tag ${i}`) });
    expect(many.json().errors.tags).toEqual(['An order may have at most 10 tags.']);

    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ note: null, total: 800, tags: [] });
  });

  it('is for administrators: a cashier gets 403', async () => {
    const order = await sell();
    expect((await shop.cashier.put(`/api/orders/${order.id}/edit`, { note: 'Mine' })).statusCode).toBe(403);
    expect((await shop.cashier.post('/api/orders/update', { ids: [order.id], action: 'tag', values: { tags: ['x'] } })).statusCode).toBe(403);
    expect((await shop.admin.put('/api/orders/999999/edit', { note: 'Nobody' })).statusCode).toBe(404);
  });
});

describe('tagging orders in bulk', () => {
  it('adds tags to the chosen orders once, removes them, and says how many changed', async () => {
    const a = await sell();
    const b = await sell();
    await shop.admin.put(`/api/orders/${a.id}/edit`, { tags: ['online'] });

    const tagged = await shop.admin.post('/api/orders/update', { ids: [a.id, b.id], action: 'tag', values: { tags: ['online', 'invoice sent'] } });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(tagged.json().data).toEqual({ affected: 2 });
    const tagsOf = async () =>
      (await ctx.database.db.select({ id: orders.id, tags: orders.tags }).from(orders).where(inArray(orders.id, [a.id, b.id])).orderBy(orders.id)).map((r) => r.tags);
    expect(await tagsOf()).toEqual([['online', 'invoice sent'], ['online', 'invoice sent']]);

    const untagged = await shop.admin.post('/api/orders/update', { ids: [a.id, b.id], action: 'untag', values: { tags: ['online'] } });
    expect(untagged.json().data).toEqual({ affected: 2 });
    expect(await tagsOf()).toEqual([['invoice sent'], ['invoice sent']]);

    const none = await shop.admin.post('/api/orders/update', { ids: [a.id], action: 'untag', values: { tags: ['online'] } });
    expect(none.json().data).toEqual({ affected: 0 });
    const missing = await shop.admin.post('/api/orders/update', { ids: [a.id], action: 'tag' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors['values.tags']).toEqual(['Give at least one tag.']);
  });
});

describe('exporting chosen orders', () => {
  it('exports only the orders whose ids are given, and refuses a malformed list', async () => {
    const a = await sell();
    await sell();
    const res = await shop.admin.get(`/api/orders/export?ids=${a.id},${a.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(a.number);

    const bad = await shop.admin.get('/api/orders/export?ids=1,x');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.ids).toEqual(['The chosen orders must be ids separated by commas.']);
  });
});
