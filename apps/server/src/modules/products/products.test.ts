import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attributeOptions,
  attributes,
  categories,
  catalogueDeletions,
  outlets,
  stockMovements,
  taxes,
} from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { multipartBody } from '../../testing/multipart.ts';

let ctx: TestContext;
let admin: TestClient;
let cashier: TestClient;
let mainId: number;
let drinksId: number;
let vatId: number;
let size: { id: number; s: number; m: number; l: number };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.signIn('administrator')).client;
  cashier = (await ctx.signIn('cashier')).client;
  const db = ctx.database.db;
  mainId = (await db.select().from(outlets))[0]!.id;
  drinksId = (await db.insert(categories).values({ name: 'Drinks' }).returning())[0]!.id;
  vatId = (await db.insert(taxes).values({ name: 'VAT 7.5', rateE4: 75000, isInclusive: true }).returning())[0]!.id;
  const attr = (await db.insert(attributes).values({ name: 'Size' }).returning())[0]!;
  const opts = await db
    .insert(attributeOptions)
    .values(['S', 'M', 'L'].map((name, position) => ({ attributeId: attr.id, name, position })))
    .returning();
  size = { id: attr.id, s: opts[0]!.id, m: opts[1]!.id, l: opts[2]!.id };
});
afterAll(() => ctx.close());

function simple(overrides: Record<string, unknown> = {}, variant: Record<string, unknown> = {}) {
  return {
    title: 'Sparkling Water 500ml',
    description: 'Still the best',
    categoryIds: [drinksId],
    taxIds: [vatId],
    trackStock: true,
    variants: [{ sku: null, barcode: '4006381333931', price: 199, cost: 80, stock: [{ outletId: mainId, quantity: 24, lowStockThreshold: 6 }] }],
    ...overrides,
    ...(Object.keys(variant).length ? { variants: [{ price: 199, cost: 80, stock: [], ...variant }] } : {}),
  };
}

