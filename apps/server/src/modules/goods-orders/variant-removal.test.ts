import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { createDraft, draftBody, seedPurchasingShop, type PurchasingShop } from './goods-orders.fixtures.ts';

let ctx: TestContext;
let shop: PurchasingShop;

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedPurchasingShop(ctx);
});
afterAll(() => ctx.close());

describe('a variant on a goods order', () => {
  it('cannot be removed from its product (422 on the variants, not a server error); the product can still be deleted, which archives it', async () => {
    await createDraft(shop, draftBody(shop, [[shop.mug.variantId, 4, 250]]));
    const product = (await shop.admin.get(`/api/products/${shop.mug.productId}/edit`)).json().data;
    const { id: _id, ...replacement } = product.variants[0];
    const edit = {
      title: product.title,
      description: product.description,
      categoryIds: product.categoryIds,
      taxIds: product.taxIds,
      trackStock: product.trackStock,
      // The variant sent without its id: the old one would be removed and a new one made.
      variants: [{ ...replacement, sku: 'MUG-NEW', barcode: null, stock: [] }],
    };
    const refused = await shop.admin.put(`/api/products/${shop.mug.productId}/edit`, edit);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.variants).toEqual(['The variant is on goods orders, stock transfers or rewards and cannot be removed. Set it inactive instead.']);
    expect((await shop.admin.get(`/api/products/${shop.mug.productId}/edit`)).json().data.variants[0].id).toBe(shop.mug.variantId);

    const deleted = await shop.admin.delete(`/api/products/${shop.mug.productId}`);
    expect(deleted.statusCode).toBeLessThan(300);
    expect((await shop.admin.get(`/api/products/${shop.mug.productId}/edit`)).json().data.status).toBe('archived');
  });
});
