import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../db/execute.ts';
import { attributeOptions, attributes } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { openDrawer, saleBody, seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';

// PostgreSQL only (vitest.config.ts): sales at the same time need connections at the same time.
let ctx: TestContext;
let shop: SaleShop;
/** Variant ids in the order a1 < b1 < b2 < a2: product A's variants on both sides of product B's. */
let a1: number;
let a2: number;
let b1: number;
let b2: number;

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  const db = ctx.database.db;
  await openDrawer(db, shop.till, shop.main.id, shop.cashierId);
  await openDrawer(db, shop.harbourTill, shop.harbour.id, shop.adminId);
  const [size] = await db.insert(attributes).values({ name: 'Size' }).returning();
  const [s, m] = await db.insert(attributeOptions).values(['S', 'M'].map((name, position) => ({ attributeId: size!.id, name, position }))).returning();
  const stock = [shop.main.id, shop.harbour.id].map((outletId) => ({ outletId, quantity: 1000, lowStockThreshold: null }));
  const create = async (title: string, options: number[]) => {
    const res = await shop.admin.post('/api/products/create', {
      title,
      attributeIds: [size!.id],
      variants: options.map((o, k) => ({ optionIds: [o], sku: `${title}-${k}`, price: 100, cost: 40, stock })),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const a = await create('A', [s!.id]);
  const b = await create('B', [s!.id, m!.id]);
  const edit = (await shop.admin.get(`/api/products/${a.id}/edit`)).json().data;
  edit.variants.push({ optionIds: [m!.id], sku: 'A-1', price: 100, cost: 40, stock });
  const saved = await shop.admin.put(`/api/products/${a.id}/edit`, edit);
  expect(saved.statusCode, saved.body).toBe(200);
  a1 = a.variants[0].id;
  [b1, b2] = b.variants.map((v: { id: number }) => v.id);
  a2 = saved.json().data.variants.find((v: { id: number }) => v.id !== a1).id;
  expect(a1 < b1 && b1 < b2 && b2 < a2).toBe(true);
  // An edit keeps quantities as they are: the new variant's stock comes through the ledger.
  for (const outletId of [shop.main.id, shop.harbour.id]) {
    const res = await shop.admin.post(`/api/products/${a.id}/stock`, { variantId: a2, outletId, mode: 'set', quantity: 1000, note: 'Opening stock' });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => ctx.close());

/** Each summary row against its levels (the rows of outlet 0 against all levels). */
async function summaryDrift(): Promise<unknown[]> {
  return execute(
    ctx.database.db,
    sql`select ps.product_id, ps.outlet_id, ps.quantity, l.quantity as levels
        from product_stock ps cross join lateral (
          select coalesce(sum(sl.quantity), 0)::bigint as quantity from product_variants v join stock_levels sl on sl.variant_id = v.id
          where v.product_id = ps.product_id and (ps.outlet_id = 0 or sl.outlet_id = ps.outlet_id)) l
        where ps.quantity <> l.quantity`,
  );
}

describe('sales of the same products at the same time', () => {
  it('never deadlock when their variants come in opposite product orders, and the summary adds up', async () => {
    // At Main: a1 (A) then b2 (B); at Harbour Road: b1 (B) then a2 (A). Different levels, the same
    // products' summary rows (each product's all-outlets row): locked by variant they would cross.
    for (let round = 0; round < 25; round += 1) {
      const answers = await Promise.all([
        shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[a1, 1], [b2, 1]], 200)),
        shop.admin.post('/api/orders/create', saleBody(shop.harbourTill.id, [[b1, 1], [a2, 1]], 200)),
        shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[b2, 1], [a1, 1]], 200)),
        shop.admin.post('/api/orders/create', saleBody(shop.harbourTill.id, [[a2, 1], [b1, 1]], 200)),
      ]);
      expect(answers.map((res) => res.statusCode), answers.map((res) => res.body).join('\n')).toEqual([201, 201, 201, 201]);
    }
    expect(await summaryDrift()).toEqual([]);
  });

  it('never deadlock when many moves of overlapping products run at once, first levels at an outlet among them', async () => {
    const db = ctx.database.db;
    const [pop] = await execute<{ id: number }>(db, sql`insert into outlets (name, code) values ('Pop-up', 'POP') returning id`);
    const outlets = [shop.main.id, shop.harbour.id, pop!.id];
    const variants = [a1, b1, b2, a2];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const moves = Array.from({ length: 60 }, () => {
      const picked = variants.filter(() => next() < 0.6);
      const changes = (picked.length ? picked : [a1, a2]).map((id) => ({ variant_id: id, delta: next() < 0.5 ? -1 : 2 }));
      if (next() < 0.5) changes.reverse();
      const outletId = outlets[Math.floor(next() * outlets.length)]!;
      return execute(db, sql`select * from move_stock(${outletId}::int, ${JSON.stringify(changes)}::jsonb, 'adjustment', 'Concurrency test', null, null, null)`);
    });
    await Promise.all(moves);
    expect(await summaryDrift()).toEqual([]);
    // The first levels at the pop-up outlet changed what the products count on the default threshold.
    const defaults = await execute<{ product_id: number; default_count: number; expected: number }>(
      db,
      sql`select ps.product_id, ps.default_count, (select count(*) from stock_levels sl join product_variants v on v.id = sl.variant_id
            where v.product_id = ps.product_id and sl.low_stock_threshold is null)::int as expected
          from product_stock ps where ps.outlet_id = 0 and ps.product_id in (select product_id from product_variants where id = any(${`{${variants.join(',')}}`}::int[]))`,
    );
    for (const row of defaults) expect(row.default_count, `product ${row.product_id}`).toBe(row.expected);
  });
});
