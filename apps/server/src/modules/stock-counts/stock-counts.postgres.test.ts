import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockLevels, stockMovements } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';

// PostgreSQL only (vitest.config.ts): parallel requests need parallel connections, which PGlite
// (one connection) cannot give.
let ctx: TestContext;
let shop: SaleShop;
let counters: TestClient[];

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  // Three people counting at once, each signed in on their own device.
  counters = [shop.admin, (await ctx.signIn('administrator')).client, (await ctx.signIn('administrator')).client];
});
afterAll(() => ctx.close());

async function startCount(variantIds: number[]): Promise<number> {
  const res = await shop.admin.post('/api/stock-counts/create', { outletId: shop.main.id, scope: 'list', variantIds });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

describe('several people counting one sheet', () => {
  it('adds every scan: 60 parallel "add" entries by three counters make 60', async () => {
    const countId = await startCount([shop.mug.variantId]);
    const scans = Array.from({ length: 60 }, (_, i) =>
      counters[i % counters.length]!.post(`/api/stock-counts/${countId}/lines`, { variantId: shop.mug.variantId, quantity: 1, mode: 'add' }),
    );
    const answers = await Promise.all(scans);
    expect(answers.map((res) => res.statusCode)).toEqual(Array(60).fill(200));
    const sheet = (await shop.admin.get(`/api/stock-counts/${countId}/lines`)).json().data;
    expect(sheet).toEqual([expect.objectContaining({ variantId: shop.mug.variantId, expected: 5, counted: 60, variance: 55 })]);
  });

  it('posts the variances once however many applies arrive together; counts arriving with them wait or are refused', async () => {
    const countId = await startCount([shop.shirt.variantId]);
    await shop.admin.post(`/api/stock-counts/${countId}/lines`, { variantId: shop.shirt.variantId, quantity: 7, mode: 'set' });
    const applies = counters.flatMap((client) => [client.post(`/api/stock-counts/${countId}/apply`, {}), client.post(`/api/stock-counts/${countId}/apply`, {})]);
    const answers = await Promise.all(applies);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    const moves = await ctx.database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.documentType, 'stock_count'), eq(stockMovements.documentId, countId)));
    expect(moves.map((m) => [m.delta, m.quantityAfter, m.reason])).toEqual([[-3, 7, 'count']]);
    const [level] = await ctx.database.db
      .select({ quantity: stockLevels.quantity })
      .from(stockLevels)
      .where(and(eq(stockLevels.outletId, shop.main.id), eq(stockLevels.variantId, shop.shirt.variantId)));
    expect(level?.quantity).toBe(7);
  });
});
