import type { UploadResult } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../db/execute.ts';
import { outlets } from '../../db/schema/index.ts';
import { multipartBody } from '../../testing/multipart.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { SEARCH_COUNT_CAP } from './list.ts';

/**
 * The search reads each title's words from product_words (issue 17, decision 029), which triggers
 * on products keep: whatever writes a title or a status — the form, CSV, bulk actions, plain SQL —
 * a product is found by its title's words as they are now, and never by words it no longer has.
 */
let ctx: TestContext;
let admin: TestClient;
let mainId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.signIn('administrator')).client;
  mainId = (await ctx.database.db.select().from(outlets))[0]!.id;
}, 60_000);
afterAll(() => ctx.close());

type Found = { data: Array<{ id: number; title: string }>; meta: { total: number; totalCapped?: boolean } };

async function search(term: string, query = ''): Promise<Found> {
  const res = await admin.get(`/api/products?search=${encodeURIComponent(term)}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Found;
}

const titles = async (term: string, query = '') => (await search(term, query)).data.map((p) => p.title);

async function created(title: string, variant: Record<string, unknown> = {}): Promise<{ id: number; variants: Array<{ id: number; sku: string }> }> {
  const res = await admin.post('/api/products/create', {
    title,
    description: null,
    categoryIds: [],
    taxIds: [],
    trackStock: true,
    variants: [{ sku: null, barcode: null, price: 100, cost: 50, stock: [{ outletId: mainId, quantity: 3, lowStockThreshold: null }], ...variant }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function imported(rows: Array<Record<string, string | number>>): Promise<UploadResult> {
  const body = multipartBody('file', 'products.csv', 'text/csv', Buffer.from(Papa.unparse(rows, { newline: '\r\n' }), 'utf8'));
  const res = await admin.request('POST', '/api/products/upload', body.body, body.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as UploadResult;
}

describe('the title word index', () => {
  it('finds a new product by the start of any word of its title, in any case, and several words together', async () => {
    await created('Quokka Smoked Paprika 100 g');
    await created('Quokka Logo T-Shirt');
    expect(await titles('paprika')).toEqual(['Quokka Smoked Paprika 100 g']);
    expect(await titles('PAPR')).toEqual(['Quokka Smoked Paprika 100 g']);
    // Words are cut at spaces and punctuation: "shirt" and "t-shirt" find the T-Shirt.
    expect(await titles('shirt')).toEqual(['Quokka Logo T-Shirt']);
    expect(await titles('t-shirt')).toEqual(['Quokka Logo T-Shirt']);
    expect(await titles('quokka')).toEqual(['Quokka Logo T-Shirt', 'Quokka Smoked Paprika 100 g']);
    expect(await titles('quok smo')).toEqual(['Quokka Smoked Paprika 100 g']);
    expect(await titles('smoked quokka')).toEqual(['Quokka Smoked Paprika 100 g']);
    // Only the start of a word: "moked" is inside "Smoked", not the start of a word.
    expect(await titles('moked')).toEqual([]);
    expect(await titles('quokka tea')).toEqual([]);
  });

  it('finds an edited product by its new title and no longer by its old one', async () => {
    const p = await created('Wombat Cocoa 250 g');
    const res = await admin.put(`/api/products/${p.id}/edit`, {
      title: 'Wombat Hot Chocolate 250 g',
      description: null,
      categoryIds: [],
      taxIds: [],
      trackStock: true,
      variants: [{ id: p.variants[0]!.id, sku: p.variants[0]!.sku, barcode: null, price: 100, cost: 50, stock: [] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await titles('chocolate')).toEqual(['Wombat Hot Chocolate 250 g']);
    expect(await titles('cocoa')).toEqual([]);
    expect(await titles('wombat')).toEqual(['Wombat Hot Chocolate 250 g']);
  });

  it('finds products a CSV import creates, and a renamed one by its new title only', async () => {
    const first = await imported([
      { title: 'Numbat Rooibos', sku: 'NUM-1', price: '2.00' },
      { title: 'Numbat Chai', sku: 'NUM-2', price: '2.00' },
    ]);
    expect(first).toMatchObject({ created: 2, failed: [] });
    expect(await titles('numbat')).toEqual(['Numbat Chai', 'Numbat Rooibos']);
    await imported([{ title: 'Numbat Masala Chai', sku: 'NUM-2', price: '2.10' }]);
    expect(await titles('masala')).toEqual(['Numbat Masala Chai']);
    expect(await titles('numbat chai')).toEqual(['Numbat Masala Chai']);
    expect(await titles('rooibos')).toEqual(['Numbat Rooibos']);
  });

  it('follows bulk archiving, activating and deleting', async () => {
    const p = await created('Bilby Marmalade');
    await admin.post('/api/products/update', { ids: [p.id], action: 'archive' });
    expect(await titles('bilby')).toEqual([]);
    expect(await titles('bilby', '&status=archived')).toEqual(['Bilby Marmalade']);
    expect(await titles('bilby', '&status=all')).toEqual(['Bilby Marmalade']);
    await admin.post('/api/products/update', { ids: [p.id], action: 'activate' });
    expect(await titles('bilby')).toEqual(['Bilby Marmalade']);
    await admin.post('/api/products/update', { ids: [p.id], action: 'delete' });
    expect(await titles('bilby', '&status=all')).toEqual([]);
    const left = await execute<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from product_words where product_id = ${p.id}`);
    expect(left[0]?.n).toBe(0);
  });

  it('keeps the words of titles written in plain SQL, one row per distinct word', async () => {
    const db = ctx.database.db;
    await db.execute(sql`insert into products (title) values ('Dingo dingo Biscuits'), ('Dingo Crackers')`);
    expect(await titles('dingo')).toEqual(['Dingo Crackers', 'Dingo dingo Biscuits']);
    await db.execute(sql`update products set title = 'Dingo Oat Crackers' where title = 'Dingo Crackers'`);
    expect(await titles('oat')).toEqual(['Dingo Oat Crackers']);
    const words = await execute<{ word: string }>(
      db,
      sql`select w.word from product_words w join products p on p.id = w.product_id where p.title = 'Dingo dingo Biscuits' order by w.word`,
    );
    expect(words.map((w) => w.word)).toEqual(['biscuits', 'dingo']);
  });

  it('finds by the start of a SKU or a barcode, alongside title words', async () => {
    await created('Echidna Honey', { sku: 'ECH-HONEY-1', barcode: '4006381333931' });
    await created('Honeyeater Tea', { sku: 'TEA-ECH', barcode: null });
    expect(await titles('ech-hon')).toEqual(['Echidna Honey']);
    expect(await titles('40063813')).toEqual(['Echidna Honey']);
    // "honey" starts a title word of both; "tea-ech" starts one SKU (and is not two title words of anything).
    expect(await titles('honey')).toEqual(['Echidna Honey', 'Honeyeater Tea']);
    expect(await titles('tea-ech')).toEqual(['Honeyeater Tea']);
  });
});

