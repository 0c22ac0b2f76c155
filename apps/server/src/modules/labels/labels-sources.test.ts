import { addDays, localDateOf, zonedDayStart, type LabelFields } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productHistory, productVariants } from '../../db/schema/index.ts';
import type { TestContext } from '../../testing/test-app.ts';
import { createTestContext } from '../../testing/test-app.ts';
import { getShopTimeZone, readSetting } from '../settings/service.ts';
import { seedLabelShop, type LabelShop } from './labels.fixtures.ts';

let ctx: TestContext;
let shop: LabelShop;
let today: string;
beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedLabelShop(ctx);
  today = localDateOf(new Date(), await getShopTimeZone(ctx.database.db));
});
afterAll(() => ctx.close());

/** Changes a variant's price (and optionally its cost) the way the product screen does: PUT /api/products/{id}/edit. */
async function editVariant(variantId: number, change: { price?: number; cost?: number }) {
  const [row] = await ctx.database.db.select({ productId: productVariants.productId }).from(productVariants).where(eq(productVariants.id, variantId));
  const product = (await shop.admin.get(`/api/products/${row?.productId}/edit`)).json().data;
  const res = await shop.admin.put(`/api/products/${product.id}/edit`, {
    title: product.title,
    description: product.description,
    categoryIds: product.categoryIds,
    taxIds: product.taxIds,
    trackStock: product.trackStock,
    variants: product.variants.map((v: { id: number; sku: string; barcode: string | null; price: number; cost: number }) => ({
      id: v.id,
      sku: v.sku,
      barcode: v.barcode,
      price: v.id === variantId ? (change.price ?? v.price) : v.price,
      cost: v.id === variantId ? (change.cost ?? v.cost) : v.cost,
      stock: [],
    })),
  });
  expect(res.statusCode).toBe(200);
}

const priceChanges = (since: string, client = shop.admin) => client.get(`/api/labels/price-changes?since=${since}`);

describe('GET /api/labels/price-changes', () => {
  it('lists the variants whose price changed since the day, newest change first, with the price before and now', async () => {
    await editVariant(shop.tea.variantId, { price: 500 });
    await editVariant(shop.oil.variantId, { price: 1399 });
    await editVariant(shop.oil.variantId, { price: 1499 });
    // A cost change is not a price change; a price changed and changed back needs no new label.
    await editVariant(shop.mug.variantId, { cost: 350 });
    await editVariant(shop.cola.variantId, { price: 130 });
    await editVariant(shop.cola.variantId, { price: 120 });

    const res = await priceChanges(today);
    expect(res.statusCode).toBe(200);
    const lines = res.json().data;
    expect(lines.map((l: { sku: string }) => l.sku)).toEqual(['OIL-750', 'TEA-20']);
    expect(lines[0]).toMatchObject({ variantId: shop.oil.variantId, title: 'Organic extra virgin olive oil from the hills of Andalusia', barcode: shop.oil.barcode, price: 1499, previousPrice: 1299 });
    expect(lines[1]).toEqual({
      variantId: shop.tea.variantId,
      title: 'Green tea',
      variantName: '',
      sku: 'TEA-20',
      barcode: shop.tea.barcode,
      price: 500,
      previousPrice: 450,
      changedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      stock: 0,
    });
    expect(Date.parse(lines[0].changedAt)).toBeGreaterThanOrEqual(Date.parse(lines[1].changedAt));
  });

  it('lists nothing for a day after the change', async () => {
    const res = await priceChanges(addDays(today, 1));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it("counts the day from midnight in the shop's time zone", async () => {
    const zone = await getShopTimeZone(ctx.database.db);
    // The mug went from 7.00 to its 8.00 one second before midnight, shop time, starting 10 January.
    const createdAt = new Date(zonedDayStart('2026-01-10', zone).getTime() - 1000);
    await ctx.database.db.insert(productHistory).values({ productId: shop.mug.productId, userId: shop.adminId, action: 'updated', changes: [{ field: 'price', before: 700, after: 800 }], createdAt });
    const skus = async (since: string) => (await priceChanges(since)).json().data.map((l: { sku: string }) => l.sku);
    expect(await skus('2026-01-10')).not.toContain('MUG-1');
    expect(await skus('2026-01-09')).toContain('MUG-1');
    const mug = (await priceChanges('2026-01-09')).json().data.find((l: { sku: string }) => l.sku === 'MUG-1');
    expect(mug).toMatchObject({ variantId: shop.mug.variantId, price: 800, previousPrice: 700, stock: 5, changedAt: createdAt.toISOString() });
  });

  it('refuses a day that is not a date with a 422 on since; a cashier gets 403', async () => {
    const bad = await priceChanges('yesterday');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.since).toEqual(['The date must be a date like 2026-11-22.']);
    expect((await priceChanges(today, shop.cashier)).statusCode).toBe(403);
  });
});

describe('the last layout and fields, per user', () => {
  const fields: LabelFields = { shopName: true, title: true, variant: false, price: true, barcode: false, qr: true, sku: false };

  it('answers null before the first print, then what the last print used', async () => {
    expect((await shop.admin.get('/api/labels/preferences')).json()).toEqual({ data: null });
    const print = await shop.admin.post('/api/labels/create', { layout: 'roll-50x25', fields, format: 'zpl', items: [{ variantId: shop.mug.variantId, quantity: 1 }] });
    expect(print.statusCode).toBe(200);
    expect((await shop.admin.get('/api/labels/preferences')).json()).toEqual({ data: { layout: 'roll-50x25', fields } });
    expect(await readSetting(ctx.database.db, `labels:user:${shop.adminId}`)).toEqual({ layout: 'roll-50x25', fields });
  });

  it('keeps what a refused print asked for out of the memory', async () => {
    const refused = await shop.admin.post('/api/labels/create', { layout: 'a4-2x7', fields, format: 'pdf', items: [{ variantId: 999_999, quantity: 1 }] });
    expect(refused.statusCode).toBe(422);
    expect((await shop.admin.get('/api/labels/preferences')).json().data.layout).toBe('roll-50x25');
  });

  it('stores a layout and fields through PUT, refusing an unknown layout on its field', async () => {
    const saved = await shop.admin.put('/api/labels/preferences', { layout: 'a4-4x10', fields: { ...fields, sku: true } });
    expect(saved.statusCode).toBe(200);
    expect((await shop.admin.get('/api/labels/preferences')).json().data).toEqual({ layout: 'a4-4x10', fields: { ...fields, sku: true } });
    const bad = await shop.admin.put('/api/labels/preferences', { layout: 'a5-1x1', fields });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['layout']);
  });

  it('is for administrators: a cashier gets 403', async () => {
    expect((await shop.cashier.get('/api/labels/preferences')).statusCode).toBe(403);
    expect((await shop.cashier.put('/api/labels/preferences', { layout: 'a4-3x8', fields })).statusCode).toBe(403);
  });
});
