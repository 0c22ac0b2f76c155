import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';

let ctx: TestContext;
let admin: TestClient;
let cashier: TestClient;
let colaId: number;
let breadId: number;

async function createVariant(title: string, price: number, cost: number): Promise<number> {
  const res = await admin.post('/api/products/create', { title, variants: [{ price, cost, stock: [] }] });
  expect(res.statusCode).toBe(201);
  return res.json().data.variants[0].id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.signIn('administrator')).client;
  cashier = (await ctx.signIn('cashier')).client;
  colaId = await createVariant('Cola 330ml', 150, 60);
  breadId = await createVariant('Sourdough Loaf', 450, 200);
});
afterAll(() => ctx.close());

const valid = {
  companyName: 'Northern Drinks Co.',
  contactPerson: 'Ada North',
  email: 'Orders@Northern.test',
  phone: '555-0101',
  address: '1 Quay Street',
  taxNumber: 'VAT-1',
  paymentTerms: 'Net 30',
  notes: '',
  active: true,
};

describe('suppliers', () => {
  it('creates a supplier with the products it supplies and reads them back with our SKU, cost and price', async () => {
    const res = await admin.post('/api/suppliers/create', { ...valid, products: [{ variantId: colaId, supplierSku: 'ND-COLA', cost: 55 }] });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ companyName: 'Northern Drinks Co.', email: 'orders@northern.test', notes: null, paymentTerms: 'Net 30' });
    const read = (await admin.get(`/api/suppliers/${created.id}/edit`)).json().data;
    expect(read.products).toEqual([
      expect.objectContaining({ variantId: colaId, productTitle: 'Cola 330ml', variantName: '', supplierSku: 'ND-COLA', cost: 55, ourCost: 60, price: 150 }),
    ]);
    expect(read.products[0].sku).toMatch(/^SKU-/);
  });

  it('refuses bad input with 422 on each field, on the right product row', async () => {
    const bad = await admin.post('/api/suppliers/create', {
      companyName: ' ',
      email: 'nope',
      active: true,
      products: [{ variantId: colaId, supplierSku: null, cost: 10 }, { variantId: breadId, cost: -1 }, { variantId: breadId, cost: 1.5 }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      companyName: ['The company name field is required.'],
      email: ['The e-mail address must be a valid e-mail address.'],
      'products.1.cost': ['The supplier cost must be at least 0.'],
      'products.2.cost': ['The supplier cost must be a whole number.'],
    });
    const tooMany = await admin.post('/api/suppliers/create', {
      ...valid,
      companyName: 'Many Things Ltd',
      products: Array.from({ length: 1001 }, (_, i) => ({ variantId: i + 1, cost: 0 })),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.products).toEqual(['A supplier may list at most 1000 products.']);
  });

  it('refuses a duplicate company name ignoring case', async () => {
    const dup = await admin.post('/api/suppliers/create', { ...valid, companyName: 'NORTHERN drinks co.' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ companyName: ['A supplier with this company name already exists.'] });
  });

  it('refuses the same product twice and a product that does not exist', async () => {
    const res = await admin.post('/api/suppliers/create', {
      ...valid,
      companyName: 'Twice Traders',
      products: [
        { variantId: colaId, cost: 1 },
        { variantId: colaId, cost: 2 },
        { variantId: 999_999, cost: 3 },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'products.1.variantId': ['This product is already in the list.'],
      'products.2.variantId': ['The selected product does not exist.'],
    });
    const list = (await admin.get('/api/suppliers?search=twice')).json();
    expect(list.meta.total).toBe(0);
  });

  it('saves the details and replaces the product list on edit', async () => {
    const created = (await admin.post('/api/suppliers/create', { ...valid, companyName: 'Golden Crust Bakery', products: [{ variantId: colaId, cost: 50 }] })).json().data;
    const res = await admin.put(`/api/suppliers/${created.id}/edit`, {
      ...valid,
      companyName: 'Golden Crust Bakery',
      paymentTerms: 'Cash on delivery',
      products: [{ variantId: breadId, supplierSku: 'GC-SD', cost: 210 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.paymentTerms).toBe('Cash on delivery');
    expect(res.json().data.products.map((p: { variantId: number; cost: number }) => [p.variantId, p.cost])).toEqual([[breadId, 210]]);
    const keepsName = await admin.put(`/api/suppliers/${created.id}/edit`, { ...valid, companyName: 'golden crust bakery', products: [] });
    expect(keepsName.statusCode).toBe(200);
    expect(keepsName.json().data.products).toEqual([]);
  });

  it('lists with product counts, searches, filters by active and by a supplied variant, and sorts', async () => {
    await admin.post('/api/suppliers/create', { ...valid, companyName: 'Zed Wholesale', contactPerson: 'Zoe Zed', email: 'zed@wholesale.test', active: false, products: [{ variantId: breadId, cost: 1 }] });
    const all = (await admin.get('/api/suppliers')).json();
    expect(all.data.map((s: { companyName: string }) => s.companyName)).toEqual(['golden crust bakery', 'Northern Drinks Co.', 'Zed Wholesale']);
    expect(all.data.map((s: { productCount: number }) => s.productCount)).toEqual([0, 1, 1]);
    expect((await admin.get('/api/suppliers?search=wholesale.test')).json().data).toHaveLength(1);
    expect((await admin.get('/api/suppliers?search=zoe')).json().data[0].companyName).toBe('Zed Wholesale');
    expect((await admin.get('/api/suppliers?active=0')).json().data.map((s: { companyName: string }) => s.companyName)).toEqual(['Zed Wholesale']);
    expect((await admin.get(`/api/suppliers?variantId=${colaId}`)).json().data.map((s: { companyName: string }) => s.companyName)).toEqual([
      'Northern Drinks Co.',
    ]);
    expect((await admin.get('/api/suppliers?sort=-companyName&perPage=1')).json().data[0].companyName).toBe('Zed Wholesale');
    expect((await admin.get('/api/suppliers?sort=phone')).statusCode).toBe(422);
    const names = (await admin.get('/api/suppliers/list')).json().data;
    expect(names.map((n: { name: string }) => n.name)).toEqual(['golden crust bakery', 'Northern Drinks Co.']);
  });

  it('is for administrators only', async () => {
    expect((await cashier.get('/api/suppliers')).statusCode).toBe(403);
    expect((await cashier.get('/api/suppliers/list')).statusCode).toBe(403);
    expect((await cashier.post('/api/suppliers/create', { ...valid, companyName: 'Cashier Co' })).statusCode).toBe(403);
  });

  it('deletes a supplier with its product links, and answers 404 afterwards', async () => {
    const created = (await admin.post('/api/suppliers/create', { ...valid, companyName: 'Gone Soon', products: [{ variantId: colaId, cost: 1 }] })).json().data;
    expect((await admin.delete(`/api/suppliers/${created.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/suppliers/${created.id}/edit`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/suppliers/${created.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/suppliers?variantId=${colaId}`)).json().meta.total).toBe(1);
  });

  it('activates, deactivates and deletes in bulk', async () => {
    const a = (await admin.post('/api/suppliers/create', { ...valid, companyName: 'Bulk A' })).json().data;
    const b = (await admin.post('/api/suppliers/create', { ...valid, companyName: 'Bulk B' })).json().data;
    const off = await admin.post('/api/suppliers/update', { ids: [a.id, b.id], action: 'deactivate' });
    expect(off.json()).toEqual({ data: { affected: 2 } });
    expect((await admin.get('/api/suppliers?search=bulk&active=1')).json().meta.total).toBe(0);
    expect((await admin.post('/api/suppliers/update', { ids: [a.id], action: 'activate' })).json().data.affected).toBe(1);
    expect((await admin.post('/api/suppliers/update', { ids: [a.id, b.id], action: 'delete' })).json().data.affected).toBe(2);
    expect((await admin.get('/api/suppliers?search=bulk')).json().meta.total).toBe(0);
    expect((await admin.post('/api/suppliers/update', { ids: [], action: 'nuke' })).statusCode).toBe(422);
  });
});
