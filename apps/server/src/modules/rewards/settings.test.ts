import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products, productVariants } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';

let ctx: TestContext;
let admin: TestClient;
let cashier: TestClient;
let drinksId: number;
let giftCardId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.signIn('administrator')).client;
  cashier = (await ctx.signIn('cashier')).client;
  const db = ctx.database.db;
  const [drinks] = await db.insert(categories).values({ name: 'Drinks' }).returning({ id: categories.id });
  const [giftCard] = await db.insert(products).values({ title: 'Gift card' }).returning({ id: products.id });
  if (!drinks || !giftCard) throw new Error('no seed');
  await db.insert(productVariants).values({ productId: giftCard.id, sku: 'GIFT-25', price: 2500, isDefault: true });
  drinksId = drinks.id;
  giftCardId = giftCard.id;
});
afterAll(() => ctx.close());

function rules(overrides: { earning?: object; redemption?: object; expiry?: object } = {}) {
  return {
    earning: { enabled: true, points: 1, perAmount: 100, excludedCategoryIds: [drinksId], excludedProductIds: [giftCardId], minimumOrder: 500, ...overrides.earning },
    redemption: { enabled: true, points: 100, value: 100, minimumBalance: 200, maxShare: '50', payDiscountedItems: false, ...overrides.redemption },
    expiry: { months: 12, ...overrides.expiry },
  };
}

describe('reward settings', () => {
  it('starts with loyalty off and the common figures', async () => {
    const res = await admin.get('/api/settings/rewards');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      earning: { enabled: false, points: 1, perAmount: 100, excludedCategoryIds: [], excludedProductIds: [], minimumOrder: null },
      redemption: { enabled: false, points: 100, value: 100, minimumBalance: 0, maxShareE4: 1_000_000, payDiscountedItems: true },
      expiry: { months: null },
      excludedCategories: [],
      excludedProducts: [],
    });
  });

  it('saves the rules and answers them with the excluded category and product by name', async () => {
    const res = await admin.put('/api/settings/rewards', rules());
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      earning: { enabled: true, points: 1, perAmount: 100, excludedCategoryIds: [drinksId], excludedProductIds: [giftCardId], minimumOrder: 500 },
      redemption: { enabled: true, points: 100, value: 100, minimumBalance: 200, maxShareE4: 500_000, payDiscountedItems: false },
      expiry: { months: 12 },
      excludedCategories: [{ id: drinksId, name: 'Drinks' }],
      excludedProducts: [{ id: giftCardId, title: 'Gift card', sku: 'GIFT-25' }],
    };
    expect(res.json().data).toEqual(expected);
    expect((await admin.get('/api/settings/rewards')).json().data).toEqual(expected);
  });

  it('reads "never expire" and no minimum order from null or left out, and the same id twice once', async () => {
    const body = rules({ earning: { minimumOrder: null, excludedCategoryIds: [drinksId, drinksId], excludedProductIds: [] }, expiry: { months: null } });
    const res = await admin.put('/api/settings/rewards', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      earning: { minimumOrder: null, excludedCategoryIds: [drinksId], excludedProductIds: [] },
      expiry: { months: null },
      excludedProducts: [],
    });
  });

  it('says on each field what is wrong: a share over 100, no points, an unknown category or product', async () => {
    const bad = await admin.put('/api/settings/rewards', rules({ earning: { points: 0 }, redemption: { maxShare: '150' } }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'earning.points': ['The points earned must be at least 1.'],
      'redemption.maxShare': ['The largest share must be a percentage above 0 and at most 100 with at most 4 decimals.'],
    });

    const unknown = await admin.put('/api/settings/rewards', rules({ earning: { excludedCategoryIds: [drinksId, 99_999], excludedProductIds: [99_998] } }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      'earning.excludedCategoryIds': ['One of the chosen categories does not exist.'],
      'earning.excludedProductIds': ['One of the chosen products does not exist.'],
    });
    // Nothing was saved.
    expect((await admin.get('/api/settings/rewards')).json().data.earning.excludedCategoryIds).toEqual([drinksId]);
  });

  it('lets a cashier read the rules for the till but not change them', async () => {
    const read = await cashier.get('/api/settings/rewards');
    expect(read.statusCode).toBe(200);
    expect(read.json().data.excludedCategories).toEqual([{ id: drinksId, name: 'Drinks' }]);
    expect((await cashier.put('/api/settings/rewards', rules())).statusCode).toBe(403);
  });
});
