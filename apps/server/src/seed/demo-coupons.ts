import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { categories, couponCategories, coupons } from '../db/schema/index.ts';

/**
 * Demo coupons (issue 4): WELCOME10 (10 % off everything), SNACKS2 (2.00 off snacks on a cart of
 * at least 5.00) and SUMMER (expired last summer). Does nothing once any coupon exists. Returns the
 * number of coupons created.
 */
export async function loadDemoCoupons(db: Db, now: Date = new Date()): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(coupons);
  if ((existing?.n ?? 0) > 0) return 0;
  const [snacks] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`lower(${categories.name}) = 'snacks'`)
    .limit(1);
  const lastSummer = now.getUTCFullYear() - 1;

  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(coupons)
      .values([
        { code: 'WELCOME10', name: 'Welcome offer', kind: 'percentage', rateE4: 100_000, appliesTo: 'all', perCustomerLimit: 1, maximumDiscount: 2000 },
        {
          code: 'SNACKS2',
          name: 'Two off snacks',
          kind: 'fixed',
          amount: 200,
          minimumTotal: 500,
          usageLimit: 500,
          usedCount: 37,
          // Without a Snacks category it would apply to nothing; it then applies to every product.
          appliesTo: snacks ? 'some' : 'all',
        },
        {
          code: 'SUMMER',
          name: 'Summer sale',
          kind: 'percentage',
          rateE4: 150_000,
          appliesTo: 'all',
          validFrom: new Date(Date.UTC(lastSummer, 5, 1)),
          validUntil: new Date(Date.UTC(lastSummer, 7, 31, 23, 59)),
          usedCount: 212,
        },
      ])
      .returning({ id: coupons.id, code: coupons.code });
    const snacksCoupon = rows.find((row) => row.code === 'SNACKS2');
    if (snacks && snacksCoupon) await tx.insert(couponCategories).values({ couponId: snacksCoupon.id, categoryId: snacks.id });
    return rows.length;
  });
}
