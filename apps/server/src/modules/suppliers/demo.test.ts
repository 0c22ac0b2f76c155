import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../db/execute.ts';
import { loadDemoCatalogue } from '../../seed/demo-catalogue.ts';
import { loadDemoPurchasing } from '../../seed/demo-purchasing.ts';
import { loadDemoSuppliers } from '../../seed/demo-suppliers.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await loadDemoCatalogue(ctx.database.db, ctx.dataDir, null);
}, 120_000);
afterAll(() => ctx.close());

describe('demo suppliers', () => {
  it('creates four suppliers linked to their categories’ products, once', async () => {
    await loadDemoSuppliers(ctx.database.db);
    await loadDemoSuppliers(ctx.database.db);
    const { client } = await ctx.signIn('administrator');
    const list = (await client.get('/api/suppliers')).json();
    expect(list.data.map((s: { companyName: string }) => s.companyName)).toEqual([
      'Golden Crust Bakery',
      'Green Valley Farms',
      'Northern Drinks Co.',
      'Threadline Apparel',
    ]);
    expect(list.data.every((s: { productCount: number }) => s.productCount > 0)).toBe(true);
    const drinks = list.data.find((s: { companyName: string }) => s.companyName === 'Northern Drinks Co.');
    const detail = (await client.get(`/api/suppliers/${drinks.id}/edit`)).json().data;
    const cola = detail.products.find((p: { productTitle: string }) => p.productTitle === 'Cola 330ml');
    expect(cola.supplierSku).toMatch(/^ND-\d{4}$/);
    expect(cola.cost).toBe(Math.round((cola.ourCost * 95) / 100));
  });
});

describe('demo catalogue', () => {
  it('has items out of stock but none below zero, as the demo shop does not sell below zero', async () => {
    const { client } = await ctx.signIn('administrator');
    expect((await client.get('/api/settings')).json().data.allowNegativeStock).toBe(false);
    const rows = await execute<{ below: number; out: number }>(
      ctx.database.db,
      sql`select count(*) filter (where quantity < 0)::int as below, count(*) filter (where quantity = 0)::int as out from stock_levels`,
    );
    expect(rows[0]).toMatchObject({ below: 0 });
    expect(rows[0]!.out).toBeGreaterThan(0);
  });
});

describe('demo purchasing', () => {
  it('makes a half-received goods order, a draft and a transfer in transit, once, through the ledger', async () => {
    await loadDemoSuppliers(ctx.database.db);
    const { client, user } = await ctx.signIn('administrator');
    expect(await loadDemoPurchasing(ctx.database.db, user.id)).not.toBeNull();
    expect(await loadDemoPurchasing(ctx.database.db, user.id)).toBeNull();
    const orders = (await client.get('/api/goods-orders?sort=number')).json().data;
    expect(orders.map((o: { status: string }) => o.status)).toEqual(['partially_received', 'draft']);
    expect(orders[0]).toMatchObject({ supplierName: 'Northern Drinks Co.', outletName: 'Main store' });
    expect(orders[0].receivedUnits).toBe(12 + 18);
    const transfers = (await client.get('/api/stock-transfers')).json().data;
    expect(transfers).toHaveLength(1);
    expect(transfers[0].status).toBe('sent');
    const moves = await execute<{ reason: string; units: number }>(
      ctx.database.db,
      sql`select reason, sum(delta)::int as units from stock_movements where reason in ('received', 'transfer') group by reason order by reason`,
    );
    expect(moves).toEqual([
      { reason: 'received', units: 30 },
      { reason: 'transfer', units: -6 },
    ]);
  });
});
