import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { additionalCharges, categories, outlets, taxes, users } from '../../db/schema/index.ts';
import { multipartBody } from '../../testing/multipart.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { syncPage, syncPages } from './sync.fixtures.ts';

let ctx: TestContext;
let admin: TestClient;
let cashier: TestClient;
let mainId: number;
let backId: number;
let drinksId: number;
let vatId: number;
let depositId: number;
let counter = 0;

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.signIn('administrator')).client;
  const signedCashier = await ctx.signIn('cashier');
  cashier = signedCashier.client;
  const db = ctx.database.db;
  mainId = (await db.select().from(outlets))[0]!.id;
  // The cashier works at the main outlet: a register syncs only its own outlet's stock.
  await db.update(users).set({ outletId: mainId }).where(eq(users.id, signedCashier.user.id));
  backId = (await db.insert(outlets).values({ name: 'Back store', code: 'BACK' }).returning())[0]!.id;
  drinksId = (await db.insert(categories).values({ name: 'Drinks', colour: '#4f46e5', position: 2 }).returning())[0]!.id;
  await db.insert(categories).values({ name: 'Retired', active: false });
  vatId = (await db.insert(taxes).values({ name: 'VAT 7.5', rateE4: 75000, isInclusive: true }).returning())[0]!.id;
  await db.insert(taxes).values({ name: 'Old tax', rateE4: 10000, active: false });
  depositId = (await db.insert(additionalCharges).values({ name: 'Deposit', kind: 'fixed', amount: 25, per: 'unit' }).returning())[0]!.id;
});
afterAll(() => ctx.close());

const syncAll = (since?: string, limit = 500, client = admin, options = { settle: true }) =>
  syncPages(ctx, client, { since, limit, outletId: mainId }, options);
const sync = (client: TestClient, query: Record<string, string | number> = {}, options = { settle: true }) => syncPage(ctx, client, query, options);

async function createProduct(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const res = await admin.post('/api/products/create', {
    title: `Sync product ${counter}`,
    categoryIds: [drinksId],
    taxIds: [vatId],
    chargeIds: [depositId],
    variants: [{ price: 100 + counter, cost: 40, stock: [{ outletId: mainId, quantity: 10, lowStockThreshold: 3 }, { outletId: backId, quantity: 4, lowStockThreshold: null }] }],
    ...overrides,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; variants: Array<{ id: number }> };
}

describe('full sync', () => {
  it('pages through every product once, archived ones with their status', async () => {
    const created: Array<{ id: number }> = [];
    for (let i = 0; i < 30; i += 1) created.push(await createProduct(i === 3 ? { status: 'archived' } : {}));
    const { pages, products } = await syncAll(undefined, 7);
    expect(pages.length).toBeGreaterThanOrEqual(5);
    // The copy's pages are full but for its last; the changes made since it began follow, then nothing is waiting.
    const copy = pages.filter((p) => p.products.length > 0);
    expect(copy.slice(0, -1).every((p) => p.products.length === 7 && p.hasMore)).toBe(true);
    expect(pages.at(-1)!.hasMore).toBe(false);
    const ids = products.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(created.map((p) => p.id)));
    expect(products.find((p) => p.id === created[3]!.id)?.status).toBe('archived');
    // The first page of a full copy says how many products it brings, for the register's progress bar; later pages do not.
    const count = (await ctx.database.db.execute(sql`select count(*)::int as n from products`)) as unknown as { rows: Array<{ n: number }> };
    expect(pages[0]!.total).toBe(count.rows[0]!.n);
    expect(pages.slice(1).every((p) => p.total === undefined)).toBe(true);
  });

  it('sends again after the copy what changed while it was read, and what was deleted meanwhile', async () => {
    const first = await createProduct();
    const second = await createProduct();
    const gone = await createProduct();
    const start = await sync(admin, { limit: 1, outletId: mainId });
    expect(start.hasMore).toBe(true);
    // While the copy is under way: a product it has already read changes, another is deleted.
    expect((await admin.put(`/api/products/${first.id}/edit`, { ...(await admin.get(`/api/products/${first.id}/edit`)).json().data, title: 'Renamed while copying' })).statusCode).toBe(200);
    expect((await admin.delete(`/api/products/${gone.id}`)).statusCode).toBe(204);
    const { pages, products } = await syncAll(start.nextCursor, 2000);
    expect(pages.at(-1)!.hasMore).toBe(false);
    const sent = [...start.products, ...products];
    expect(sent.filter((p) => p.id === first.id).at(-1)?.title).toBe('Renamed while copying');
    expect(sent.some((p) => p.id === second.id)).toBe(true);
    expect(pages.flatMap((p) => p.deletedProductIds)).toContain(gone.id);
  });

  it('gives each product what a register sells with', async () => {
    const p = await createProduct({ title: 'Cola 330ml' });
    const { products } = await syncAll();
    const synced = products.find((s) => s.id === p.id);
    expect(synced).toEqual({
      id: p.id,
      title: 'Cola 330ml',
      status: 'active',
      trackStock: true,
      categoryIds: [drinksId],
      taxIds: [vatId],
      chargeIds: [depositId],
      imageUrl: null,
      variants: [
        {
          id: p.variants[0]!.id,
          name: '',
          sku: expect.stringMatching(/^SKU-\d{6}$/),
          barcode: null,
          price: expect.any(Number),
          cost: 40,
          active: true,
          optionIds: [],
          stock: 10,
          lowStockThreshold: 3,
        },
      ],
    });
  });

  it('sends the active taxes, charges and categories with every page', async () => {
    const page = await sync(admin, { limit: 1 });
    expect(page.taxes).toEqual([{ id: vatId, name: 'VAT 7.5', rateE4: 75000, isInclusive: true, isCompound: false }]);
    expect(page.charges).toEqual([{ id: depositId, name: 'Deposit', isTaxable: false, kind: 'fixed', amount: 25, per: 'unit' }]);
    expect(page.categories).toEqual([{ id: drinksId, name: 'Drinks', parentId: null, colour: '#4f46e5', position: 2 }]);
  });

  it("gives the requested outlet's stock, and the shop's default threshold where the outlet has none", async () => {
    const p = await createProduct();
    const { products } = await syncAll();
    expect(products.find((s) => s.id === p.id)?.variants[0]).toMatchObject({ stock: 10, lowStockThreshold: 3 });
    const back = await sync(admin, { outletId: backId, limit: 2000 });
    expect(back.products.find((s) => s.id === p.id)?.variants[0]).toMatchObject({ stock: 4, lowStockThreshold: 5 });
  });

  it('gives null stock for a product that does not track stock', async () => {
    const p = await createProduct({ trackStock: false, variants: [{ price: 500, cost: 0 }] });
    const { products } = await syncAll();
    expect(products.find((s) => s.id === p.id)?.variants[0]).toMatchObject({ stock: null, lowStockThreshold: null });
  });
});

