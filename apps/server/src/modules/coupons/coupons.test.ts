import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, coupons, products, productVariants } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';

let ctx: TestContext;
let admin: TestClient;
let cashier: TestClient;
let snacksId: number;
let crispsId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.signIn('administrator')).client;
  cashier = (await ctx.signIn('cashier')).client;
  const [category] = await ctx.database.db.insert(categories).values({ name: 'Snacks' }).returning({ id: categories.id });
  const [product] = await ctx.database.db.insert(products).values({ title: 'Salted crisps' }).returning({ id: products.id });
  if (!category || !product) throw new Error('no seed');
  await ctx.database.db.insert(productVariants).values({ productId: product.id, sku: 'CRISP-1', price: 199, isDefault: true });
  snacksId = category.id;
  crispsId = product.id;
});
afterAll(() => ctx.close());

const valid = { code: 'TEN-OFF', name: 'Ten percent off', kind: 'percentage', rate: '10', appliesTo: 'all', active: true };

type CouponJson = { id: number; code: string; state: string; usedCount: number; categoryIds: number[]; productIds: number[] };

async function createCoupon(overrides: Record<string, unknown> = {}): Promise<CouponJson> {
  const res = await admin.post('/api/coupons/create', { ...valid, ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

describe('coupons: create and validate', () => {
  it('creates a percentage coupon limited to a category and a product, code kept as typed', async () => {
    const res = await admin.post('/api/coupons/create', {
      ...valid,
      code: 'Snack_Time',
      appliesTo: 'some',
      categoryIds: [snacksId],
      productIds: [crispsId],
      validUntil: '2099-01-01T00:00:00Z',
      minimumTotal: 500,
      maximumDiscount: 1000,
      usageLimit: 100,
      perCustomerLimit: 1,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      code: 'Snack_Time',
      kind: 'percentage',
      rate: '10',
      rateE4: 100_000,
      amount: 0,
      state: 'active',
      usedCount: 0,
      validUntil: '2099-01-01T00:00:00.000Z',
      categoryIds: [snacksId],
      productIds: [crispsId],
      categories: [{ id: snacksId, name: 'Snacks' }],
      products: [{ id: crispsId, title: 'Salted crisps', sku: 'CRISP-1' }],
    });
  });

  it('refuses a code that exists in another case with 422 on the code', async () => {
    await createCoupon({ code: 'Welcome5' });
    const res = await admin.post('/api/coupons/create', { ...valid, code: 'WELCOME5' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ code: ['A coupon with this code already exists.'] });
  });

  it('says what is wrong with every field at once', async () => {
    const res = await admin.post('/api/coupons/create', {
      code: 'x',
      name: ' ',
      kind: 'fixed',
      amount: 0,
      validFrom: '2026-05-01T00:00:00Z',
      validUntil: '2026-04-01T00:00:00Z',
      usageLimit: -1,
      appliesTo: 'some',
      active: true,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      code: ['The code must be 3 to 40 letters, digits, - or _.'],
      name: ['The name field is required.'],
      amount: ['The amount must be more than zero.'],
      usageLimit: ['The usage limit may not be negative.'],
      validUntil: ['The end must be after the start.'],
      appliesTo: ['Choose at least one category or product.'],
    });
  });

  it('refuses a percentage over 100 and unknown categories and products', async () => {
    const rate = await admin.post('/api/coupons/create', { ...valid, code: 'TOO-MUCH', rate: '101' });
    expect(rate.json().errors).toEqual({ rate: ['The rate must be a percentage above 0 and at most 100 with at most 4 decimals.'] });
    const ids = await admin.post('/api/coupons/create', { ...valid, code: 'GHOSTS', appliesTo: 'some', categoryIds: [99999], productIds: [99998] });
    expect(ids.statusCode).toBe(422);
    expect(ids.json().errors).toEqual({
      categoryIds: ['Some of the chosen categories do not exist.'],
      productIds: ['Some of the chosen products do not exist.'],
    });
  });

  it('updates a coupon, keeping its own code in another case and switching to a fixed amount', async () => {
    const created = await createCoupon({ code: 'edit-me' });
    const res = await admin.put(`/api/coupons/${created.id}/edit`, { ...valid, code: 'EDIT-ME', kind: 'fixed', amount: 250, rate: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ code: 'EDIT-ME', kind: 'fixed', amount: 250, rate: null, rateE4: 0 });
    expect((await admin.get(`/api/coupons/${created.id}/edit`)).json().data.code).toBe('EDIT-ME');
    expect((await admin.get('/api/coupons/999999/edit')).statusCode).toBe(404);
  });
});

describe('coupons: list', () => {
  it('searches by code and name and filters by state', async () => {
    await createCoupon({ code: 'OLD-SUMMER', name: 'Summer sale', validFrom: '2020-06-01T00:00:00Z', validUntil: '2020-09-01T00:00:00Z' });
    await createCoupon({ code: 'LATER-ON', name: 'Future', validFrom: '2099-06-01T00:00:00Z' });
    const usedUp = await createCoupon({ code: 'ALL-GONE', name: 'Gone', usageLimit: 2 });
    await ctx.database.db.update(coupons).set({ usedCount: 2 }).where(eq(coupons.id, usedUp.id));

    const byName = (await admin.get('/api/coupons?search=summer')).json();
    expect(byName.data.map((c: CouponJson) => c.code)).toEqual(['OLD-SUMMER']);
    expect(byName.data[0].state).toBe('expired');
    const codes = async (state: string) =>
      (await admin.get(`/api/coupons?state=${state}&perPage=100`)).json().data.map((c: CouponJson) => c.code);
    expect(await codes('expired')).toEqual(['OLD-SUMMER']);
    expect(await codes('scheduled')).toEqual(['LATER-ON']);
    expect(await codes('used-up')).toEqual(['ALL-GONE']);
    expect(await codes('active')).not.toContain('ALL-GONE');
    const sorted = (await admin.get('/api/coupons?sort=code&perPage=100')).json().data.map((c: CouponJson) => c.code);
    expect(sorted).toEqual([...sorted].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect((await admin.get('/api/coupons?sort=name')).statusCode).toBe(422);
    const byEnd = (await admin.get('/api/coupons?sort=validUntil&perPage=100')).json().data.map((c: CouponJson) => c.code);
    expect(byEnd[0]).toBe('OLD-SUMMER');
    const byEndDescending = await admin.get('/api/coupons?sort=-validUntil&perPage=100');
    expect(byEndDescending.statusCode).toBe(200);
    expect(byEndDescending.json().data.at(-1).code).toBe('OLD-SUMMER');
  });
});

describe('coupons: access, lookup, delete and bulk', () => {
  it('keeps writes and the list to administrators (403 for a cashier)', async () => {
    const created = await createCoupon({ code: 'NO-CASHIERS' });
    expect((await cashier.get('/api/coupons')).statusCode).toBe(403);
    expect((await cashier.post('/api/coupons/create', { ...valid, code: 'CASHIER-1' })).statusCode).toBe(403);
    expect((await cashier.put(`/api/coupons/${created.id}/edit`, valid)).statusCode).toBe(403);
    expect((await cashier.delete(`/api/coupons/${created.id}`)).statusCode).toBe(403);
    expect((await cashier.post('/api/coupons/update', { ids: [created.id], action: 'delete' })).statusCode).toBe(403);
  });

  it('looks a code up for a cashier, ignoring case', async () => {
    await createCoupon({ code: 'Lookup-Me', appliesTo: 'some', categoryIds: [snacksId] });
    const res = await cashier.get('/api/coupons/lookup?code=LOOKUP-ME');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ code: 'Lookup-Me', rateE4: 100_000, appliesTo: 'some', categoryIds: [snacksId], productIds: [] });
    expect((await cashier.get('/api/coupons/lookup?code=NOPE-NOPE')).statusCode).toBe(404);
  });

  it('deletes an unused coupon and refuses one orders used with 409', async () => {
    const unused = await createCoupon({ code: 'DELETE-ME' });
    expect((await admin.delete(`/api/coupons/${unused.id}`)).statusCode).toBe(204);
    const used = await createCoupon({ code: 'USED-ONCE' });
    await ctx.database.db.update(coupons).set({ usedCount: 1 }).where(eq(coupons.id, used.id));
    const res = await admin.delete(`/api/coupons/${used.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This coupon has been used by 1 order. Deactivate it instead.');
  });

  it('activates, deactivates and deletes several at once, all or none', async () => {
    const a = await createCoupon({ code: 'BULK-A' });
    const b = await createCoupon({ code: 'BULK-B' });
    const off = await admin.post('/api/coupons/update', { ids: [a.id, b.id], action: 'deactivate' });
    expect(off.json().data.affected).toBe(2);
    expect((await admin.get(`/api/coupons/${a.id}/edit`)).json().data).toMatchObject({ active: false, state: 'inactive' });
    await ctx.database.db.update(coupons).set({ usedCount: 3 }).where(eq(coupons.id, b.id));
    const blocked = await admin.post('/api/coupons/update', { ids: [a.id, b.id], action: 'delete' });
    expect(blocked.statusCode).toBe(409);
    expect((await admin.get(`/api/coupons/${a.id}/edit`)).statusCode).toBe(200);
    expect((await admin.post('/api/coupons/update', { ids: [a.id], action: 'delete' })).json().data.affected).toBe(1);
    expect((await admin.get(`/api/coupons/${a.id}/edit`)).statusCode).toBe(404);
  });
});
