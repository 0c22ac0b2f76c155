import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../db/execute.ts';
import { loadDemoCatalogue } from '../../seed/demo-catalogue.ts';
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
