import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../db/execute.ts';
import { attributeOptions, attributes } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { multipartBody } from '../../testing/multipart.ts';
import { openDrawer, saleBody, seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';

/**
 * The stock summary per product and outlet (product_stock) against the stock levels it sums, after
 * random adjustments, sales, refunds, threshold edits, variants added and deleted, track-stock and
 * status changes, CSV rows, outlets opened and closed and changes of the shop's default threshold —
 * all through the API. After every few steps: each summary row says what the levels say, and the
 * product list's stock-status filters, its count and each row's stock answer what the request-time
 * sum over the levels (the list's computation before the summary) answers.
 */

let ctx: TestContext;
let shop: SaleShop;
let sizeId: number;
let sizeOptions: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  const db = ctx.database.db;
  await openDrawer(db, shop.till, shop.main.id, shop.cashierId);
  await openDrawer(db, shop.harbourTill, shop.harbour.id, shop.adminId);
  const [size] = await db.insert(attributes).values({ name: 'Size' }).returning();
  sizeId = size!.id;
  const options = await db
    .insert(attributeOptions)
    .values(['S', 'M', 'L', 'XL', 'XXL'].map((name, position) => ({ attributeId: sizeId, name, position })))
    .returning();
  sizeOptions = options.map((o) => o.id);
});
afterAll(() => ctx.close());

/** A small seeded generator (mulberry32): the same steps on every run. */
function randomOf(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, int, pick };
}

type Level = { outletId: number; quantity: number; lowStockThreshold: number | null };
type ProductForm = {
  id: number;
  title: string;
  description: string | null;
  categoryIds: number[];
  taxIds: number[];
  chargeIds: number[];
  attributeIds: number[];
  trackStock: boolean;
  status: 'active' | 'archived';
  variants: Array<{ id: number; optionIds: number[]; sku: string; barcode: string | null; price: number; cost: number; active: boolean; stock: Level[] }>;
};

async function upload(text: string) {
  const body = multipartBody('file', 'products.csv', 'text/csv', Buffer.from(text));
  return shop.admin.request('POST', '/api/products/upload', body.body, body.headers);
}

async function outletIds(): Promise<number[]> {
  const rows = await execute<{ id: number }>(ctx.database.db, sql`select id from outlets order by id`);
  return rows.map((r) => r.id);
}

async function productIds(): Promise<number[]> {
  const rows = await execute<{ id: number }>(ctx.database.db, sql`select id from products order by id`);
  return rows.map((r) => r.id);
}

async function defaultThreshold(): Promise<number> {
  return (await shop.admin.get('/api/settings')).json().data.defaultLowStockThreshold;
}

/** The list's figures as it summed them at request time (before the summary): on hand, and the low level at default `d`. */
async function expectedStock(outletId: number | null, d: number) {
  const outlet = outletId === null ? sql`` : sql` and sl.outlet_id = ${outletId}`;
  const rows = await execute<{ id: number; track_stock: boolean; status: string; qty: string; low: string }>(
    ctx.database.db,
    sql`select p.id, p.track_stock, p.status, st.qty, st.low from products p cross join lateral (
          select coalesce(sum(sl.quantity), 0)::bigint as qty, coalesce(sum(coalesce(sl.low_stock_threshold, ${d}::bigint)), 0)::bigint as low
          from product_variants sv left join stock_levels sl on sl.variant_id = sv.id${outlet}
          where sv.product_id = p.id) st
        order by p.id`,
  );
  return rows.map((r) => {
    const qty = Number(r.qty);
    const low = Number(r.low);
    const stockStatus = !r.track_stock ? null : qty <= 0 ? 'out' : qty <= low ? 'low' : 'in';
    return { id: r.id, status: r.status, trackStock: r.track_stock, qty, low, stockStatus };
  });
}

