import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, refunds } from '../../db/schema/index.ts';
import type { TestContext } from '../../testing/test-app.ts';
import { openSaleShop, saleBody, type SaleShop } from './sale.fixtures.ts';

// PostgreSQL only (vitest.config.ts): parallel requests need parallel connections, which PGlite
// (one connection) cannot give.
let ctx: TestContext;
let shop: SaleShop;

beforeAll(async () => {
  ({ ctx, shop } = await openSaleShop({ harbour: true }));
});
afterAll(() => ctx.close());

const orderCount = async () => (await ctx.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0;

describe('two tills exchanging the same returned goods at once', () => {
  it('take them back once: one exchange is stored whole, the others refused with nothing of them stored', async () => {
    const db = ctx.database.db;
    await db.execute(sql`insert into stock_levels (outlet_id, variant_id, quantity) values (${shop.harbour.id}, ${shop.mug.variantId}, 10)`);
    const sold = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800));
    expect(sold.statusCode, sold.body).toBe(201);
    const original = sold.json().data;
    const ordersBefore = await orderCount();
    // The one mug comes back for another mug at both outlets' tills, three times each.
    const exchange = (client: typeof shop.admin, registerId: number) =>
      client.post(
        '/api/orders/create',
        saleBody(registerId, [[shop.mug.variantId, 1]], 800, {
          payments: [],
          exchange: { orderId: original.id, reason: 'Chipped', lines: [{ orderLineId: original.lines[0].id, quantity: 1, restock: false }] },
        }),
      );
    const answers = await Promise.all([1, 2, 3].flatMap(() => [exchange(shop.cashier, shop.till.id), exchange(shop.admin, shop.harbourTill.id)]));
    const stored = answers.filter((res) => res.statusCode === 201);
    const refused = answers.filter((res) => res.statusCode === 422);
    expect(stored, answers.map((res) => res.body).join('\n')).toHaveLength(1);
    expect(refused).toHaveLength(5);
    for (const res of refused) expect(res.json().errors).toEqual({ 'exchange.lines.0.quantity': ['Mug has already been refunded.'] });

    const made = await db.select().from(refunds).where(eq(refunds.orderId, original.id));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ exchange: 800, exchangeOrderId: stored[0]!.json().data.id });
    expect(await orderCount()).toBe(ordersBefore + 1);
    const [sale] = await db.select({ exchangeCredit: orders.exchangeCredit }).from(orders).where(eq(orders.id, stored[0]!.json().data.id));
    expect(sale?.exchangeCredit).toBe(800);
  });
});
