import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDrawer, saleBody, seedSaleShop, type SaleShop } from '../modules/orders/sale.fixtures.ts';
import { createTestContext, type TestContext } from '../testing/test-app.ts';

let ctx: TestContext;
let shop: SaleShop;
/** Ids of one of each thing, so every `{param}` of a path can name something that exists. */
const ids: Record<string, number | string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  const db = ctx.database.db;
  // The shirt has stock at Harbour Road too: a cashier at Main store must not read it.
  const added = await shop.admin.post(`/api/products/${shop.shirt.productId}/stock`, {
    variantId: shop.shirt.variantId,
    outletId: shop.harbour.id,
    mode: 'add',
    quantity: 7,
    note: 'Delivery to Harbour Road',
  });
  expect(added.statusCode, added.body).toBe(200);
  ids.session = await openDrawer(db, shop.till, shop.main.id, shop.cashierId);
  const customer = (await shop.admin.post('/api/customers/create', { name: 'Grace Hopper', email: 'grace@example.test', phone: null, address: null, birthday: null, marketingConsent: false })).json().data;
  ids.customer = customer.id;
  const sale = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.shirt.variantId, 1]], 3000, { customerId: customer.id }));
  expect(sale.statusCode, sale.body).toBe(201);
  ids.order = sale.json().data.id;
  const supplier = await shop.admin.post('/api/suppliers/create', {
    companyName: 'Linen & Co',
    active: true,
    products: [{ variantId: shop.shirt.variantId, supplierSku: 'LC-1', cost: 900 }],
  });
  expect(supplier.statusCode, supplier.body).toBe(201);
  ids.supplier = supplier.json().data.id;
  ids.note = (await shop.admin.post(`/api/customers/${customer.id}/notes`, { body: 'Pays by card.', printOnReceipt: false })).json().data.id;
});
afterAll(() => ctx.close());

/** A real id for a path parameter, chosen by the area the path belongs to. */
function valueFor(path: string, name: string): string {
  if (name === 'slug') return 'main-till-1';
  if (name === 'note') return String(ids.note);
  const area = path.split('/')[2] ?? '';
  const byArea: Record<string, number | string | undefined> = {
    products: shop.shirt.productId,
    orders: ids.order,
    customers: ids.customer,
    suppliers: ids.supplier,
    cashbox: ids.session,
    registers: shop.till.id,
    outlets: shop.main.id,
    taxes: shop.vatId,
  };
  return String(byArea[area] ?? 1);
}

/** Every key anywhere in a JSON answer, with where it was found. */
function keysOf(value: unknown, at = '$', found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item, i) => keysOf(item, `${at}[${i}]`, found));
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      found.push(`${at}.${key}`);
      keysOf(inner, `${at}.${key}`, found);
    }
  }
  return found;
}

