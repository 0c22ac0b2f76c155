import { makeInStoreEan13, type UploadResult } from '@tillbook/contract';
import { count, eq, like } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributeOptions, attributes, categories, outlets, products, productVariants, stockLevels, stockMovements, taxes } from '../../db/schema/index.ts';
import { multipartBody } from '../../testing/multipart.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';

let ctx: TestContext;
let admin: TestClient;
let cashier: TestClient;
let mainId: number;
let backId: number;
let drinksId: number;
let teaId: number;
let vatId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.signIn('administrator')).client;
  cashier = (await ctx.signIn('cashier')).client;
  const db = ctx.database.db;
  mainId = (await db.select().from(outlets))[0]!.id;
  backId = (await db.insert(outlets).values({ name: 'Back store', code: 'BACK' }).returning())[0]!.id;
  drinksId = (await db.insert(categories).values({ name: 'Drinks' }).returning())[0]!.id;
  teaId = (await db.insert(categories).values({ name: 'Tea', parentId: drinksId }).returning())[0]!.id;
  vatId = (await db.insert(taxes).values({ name: 'VAT', rateE4: 200000 }).returning())[0]!.id;
}, 60_000);
afterAll(() => ctx.close());

function csvOf(rows: Array<Record<string, string | number>>): string {
  return Papa.unparse(rows, { newline: '\r\n' });
}

async function upload(text: string, query = '', client = admin) {
  const body = multipartBody('file', 'products.csv', 'text/csv', Buffer.from(text, 'utf8'));
  return client.request('POST', `/api/products/upload${query}`, body.body, body.headers);
}