async function checkSummary(step: string) {
  const db = ctx.database.db;
  const d = await defaultThreshold();
  const summary = await execute<{ product_id: number; outlet_id: number; tracked: boolean; product_status: string; quantity: string; threshold_sum: string; default_count: number }>(
    db,
    sql`select product_id, outlet_id, tracked, product_status, quantity, threshold_sum, default_count from product_stock order by product_id, outlet_id`,
  );
  const outlets = await outletIds();
  const products = await productIds();
  // One row per product and outlet, and one for all outlets (0); none for outlets that are gone.
  expect(summary.map((r) => `${r.product_id}/${r.outlet_id}`), step).toEqual(products.flatMap((p) => [0, ...outlets].map((o) => `${p}/${o}`)));
  for (const outletId of [null, ...outlets]) {
    // The low level at two defaults fixes both the own thresholds' sum and the count on the default.
    for (const at of [d, d + 7]) {
      const expected = await expectedStock(outletId, at);
      const actual = summary
        .filter((r) => r.outlet_id === (outletId ?? 0))
        .map((r) => ({
          id: r.product_id,
          status: r.product_status,
          trackStock: r.tracked,
          qty: Number(r.quantity),
          low: Number(r.threshold_sum) + r.default_count * at,
        }));
      expect(actual, `${step}: summary at outlet ${outletId ?? 'all'}, default ${at}`).toEqual(
        expected.map(({ id, status, trackStock, qty, low }) => ({ id, status, trackStock, qty, low })),
      );
    }
  }
}

async function checkFilters(step: string) {
  const d = await defaultThreshold();
  for (const outletId of [null, ...(await outletIds())]) {
    const expected = await expectedStock(outletId, d);
    const at = outletId === null ? '' : `&outletId=${outletId}`;
    for (const stockStatus of ['in', 'low', 'out'] as const) {
      for (const status of ['active', 'all'] as const) {
        const query = `stockStatus=${stockStatus}&status=${status}${at}`;
        const want = expected.filter((p) => p.stockStatus === stockStatus && (status === 'all' || p.status === status));
        const list = await shop.admin.get(`/api/products?${query}&perPage=100&sort=createdAt`);
        expect(list.statusCode, list.body).toBe(200);
        const rows = list.json().data as Array<{ id: number; stock: number | null; stockStatus: string | null }>;
        expect(rows.map((r) => r.id).sort((a, b) => a - b), `${step}: ${query}`).toEqual(want.map((p) => p.id));
        for (const row of rows) {
          const p = want.find((w) => w.id === row.id)!;
          expect({ stock: row.stock, stockStatus: row.stockStatus }, `${step}: ${query}, product ${row.id}`).toEqual({ stock: p.qty, stockStatus });
        }
        const count = await shop.admin.get(`/api/products/count?${query}`);
        expect(count.json().data.count, `${step}: count ${query}`).toBe(want.length);
      }
    }
  }
  // Every row of the unfiltered list shows the stock and status the levels give.
  const all = await expectedStock(null, d);
  const rows = (await shop.admin.get('/api/products?status=all&perPage=100')).json().data as Array<{ id: number; stock: number | null; stockStatus: string | null }>;
  for (const row of rows) {
    const p = all.find((w) => w.id === row.id)!;
    expect({ stock: row.stock, stockStatus: row.stockStatus }, `${step}: list, product ${row.id}`).toEqual({ stock: p.trackStock ? p.qty : null, stockStatus: p.stockStatus });
  }
}