describe('what a cashier can read', () => {
  it('no answer of any GET route carries a cost (ours, a supplier’s, a line’s unit cost)', async () => {
    const doc = ctx.app.swagger() as { paths: Record<string, { get?: unknown }> };
    const paths = Object.entries(doc.paths)
      .filter(([, ops]) => ops.get)
      .map(([path]) => path)
      .filter((path) => path.startsWith('/api/') && !path.startsWith('/api/docs'));
    expect(paths.length).toBeGreaterThan(50);
    const answered: string[] = [];
    const leaks: string[] = [];
    for (const path of paths) {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => valueFor(path, name));
      const res = await shop.cashier.get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode !== 200 || !String(res.headers['content-type']).includes('json')) continue;
      answered.push(path);
      leaks.push(...keysOf(res.json()).filter((key) => /cost/i.test(key.split('.').pop() ?? '')).map((key) => `${url} ${key}`));
    }
    expect(leaks).toEqual([]);
    // The walk reached the answers that used to carry costs.
    expect(answered).toEqual(expect.arrayContaining(['/api/products', '/api/products/{id}/edit', '/api/products/sync', '/api/orders/{id}', '/api/customers/{id}/orders']));
    // …and an administrator still gets them, so the walk looks at the right keys.
    const product = (await shop.admin.get(`/api/products/${shop.shirt.productId}/edit`)).json().data;
    expect(product.variants[0].cost).toBe(1100);
    expect((await shop.admin.get('/api/products')).json().data.find((p: { id: number }) => p.id === shop.shirt.productId).cost).toBe(1100);
  });

  it('sees only their own outlet: another outlet asked for is refused, and stock is their outlet’s', async () => {
    for (const url of [`/api/products/sync?outletId=${shop.harbour.id}`, `/api/products?outletId=${shop.harbour.id}`, `/api/products/count?outletId=${shop.harbour.id}`]) {
      const res = await shop.cashier.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('A cashier sees only their own outlet.');
    }
    // Every GET route with an outlet filter, found in the API's own description.
    const doc = ctx.app.swagger() as { paths: Record<string, { get?: { parameters?: Array<{ in: string; name: string; required?: boolean }> } }> };
    const withOutlet = Object.entries(doc.paths)
      .filter(([path, ops]) => !path.includes('{') && ops.get?.parameters?.some((p) => p.in === 'query' && p.name === 'outletId'))
      .map(([path, ops]) => {
        // What else the route needs to be asked at all (a code to look up): any value will do.
        const needed = (ops.get?.parameters ?? []).filter((p) => p.in === 'query' && p.required && p.name !== 'outletId').map((p) => `&${p.name}=1`);
        return [path, needed.join('')] as const;
      });
    expect(withOutlet.map(([path]) => path)).toEqual(expect.arrayContaining(['/api/products', '/api/products/sync', '/api/products/sync/code', '/api/orders', '/api/registers', '/api/cashbox']));
    for (const [path, needed] of withOutlet) {
      const res = await shop.cashier.get(`${path}?outletId=${shop.harbour.id}${needed}`);
      // 403 where a cashier may read the list at all (administrators-only lists are 403 anyway).
      expect(res.statusCode, path).toBe(403);
      const own = await shop.cashier.get(`${path}?outletId=${shop.main.id}${needed}`);
      expect([200, 403], path).toContain(own.statusCode);
    }
    expect((await shop.cashier.get(`/api/products/sync?outletId=${shop.main.id}`)).statusCode).toBe(200);
    expect((await shop.cashier.get(`/api/orders?outletId=${shop.main.id}`)).statusCode).toBe(200);
    const product = (await shop.cashier.get(`/api/products/${shop.shirt.productId}/edit`)).json().data;
    expect(product.variants[0].stock.map((s: { outletId: number }) => s.outletId)).toEqual([shop.main.id]);
    // Without an outlet the list counts the cashier's outlet only (9 left at Main store, not 9 + 7).
    const listed = (await shop.cashier.get('/api/products?search=Linen')).json().data[0];
    expect(listed.stock).toBe(9);
    // An administrator reads any outlet, or all.
    expect((await shop.admin.get(`/api/products?search=Linen&outletId=${shop.harbour.id}`)).json().data[0].stock).toBe(7);
    expect((await shop.admin.get('/api/products?search=Linen')).json().data[0].stock).toBe(16);
  });

  it('changes only their own customer notes: print on receipt and delete', async () => {
    const theirs = (await shop.cashier.post(`/api/customers/${ids.customer}/notes`, { body: 'Likes the blue one.' })).json().data;
    const toggleAdmins = await shop.cashier.put(`/api/customers/${ids.customer}/notes/${ids.note}/receipt`, { printOnReceipt: true });
    expect(toggleAdmins.statusCode).toBe(403);
    const notes = (await shop.admin.get(`/api/customers/${ids.customer}/notes`)).json().data;
    expect(notes.find((n: { id: number }) => n.id === ids.note).printOnReceipt).toBe(false);
    expect((await shop.cashier.delete(`/api/customers/${ids.customer}/notes/${ids.note}`)).statusCode).toBe(403);
    const toggleOwn = await shop.cashier.put(`/api/customers/${ids.customer}/notes/${theirs.id}/receipt`, { printOnReceipt: true });
    expect(toggleOwn.statusCode).toBe(200);
    expect(toggleOwn.json().data.printOnReceipt).toBe(true);
    expect((await shop.admin.put(`/api/customers/${ids.customer}/notes/${theirs.id}/receipt`, { printOnReceipt: false })).statusCode).toBe(200);
  });
});
