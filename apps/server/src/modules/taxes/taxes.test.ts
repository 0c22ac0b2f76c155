import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productTaxes } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';

let ctx: TestContext;
let admin: TestClient;
let cashier: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.signIn('administrator')).client;
  cashier = (await ctx.signIn('cashier')).client;
});
afterAll(() => ctx.close());

const rateMessage = 'The rate must be a percentage between 0 and 100 with at most 4 decimals.';
const valid = { name: 'Sales tax', rate: '7.5', isInclusive: false, isCompound: false, active: true };

type TaxJson = { id: number; name: string; rate: string; rateE4: number; productCount: number; active: boolean; isInclusive: boolean };

async function createTax(overrides: Partial<typeof valid> = {}): Promise<TaxJson> {
  const res = await admin.post('/api/taxes/create', { ...valid, ...overrides });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

/** A product carrying the given taxes, written directly (the products API is another module). */
async function productWithTaxes(title: string, taxIds: number[]): Promise<number> {
  const [product] = await ctx.database.db.insert(products).values({ title }).returning({ id: products.id });
  if (!product) throw new Error('no product');
  if (taxIds.length) await ctx.database.db.insert(productTaxes).values(taxIds.map((taxId, position) => ({ productId: product.id, taxId, position })));
  return product.id;
}

async function changeXidOf(productId: number): Promise<string> {
  const [row] = await ctx.database.db.select({ changeXid: products.changeXid }).from(products).where(eq(products.id, productId));
  return String(row?.changeXid);
}

describe('taxes: create and validate', () => {
  it('creates a tax from a decimal rate and answers it as text and as rateE4', async () => {
    const res = await admin.post('/api/taxes/create', { ...valid, name: 'State tax', rate: '8.875' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'State tax',
      rate: '8.875',
      rateE4: 88_750,
      isInclusive: false,
      isCompound: false,
      active: true,
      productCount: 0,
    });
  });

  it('reads "7,50 %" as 7.5 % and allows a zero rate', async () => {
    expect(await createTax({ name: 'Comma tax', rate: '7,50 %' })).toMatchObject({ rate: '7.5', rateE4: 75_000 });
    expect(await createTax({ name: 'Zero rated', rate: '0' })).toMatchObject({ rate: '0', rateE4: 0 });
    expect(await createTax({ name: 'Whole', rate: '100' })).toMatchObject({ rate: '100', rateE4: 1_000_000 });
  });

  it.each([['abc'], ['101'], ['7.12345'], ['-1'], ['7.5.1'], ['5 5'], ['$5'], [7.5]])('refuses the rate %j with 422 on the rate', async (rate) => {
    const res = await admin.post('/api/taxes/create', { ...valid, name: `Bad ${String(rate)}`, rate });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ rate: [rateMessage] });
  });

  it('says which fields are missing or wrong, all at once', async () => {
    const res = await admin.post('/api/taxes/create', { name: ' ', rate: '', isInclusive: 'yes' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      name: ['The name field is required.'],
      rate: ['The rate field is required.'],
      isInclusive: ['The inclusive field must be true or false.'],
      isCompound: ['The compound field must be true or false.'],
      active: ['The active field must be true or false.'],
    });
  });

  it('refuses a compound tax that is included in the price, on the compound field', async () => {
    const res = await admin.post('/api/taxes/create', { ...valid, name: 'Inclusive compound', isInclusive: true, isCompound: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ isCompound: ['The tax cannot be compound when it is included in the price.'] });
  });

  it('keeps names unique whatever their case', async () => {
    await createTax({ name: 'City tax' });
    const res = await admin.post('/api/taxes/create', { ...valid, name: 'CITY TAX' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: ['A tax with this name already exists.'] });
  });
});

