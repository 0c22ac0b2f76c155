import { count, eq, ilike } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { productVariants, products, receiptTemplates, registers, rewards } from '../db/schema/index.ts';
import { updateRewardSettings } from '../modules/rewards/service.ts';

/**
 * Demo loyalty (issue 14): 1 point per 1.00 spent, 100 points = 1.00 when paying with points (at
 * most half a sale), and four rewards — a croissant free, 5.00 off, 10 % off, and one that starts
 * next month. Receipts print the points. Does nothing once any reward exists; answers what it made.
 */
export async function loadDemoRewards(db: Db, now: Date = new Date()): Promise<string | null> {
  const [existing] = await db.select({ n: count() }).from(rewards);
  if ((existing?.n ?? 0) > 0) return null;
  await updateRewardSettings(db, {
    earning: { enabled: true, points: 1, perAmount: 100, excludedCategoryIds: [], excludedProductIds: [], minimumOrder: null },
    redemption: { enabled: true, points: 100, value: 100, minimumBalance: 100, maxShareE4: 500_000, payDiscountedItems: true },
    expiry: { months: 12 },
  });
  const [croissant] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(ilike(products.title, 'Croissant%'))
    .orderBy(productVariants.price)
    .limit(1);
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
  const rows = await db
    .insert(rewards)
    .values([
      ...(croissant ? [{ name: 'Free croissant', kind: 'product' as const, variantId: croissant.id, points: 150 }] : []),
      { name: '5.00 off your basket', kind: 'amount' as const, amount: 500, points: 500 },
      { name: '10 % off your basket', kind: 'percentage' as const, rateE4: 100_000, points: 800 },
      { name: 'Double treat: 10.00 off', kind: 'amount' as const, amount: 1000, points: 900, startsOn: nextMonth },
    ])
    .returning({ id: rewards.id });
  await printPointsOnReceipts(db);
  return `${rows.length} rewards, 1 point per 1.00, 100 points = 1.00`;
}

/**
 * Receipts print the points: a version of the registers' template that shows them (a template is
 * never changed in place, so reprints of past sales look as they did), and the registers use it.
 */
async function printPointsOnReceipts(db: Db): Promise<void> {
  const used = await db.selectDistinct({ id: registers.receiptTemplateId }).from(registers);
  for (const { id } of used) {
    if (id === null) continue;
    const [template] = await db.select().from(receiptTemplates).where(eq(receiptTemplates.id, id));
    if (!template || template.showLoyaltyPoints) continue;
    const { id: _id, createdAt: _createdAt, ...copy } = template;
    const [withPoints] = await db
      .insert(receiptTemplates)
      .values({ ...copy, name: `${template.name} with points`, showLoyaltyPoints: true, basedOnId: template.id })
      .returning({ id: receiptTemplates.id });
    if (withPoints) await db.update(registers).set({ receiptTemplateId: withPoints.id }).where(eq(registers.receiptTemplateId, template.id));
  }
}
