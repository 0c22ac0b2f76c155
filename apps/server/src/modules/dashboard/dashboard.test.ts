import type { Dashboard } from '@tillbook/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../db/execute.ts';
import { categories, productCategories, stockLevels } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { rebuildSummaries } from '../analytics/service.ts';
import { changeOf } from '../analytics/service.ts';
import { openDrawer, saleBody, seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Sold = { id: number; number: string; lines: Array<{ id: number; variantId: number }> };

const cardsOf = (dashboard: Dashboard) => Object.fromEntries(dashboard.cards.map((c) => [c.key, { value: c.value, previous: c.previous, change: c.change }]));
const sumOf = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('the change against last week', () => {
  it('is in hundredths of a per cent, rounded half up, against the size of what it is compared with', () => {
    expect(changeOf(5800, 2500)).toBe(13_200);
    expect(changeOf(3800, 3000)).toBe(2667);
    expect(changeOf(1, 3)).toBe(-6667);
    expect(changeOf(1, 8)).toBe(-8750);
    expect(changeOf(50, -100)).toBe(15_000);
    expect(changeOf(100, 0)).toBeNull();
    expect(changeOf(null, 100)).toBeNull();
    expect(changeOf(100, null)).toBeNull();
  });
});

describe('the dashboard of a new shop', () => {
  it('answers zeros and empty lists for today and the same weekday last week', async () => {
    const { client } = await ctx.signIn('administrator');
    const res = await client.get('/api/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const data: Dashboard = res.json().data;
    const [shopDay] = await execute<{ today: string }>(ctx.database.db, sql`select to_char((now() at time zone shop_time_zone())::date, 'YYYY-MM-DD') as today`);
    const today = shopDay?.today;
    expect(data.date).toBe(today);
    expect(Date.parse(`${data.date}T00:00:00Z`) - Date.parse(`${data.comparedWith}T00:00:00Z`)).toBe(7 * 86_400_000);
    expect(data.outletId).toBeNull();
    expect(data.cards.map((c) => [c.key, c.label, c.kind])).toEqual([
      ['netSales', 'Net sales', 'money'],
      ['orders', 'Orders', 'count'],
      ['averageBasket', 'Average basket', 'money'],
      ['itemsPerBasket', 'Items per basket', 'decimal2'],
      ['refunds', 'Refunds', 'money'],
      ['grossProfit', 'Gross profit', 'money'],
    ]);
    expect(cardsOf(data)).toEqual({
      netSales: { value: 0, previous: 0, change: null },
      orders: { value: 0, previous: 0, change: null },
      averageBasket: { value: null, previous: null, change: null },
      itemsPerBasket: { value: null, previous: null, change: null },
      refunds: { value: 0, previous: 0, change: null },
      grossProfit: { value: 0, previous: 0, change: null },
    });
    expect(data.hourly).toEqual(Array.from({ length: 24 }, (_, hour) => ({ hour, today: 0, compared: 0 })));
    expect(data).toMatchObject({ topProducts: [], topCategories: [], lowStock: [], openDrawers: [], lastOrders: [] });
  });
});

describe('the dashboard of a shop that sells', () => {
  let shop: SaleShop;
  let tillSession: number;
  let harbourSession: number;
  let first: Sold;
  let second: Sold;

  const dashboard = async (query = ''): Promise<Dashboard> => {
    const res = await shop.admin.get(`/api/dashboard${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  async function sell(lines: Array<[number, number]>, total: number, overrides: Record<string, unknown> = {}): Promise<Sold> {
    const res = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, lines, total, overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }

  beforeAll(async () => {
    shop = await seedSaleShop(ctx);
    const db = ctx.database.db;
    tillSession = await openDrawer(db, shop.till, shop.main.id, shop.cashierId, 10_000);
    harbourSession = await openDrawer(db, shop.harbourTill, shop.harbour.id, shop.adminId, 5_000);
    const [clothing] = await db.insert(categories).values({ name: 'Clothing' }).returning({ id: categories.id });
    await db.insert(productCategories).values({ productId: shop.shirt.productId, categoryId: clothing!.id });
    // Shirt 25.00 + 20 % tax = 30.00 (cost 11.00); mug 8.00, no tax (cost 3.00).
    first = await sell([[shop.shirt.variantId, 2], [shop.mug.variantId, 1]], 6800);
    second = await sell([[shop.mug.variantId, 1]], 800);
    const refunded = await shop.admin.post(`/api/orders/${second.id}/refunds`, {
      reason: 'Chipped',
      lines: [{ orderLineId: second.lines[0]!.id, quantity: 1, restock: false }],
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
  });

  it('is for administrators only: a cashier gets 403', async () => {
    expect((await shop.cashier.get('/api/dashboard')).statusCode).toBe(403);
    expect((await shop.cashier.get(`/api/dashboard?outlet=${shop.main.id}`)).statusCode).toBe(403);
  });

  it('refuses an outlet that is not an id with a message on the field', async () => {
    const res = await shop.admin.get('/api/dashboard?outlet=main');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['outlet']);
  });

  it('shows today’s two sales and the refund to the cent', async () => {
    const data = await dashboard();
    // Net 50.00 + 8.00 + 8.00 − 8.00 refunded; paid 68.00 + 8.00 over 2 orders of 3 and 1 items;
    // profit: costed net 66.00 − cost 28.00, less the refunded mug's 8.00 − 3.00.
    expect(cardsOf(data)).toEqual({
      netSales: { value: 5800, previous: 0, change: null },
      orders: { value: 2, previous: 0, change: null },
      averageBasket: { value: 3800, previous: null, change: null },
      itemsPerBasket: { value: 200, previous: null, change: null },
      refunds: { value: 800, previous: 0, change: null },
      grossProfit: { value: 3300, previous: 0, change: null },
    });
    expect(sumOf(data.hourly.map((h) => h.today))).toBe(5800);
    expect(sumOf(data.hourly.map((h) => h.compared))).toBe(0);
    expect(data.topProducts).toEqual([
      { productId: shop.shirt.productId, title: 'Linen shirt', units: 2, netSales: 5000 },
      { productId: shop.mug.productId, title: 'Mug', units: 1, netSales: 800 },
    ]);
    expect(data.topCategories).toEqual([
      { categoryId: expect.any(Number), name: 'Clothing', units: 2, netSales: 5000 },
      { categoryId: null, name: 'Uncategorised', units: 1, netSales: 800 },
    ]);
    expect(data.lastOrders.map((o) => [o.id, o.number, o.total, o.status, o.customerName])).toEqual([
      [second.id, second.number, 800, 'refunded', null],
      [first.id, first.number, 6800, 'paid', null],
    ]);
  });

  it('lists the open drawers with the cash they should hold', async () => {
    const data = await dashboard();
    const till = data.openDrawers.find((d) => d.sessionId === tillSession);
    const harbour = data.openDrawers.find((d) => d.sessionId === harbourSession);
    // Float 100.00 + 68.00 + 8.00 taken − 8.00 paid back on the refund.
    expect(till).toMatchObject({ registerName: 'Till 1', outletName: 'Main store', expectedCash: 16_800 });
    expect(till?.cashierName).toMatch(/^Test cashier/);
    expect(Date.parse(till?.openedAt ?? '')).not.toBeNaN();
    expect(harbour).toMatchObject({ registerName: 'Harbour till', outletName: 'Harbour Road', expectedCash: 5_000 });
    expect(data.openDrawers).toHaveLength(2);
    const status = (await shop.admin.get(`/api/cashbox/status?register=${shop.till.id}`)).json().data;
    expect(status.session.expectedCash).toBe(till?.expectedCash);
  });

  it('lists variants at or below their threshold, lowest first', async () => {
    // The mug: 5 − 2 sold (the refund did not restock) = 3, at or below the shop's default of 5.
    // The shirt: 10 − 2 = 8, above 5 until Main store's own threshold says 8.
    expect((await dashboard()).lowStock.map((s) => [s.sku, s.quantity, s.threshold])).toEqual([['MUG-1', 3, 5]]);
    await ctx.database.db
      .update(stockLevels)
      .set({ lowStockThreshold: 8 })
      .where(and(eq(stockLevels.variantId, shop.shirt.variantId), eq(stockLevels.outletId, shop.main.id)));
    expect((await dashboard()).lowStock).toEqual([
      { productId: shop.mug.productId, variantId: shop.mug.variantId, title: 'Mug', variantName: '', sku: 'MUG-1', outletName: 'Main store', quantity: 3, threshold: 5 },
      { productId: shop.shirt.productId, variantId: shop.shirt.variantId, title: 'Linen shirt', variantName: 'M / Blue', sku: 'SHIRT-M-BLUE', outletName: 'Main store', quantity: 8, threshold: 8 },
    ]);
  });

  it('keeps to the chosen outlet', async () => {
    const harbour = await dashboard(`?outlet=${shop.harbour.id}`);
    expect(harbour.outletId).toBe(shop.harbour.id);
    expect(cardsOf(harbour).netSales).toEqual({ value: 0, previous: 0, change: null });
    expect(cardsOf(harbour).orders).toEqual({ value: 0, previous: 0, change: null });
    expect(harbour).toMatchObject({ topProducts: [], topCategories: [], lowStock: [], lastOrders: [] });
    expect(harbour.openDrawers.map((d) => d.sessionId)).toEqual([harbourSession]);

    const main = await dashboard(`?outlet=${shop.main.id}`);
    expect(cardsOf(main).netSales?.value).toBe(5800);
    expect(main.lastOrders).toHaveLength(2);
    expect(main.lowStock).toHaveLength(2);
    expect(main.openDrawers.map((d) => d.sessionId)).toEqual([tillSession]);
  });

  it('compares with the same weekday last week', async () => {
    // A card sale of one shirt (net 25.00, paid 30.00), moved a week back; the summaries rebuilt from the orders.
    const old = await sell([[shop.shirt.variantId, 1]], 3000, { payments: [{ tender: 'card', amount: 3000 }] });
    await ctx.database.db.execute(sql`update orders set created_at = created_at - interval '7 days' where id = ${old.id}`);
    await rebuildSummaries(ctx.database.db);
    const data = await dashboard();
    expect(cardsOf(data)).toEqual({
      netSales: { value: 5800, previous: 2500, change: 13_200 },
      orders: { value: 2, previous: 1, change: 10_000 },
      averageBasket: { value: 3800, previous: 3000, change: 2667 },
      itemsPerBasket: { value: 200, previous: 100, change: 10_000 },
      refunds: { value: 800, previous: 0, change: null },
      // Last week: 25.00 − 11.00.
      grossProfit: { value: 3300, previous: 1400, change: 13_571 },
    });
    expect(sumOf(data.hourly.map((h) => h.compared))).toBe(2500);
    expect(sumOf(data.hourly.map((h) => h.today))).toBe(5800);
    // The sale of last week is not today's: the top products stay today's.
    expect(data.topProducts.map((p) => [p.title, p.units, p.netSales])).toEqual([
      ['Linen shirt', 2, 5000],
      ['Mug', 1, 800],
    ]);
    // The old sale was paid by card: the drawer's expected cash is unchanged.
    expect(data.openDrawers.find((d) => d.sessionId === tillSession)?.expectedCash).toBe(16_800);
  });

  it('names a deleted product "Removed item"', async () => {
    const db = ctx.database.db;
    await db.execute(sql`delete from stock_levels where variant_id = ${shop.mug.variantId}`);
    await db.execute(sql`delete from stock_movements where variant_id = ${shop.mug.variantId}`);
    await db.execute(sql`delete from products where id = ${shop.mug.productId}`);
    const data = await dashboard();
    expect(data.topProducts.map((p) => [p.productId, p.title, p.units, p.netSales])).toEqual([
      [shop.shirt.productId, 'Linen shirt', 2, 5000],
      [null, 'Removed item', 1, 800],
    ]);
  });
});