describe('the stock summary in title order', () => {
  it('carries every product\'s title key after the creates, edits, imports and renames above', async () => {
    const wrong = await execute<{ n: number; all: number }>(
      ctx.database.db,
      sql`select count(*) filter (where ps.title_key is distinct from lower(p.title))::int as n, count(*)::int as all
          from product_stock ps join products p on p.id = ps.product_id`,
    );
    expect(wrong[0]?.all).toBeGreaterThan(10);
    expect(wrong[0]?.n).toBe(0);
  });

  it('lists "out" in the new title order after a rename', async () => {
    const p = await created('Aardvark Out Of Stock', { stock: [{ outletId: mainId, quantity: 0, lowStockThreshold: null }] });
    const out = async () => ((await admin.get('/api/products?stockStatus=out&perPage=100')).json() as Found).data.map((r) => r.title);
    expect((await out())[0]).toBe('Aardvark Out Of Stock');
    await ctx.database.db.execute(sql`update products set title = 'Zebra Out Of Stock' where id = ${p.id}`);
    expect((await out()).at(-1)).toBe('Zebra Out Of Stock');
  });
});

describe('a search with more matches than the cap', () => {
  const many = SEARCH_COUNT_CAP + 10;
  beforeAll(async () => {
    const db = ctx.database.db;
    // Two words a product may both start with ("Kiwi" and "Kiwifruit"), so the rows of the prefix "kiwi" repeat products.
    await db.execute(sql`insert into products (title) select 'Kiwi ' || case when g % 2 = 0 then 'Kiwifruit ' else '' end || lpad(g::text, 5, '0') from generate_series(1, ${many}) g`);
    await db.execute(sql`insert into products (title) select 'Kiwi Pear ' || g from generate_series(1, 30) g`);
  }, 60_000);

  it('says "at least the cap", and pages in title order by merging the words a prefix starts', async () => {
    const first = await search('kiwi');
    expect(first.meta).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
    expect(first.data.map((p) => p.title).slice(0, 3)).toEqual(['Kiwi 00001', 'Kiwi 00003', 'Kiwi 00005']);
    const second = await search('ki', '&page=2');
    expect(second.data.map((p) => p.title).slice(0, 2)).toEqual(['Kiwi 00051', 'Kiwi 00053']);
    const last = await search('kiwi', '&sort=-title');
    expect(last.data.map((p) => p.title).slice(0, 2)).toEqual(['Kiwi Pear 9', 'Kiwi Pear 8']);
  });

  it('counts the many words of two prefixes together exactly below the cap', async () => {
    expect((await search('kiwi pear')).meta).toMatchObject({ total: 30 });
    expect((await search('kiwi pear')).meta.totalCapped).toBeUndefined();
    expect((await search('kiwifruit')).meta).toMatchObject({ total: Math.floor(many / 2) });
  });

  it('caps /api/products/count the same way', async () => {
    expect((await admin.get('/api/products/count?search=kiwi')).json()).toEqual({ data: { count: SEARCH_COUNT_CAP, capped: true } });
    expect((await admin.get('/api/products/count?search=kiwi%20pear')).json()).toEqual({ data: { count: 30 } });
  });

  it('sorts by price past the cap too', async () => {
    const res = await search('kiwi', '&sort=price&perPage=5');
    expect(res.data).toHaveLength(5);
    expect(res.meta.totalCapped).toBe(true);
  });

  it('counts a prefix exactly when its words hold more rows than the cap but fewer products', async () => {
    // Each title holds two words that "kumq" starts: 1,200 rows, 600 products.
    await ctx.database.db.execute(sql`insert into products (title) select 'Kumquat Kumquats ' || lpad(g::text, 4, '0') from generate_series(1, 600) g`);
    const first = await search('kumq');
    expect(first.meta).toMatchObject({ total: 600, lastPage: 24 });
    expect(first.meta.totalCapped).toBeUndefined();
    expect(first.data.map((p) => p.title).slice(0, 2)).toEqual(['Kumquat Kumquats 0001', 'Kumquat Kumquats 0002']);
    expect((await search('kumq', '&page=24')).data.map((p) => p.title).at(-1)).toBe('Kumquat Kumquats 0600');
    expect((await search('kumq', '&sort=-title')).data[0]?.title).toBe('Kumquat Kumquats 0600');
  });
});
