import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productCharges, products } from '../../db/schema/index.ts';
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

const deposit = { name: 'Bottle deposit', kind: 'fixed', amount: 25, per: 'unit', isTaxable: false, active: true };
const service = { name: 'Service charge', kind: 'percentage', rate: '10', per: 'line', isTaxable: true, active: true };

type ChargeJson = { id: number; name: string; kind: string; amount: number | null; rate: string | null; productCount: number };

async function createCharge(input: Record<string, unknown>): Promise<ChargeJson> {
  const res = await admin.post('/api/products/charges/create', input);
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

/** A product carrying the given charges, written directly (the products API is another module). */
async function productWithCharges(title: string, chargeIds: number[]): Promise<number> {
  const [product] = await ctx.database.db.insert(products).values({ title }).returning({ id: products.id });
  if (!product) throw new Error('no product');
  if (chargeIds.length) await ctx.database.db.insert(productCharges).values(chargeIds.map((chargeId) => ({ productId: product.id, chargeId })));
  return product.id;
}

async function changeXidOf(productId: number): Promise<bigint> {
  const [row] = await ctx.database.db.select({ changeXid: products.changeXid }).from(products).where(eq(products.id, productId));
  return BigInt(String(row?.changeXid));
}

describe('additional charges: create and validate', () => {
  it('creates a fixed charge in minor units', async () => {
    const res = await admin.post('/api/products/charges/create', { ...deposit, rate: 'ignored' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Bottle deposit',
      kind: 'fixed',
      amount: 25,
      rate: null,
      rateE4: null,
      per: 'unit',
      isTaxable: false,
      active: true,
      productCount: 0,
    });
  });

  it('creates a percentage charge from a decimal rate; per makes no difference to it', async () => {
    const charge = await createCharge({ ...service, name: 'Late-night service', rate: '12,5', per: 'unit', amount: 999 });
    expect(charge).toMatchObject({ kind: 'percentage', rate: '12.5', rateE4: 125_000, amount: null, per: 'line', isTaxable: true });
  });

  it.each([
    [{ amount: undefined }, 'The amount field is required.'],
    [{ amount: 0 }, 'The amount must be more than zero.'],
    [{ amount: 0.25 }, 'The amount must be a whole number of minor units, e.g. 25 for 0.25.'],
    [{ amount: '0.25' }, 'The amount must be a whole number of minor units, e.g. 25 for 0.25.'],
  ])('refuses a fixed charge with %j: 422 on the amount', async (patch, message) => {
    const res = await admin.post('/api/products/charges/create', { ...deposit, name: 'Bad fixed', ...patch });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ amount: [message] });
  });

  it.each([['abc'], ['0'], ['101'], ['7.12345'], [10]])('refuses a percentage charge with the rate %j: 422 on the rate', async (rate) => {
    const res = await admin.post('/api/products/charges/create', { ...service, name: 'Bad percentage', rate });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ rate: ['The rate must be a percentage above 0 and at most 100 with at most 4 decimals.'] });
  });

  it('says which fields are missing or wrong, all at once', async () => {
    const res = await admin.post('/api/products/charges/create', { name: '', kind: 'free', per: 'box', isTaxable: 'no' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['The name field is required.'],
      kind: ['The kind must be fixed or percentage.'],
      per: ['The charge must be per unit or per line.'],
      isTaxable: ['The taxable field must be true or false.'],
      active: ['The active field must be true or false.'],
    });
  });

  it('keeps names unique whatever their case', async () => {
    await createCharge({ ...deposit, name: 'Packaging fee' });
    const res = await admin.post('/api/products/charges/create', { ...deposit, name: 'PACKAGING FEE' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: ['An additional charge with this name already exists.'] });
  });
});

