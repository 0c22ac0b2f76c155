import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, orders, stockLevels, stockMovements } from '../../db/schema/index.ts';
import type { TestContext } from '../../testing/test-app.ts';
import { openSaleShop, saleBody, type SaleShop } from './sale.fixtures.ts';

// PostgreSQL only (vitest.config.ts): parallel requests need parallel connections, which PGlite
// (one connection) cannot give.
let ctx: TestContext;
let shop: SaleShop;

beforeAll(async () => {
  ({ ctx, shop } = await openSaleShop());
  await ctx.database.db.update(stockLevels).set({ quantity: 1000 }).where(eq(stockLevels.outletId, shop.main.id));
});
afterAll(() => ctx.close());

const levelOf = async (variantId: number) =>
  (await ctx.database.db.select().from(stockLevels).where(and(eq(stockLevels.variantId, variantId), eq(stockLevels.outletId, shop.main.id))))[0]!.quantity;

describe('parallel sales', () => {
  it('leave exactly the stock sold, with a ledger that adds up and numbers without gaps', async () => {
    const variants = [shop.shirt.variantId, shop.mug.variantId];
    const before = await Promise.all(variants.map(levelOf));
    // Shirt then mug in some sales, mug then shirt in others: the same rows locked from both ends.
    const bodies = Array.from({ length: 20 }, (_, i) => {
      const shirts = (i % 3) + 1;
      const mugs = (i % 4) + 1;
      const lines: Array<[number, number]> = i % 2 ? [[shop.shirt.variantId, shirts], [shop.mug.variantId, mugs]] : [[shop.mug.variantId, mugs], [shop.shirt.variantId, shirts]];
      return { body: saleBody(shop.till.id, lines, shirts * 3000 + mugs * 800), shirts, mugs };
    });
    const answers = await Promise.all(bodies.map(({ body }) => shop.cashier.post('/api/orders/create', body)));
    expect(answers.map((res) => res.statusCode)).toEqual(bodies.map(() => 201));

    const sold = [bodies.reduce((sum, b) => sum + b.shirts, 0), bodies.reduce((sum, b) => sum + b.mugs, 0)];
    const after = await Promise.all(variants.map(levelOf));
    expect(after).toEqual([before[0]! - sold[0]!, before[1]! - sold[1]!]);
    const ledger = await ctx.database.db
      .select({ variantId: stockMovements.variantId, total: sql<number>`sum(${stockMovements.delta})::int` })
      .from(stockMovements)
      .where(and(inArray(stockMovements.variantId, variants), eq(stockMovements.reason, 'sale')))
      .groupBy(stockMovements.variantId);
    expect(new Map(ledger.map((r) => [r.variantId, r.total]))).toEqual(new Map([[variants[0], -sold[0]!], [variants[1], -sold[1]!]]));
    const numbers = answers.map((res) => res.json().data.number as string).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `MAIN-${String(i + 1).padStart(6, '0')}`));
  });

  it('sell one order for the same uuid sent ten times at once', async () => {
    const before = await levelOf(shop.mug.variantId);
    const body = saleBody(shop.till.id, [[shop.mug.variantId, 2]], 1600, { uuid: randomUUID() });
    const answers = await Promise.all(Array.from({ length: 10 }, () => shop.cashier.post('/api/orders/create', body)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((res) => res.json().data.id)).size).toBe(1);
    expect(await ctx.database.db.select().from(orders).where(eq(orders.uuid, body.uuid))).toHaveLength(1);
    expect(await levelOf(shop.mug.variantId)).toBe(before - 2);
  });

  it('sell one sale for a uuid sent at once with two different sales: the other is refused with 409', async () => {
    const before = await levelOf(shop.mug.variantId);
    const uuid = randomUUID();
    const one = saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { uuid });
    const two = saleBody(shop.till.id, [[shop.mug.variantId, 2]], 1600, { uuid });
    const bodies = Array.from({ length: 10 }, (_, i) => (i % 2 ? two : one));
    const answers = await Promise.all(bodies.map((body) => shop.cashier.post('/api/orders/create', body)));
    const winner = answers.findIndex((res) => res.statusCode === 201);
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
    const sold = bodies[winner]!;
    // The winner's twins answer its order; every request of the other sale is a conflict.
    expect(answers.map((res) => res.statusCode)).toEqual(bodies.map((body, i) => (i === winner ? 201 : body === sold ? 200 : 409)));
    expect(new Set(answers.filter((res) => res.statusCode < 300).map((res) => res.json().data.id)).size).toBe(1);
    expect(await ctx.database.db.select().from(orders).where(eq(orders.uuid, uuid))).toHaveLength(1);
    expect(await levelOf(shop.mug.variantId)).toBe(before - sold.lines[0]!.quantity);
  });

  it('never lets a coupon be used more often than its limit', async () => {
    await ctx.database.db.insert(coupons).values({ code: 'FIRST5', name: 'First five', kind: 'fixed', amount: 100, usageLimit: 5 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 1]], 700, { couponCode: 'FIRST5' }))),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(5);
    const refused = answers.filter((res) => res.statusCode === 422);
    expect(refused).toHaveLength(7);
    expect(refused[0]!.json().errors).toEqual({ couponCode: ['This coupon has been used as many times as it may be.'] });
    expect((await ctx.database.db.select().from(coupons).where(eq(coupons.code, 'FIRST5')))[0]!.usedCount).toBe(5);
  });
});
