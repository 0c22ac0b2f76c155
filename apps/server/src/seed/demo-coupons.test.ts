import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app.ts';
import { loadDemoCoupons } from './demo-coupons.ts';
import { categories, couponCategories, coupons } from '../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('loadDemoCoupons', () => {
  it('creates WELCOME10, SNACKS2 (limited to snacks) and an expired SUMMER once', async () => {
    const { db } = ctx.database;
    const [snacks] = await db.insert(categories).values({ name: 'Snacks' }).returning({ id: categories.id });
    expect(await loadDemoCoupons(db)).toBe(3);
    expect(await loadDemoCoupons(db)).toBe(0);
    const rows = await db.select().from(coupons);
    expect(rows.map((row) => row.code).sort()).toEqual(['SNACKS2', 'SUMMER', 'WELCOME10']);
    expect(rows.find((row) => row.code === 'SUMMER')?.validUntil?.getTime()).toBeLessThan(Date.now());
    expect(await db.select({ categoryId: couponCategories.categoryId }).from(couponCategories)).toEqual([{ categoryId: snacks?.id }]);
  });
});