describe('the stock summary per product and outlet', () => {
  it('equals what the stock levels say after random moves, edits, imports and outlet changes, and the stock-status filters answer as before', async () => {
    const random = randomOf(20261126);
    const db = ctx.database.db;
    const sales: Array<{ id: number; lines: Array<{ id: number; quantity: number }> }> = [];
    let extraOutlet: number | null = null;
    let outletNumber = 0;

    // A few products of our own: without taxes, so a sale's total is the sum of its prices.
    const created: number[] = [];
    const withSizes: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const sized = i % 2 === 0;
      const res = await shop.admin.post('/api/products/create', {
        title: `Product ${i}`,
        trackStock: i !== 5,
        attributeIds: sized ? [sizeId] : [],
        variants: (sized ? sizeOptions.slice(0, 2 + (i % 3)) : [null]).map((option, k) => ({
          optionIds: option === null ? [] : [option],
          sku: `P${i}-${k}`,
          price: 100 + i * 10 + k,
          cost: 50,
          stock: i === 5 ? [] : [{ outletId: k % 2 ? shop.harbour.id : shop.main.id, quantity: random.int(0, 12), lowStockThreshold: random.next() < 0.5 ? null : random.int(0, 8) }],
        })),
      });
      expect(res.statusCode, res.body).toBe(201);
      created.push(res.json().data.id);
      if (sized) withSizes.push(res.json().data.id);
    }
    await checkSummary('created');
    await checkFilters('created');

    const form = async (id: number): Promise<ProductForm> => (await shop.admin.get(`/api/products/${id}/edit`)).json().data;
    const save = async (p: ProductForm) => {
      const res = await shop.admin.put(`/api/products/${p.id}/edit`, p);
      expect(res.statusCode, res.body).toBe(200);
    };
    const randomVariant = async () => {
      const p = await form(random.pick(created));
      return { p, v: random.pick(p.variants) };
    };

    const steps: Record<string, () => Promise<void>> = {
      adjust: async () => {
        const { p, v } = await randomVariant();
        const outletId = random.pick(await outletIds());
        const mode = random.pick(['add', 'remove', 'set'] as const);
        const res = await shop.admin.post(`/api/products/${p.id}/stock`, { variantId: v.id, outletId, mode, quantity: random.int(0, 9), note: 'Property test' });
        expect([200, 422], res.body).toContain(res.statusCode);
      },
      sell: async () => {
        const atHarbour = random.next() < 0.4;
        const lines = new Map<number, { price: number; quantity: number }>();
        for (let n = random.int(1, 3); n > 0; n -= 1) {
          const { v } = await randomVariant();
          lines.set(v.id, { price: v.price, quantity: random.int(1, 3) });
        }
        const total = [...lines.values()].reduce((sum, l) => sum + l.price * l.quantity, 0);
        const body = saleBody(atHarbour ? shop.harbourTill.id : shop.till.id, [...lines].map(([id, l]) => [id, l.quantity]), total);
        const res = await (atHarbour ? shop.admin : shop.cashier).post('/api/orders/create', body);
        expect([201, 422], res.body).toContain(res.statusCode);
        if (res.statusCode === 201) {
          const order = res.json().data;
          sales.push({ id: order.id, lines: order.lines.map((l: { id: number; quantity: number }) => ({ id: l.id, quantity: l.quantity })) });
        }
      },
      refund: async () => {
        if (!sales.length) return;
        const sale = random.pick(sales);
        const line = random.pick(sale.lines);
        const res = await shop.admin.post(`/api/orders/${sale.id}/refunds`, { reason: 'Returned', lines: [{ orderLineId: line.id, quantity: 1, restock: random.next() < 0.8 }] });
        expect([201, 422], res.body).toContain(res.statusCode);
      },
      threshold: async () => {
        const { p, v } = await randomVariant();
        const outletId = random.pick(await outletIds());
        const lowStockThreshold = random.next() < 0.3 ? null : random.int(0, 10);
        const others = v.stock.filter((s) => s.outletId !== outletId);
        v.stock = [...others, { outletId, quantity: 0, lowStockThreshold }];
        await save(p);
      },
      addVariant: async () => {
        const p = await form(random.pick(withSizes));
        const free = sizeOptions.filter((o) => !p.variants.some((v) => v.optionIds.includes(o)));
        if (!free.length) return;
        const option = random.pick(free);
        const variants = [...p.variants, { optionIds: [option], sku: `N-${p.id}-${option}`, price: 120, cost: 50, stock: [] as Level[] }];
        await save({ ...p, variants: variants as ProductForm['variants'] });
      },
      deleteVariant: async () => {
        const p = await form(random.pick(withSizes));
        if (p.variants.length < 2) return;
        const gone = random.pick(p.variants);
        await save({ ...p, variants: p.variants.filter((v) => v.id !== gone.id) });
      },
      trackOrStatus: async () => {
        const p = await form(random.pick(created));
        if (random.next() < 0.5) await save({ ...p, trackStock: !p.trackStock });
        else {
          const res = await shop.admin.post('/api/products/update', { ids: [p.id], action: p.status === 'active' ? 'archive' : 'activate' });
          expect(res.statusCode, res.body).toBe(200);
        }
      },
      csv: async () => {
        const { p, v } = await randomVariant();
        const header = 'sku,low_stock_threshold,stock';
        const row = p.trackStock ? `${v.sku},${random.int(0, 9)},${random.int(0, 20)}` : `${v.sku},,`;
        const fresh = `CSV-${random.int(1, 1_000_000)}`;
        const text = `${header}\n${row}\n`;
        const update = await upload(text);
        expect(update.statusCode, update.body).toBe(200);
        const create = await upload(`title,sku,price,stock,low_stock_threshold\nImported ${fresh},${fresh},250,${random.int(0, 6)},${random.next() < 0.5 ? '' : random.int(0, 5)}\n`);
        expect(create.statusCode, create.body).toBe(200);
        expect(create.json().data.failed).toEqual([]);
        created.push(...(await execute<{ id: number }>(db, sql`select product_id as id from product_variants where sku = ${fresh}`)).map((r) => r.id));
      },
      outlet: async () => {
        if (extraOutlet === null) {
          outletNumber += 1;
          const res = await shop.admin.post('/api/outlets/create', { name: `Pop-up ${outletNumber}`, code: `POP${outletNumber}`, active: true });
          expect(res.statusCode, res.body).toBe(201);
          extraOutlet = res.json().data.id;
        } else {
          const res = await shop.admin.delete(`/api/outlets/${extraOutlet}`);
          // An outlet that holds stock stays (409); an empty one goes, and its summary rows with it.
          expect([204, 409], res.body).toContain(res.statusCode);
          if (res.statusCode === 204) extraOutlet = null;
        }
      },
      defaultThreshold: async () => {
        const settings = (await shop.admin.get('/api/settings')).json().data;
        const res = await shop.admin.put('/api/settings/products', {
          defaultTaxIds: settings.defaultTaxIds,
          skuPattern: settings.skuPattern,
          defaultLowStockThreshold: random.int(0, 12),
          allowNegativeStock: random.next() < 0.5,
        });
        expect(res.statusCode, res.body).toBe(200);
      },
    };

    // Moves more often than edits: sales, refunds and adjustments twice as likely.
    const names = [...Object.keys(steps), 'sell', 'refund', 'adjust'];
    const ledgerRows = async () => Number((await execute<{ n: string }>(db, sql`select count(*) as n from stock_movements`))[0]!.n);
    const moved = new Map<string, number>();
    for (let step = 1; step <= 72; step += 1) {
      const name = random.pick(names);
      const before = await ledgerRows();
      await steps[name]!();
      moved.set(name, (moved.get(name) ?? 0) + (await ledgerRows()) - before);
      if (step % 6 === 0) {
        await checkSummary(`step ${step} (${name})`);
        await checkFilters(`step ${step} (${name})`);
      }
    }
    // The run moved stock by adjustments, sales, refunds and CSV rows, and sold at both outlets.
    for (const name of ['adjust', 'sell', 'refund', 'csv']) expect(moved.get(name), name).toBeGreaterThan(0);
    expect(outletNumber, 'outlets opened').toBeGreaterThan(0);
    // An outlet opened and closed again with nothing in it: every product is out there, then its rows go.
    const popUp = await shop.admin.post('/api/outlets/create', { name: 'Pop-up last', code: 'POPLAST', active: true });
    expect(popUp.statusCode, popUp.body).toBe(201);
    await checkSummary('outlet opened');
    await checkFilters('outlet opened');
    expect((await shop.admin.delete(`/api/outlets/${popUp.json().data.id}`)).statusCode).toBe(204);
    await checkSummary('outlet closed');
    // The rebuild finds nothing to change.
    const before = await execute(db, sql`select * from product_stock order by product_id, outlet_id`);
    await execute(db, sql`select rebuild_product_stock()`);
    expect(await execute(db, sql`select * from product_stock order by product_id, outlet_id`)).toEqual(before);
    // About 20 s on an idle two-core machine: some 90 steps and checks of every filter at every outlet.
  }, 240_000);
});