describe('creating products', () => {
  it('creates a product with one default variant, a generated SKU and opening stock through the ledger', async () => {
    const res = await admin.post('/api/products/create', simple());
    expect(res.statusCode).toBe(201);
    const p = res.json().data;
    expect(p).toMatchObject({ title: 'Sparkling Water 500ml', categoryIds: [drinksId], taxIds: [vatId], trackStock: true, status: 'active' });
    expect(p.variants).toHaveLength(1);
    expect(p.variants[0]).toMatchObject({ isDefault: true, name: '', barcode: '4006381333931', price: 199, cost: 80 });
    expect(p.variants[0].sku).toMatch(/^SKU-\d{6}$/);
    expect(p.variants[0].stock).toEqual([{ outletId: mainId, quantity: 24, lowStockThreshold: 6 }]);
    const ledger = await ctx.database.db.select().from(stockMovements).where(eq(stockMovements.variantId, p.variants[0].id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: 24, quantityAfter: 24, reason: 'initial', outletId: mainId });
  });

  it('creates one variant per combination of options, named after them', async () => {
    const res = await admin.post('/api/products/create', {
      title: 'Logo T-shirt',
      attributeIds: [size.id],
      variants: [
        { optionIds: [size.s], sku: 'TEE-S', price: 1500, cost: 600, stock: [{ outletId: mainId, quantity: 5, lowStockThreshold: null }] },
        { optionIds: [size.m], sku: 'TEE-M', price: 1500, cost: 600 },
        { optionIds: [size.l], sku: 'TEE-L', barcode: '2000000000015', price: 1700, cost: 650 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const names = res.json().data.variants.map((v: { name: string; sku: string; isDefault: boolean }) => [v.name, v.sku, v.isDefault]);
    expect(names).toEqual([['S', 'TEE-S', false], ['M', 'TEE-M', false], ['L', 'TEE-L', false]]);
  });

  it('refuses variants that do not match the attributes, with the message on the variant', async () => {
    const twice = await admin.post('/api/products/create', {
      title: 'Bad tee',
      attributeIds: [size.id],
      variants: [
        { optionIds: [size.s], price: 1, cost: 0 },
        { optionIds: [size.s], price: 1, cost: 0 },
        { optionIds: [], price: 1, cost: 0 },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors['variants.1.optionIds']).toEqual(['Variant 1 already has this combination.']);
    expect(twice.json().errors['variants.2.optionIds']).toEqual(['A variant takes one option of each attribute.']);

    const noAttributes = await admin.post('/api/products/create', { title: 'Two defaults', variants: [{ price: 1, cost: 0 }, { price: 2, cost: 0 }] });
    expect(noAttributes.json().errors.variants).toEqual(['A product without attributes has exactly one variant.']);
  });

  it('checks barcodes (check digit) and refuses duplicate SKUs and barcodes', async () => {
    const badDigit = await admin.post('/api/products/create', simple({}, { barcode: '4006381333932' }));
    expect(badDigit.statusCode).toBe(422);
    expect(badDigit.json().errors['variants.0.barcode'][0]).toMatch(/check digit/);

    const dupBarcode = await admin.post('/api/products/create', simple({ title: 'Copy' }, { barcode: '4006381333931' }));
    expect(dupBarcode.json().errors['variants.0.barcode']).toEqual(['Another product already has this barcode.']);

    const dupSku = await admin.post('/api/products/create', simple({ title: 'Copy' }, { sku: 'tee-s' }));
    expect(dupSku.json().errors['variants.0.sku']).toEqual(['Another product already has this SKU.']);
  });

  it('answers 422 with field errors for bad input and never 500', async () => {
    const res = await admin.post('/api/products/create', { title: '', variants: [{ price: 1.5, cost: -1 }], categoryIds: [999999], status: 'gone' });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.title).toEqual(['The title field is required.']);
    expect(errors['variants.0.price']).toEqual(['The price must be a whole number.']);
    expect(errors['variants.0.cost']).toEqual(['The cost must be at least 0.']);
    expect(errors.status).toEqual(['The status must be active or archived.']);

    const missing = await admin.post('/api/products/create', simple({ categoryIds: [999999] }, { barcode: null }));
    expect(missing.json().errors.categoryIds).toEqual(['These categories do not exist: 999999.']);
  });

  it('keeps writing to administrators; a cashier reads and gets 403 on writes', async () => {
    expect((await cashier.get('/api/products')).statusCode).toBe(200);
    expect((await cashier.post('/api/products/create', simple({ title: 'x' }, { barcode: null }))).statusCode).toBe(403);
    expect((await cashier.post('/api/products/update', { ids: [1], action: 'archive' })).statusCode).toBe(403);
    expect((await cashier.post('/api/products/barcode/create')).statusCode).toBe(403);
  });
});

describe('editing, history and stock', () => {
  it('records every change in the history: who, what, before and after', async () => {
    const p = (await admin.post('/api/products/create', simple({ title: 'Cola 330ml' }, { barcode: null, price: 150 }))).json().data;
    const edit = {
      title: 'Cola 330ml can',
      description: null,
      categoryIds: [drinksId],
      taxIds: [],
      trackStock: true,
      variants: [{ id: p.variants[0].id, sku: p.variants[0].sku, barcode: null, price: 175, cost: 80, stock: [] }],
    };
    const res = await admin.put(`/api/products/${p.id}/edit`, edit);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.variants[0].price).toBe(175);
    const history = (await admin.get(`/api/products/${p.id}/history`)).json().data;
    expect(history[0].action).toBe('updated');
    expect(history[0].user).not.toBeNull();
    const fields = Object.fromEntries(history[0].changes.map((c: { field: string; before: unknown; after: unknown }) => [c.field, [c.before, c.after]]));
    expect(fields.title).toEqual(['Cola 330ml', 'Cola 330ml can']);
    expect(fields.price).toEqual([150, 175]);
    expect(fields.taxIds).toEqual([[vatId], []]);
    expect(history.at(-1).action).toBe('created');
  });

  it('adjusts stock with a reason through the ledger, refusing to go below zero by default', async () => {
    const p = (await admin.post('/api/products/create', simple({ title: 'Crisps' }, { barcode: null, stock: [{ outletId: mainId, quantity: 3, lowStockThreshold: null }] }))).json().data;
    const variantId = p.variants[0].id;
    const add = await admin.post(`/api/products/${p.id}/stock`, { variantId, outletId: mainId, mode: 'add', quantity: 10, note: 'Delivery without a goods order' });
    expect(add.json().data.quantity).toBe(13);
    const tooMany = await admin.post(`/api/products/${p.id}/stock`, { variantId, outletId: mainId, mode: 'remove', quantity: 20, note: 'Breakage' });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.quantity[0]).toMatch(/Not enough stock/);
    const set = await admin.post(`/api/products/${p.id}/stock`, { variantId, outletId: mainId, mode: 'set', quantity: 7, note: 'Shelf count' });
    expect(set.json().data.quantity).toBe(7);
    const noReason = await admin.post(`/api/products/${p.id}/stock`, { variantId, outletId: mainId, mode: 'add', quantity: 1, note: '' });
    expect(noReason.json().errors.note).toEqual(['The reason field is required.']);

    const ledger = (await admin.get(`/api/stock-movements?productId=${p.id}`)).json().data;
    expect(ledger.map((m: { delta: number; quantityAfter: number; reason: string }) => [m.reason, m.delta, m.quantityAfter])).toEqual([
      ['count', -6, 7],
      ['adjustment', 10, 13],
      ['initial', 3, 3],
    ]);
    expect(ledger[1].note).toBe('Delivery without a goods order');
    const history = (await admin.get(`/api/products/${p.id}/history`)).json().data;
    expect(history[0].changes[0]).toEqual({ field: 'stock at Main store', before: 13, after: 7 });
  });
});

describe('the product list', () => {
  it('searches by title, SKU and barcode, and filters by category and stock status', async () => {
    const byTitle = (await admin.get('/api/products?search=sparkling')).json();
    expect(byTitle.data.map((p: { title: string }) => p.title)).toEqual(['Sparkling Water 500ml']);
    expect(byTitle.data[0]).toMatchObject({ barcode: '4006381333931', stock: 24, stockStatus: 'in', price: 199, categories: [{ id: drinksId, name: 'Drinks' }] });
    expect((await admin.get('/api/products?search=TEE-M')).json().data[0].title).toBe('Logo T-shirt');
    expect((await admin.get('/api/products?search=40063813')).json().data[0].title).toBe('Sparkling Water 500ml');
    expect((await admin.get(`/api/products?categoryId=${drinksId}`)).json().data.every((p: { categories: unknown[] }) => p.categories.length > 0)).toBe(true);
    // The T-shirt holds 5 (size S) against a threshold of 3 × 5 (the shop's default per variant): low.
    const low = (await admin.get('/api/products?stockStatus=low')).json().data.map((p: { title: string }) => p.title);
    expect(low).toEqual(['Logo T-shirt']);
    const inStock = (await admin.get('/api/products?stockStatus=in')).json().data.map((p: { title: string }) => p.title);
    expect(inStock).toContain('Sparkling Water 500ml');
    expect(inStock).not.toContain('Logo T-shirt');
    expect((await admin.get('/api/products?search=sparkling&stockStatus=out')).json().data).toEqual([]);
    expect((await admin.get('/api/products/count?search=sparkling')).json()).toEqual({ data: { count: 1 } });
  });

  it('shows price ranges for products with variants and sorts by price', async () => {
    const tee = (await admin.get('/api/products?search=Logo')).json().data[0];
    expect(tee).toMatchObject({ variantCount: 3, price: 1500, priceMax: 1700 });
    const sorted = (await admin.get('/api/products?sort=-price&perPage=1')).json();
    expect(sorted.data[0].title).toBe('Logo T-shirt');
    expect((await admin.get('/api/products?sort=secret')).statusCode).toBe(422);
  });
});

describe('bulk, delete, images and barcodes', () => {
  it('archives in bulk, and archived products leave the default list', async () => {
    const ids = (await admin.get('/api/products?search=Cola')).json().data.map((p: { id: number }) => p.id);
    const res = await admin.post('/api/products/update', { ids, action: 'archive' });
    expect(res.json()).toEqual({ data: { affected: 1 } });
    expect((await admin.get('/api/products?search=Cola')).json().data).toEqual([]);
    expect((await admin.get('/api/products?search=Cola&status=archived')).json().data[0].status).toBe('archived');
  });

  it('changes prices by a percentage, rounding to the cent', async () => {
    const tee = (await admin.get('/api/products?search=Logo')).json().data[0];
    await admin.post('/api/products/update', { ids: [tee.id], action: 'changePrice', values: { percent: '-10' } });
    const prices = (await admin.get(`/api/products/${tee.id}/edit`)).json().data.variants.map((v: { price: number }) => v.price);
    expect(prices).toEqual([1350, 1350, 1530]);
    const bad = await admin.post('/api/products/update', { ids: [tee.id], action: 'changePrice', values: { percent: 'lots' } });
    expect(bad.statusCode).toBe(422);
  });

  it('deletes a product and records it for register sync', async () => {
    const p = (await admin.post('/api/products/create', simple({ title: 'Short-lived' }, { barcode: null }))).json().data;
    expect((await admin.delete(`/api/products/${p.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/products/${p.id}/edit`)).statusCode).toBe(404);
    const tombstones = await ctx.database.db.select().from(catalogueDeletions).where(eq(catalogueDeletions.entityId, p.id));
    expect(tombstones.some((t) => t.entity === 'product')).toBe(true);
  });

  it('uploads images (the first is main), reorders them and deletes one', async () => {
    const p = (await admin.get('/api/products?search=Sparkling')).json().data[0];
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const upload = () => {
      const body = multipartBody('image', 'photo.png', 'image/png', png);
      return admin.request('POST', `/api/products/${p.id}/images`, body.body, body.headers);
    };
    const first = (await upload()).json().data;
    const second = (await upload()).json().data;
    expect(first.isMain).toBe(true);
    expect(second.isMain).toBe(false);
    const arranged = await admin.put(`/api/products/${p.id}/images`, { order: [second.id, first.id], mainId: second.id });
    expect(arranged.json().data.map((i: { id: number; isMain: boolean }) => [i.id, i.isMain])).toEqual([[second.id, true], [first.id, false]]);
    expect((await admin.delete(`/api/products/images/${second.id}`)).statusCode).toBe(204);
    const detail = (await admin.get(`/api/products/${p.id}/edit`)).json().data;
    expect(detail.images).toEqual([expect.objectContaining({ id: first.id, isMain: true })]);
    expect((await admin.get('/api/products?search=Sparkling')).json().data[0].imageUrl).toBe(first.url);

    const text = multipartBody('image', 'photo.png', 'image/png', Buffer.from('not an image'));
    const refused = await admin.request('POST', `/api/products/${p.id}/images`, text.body, text.headers);
    expect(refused.statusCode).toBe(422);
  });

  it('makes new unique in-store EAN-13 barcodes', async () => {
    const a = (await admin.post('/api/products/barcode/create')).json().data.barcode;
    const b = (await admin.post('/api/products/barcode/create')).json().data.barcode;
    expect(a).toMatch(/^20\d{11}$/);
    expect(b).not.toBe(a);
  });
});