describe('delta sync', () => {
  it('returns nothing when nothing changed', async () => {
    const { cursor } = await syncAll();
    const page = await sync(admin, { since: cursor });
    expect(page).toMatchObject({ products: [], deletedProductIds: [], deletedVariantIds: [], hasMore: false, nextCursor: cursor });
  });

  it('returns only the product that was updated', async () => {
    const p = await createProduct();
    const { cursor } = await syncAll();
    const detail = (await admin.get(`/api/products/${p.id}/edit`)).json().data;
    const res = await admin.put(`/api/products/${p.id}/edit`, { ...detail, title: 'Renamed', variants: detail.variants.map((v: object) => ({ ...v, price: 999 })) });
    expect(res.statusCode).toBe(200);
    const changed = await sync(admin, { since: cursor });
    expect(changed.products.map((s) => [s.id, s.title, s.variants[0]?.price])).toEqual([[p.id, 'Renamed', 999]]);
  });

  it('returns only the product whose stock was adjusted, with its new quantity', async () => {
    const p = await createProduct();
    const { cursor } = await syncAll();
    const res = await admin.post(`/api/products/${p.id}/stock`, { variantId: p.variants[0]!.id, outletId: mainId, mode: 'remove', quantity: 3, note: 'Broken' });
    expect(res.statusCode).toBe(200);
    const changed = await sync(admin, { since: cursor, outletId: mainId });
    expect(changed.products.map((s) => [s.id, s.variants[0]?.stock])).toEqual([[p.id, 7]]);
  });

  it('returns only the product whose image changed, with its main image', async () => {
    const p = await createProduct();
    const { cursor } = await syncAll();
    const body = multipartBody('image', 'photo.png', 'image/png', png);
    const upload = await admin.request('POST', `/api/products/${p.id}/images`, body.body, body.headers);
    expect(upload.statusCode).toBe(201);
    const changed = await sync(admin, { since: cursor });
    expect(changed.products.map((s) => [s.id, s.imageUrl])).toEqual([[p.id, upload.json().data.url]]);
  });

  it("lists a deleted product's id and its variants' ids, and no longer sends the product", async () => {
    const p = await createProduct();
    const { cursor } = await syncAll();
    expect((await admin.delete(`/api/products/${p.id}`)).statusCode).toBe(204);
    const changed = await sync(admin, { since: cursor });
    expect(changed.deletedProductIds).toEqual([p.id]);
    expect(changed.deletedVariantIds).toEqual([p.variants[0]!.id]);
    expect(changed.products).toEqual([]);
  });

  it('does not send deletions from before a full sync to a new register', async () => {
    const p = await createProduct();
    expect((await admin.delete(`/api/products/${p.id}`)).statusCode).toBe(204);
    const { pages } = await syncAll();
    expect(pages.flatMap((page) => page.deletedProductIds)).not.toContain(p.id);
  });

  it('pages through many changes with a small limit, each product once', async () => {
    const { cursor } = await syncAll();
    const created: Array<{ id: number }> = [];
    for (let i = 0; i < 9; i += 1) created.push(await createProduct());
    const { products } = await syncAll(cursor, 4);
    expect(products.map((s) => s.id)).toEqual(created.map((p) => p.id));
  });
});