describe('additional charges: read, edit and list', () => {
  it('reads a charge for its form and switches it from fixed to percentage', async () => {
    const charge = await createCharge({ ...deposit, name: 'Switcher' });
    expect((await admin.get(`/api/products/charges/${charge.id}/edit`)).json().data).toMatchObject({ name: 'Switcher', amount: 25 });
    const res = await admin.put(`/api/products/charges/${charge.id}/edit`, { ...service, name: 'Switcher' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: charge.id, kind: 'percentage', rate: '10', rateE4: 100_000, amount: null });
  });

  it('answers 404 for a charge that does not exist', async () => {
    expect((await admin.get('/api/products/charges/999999/edit')).statusCode).toBe(404);
    expect((await admin.put('/api/products/charges/999999/edit', deposit)).statusCode).toBe(404);
    expect((await admin.delete('/api/products/charges/999999')).statusCode).toBe(404);
  });

  it('lists with pagination, search, filters and the product count of each', async () => {
    const crate = await createCharge({ ...deposit, name: 'List crate deposit', amount: 150 });
    await createCharge({ ...service, name: 'List retired service', active: false });
    await productWithCharges('Crate of water', [crate.id]);

    const page = (await admin.get('/api/products/charges?search=list&perPage=1')).json();
    expect(page.meta).toEqual({ page: 1, perPage: 1, total: 2, lastPage: 2 });
    expect(page.data[0]).toMatchObject({ name: 'List crate deposit', productCount: 1 });

    const inactive = (await admin.get('/api/products/charges?active=false')).json();
    expect(inactive.data.map((c: ChargeJson) => c.name)).toEqual(['List retired service']);
    const percentages = (await admin.get('/api/products/charges?kind=percentage&search=list')).json();
    expect(percentages.data.map((c: ChargeJson) => c.name)).toEqual(['List retired service']);
    const sorted = (await admin.get('/api/products/charges?search=list&sort=-name')).json();
    expect(sorted.data.map((c: ChargeJson) => c.name)).toEqual(['List retired service', 'List crate deposit']);
    expect((await admin.get('/api/products/charges?kind=other')).statusCode).toBe(422);
  });

  it('gives every user the active charges in the pricing engine shape', async () => {
    const fixed = await createCharge({ ...deposit, name: 'Compact deposit' });
    const percentage = await createCharge({ ...service, name: 'Compact service' });
    const retired = await createCharge({ ...deposit, name: 'Compact retired', active: false });
    const res = await cashier.get('/api/products/charges/list');
    expect(res.statusCode).toBe(200);
    const rows: Array<{ id: number }> = res.json().data;
    expect(rows.find((c) => c.id === fixed.id)).toEqual({
      id: fixed.id,
      name: 'Compact deposit',
      isTaxable: false,
      kind: 'fixed',
      amount: 25,
      per: 'unit',
    });
    expect(rows.find((c) => c.id === percentage.id)).toEqual({
      id: percentage.id,
      name: 'Compact service',
      isTaxable: true,
      kind: 'percentage',
      rateE4: 100_000,
      per: 'line',
    });
    expect(rows.find((c) => c.id === retired.id)).toBeUndefined();
  });
});

describe('additional charges: in use and registers', () => {
  it('refuses to delete a charge that products carry, with 409 and a reason', async () => {
    const charge = await createCharge({ ...deposit, name: 'Carried deposit' });
    await productWithCharges('Cola 0.33', [charge.id]);
    const res = await admin.delete(`/api/products/charges/${charge.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This charge is used by 1 product. Take it off those products first, or deactivate it instead.');
  });

  it('deletes a charge nothing refers to', async () => {
    const charge = await createCharge({ ...deposit, name: 'Short-lived fee' });
    expect((await admin.delete(`/api/products/charges/${charge.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/products/charges/${charge.id}/edit`)).statusCode).toBe(404);
  });

  it('marks the products carrying a charge as changed when the charge changes', async () => {
    const charge = await createCharge({ ...deposit, name: 'Synced deposit' });
    const carrier = await productWithCharges('Synced bottle', [charge.id]);
    const bystander = await productWithCharges('Synced bystander', []);
    const [carrierBefore, bystanderBefore] = [await changeXidOf(carrier), await changeXidOf(bystander)];
    const res = await admin.put(`/api/products/charges/${charge.id}/edit`, { ...deposit, name: 'Synced deposit', amount: 30 });
    expect(res.statusCode).toBe(200);
    expect(await changeXidOf(carrier)).toBeGreaterThan(carrierBefore);
    expect(await changeXidOf(bystander)).toBe(bystanderBefore);
  });
});

describe('additional charges: roles', () => {
  it('lets a cashier read the active charges but nothing else', async () => {
    const charge = await createCharge({ ...deposit, name: 'Cashier cannot touch' });
    expect((await cashier.get('/api/products/charges/list')).statusCode).toBe(200);
    expect((await cashier.get('/api/products/charges')).statusCode).toBe(403);
    expect((await cashier.get(`/api/products/charges/${charge.id}/edit`)).statusCode).toBe(403);
    expect((await cashier.post('/api/products/charges/create', { ...deposit, name: 'By cashier' })).statusCode).toBe(403);
    expect((await cashier.put(`/api/products/charges/${charge.id}/edit`, deposit)).statusCode).toBe(403);
    expect((await cashier.delete(`/api/products/charges/${charge.id}`)).statusCode).toBe(403);
    expect((await admin.get(`/api/products/charges/${charge.id}/edit`)).statusCode).toBe(200);
  });
});