async function imported(text: string, query = '') {
  const res = await upload(text, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as UploadResult;
}

async function productCount(titlePrefix: string) {
  return (await ctx.database.db.select({ n: count() }).from(products).where(like(products.title, `${titlePrefix}%`)))[0]!.n;
}

async function variantBySku(sku: string) {
  const [row] = await ctx.database.db.select().from(productVariants).where(eq(productVariants.sku, sku));
  return row!;
}

describe('importing products from CSV', () => {
  it('imports 1,000 rows and reports the one with a bad barcode by its row and field', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      title: `Bulk item ${i + 1}`,
      sku: `BULK-${i + 1}`,
      barcode: makeInStoreEan13(500_000 + i),
      price: `${(i % 50) + 1}.99`,
      cost: '0.50',
      categories: 'Drinks',
      taxes: 'VAT',
      stock: 12,
    }));
    // A mistyped EAN-13 (its check digit is off by one) on the 500th record: row 501 of the file.
    const good = rows[499]!.barcode;
    rows[499]!.barcode = `${good.slice(0, 12)}${(Number(good.at(-1)) + 1) % 10}`;
    const result = await imported(csvOf(rows));
    expect(result.created).toBe(999);
    expect(result.updated).toBe(0);
    expect(result.failed).toEqual([{ row: 501, field: 'barcode', message: expect.stringMatching(/^The barcode's check digit is wrong/) }]);
    expect(await productCount('Bulk item')).toBe(999);
    const v = await variantBySku('BULK-2');
    expect(v.price).toBe(299);
    expect(v.cost).toBe(50);
    const [level] = await ctx.database.db.select().from(stockLevels).where(eq(stockLevels.variantId, v.id));
    expect(level).toMatchObject({ outletId: mainId, quantity: 12 });
  }, 120_000);

  it('previews with dryRun=1: the same answer, nothing written', async () => {
    const text = csvOf([
      { title: 'Dry run tea', sku: 'DRY-1', price: '2.50', categories: 'Tea' },
      { title: 'Dry run coffee', sku: 'DRY-2', price: 'two', categories: 'Coffee' },
    ]);
    const before = (await ctx.database.db.select({ n: count() }).from(products))[0]!.n;
    const preview = await imported(text, '?dryRun=1');
    expect(preview.created).toBe(1);
    expect(preview.failed).toEqual([
      { row: 3, field: 'price', message: 'The price must be an amount like 1.99, without a currency sign.' },
      { row: 3, field: 'categories', message: 'These categories do not exist: “Coffee”. Create them first, or correct the names.' },
    ]);
    expect((await ctx.database.db.select({ n: count() }).from(products))[0]!.n).toBe(before);
    expect(await productCount('Dry run')).toBe(0);
  });

  it('updates the product whose SKU matches, and sets its stock through the ledger with reason "import"', async () => {
    await imported(csvOf([{ title: 'Green tea', sku: 'TEA-GREEN', price: '3.00', categories: 'Tea', stock: 5, low_stock_threshold: 2 }]));
    const result = await imported(csvOf([{ title: 'Green tea 20 bags', sku: 'tea-green', price: '3.49', barcode: '4006381333931', stock: 8, taxes: 'VAT' }]));
    expect(result).toEqual({ created: 0, updated: 1, failed: [] });
    const v = await variantBySku('tea-green');
    expect(v).toMatchObject({ price: 349, barcode: '4006381333931' });
    const product = (await admin.get(`/api/products/${v.productId}/edit`)).json().data;
    expect(product).toMatchObject({ title: 'Green tea 20 bags', categoryIds: [teaId], taxIds: [vatId] });
    expect(product.variants[0].stock).toEqual([{ outletId: mainId, quantity: 8, lowStockThreshold: 2 }]);
    const ledger = await ctx.database.db.select().from(stockMovements).where(eq(stockMovements.variantId, v.id)).orderBy(stockMovements.id);
    expect(ledger.map((m) => [m.reason, m.delta, m.quantityAfter])).toEqual([
      ['initial', 5, 5],
      ['import', 3, 8],
    ]);
    const history = (await admin.get(`/api/products/${v.productId}/history`)).json().data;
    expect(history[0]).toMatchObject({ action: 'stock', changes: [{ field: 'stock at Main store', before: 5, after: 8 }] });
  });

  it('leaves stock alone when the stock column is not given, and keeps what empty cells leave out', async () => {
    await imported(csvOf([{ title: 'Oolong', sku: 'TEA-OOLONG', price: '4.00', stock: 6, description: 'Half-fermented' }]));
    await imported(csvOf([{ sku: 'TEA-OOLONG', price: '4.20', description: '' }]));
    const v = await variantBySku('TEA-OOLONG');
    expect(v.price).toBe(420);
    const product = (await admin.get(`/api/products/${v.productId}/edit`)).json().data;
    expect(product).toMatchObject({ title: 'Oolong', description: 'Half-fermented' });
    expect(product.variants[0].stock[0].quantity).toBe(6);
  });

  it('puts opening stock at the outlet given by outletId', async () => {
    await imported(csvOf([{ title: 'Back room mint', sku: 'MINT-1', price: '1.00', stock: 9 }]), `?outletId=${backId}`);
    const v = await variantBySku('MINT-1');
    const levels = await ctx.database.db.select().from(stockLevels).where(eq(stockLevels.variantId, v.id));
    expect(levels.map((l) => [l.outletId, l.quantity])).toEqual([[backId, 9]]);
  });

  it('refuses a row with unknown names or bad values, writing nothing of it, while its neighbours import', async () => {
    const text = [
      'Title,SKU,Price,Categories,Taxes,Track_Stock,Status',
      'Neighbour one,NB-1,1.00,Drinks|Tea,VAT,yes,active',
      'Broken row,NB-2,1.00,Drinks,Sales tax,maybe,gone',
      'Neighbour two,NB-3,1.00,,,no,archived',
    ].join('\n');
    const result = await imported(text);
    expect(result.created).toBe(2);
    expect(result.failed).toEqual([
      { row: 3, field: 'track_stock', message: 'The track stock column must be yes or no.' },
      { row: 3, field: 'status', message: 'The status must be active or archived.' },
      { row: 3, field: 'taxes', message: 'These taxes do not exist: “Sales tax”. Create them first, or correct the names.' },
    ]);
    expect(await productCount('Broken row')).toBe(0);
    const archived = await variantBySku('NB-3');
    const p = (await admin.get(`/api/products/${archived.productId}/edit`)).json().data;
    expect(p).toMatchObject({ trackStock: false, status: 'archived', taxIds: [] });
  });

  it('reports a duplicate SKU or a missing title on its row and field', async () => {
    const result = await imported(csvOf([
      { title: '', sku: 'NO-TITLE', price: '1.00', barcode: '' },
      { title: 'Clashing barcode', sku: 'CLASH-1', price: '1.00', barcode: '4006381333931' },
    ]));
    expect(result.failed).toEqual([
      { row: 2, field: 'title', message: 'The title field is required.' },
      { row: 3, field: 'barcode', message: 'Another product already has this barcode.' },
    ]);
  });

  it('rejects a file without a header it can use, a missing file and an oversized file', async () => {
    expect((await upload('colour,size\nred,M')).json().errors.file[0]).toMatch(/needs a title column/);
    const none = await admin.post('/api/products/upload');
    expect(none.statusCode).toBe(422);
    const huge = await upload(`title,price\n${'x'.repeat(21 * 1024 * 1024)},1`);
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors.file).toEqual(['The file may not be larger than 20 MB.']);
  });

  it('is for administrators: a cashier gets 403', async () => {
    expect((await upload(csvOf([{ title: 'Nope', price: '1' }]), '', cashier)).statusCode).toBe(403);
    expect((await cashier.get('/api/products/export')).statusCode).toBe(403);
  });
});

