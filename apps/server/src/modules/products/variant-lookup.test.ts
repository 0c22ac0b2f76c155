import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('a variant found by its code (GET /api/products/variants)', () => {
  it('finds a variant by its exact barcode or by its SKU in any case, with its product, cost and price', async () => {
    const created = await admin.post('/api/products/create', {
      title: 'Oat Milk 1L',
      variants: [{ sku: 'OAT-1L', barcode: '4006381333931', price: 299, cost: 140, stock: [] }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const variantId = created.json().data.variants[0].id;
    const expected = { variantId, productTitle: 'Oat Milk 1L', variantName: '', sku: 'OAT-1L', barcode: '4006381333931', cost: 140, price: 299 };

    for (const code of ['4006381333931', 'oat-1l', 'OAT-1L']) {
      const res = await admin.get(`/api/products/variants?code=${encodeURIComponent(code)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([expect.objectContaining(expected)]);
    }
    // A prefix is not a scan: nothing is found.
    expect((await admin.get('/api/products/variants?code=400638133393')).json().data).toEqual([]);
  });

  it('refuses an empty code with 422 and a cashier with 403', async () => {
    const empty = await admin.get('/api/products/variants?code=');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.code).toEqual(['The code field is required.']);
    expect((await cashier.get('/api/products/variants?code=OAT-1L')).statusCode).toBe(403);
  });
});
