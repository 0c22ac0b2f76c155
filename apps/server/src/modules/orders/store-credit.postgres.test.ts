import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, orders, storeCreditEntries } from '../../db/schema/index.ts';
import type { TestContext } from '../../testing/test-app.ts';
import { changeStoreCredit } from '../customers/service.ts';
import { openSaleShop, saleBody, type SaleShop } from './sale.fixtures.ts';

// PostgreSQL only (vitest.config.ts): parallel requests need parallel connections, which PGlite
// (one connection) cannot give.
let ctx: TestContext;
let shop: SaleShop;

beforeAll(async () => {
  ({ ctx, shop } = await openSaleShop({ harbour: true }));
});
afterAll(() => ctx.close());

describe('two tills spending the same store credit at once', () => {
  it('never take it below zero: the sales the credit covers are stored, the others refused on storeCredit', async () => {
    const db = ctx.database.db;
    const [customer] = await db.insert(customers).values({ name: 'Ivy Parallel' }).returning({ id: customers.id });
    const customerId = customer!.id;
    await changeStoreCredit(db, { customerId, delta: 1000, kind: 'adjusted', reason: 'Goodwill', userId: shop.adminId, field: 'delta' });
    await db.execute(sql`insert into stock_levels (outlet_id, variant_id, quantity) values (${shop.harbour.id}, ${shop.mug.variantId}, 10)`);
    // Six sales of a mug (8.00) paid 4.00 in store credit each, from both outlets' tills: only two fit in 10.00.
    const sale = (client: typeof shop.admin, registerId: number) =>
      client.post('/api/orders/create', saleBody(registerId, [[shop.mug.variantId, 1]], 800, { customerId, storeCredit: 400, payments: [{ tender: 'cash', amount: 400 }] }));
    const answers = await Promise.all([
      sale(shop.cashier, shop.till.id),
      sale(shop.admin, shop.harbourTill.id),
      sale(shop.cashier, shop.till.id),
      sale(shop.admin, shop.harbourTill.id),
      sale(shop.cashier, shop.till.id),
      sale(shop.admin, shop.harbourTill.id),
    ]);
    const stored = answers.filter((res) => res.statusCode === 201);
    const refused = answers.filter((res) => res.statusCode === 422);
    expect(stored.length + refused.length, answers.map((a) => a.body).join('\n')).toBe(6);
    expect(stored).toHaveLength(2);
    for (const res of refused) expect(Object.keys(res.json().errors)).toEqual(['storeCredit']);

    const [after] = await db.select({ credit: customers.storeCredit }).from(customers).where(eq(customers.id, customerId));
    expect(after?.credit).toBe(200);
    const ledger = await db.select().from(storeCreditEntries).where(eq(storeCreditEntries.customerId, customerId)).orderBy(asc(storeCreditEntries.id));
    expect(ledger.map((e) => e.balanceAfter)).toEqual([1000, 600, 200]);
    expect(ledger.every((e) => e.balanceAfter >= 0)).toBe(true);
    const sold = await db.select({ paid: orders.storeCreditPaid }).from(orders).where(eq(orders.customerId, customerId));
    expect(sold.map((o) => o.paid)).toEqual([400, 400]);
  });
});