describe('taxes: read, edit and list', () => {
  it('reads a tax for its form and saves changes', async () => {
    const created = await createTax({ name: 'Edit me', rate: '5' });
    const read = await admin.get(`/api/taxes/${created.id}/edit`);
    expect(read.json().data).toMatchObject({ name: 'Edit me', rate: '5', rateE4: 50_000 });
    const res = await admin.put(`/api/taxes/${created.id}/edit`, { ...valid, name: 'Edited', rate: '9.975', isCompound: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: created.id, name: 'Edited', rate: '9.975', rateE4: 99_750, isCompound: true });
    // Its own name is no clash.
    expect((await admin.put(`/api/taxes/${created.id}/edit`, { ...valid, name: 'edited' })).statusCode).toBe(200);
  });

  it('answers 404 for a tax that does not exist and 422 for a bad id', async () => {
    expect((await admin.get('/api/taxes/999999/edit')).statusCode).toBe(404);
    expect((await admin.put('/api/taxes/999999/edit', valid)).statusCode).toBe(404);
    expect((await admin.delete('/api/taxes/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/taxes/abc/edit')).statusCode).toBe(422);
  });

  it('lists with pagination, search by name or rate, filters and sorts, each with its product count', async () => {
    const vat = await createTax({ name: 'List VAT', rate: '21', isInclusive: true });
    await createTax({ name: 'List levy', rate: '0.5', active: false });
    await productWithTaxes('Listed product', [vat.id]);

    const page = (await admin.get('/api/taxes?search=list&perPage=1')).json();
    expect(page.meta).toEqual({ page: 1, perPage: 1, total: 2, lastPage: 2 });
    expect(page.data[0]).toMatchObject({ name: 'List levy' });

    const byRate = (await admin.get('/api/taxes?search=21')).json();
    expect(byRate.data.map((t: TaxJson) => [t.name, t.productCount])).toEqual([['List VAT', 1]]);

    const inclusive = (await admin.get('/api/taxes?isInclusive=1&search=list')).json();
    expect(inclusive.data.map((t: TaxJson) => t.name)).toEqual(['List VAT']);
    const inactive = (await admin.get('/api/taxes?active=0')).json();
    expect(inactive.data.map((t: TaxJson) => t.name)).toEqual(['List levy']);

    const byRateDesc = (await admin.get('/api/taxes?sort=-rate&search=list')).json();
    expect(byRateDesc.data.map((t: TaxJson) => t.rate)).toEqual(['21', '0.5']);
    const badSort = await admin.get('/api/taxes?sort=productCount');
    expect(badSort.statusCode).toBe(422);
    expect(badSort.json().errors.sort[0]).toBe('The sort must be one of: name, -name, rate, -rate.');
  });

  it('gives every user the active taxes in the shape the pricing engine takes', async () => {
    const active = await createTax({ name: 'Compact GST', rate: '5' });
    const retired = await createTax({ name: 'Compact retired', rate: '3', active: false });
    const res = await cashier.get('/api/taxes/list');
    expect(res.statusCode).toBe(200);
    const rows: Array<{ id: number }> = res.json().data;
    expect(rows.find((t) => t.id === active.id)).toEqual({ id: active.id, name: 'Compact GST', rateE4: 50_000, isInclusive: false, isCompound: false });
    expect(rows.find((t) => t.id === retired.id)).toBeUndefined();
  });
});