describe('exporting products to CSV', () => {
  it('downloads every matching product as an attachment named after the day', async () => {
    const res = await admin.get('/api/products/export?search=Bulk%20item%2099');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{8}\.csv"$/);
    const parsed = Papa.parse<Record<string, string>>(res.body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual(['title', 'variant', 'sku', 'barcode', 'price', 'cost', 'categories', 'taxes', 'description', 'track_stock', 'stock', 'low_stock_threshold', 'status']);
    // "Bulk item 99" and "Bulk item 990" … "Bulk item 999" (the list's search).
    expect(parsed.data).toHaveLength(11);
    expect(parsed.data[0]).toMatchObject({ title: 'Bulk item 99', sku: 'BULK-99', price: '49.99', cost: '0.50', categories: 'Drinks', taxes: 'VAT', track_stock: 'yes', stock: '12', status: 'active' });
  });

  it('walks the whole catalogue in batches', async () => {
    const res = await admin.get('/api/products/export?status=all');
    const lines = res.body.trim().split('\r\n');
    const total = (await ctx.database.db.select({ n: count() }).from(productVariants))[0]!.n;
    expect(lines).toHaveLength(total + 1);
  });

  it('writes one row per variant, and a re-import of the export changes nothing', async () => {
    const db = ctx.database.db;
    const size = (await db.insert(attributes).values({ name: 'Cup size' }).returning())[0]!;
    const [small, large] = await db.insert(attributeOptions).values([{ attributeId: size.id, name: 'Small' }, { attributeId: size.id, name: 'Large', position: 1 }]).returning();
    const created = await admin.post('/api/products/create', {
      title: '=Round trip, "latte"',
      description: 'Milk\nand coffee',
      categoryIds: [teaId, drinksId],
      taxIds: [vatId],
      attributeIds: [size.id],
      variants: [
        { optionIds: [small!.id], sku: 'RT-S', price: 350, cost: 120, stock: [{ outletId: mainId, quantity: 4, lowStockThreshold: 1 }] },
        { optionIds: [large!.id], sku: 'RT-L', barcode: makeInStoreEan13(77), price: 420, cost: 150 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const before = (await admin.get(`/api/products/${id}/edit`)).json().data;

    const exported = (await admin.get('/api/products/export?search=Round%20trip')).body;
    const rows = Papa.parse<Record<string, string>>(exported.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
    expect(rows.map((r) => [r.title, r.variant, r.sku, r.price, r.categories, r.stock])).toEqual([
      ["'=Round trip, \"latte\"", 'Small', 'RT-S', '3.50', 'Drinks|Tea', '4'],
      ["'=Round trip, \"latte\"", 'Large', 'RT-L', '4.20', 'Drinks|Tea', '0'],
    ]);

    const again = await imported(exported);
    expect(again).toEqual({ created: 0, updated: 2, failed: [] });
    const after = (await admin.get(`/api/products/${id}/edit`)).json().data;
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
    expect(after.title).toBe('=Round trip, "latte"');
  });

  it('refuses a variant row whose SKU matches nothing: variants are made on the product screen', async () => {
    const result = await imported(csvOf([{ title: 'Mocha', variant: 'Large', sku: 'MOCHA-L', price: '4.00' }]));
    expect(result.failed).toEqual([{ row: 2, field: 'sku', message: expect.stringMatching(/^No variant has this SKU/) }]);
  });
});
