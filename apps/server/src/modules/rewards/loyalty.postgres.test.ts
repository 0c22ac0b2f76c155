import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerPoints, customers, orders } from '../../db/schema/index.ts';
import type { TestContext } from '../../testing/test-app.ts';
import { openSaleShop, saleBody, type SaleShop } from '../orders/sale.fixtures.ts';
import { customerWithPoints, setRewardRules } from './loyalty.fixtures.ts';

// PostgreSQL only (vitest.config.ts): parallel requests need parallel connections, which PGlite
// (one connection) cannot give.
let ctx: TestContext;
let shop: SaleShop;

beforeAll(async () => {
  ({ ctx, shop } = await openSaleShop({ harbour: true }));
  await setRewardRules(shop.admin, {
    earning: { enabled: false, points: 1, perAmount: 100 },
    redemption: { enabled: true, points: 100, value: 100, minimumBalance: 0, maxShare: '100', payDiscountedItems: true },
    expiry: { months: null },
  });
});
afterAll(() => ctx.close());

describe('two tills redeeming the same points at once', () => {
  it('never take the balance below zero: the sales the points cover are stored, the others refused on the points', async () => {
    const customerId = await customerWithPoints(shop.admin, 'Fay Parallel', 1000);
    // Six sales of a mug (8.00) paid 4.00 in points each, from both outlets' tills: only two fit in 10.00 of points.
    const sale = (client: typeof shop.admin, registerId: number) =>
      client.post('/api/orders/create', saleBody(registerId, [[shop.mug.variantId, 1]], 800, { customerId, redemption: { points: 400 }, payments: [{ tender: 'cash', amount: 400 }] }));
    await ctx.database.db.execute(sql`insert into stock_levels (outlet_id, variant_id, quantity) values (${shop.harbour.id}, ${shop.mug.variantId}, 10)`);
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
    for (const res of refused) expect(Object.keys(res.json().errors)).toEqual(['redemption.points']);

    const [customer] = await ctx.database.db.select().from(customers).where(eq(customers.id, customerId));
    expect(customer?.pointsBalance).toBe(200);
    const ledger = await ctx.database.db.select().from(customerPoints).where(eq(customerPoints.customerId, customerId)).orderBy(customerPoints.id);
    expect(ledger.reduce((sum, e) => sum + e.delta, 0)).toBe(200);
    expect(ledger.every((e) => e.balanceAfter >= 0)).toBe(true);
    expect(ledger.map((e) => e.balanceAfter)).toEqual([1000, 600, 200]);
    const sold = await ctx.database.db.select({ redeemed: orders.pointsRedeemed }).from(orders).where(eq(orders.customerId, customerId));
    expect(sold.map((o) => o.redeemed)).toEqual([400, 400]);
  });
});
