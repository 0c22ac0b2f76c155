import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDrawer, saleBody, seedSaleShop, type SaleShop } from '../modules/orders/sale.fixtures.ts';
import { createTestContext, type TestContext } from '../testing/test-app.ts';
import { testDriver } from '../testing/test-database.ts';

const TOKEN = 'metrics-token-for-the-tests-0123';
let ctx: TestContext;
let shop: SaleShop;

beforeAll(async () => {
  ctx = await createTestContext({ metricsToken: TOKEN });
  shop = await seedSaleShop(ctx);
  await openDrawer(ctx.database.db, shop.till, shop.main.id, shop.cashierId);
});
afterAll(() => ctx.close());

const scrape = async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};
/** The value of one sample line, e.g. `tillbook_sales_total` or `name{label="x"}`; undefined when absent. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics', () => {
  it('answers 401 without the bearer token or with another one', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Unauthenticated.' });
    expect(wrong.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    // A signed-in administrator's session is not the token either.
    expect((await shop.admin.get('/metrics')).statusCode).toBe(401);
  });

  it('counts sales and their amount once per order, refunds, syncs and requests by route and status', async () => {
    const before = await scrape();
    const sale = saleBody(shop.till.id, [[shop.mug.variantId, 2]], 1600);
    const first = await shop.cashier.post('/api/orders/create', sale);
    expect(first.statusCode).toBe(201);
    // The same uuid again answers the first order (200): not a second sale.
    expect((await shop.cashier.post('/api/orders/create', sale)).statusCode).toBe(200);
    const second = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.shirt.variantId, 1]], 3000));
    expect(second.statusCode).toBe(201);
    const order = first.json().data as { id: number; lines: Array<{ id: number }> };
    const refund = await shop.admin.post(`/api/orders/${order.id}/refunds`, { reason: 'Chipped', lines: [{ orderLineId: order.lines[0]!.id, quantity: 1, restock: true }] });
    expect(refund.statusCode).toBe(201);
    expect((await shop.cashier.get('/api/products/sync')).statusCode).toBe(200);
    expect((await shop.cashier.post('/api/orders/create', { uuid: 'x' })).statusCode).toBe(422);

    const after = await scrape();
    const grew = (series: string) => (sample(after, series) ?? 0) - (sample(before, series) ?? 0);
    expect(grew('tillbook_sales_total')).toBe(2);
    expect(grew('tillbook_sales_amount_minor_total')).toBe(1600 + 3000);
    expect(grew('tillbook_refunds_total')).toBe(1);
    expect(grew('tillbook_refunds_amount_minor_total')).toBe(refund.json().data.total);
    expect(grew('tillbook_sync_requests_total{status="200"}')).toBe(1);
    expect(grew('tillbook_http_requests_total{method="POST",route="/api/orders/create",status="201"}')).toBe(2);
    expect(grew('tillbook_http_requests_total{method="POST",route="/api/orders/create",status="200"}')).toBe(1);
    expect(grew('tillbook_http_requests_total{method="POST",route="/api/orders/create",status="422"}')).toBe(1);
    expect(grew('tillbook_http_requests_total{method="POST",route="/api/orders/:id/refunds",status="201"}')).toBe(1);
    expect(grew('tillbook_http_request_duration_seconds_count{method="POST",route="/api/orders/create",status="201"}')).toBe(2);
    // An id in the path is one route, not one series per order.
    expect(after).not.toContain(`/api/orders/${order.id}/refunds`);
    expect(sample(after, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('reports the PostgreSQL pool in use, idle and waiting (none on PGlite, one connection in the process)', async () => {
    const text = await scrape();
    if (testDriver === 'postgres') {
      expect(sample(text, 'tillbook_db_pool_max{pool="main"}')).toBe(20);
      expect(sample(text, 'tillbook_db_pool_in_use{pool="main"}')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'tillbook_db_pool_idle{pool="main"}')).toBeGreaterThan(0);
      expect(sample(text, 'tillbook_db_pool_waiting{pool="main"}')).toBe(0);
    } else {
      expect(text).not.toContain('tillbook_db_pool');
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('answers 404 whatever is sent', async () => {
    const bare = await createTestContext();
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await bare.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Not found.' });
      }
    } finally {
      await bare.close();
    }
  });
});