describe('taxes: in use, defaults and registers', () => {
  it('refuses to delete a tax that products carry, with 409 and a reason', async () => {
    const tax = await createTax({ name: 'Carried tax' });
    await productWithTaxes('Carrier one', [tax.id]);
    await productWithTaxes('Carrier two', [tax.id]);
    const res = await admin.delete(`/api/taxes/${tax.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This tax is used by 2 products. Take it off those products first, or deactivate it instead.');
    expect((await admin.get(`/api/taxes/${tax.id}/edit`)).json().data.productCount).toBe(2);
  });

  it('refuses to delete or deactivate a default tax of new products', async () => {
    const tax = await createTax({ name: 'Default VAT' });
    const settings = await admin.put('/api/settings/products', {
      defaultTaxIds: [tax.id],
      skuPattern: 'SKU-{seq:6}',
      defaultLowStockThreshold: 5,
      allowNegativeStock: false,
    });
    expect(settings.statusCode).toBe(200);
    const del = await admin.delete(`/api/taxes/${tax.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/default tax for new products/);
    const deactivate = await admin.put(`/api/taxes/${tax.id}/edit`, { ...valid, name: 'Default VAT', active: false });
    expect(deactivate.statusCode).toBe(422);
    expect(deactivate.json().errors.active[0]).toMatch(/default tax for new products/);
    const bulk = await admin.post('/api/taxes/update', { ids: [tax.id], action: 'deactivate' });
    expect(bulk.statusCode).toBe(409);
    await admin.put('/api/settings/products', { defaultTaxIds: [], skuPattern: 'SKU-{seq:6}', defaultLowStockThreshold: 5, allowNegativeStock: false });
    expect((await admin.delete(`/api/taxes/${tax.id}`)).statusCode).toBe(204);
  });

  it('deletes a tax nothing refers to', async () => {
    const tax = await createTax({ name: 'Short-lived' });
    expect((await admin.delete(`/api/taxes/${tax.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/taxes/${tax.id}/edit`)).statusCode).toBe(404);
  });

  it('marks the products carrying a tax as changed when the tax changes, so registers sync it', async () => {
    const tax = await createTax({ name: 'Synced tax' });
    const carrier = await productWithTaxes('Synced carrier', [tax.id]);
    const bystander = await productWithTaxes('Bystander', []);
    const [carrierBefore, bystanderBefore] = [await changeXidOf(carrier), await changeXidOf(bystander)];
    expect((await admin.put(`/api/taxes/${tax.id}/edit`, { ...valid, name: 'Synced tax', rate: '8' })).statusCode).toBe(200);
    expect(BigInt(await changeXidOf(carrier))).toBeGreaterThan(BigInt(carrierBefore));
    expect(await changeXidOf(bystander)).toBe(bystanderBefore);

    const afterEdit = await changeXidOf(carrier);
    expect((await admin.post('/api/taxes/update', { ids: [tax.id], action: 'deactivate' })).statusCode).toBe(200);
    expect(BigInt(await changeXidOf(carrier))).toBeGreaterThan(BigInt(afterEdit));
  });
});

describe('taxes: bulk update', () => {
  it('activates, deactivates and deletes several taxes', async () => {
    const a = await createTax({ name: 'Bulk A' });
    const b = await createTax({ name: 'Bulk B' });
    const off = await admin.post('/api/taxes/update', { ids: [a.id, b.id, 999_999], action: 'deactivate' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ data: { affected: 2 } });
    expect((await admin.get(`/api/taxes/${a.id}/edit`)).json().data.active).toBe(false);
    const on = await admin.post('/api/taxes/update', { ids: [a.id], action: 'activate' });
    expect(on.json().data.affected).toBe(1);
    expect((await admin.get(`/api/taxes/${a.id}/edit`)).json().data.active).toBe(true);
    const del = await admin.post('/api/taxes/update', { ids: [a.id, b.id], action: 'delete' });
    expect(del.json().data.affected).toBe(2);
    expect((await admin.get(`/api/taxes/${b.id}/edit`)).statusCode).toBe(404);
  });

  it('deletes nothing when one of the taxes is in use', async () => {
    const free = await createTax({ name: 'Bulk free' });
    const used = await createTax({ name: 'Bulk used' });
    await productWithTaxes('Bulk carrier', [used.id]);
    const res = await admin.post('/api/taxes/update', { ids: [free.id, used.id], action: 'delete' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Nothing was deleted: Bulk used (used by 1 product) cannot be deleted.');
    expect((await admin.get(`/api/taxes/${free.id}/edit`)).statusCode).toBe(200);
  });

  it('refuses an unknown action or no rows with 422', async () => {
    const bad = await admin.post('/api/taxes/update', { ids: [1], action: 'archive' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.action[0]).toBe('The action must be one of: activate, deactivate, delete.');
    const none = await admin.post('/api/taxes/update', { ids: [], action: 'delete' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.ids[0]).toMatch(/choose at least one row/i);
  });
});

describe('taxes: roles', () => {
  it('lets a cashier read the active taxes but nothing else', async () => {
    const tax = await createTax({ name: 'Cashier cannot touch' });
    expect((await cashier.get('/api/taxes/list')).statusCode).toBe(200);
    expect((await cashier.get('/api/taxes')).statusCode).toBe(403);
    expect((await cashier.get(`/api/taxes/${tax.id}/edit`)).statusCode).toBe(403);
    expect((await cashier.post('/api/taxes/create', { ...valid, name: 'By cashier' })).statusCode).toBe(403);
    expect((await cashier.put(`/api/taxes/${tax.id}/edit`, valid)).statusCode).toBe(403);
    expect((await cashier.delete(`/api/taxes/${tax.id}`)).statusCode).toBe(403);
    expect((await cashier.post('/api/taxes/update', { ids: [tax.id], action: 'delete' })).statusCode).toBe(403);
    expect((await admin.get(`/api/taxes/${tax.id}/edit`)).statusCode).toBe(200);
  });

  it('answers 401 to nobody signed in', async () => {
    expect((await ctx.client().get('/api/taxes/list')).statusCode).toBe(401);
  });
});
