import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureShopBasics } from '../../seed/bootstrap.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { openDrawer, saleBody, seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';

// REPORTS_DATABASE_URL (docs/operations.md, Read replica): the reports and their exports read the
// replica; everything else the main database. Here the "replica" is a database of its own that
// never receives the sale, so what each answer shows tells which database it read.
let replica: TestDatabase;
let ctx: TestContext;
let shop: SaleShop;

beforeAll(async () => {
  replica = await createTestDatabase();
  await ensureShopBasics(replica.db);
  ctx = await createTestContext({ reportsDatabase: replica });
  shop = await seedSaleShop(ctx);
  await openDrawer(ctx.database.db, shop.till, shop.main.id, shop.cashierId);
  const sold = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800));
  expect(sold.statusCode, sold.body).toBe(201);
});
afterAll(async () => {
  await ctx.close();
  await replica.drop();
});

describe('with a reports database', () => {
  it('the dashboard reads it, while the order list reads the main database', async () => {
    const dashboard = await shop.admin.get('/api/dashboard');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().data).toMatchObject({ lastOrders: [], openDrawers: [] });
    const orders = await shop.admin.get('/api/orders');
    expect(orders.json().meta.total).toBe(1);
  });

  it("the stock ledger's export reads it, while the ledger's page reads the main database", async () => {
    const page = await shop.admin.get('/api/stock-movements');
    expect(page.json().data.some((row: { reason: string }) => row.reason === 'sale')).toBe(true);
    const csv = await shop.admin.get('/api/stock-movements/export');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(1);
  });

  it('the reports and their CSV read it', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const range = `report=orders&from=${day(-1)}&to=${day(1)}`;
    const report = await shop.admin.get(`/api/analytics?${range}`);
    expect(report.statusCode, report.body).toBe(200);
    // The orders report over the sale's day, from a database without it: every total is nought.
    const totals = Object.values(report.json().data.totals as Record<string, unknown>);
    expect(totals.length).toBeGreaterThan(0);
    expect(totals.filter((value) => typeof value === 'number' && value !== 0)).toEqual([]);
    const csv = await shop.admin.get(`/api/analytics?${range}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('MAIN-000001');
  });
});