describe('who may sync and what they get', () => {
  it('lets a cashier sync, without costs', async () => {
    const p = await createProduct();
    const { products } = await syncAll(undefined, 2000, cashier);
    const variant = products.find((s) => s.id === p.id)?.variants[0];
    expect(variant).toBeDefined();
    expect(variant).not.toHaveProperty('cost');
  });

  it('asks a signed-out client to sign in', async () => {
    expect((await ctx.client().get('/api/products/sync')).statusCode).toBe(401);
  });
});

describe('a scan the register does not hold yet', () => {
  const findCode = (client: TestClient, code: string, outletId: number | string = mainId) =>
    client.get(`/api/products/sync/code?${new URLSearchParams({ code, outletId: String(outletId) })}`);

  it('finds the active product by barcode, or by SKU in any case, as the sync sends it, with the outlet’s stock', async () => {
    const p = await createProduct({ title: 'Scanned before the copy', variants: [{ sku: 'SCAN-EARLY-1', barcode: '4006381333931', price: 250, cost: 90, stock: [{ outletId: mainId, quantity: 6, lowStockThreshold: 2 }] }] });
    const byBarcode = await findCode(admin, '4006381333931');
    expect(byBarcode.statusCode).toBe(200);
    const [found] = byBarcode.json().data;
    const { products } = await syncAll(undefined, 2000);
    expect(found).toEqual(products.find((s) => s.id === p.id));
    expect(found).toMatchObject({ title: 'Scanned before the copy', variants: [{ barcode: '4006381333931', price: 250, stock: 6, lowStockThreshold: 2 }] });
    expect((await findCode(admin, 'scan-early-1')).json().data.map((s: { id: number }) => s.id)).toEqual([p.id]);
    expect((await findCode(admin, 'no-such-code')).json().data).toEqual([]);
  });

  it('leaves out archived products, and gives a cashier no costs and only their outlet', async () => {
    await createProduct({ status: 'archived', variants: [{ sku: 'SCAN-ARCHIVED', price: 100, cost: 40 }] });
    expect((await findCode(admin, 'SCAN-ARCHIVED')).json().data).toEqual([]);
    const p = await createProduct({ variants: [{ sku: 'SCAN-CASHIER', price: 100, cost: 40 }] });
    const answer = await findCode(cashier, 'SCAN-CASHIER');
    expect(answer.json().data[0].id).toBe(p.id);
    expect(answer.json().data[0].variants[0]).not.toHaveProperty('cost');
    expect((await findCode(cashier, 'SCAN-CASHIER', backId)).statusCode).toBe(403);
  });

  it('answers 422 without a code and 401 when signed out', async () => {
    const res = await admin.get('/api/products/sync/code?code=');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual(['Scan or type a code.']);
    // A NUL byte, a code longer than any SKU, and outlets that are not plain ids are refused, never a 500.
    for (const [query, field] of [
      [`code=${encodeURIComponent('40\u0000')}`, 'code'],
      [`code=${'9'.repeat(101)}`, 'code'],
      ['code=1&outletId=1e3', 'outletId'],
      ['code=1&outletId=%2B1', 'outletId'],
      [`code=1&outletId=${2 ** 31}`, 'outletId'],
      [`code=1&outletId=${2n ** 63n}`, 'outletId'],
    ] as const) {
      const bad = await admin.get(`/api/products/sync/code?${query}`);
      expect(bad.statusCode, query).toBe(422);
      expect(bad.json().errors[field], query).toBeDefined();
    }
    expect((await ctx.client().get('/api/products/sync/code?code=1')).statusCode).toBe(401);
  });
});

describe('bad input', () => {
  it.each([['garbage!'], ['djE6MToy'], [Buffer.from('v1:x:1:0:0').toString('base64url')], [Buffer.from('v9:1:1:1:1').toString('base64url')], [Buffer.from('v1:99999999999999999999:1:0:0').toString('base64url')]])(
    'answers 422 for the malformed cursor %s',
    async (since) => {
      const res = await admin.get(`/api/products/sync?since=${encodeURIComponent(since)}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.since).toEqual(['The cursor is not valid. Start a full sync without it.']);
    },
  );

  it('answers 422 for a limit above 2000 and for an unknown outlet', async () => {
    expect((await admin.get('/api/products/sync?limit=2001')).json().errors.limit).toEqual(['The limit may not be greater than 2000.']);
    expect((await admin.get('/api/products/sync?outletId=99999')).json().errors.outletId).toEqual(['This outlet does not exist.']);
  });
});

