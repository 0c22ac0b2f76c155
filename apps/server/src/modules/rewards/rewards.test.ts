import { addDays, localToday } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, productVariants } from '../../db/schema/index.ts';
import type { TestContext } from '../../testing/test-app.ts';
import { openSaleShop, saleBody, type SaleShop } from '../orders/sale.fixtures.ts';
import { getShopTimeZone } from '../settings/service.ts';
import { findRewardForSale, listAvailableRewards } from './catalogue.ts';

let ctx: TestContext;
let shop: SaleShop;
/** The shop's day when the tests run. */
let today: string;
beforeAll(async () => {
  ({ ctx, shop } = await openSaleShop());
  today = localToday(await getShopTimeZone(ctx.database.db));
});
afterAll(() => ctx.close());

type RewardJson = { id: number; name: string; points: number; state: string; timesUsed: number; archived: boolean };

const fiveOff = { name: 'Five off', kind: 'amount', amount: 500, points: 500, active: true };

async function createReward(overrides: Record<string, unknown> = {}): Promise<RewardJson> {
  const res = await shop.admin.post('/api/rewards/create', { ...fiveOff, ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function names(query: string): Promise<string[]> {
  const res = await shop.admin.get(`/api/rewards?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: RewardJson) => r.name);
}

/** A variant that cannot be given: its product archived, or itself inactive. */
async function addVariant(title: string, sku: string, productStatus: 'active' | 'archived', active: boolean): Promise<number> {
  const db = ctx.database.db;
  const [product] = await db.insert(products).values({ title, status: productStatus }).returning({ id: products.id });
  if (!product) throw new Error('no product');
  const [variant] = await db.insert(productVariants).values({ productId: product.id, sku, price: 300, isDefault: true, active }).returning({ id: productVariants.id });
  if (!variant) throw new Error('no variant');
  return variant.id;
}

describe('rewards: create, validate, edit', () => {
  it('creates an amount off, active with no dates and never used', async () => {
    const res = await shop.admin.post('/api/rewards/create', fiveOff);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Five off',
      kind: 'amount',
      amount: 500,
      rate: null,
      rateE4: 0,
      variantId: null,
      variant: null,
      points: 500,
      startsOn: null,
      endsOn: null,
      active: true,
      archived: false,
      state: 'active',
      timesUsed: 0,
    });
  });

  it('creates a percentage off, keeping only the value of its kind', async () => {
    const created = await createReward({ name: 'Birthday treat', kind: 'percentage', rate: '12.5', amount: 300, points: 1000 });
    expect(created).toMatchObject({ kind: 'percentage', rate: '12.5', rateE4: 125_000, amount: 0, variantId: null, variant: null });
  });

  it('creates a free product with the variant as the till shows it', async () => {
    const created = await createReward({ name: 'Free shirt', kind: 'product', amount: undefined, variantId: shop.shirt.variantId, points: 5000 });
    expect(created).toMatchObject({
      kind: 'product',
      amount: 0,
      rate: null,
      variantId: shop.shirt.variantId,
      variant: { id: shop.shirt.variantId, productId: shop.shirt.productId, title: 'Linen shirt', variantName: 'M / Blue', sku: 'SHIRT-M-BLUE', unitPrice: 2500 },
    });
  });

  it('says on each field what is missing or wrong', async () => {
    const post = async (body: Record<string, unknown>) => {
      const res = await shop.admin.post('/api/rewards/create', body);
      expect(res.statusCode).toBe(422);
      return res.json().errors;
    };
    expect(await post({ ...fiveOff, amount: undefined, points: 0 })).toEqual({
      amount: ['The amount field is required.'],
      points: ['The points needed must be at least 1.'],
    });
    expect(await post({ ...fiveOff, kind: 'percentage', rate: '101' })).toEqual({
      rate: ['The rate must be a percentage above 0 and at most 100 with at most 4 decimals.'],
    });
    expect(await post({ ...fiveOff, kind: 'product' })).toEqual({ variantId: ['Choose the product given free.'] });
    expect(await post({ ...fiveOff, startsOn: '2026-05-02', endsOn: '2026-05-01' })).toEqual({
      endsOn: ['The end date may not be before the start date.'],
    });
    expect(await post({ name: ' ', kind: 'voucher', points: 10, active: true })).toEqual({
      name: ['The name field is required.'],
      kind: ['The type must be an amount off, a percentage off or a free product.'],
    });
  });

  it('gives away only a variant that is on sale', async () => {
    const archived = await addVariant('Old tote bag', 'TOTE-OLD', 'archived', true);
    const inactive = await addVariant('Paused candle', 'CANDLE-P', 'active', false);
    const errorsFor = async (variantId: number) => {
      const res = await shop.admin.post('/api/rewards/create', { ...fiveOff, kind: 'product', variantId });
      expect(res.statusCode).toBe(422);
      return res.json().errors;
    };
    expect(await errorsFor(999_999)).toEqual({ variantId: ['The chosen product does not exist.'] });
    expect(await errorsFor(archived)).toEqual({ variantId: ['This product is archived. Choose a product that is on sale.'] });
    expect(await errorsFor(inactive)).toEqual({ variantId: ['This variant is inactive. Choose one that is on sale.'] });
  });

  it('edits a reward into another kind and reads it back for the form', async () => {
    const created = await createReward({ name: 'Edit me' });
    const res = await shop.admin.put(`/api/rewards/${created.id}/edit`, { name: 'Edited', kind: 'percentage', rate: '10', points: 750, active: false, endsOn: '2099-12-31' });
    expect(res.statusCode, res.body).toBe(200);
    const expected = { id: created.id, name: 'Edited', kind: 'percentage', rate: '10', rateE4: 100_000, amount: 0, points: 750, active: false, endsOn: '2099-12-31', state: 'inactive' };
    expect(res.json().data).toMatchObject(expected);
    expect((await shop.admin.get(`/api/rewards/${created.id}/edit`)).json().data).toMatchObject(expected);
    expect((await shop.admin.get('/api/rewards/999999/edit')).statusCode).toBe(404);
    expect((await shop.admin.put('/api/rewards/999999/edit', fiveOff)).statusCode).toBe(404);
  });
});

describe('rewards: list', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const tomorrow = addDays(today, 1);
    const yesterday = addDays(today, -1);
    ids = {
      today: (await createReward({ name: 'Coffee ends today', points: 300, startsOn: today, endsOn: today })).id,
      ended: (await createReward({ name: 'Coffee ended', points: 100, endsOn: yesterday })).id,
      scheduled: (await createReward({ name: 'Coffee tomorrow', points: 200, startsOn: tomorrow })).id,
      inactive: (await createReward({ name: 'Coffee paused', points: 50, active: false })).id,
      cheap: (await createReward({ name: 'coffee small', points: 300 })).id,
      archived: (await createReward({ name: 'Coffee archived', points: 10 })).id,
    };
    expect((await shop.admin.post(`/api/rewards/${ids.archived}/archive`)).statusCode).toBe(200);
  });

  it('finds rewards by name and tells the state of each on the shop day', async () => {
    const res = await shop.admin.get('/api/rewards?search=coffee&sort=name&perPage=100');
    const states = Object.fromEntries(res.json().data.map((r: RewardJson) => [r.name, r.state]));
    expect(states).toEqual({
      'Coffee ended': 'ended',
      'Coffee ends today': 'active',
      'Coffee paused': 'inactive',
      'coffee small': 'active',
      'Coffee tomorrow': 'scheduled',
    });
    expect(await names('search=COFFEE%20SM')).toEqual(['coffee small']);
    expect(await names('search=tea')).toEqual([]);
  });

  it('filters by state; archived ones only when asked for', async () => {
    expect(await names('search=coffee&state=active&sort=name')).toEqual(['Coffee ends today', 'coffee small']);
    expect(await names('search=coffee&state=ended')).toEqual(['Coffee ended']);
    expect(await names('search=coffee&state=scheduled')).toEqual(['Coffee tomorrow']);
    expect(await names('search=coffee&state=inactive')).toEqual(['Coffee paused']);
    expect(await names('search=coffee&state=archived')).toEqual(['Coffee archived']);
    const bad = await shop.admin.get('/api/rewards?state=gone');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ state: ['The state must be one of: active, scheduled, ended, inactive, archived.'] });
  });

  it('sorts by name, points and newest first (the default), and pages', async () => {
    expect(await names('search=coffee&sort=name')).toEqual(['Coffee ended', 'Coffee ends today', 'Coffee paused', 'coffee small', 'Coffee tomorrow']);
    expect(await names('search=coffee&sort=-name')).toEqual(['Coffee tomorrow', 'coffee small', 'Coffee paused', 'Coffee ends today', 'Coffee ended']);
    // Equal points keep the order they were made in.
    expect(await names('search=coffee&sort=points')).toEqual(['Coffee paused', 'Coffee ended', 'Coffee tomorrow', 'Coffee ends today', 'coffee small']);
    expect(await names('search=coffee')).toEqual(['coffee small', 'Coffee paused', 'Coffee tomorrow', 'Coffee ended', 'Coffee ends today']);
    const second = (await shop.admin.get('/api/rewards?search=coffee&sort=name&perPage=2&page=2')).json();
    expect(second.data.map((r: RewardJson) => r.name)).toEqual(['Coffee paused', 'coffee small']);
    expect(second.meta).toEqual({ page: 2, perPage: 2, total: 5, lastPage: 3 });
    const bad = await shop.admin.get('/api/rewards?sort=state');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ sort: ['The sort must be one of: name, -name, points, -points, createdAt, -createdAt.'] });
  });

  it('offers the till only the rewards available today, fewest points first', async () => {
    const available = (await listAvailableRewards(ctx.database.db, today)).filter((r) => r.name.toLowerCase().startsWith('coffee'));
    expect(available.map((r) => r.id)).toEqual([ids.today, ids.cheap]);
    const tomorrowsIds = (await listAvailableRewards(ctx.database.db, addDays(today, 1))).map((r) => r.id);
    expect(tomorrowsIds).toContain(ids.scheduled);
    expect(tomorrowsIds).not.toContain(ids.today);
  });
});

describe('rewards: archive, restore, delete and uses', () => {
  async function sellWith(rewardId: number): Promise<number> {
    const res = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800));
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().data.id as number;
    await ctx.database.db.update(orders).set({ rewardId, rewardName: 'Used one', rewardPoints: 500 }).where(eq(orders.id, orderId));
    return orderId;
  }

  it('archives a reward out of the list and restores it as it was', async () => {
    const created = await createReward({ name: 'Seasonal scarf', active: false });
    const archived = await shop.admin.post(`/api/rewards/${created.id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data).toMatchObject({ archived: true, state: 'archived', active: false });
    expect(await names('search=seasonal')).toEqual([]);
    expect(await names('search=seasonal&state=archived')).toEqual(['Seasonal scarf']);
    const restored = await shop.admin.post(`/api/rewards/${created.id}/restore`);
    expect(restored.json().data).toMatchObject({ archived: false, state: 'inactive', active: false });
    expect(await names('search=seasonal')).toEqual(['Seasonal scarf']);
    expect((await shop.admin.post('/api/rewards/999999/archive')).statusCode).toBe(404);
  });

  it('deletes a reward no sale took', async () => {
    const created = await createReward({ name: 'Never used' });
    expect((await shop.admin.delete(`/api/rewards/${created.id}`)).statusCode).toBe(204);
    expect((await shop.admin.get(`/api/rewards/${created.id}/edit`)).statusCode).toBe(404);
    expect((await shop.admin.delete(`/api/rewards/${created.id}`)).statusCode).toBe(404);
  });

  it('counts the sales that took a reward and refuses to delete it (409: archive it instead)', async () => {
    const used = await createReward({ name: 'Used one' });
    await sellWith(used.id);
    await sellWith(used.id);
    expect((await shop.admin.get(`/api/rewards/${used.id}/edit`)).json().data.timesUsed).toBe(2);
    const listed = (await shop.admin.get('/api/rewards?search=used%20one')).json().data;
    expect(listed.map((r: RewardJson) => [r.name, r.timesUsed])).toEqual([['Used one', 2]]);

    const res = await shop.admin.delete(`/api/rewards/${used.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This reward was taken in 2 sales, so it cannot be deleted. Archive it instead: its sales keep their history.');
    expect((await shop.admin.get(`/api/rewards/${used.id}/edit`)).statusCode).toBe(200);
    expect((await shop.admin.post(`/api/rewards/${used.id}/archive`)).json().data).toMatchObject({ state: 'archived', timesUsed: 2 });
  });

  it('finds any reward for a sale by id, archived too, and nothing for an unknown id', async () => {
    const created = await createReward({ name: 'For the sale', kind: 'product', variantId: shop.mug.variantId, points: 800 });
    await shop.admin.post(`/api/rewards/${created.id}/archive`);
    expect(await findRewardForSale(ctx.database.db, created.id)).toMatchObject({
      id: created.id,
      kind: 'product',
      points: 800,
      archived: true,
      state: 'archived',
      variant: { id: shop.mug.variantId, title: 'Mug', variantName: '', sku: 'MUG-1', unitPrice: 800 },
    });
    expect(await findRewardForSale(ctx.database.db, 999_999)).toBeUndefined();
  });
});

describe('rewards: access', () => {
  it('lets a cashier list rewards but not create, edit, archive, restore or delete them (403)', async () => {
    const created = await createReward({ name: 'Staff only' });
    const list = await shop.cashier.get('/api/rewards?search=staff');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: RewardJson) => r.name)).toEqual(['Staff only']);
    expect((await shop.cashier.post('/api/rewards/create', fiveOff)).statusCode).toBe(403);
    expect((await shop.cashier.get(`/api/rewards/${created.id}/edit`)).statusCode).toBe(403);
    expect((await shop.cashier.put(`/api/rewards/${created.id}/edit`, fiveOff)).statusCode).toBe(403);
    expect((await shop.cashier.post(`/api/rewards/${created.id}/archive`)).statusCode).toBe(403);
    expect((await shop.cashier.post(`/api/rewards/${created.id}/restore`)).statusCode).toBe(403);
    expect((await shop.cashier.delete(`/api/rewards/${created.id}`)).statusCode).toBe(403);
    expect((await shop.admin.get(`/api/rewards/${created.id}/edit`)).json().data).toMatchObject({ name: 'Staff only', state: 'active', archived: false });
  });
});
