import { productListQuery } from '@tillbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, outlets } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { listProducts } from './list.ts';

/**
 * A stock-status page is read three ways (list.ts): by title, from the summary's own index in title
 * order (stockPageByTitle); otherwise the few matches sorted, or the sort order walked for the many
 * (STOCK_FIRST_LIMIT). All give the same pages — same rows, same order, same total — for every
 * status, outlet, sort, category and page.
 */
let ctx: TestContext;
let admin: TestClient;
let mainId: number;
let backId: number;
let foodId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.signIn('administrator')).client;
  const db = ctx.database.db;
  mainId = (await db.select().from(outlets))[0]!.id;
  backId = (await admin.post('/api/outlets/create', { name: 'Back store', code: 'BACK', active: true })).json().data.id;
  foodId = (await db.insert(categories).values({ name: 'Food' }).returning())[0]!.id;
  // 24 products: on hand 0–11 at Main, some at the back store, thresholds of their own or none.
  for (let i = 0; i < 24; i += 1) {
    const stock = [{ outletId: mainId, quantity: i % 12, lowStockThreshold: i % 3 === 0 ? null : i % 7 }];
    if (i % 4 === 0) stock.push({ outletId: backId, quantity: (i * 5) % 9, lowStockThreshold: null });
    const res = await admin.post('/api/products/create', {
      title: `Item ${String.fromCharCode(90 - i)}`,
      categoryIds: i % 2 ? [foodId] : [],
      trackStock: i !== 23,
      status: i === 22 ? 'archived' : 'active',
      variants: [{ sku: `ITEM-${i}`, price: 1000 - i * 7, cost: 10, stock }],
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => ctx.close());

describe('stock-status pages', () => {
  it('are the same whether read from the summary in title order, the matches sorted or the sort order walked', async () => {
    const db = ctx.database.db;
    let compared = 0;
    for (const stockStatus of ['in', 'low', 'out'] as const) {
      for (const outletId of [undefined, mainId, backId]) {
        for (const sort of ['title', '-title', '-price', 'createdAt']) {
          for (const extra of [{}, { categoryId: String(foodId) }, { status: 'all' }, { perPage: '3', page: '2' }]) {
            const filters = productListQuery.parse({ stockStatus, sort, ...extra, ...(outletId === undefined ? {} : { outletId: String(outletId) }) });
            const sorted = await listProducts(db, filters, 5, { withCost: false, stockFirstLimit: Number.MAX_SAFE_INTEGER, stockTitleIndex: false });
            const walked = await listProducts(db, filters, 5, { withCost: false, stockFirstLimit: 0, stockTitleIndex: false });
            const indexed = await listProducts(db, filters, 5, { withCost: false });
            expect(walked, JSON.stringify(filters)).toEqual(sorted);
            expect(indexed, JSON.stringify(filters)).toEqual(sorted);
            compared += sorted.data.length;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('answer the same over HTTP, with the count', async () => {
    const low = await admin.get(`/api/products?stockStatus=low&outletId=${mainId}&sort=title`);
    const direct = await listProducts(ctx.database.db, productListQuery.parse({ stockStatus: 'low', outletId: String(mainId), sort: 'title' }), 5, { withCost: true });
    expect(low.json()).toEqual(JSON.parse(JSON.stringify(direct)));
    expect(direct.data.length).toBeGreaterThan(0);
    expect((await admin.get(`/api/products/count?stockStatus=low&outletId=${mainId}`)).json().data.count).toBe(direct.meta.total);
  });
});
