import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, customers, orders, productVariants, stockLevels } from '../../db/schema/index.ts';
import type { TestContext } from '../../testing/test-app.ts';
import { openSaleShop, saleBody, type SaleShop } from './sale.fixtures.ts';
import { saleIdConflictMessage } from './same-sale.ts';

// The same sale id (uuid) sent again: the same sale answers the stored order (a retry), a different
// sale is a 409 and nothing of it is stored (docs/decisions/011-sale-uuid-conflicts.md).
let ctx: TestContext;
let shop: SaleShop;

beforeAll(async () => {
  ({ ctx, shop } = await openSaleShop({ harbour: true }));
  await ctx.database.db.update(stockLevels).set({ quantity: 100 }).where(eq(stockLevels.outletId, shop.main.id));
  await ctx.database.db.insert(stockLevels).values({ outletId: shop.harbour.id, variantId: shop.mug.variantId, quantity: 100 });
});
afterAll(() => ctx.close());

const mugsAt = async (outletId: number) =>
  (await ctx.database.db.select().from(stockLevels).where(and(eq(stockLevels.variantId, shop.mug.variantId), eq(stockLevels.outletId, outletId))))[0]!.quantity;
const ordersOf = (uuid: string) => ctx.database.db.select().from(orders).where(eq(orders.uuid, uuid));

describe('a sale id sent with a different sale', () => {
  it('is refused with 409 whatever differs, stores nothing, and the stored sale still answers its own retry', async () => {
    const first = saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800);
    const sold = await shop.cashier.post('/api/orders/create', first);
    expect(sold.statusCode, sold.body).toBe(201);
    const before = await mugsAt(shop.main.id);
    const [customer] = await ctx.database.db.insert(customers).values({ name: 'Grace Hopper' }).returning();

    // Two tabs on one register with one saved cart: the second sale is another sale under the same id.
    const others = {
      'more of the item': { ...saleBody(shop.till.id, [[shop.mug.variantId, 2]], 1600), uuid: first.uuid },
      'another item': { ...saleBody(shop.till.id, [[shop.shirt.variantId, 1]], 3000), uuid: first.uuid },
      'an item more': { ...saleBody(shop.till.id, [[shop.mug.variantId, 1], [shop.shirt.variantId, 1]], 3800), uuid: first.uuid },
      'another payment': { ...first, payments: [{ tender: 'cash', amount: 1000 }] },
      'another tender': { ...first, payments: [{ tender: 'card', amount: 800 }] },
      'a card reference': { ...first, payments: [{ tender: 'cash', amount: 800, reference: 'A-1' }] },
      'a line discount': { ...first, lines: [{ variantId: shop.mug.variantId, quantity: 1, discount: { kind: 'amount', amount: 100 } }], total: 700, payments: [{ tender: 'cash', amount: 700 }] },
      'a customer': { ...first, customerId: customer!.id },
      'another register': { ...first, registerId: shop.harbourTill.id },
    };
    for (const [what, body] of Object.entries(others)) {
      const res = await shop.admin.post('/api/orders/create', body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(409);
      expect(res.json()).toEqual({ message: saleIdConflictMessage });
    }
    expect(await ordersOf(first.uuid)).toHaveLength(1);
    expect(await mugsAt(shop.main.id)).toBe(before);
    expect(await mugsAt(shop.harbour.id)).toBe(100);

    const retried = await shop.cashier.post('/api/orders/create', first);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toEqual(sold.json().data);
  });

  it('answers the stored sale to a retry with the same discounts, even after a price change or the sale moved to another customer', async () => {
    const [customer] = await ctx.database.db.insert(customers).values({ name: 'Ada Lovelace' }).returning();
    const [other] = await ctx.database.db.insert(customers).values({ name: 'Alan Turing' }).returning();
    // 2 mugs at 8.00, 10 % off the first line, 1.00 off the sale: 16.00 − 1.60 − 1.00 = 13.40.
    const body = {
      ...saleBody(shop.till.id, [[shop.mug.variantId, 2]], 1340, { payments: [{ tender: 'card', amount: 340, reference: 'T-77' }, { tender: 'cash', amount: 2000 }] }),
      lines: [{ variantId: shop.mug.variantId, quantity: 2, discount: { kind: 'percentage', rateE4: 100_000 } }],
      orderDiscount: { kind: 'amount', amount: 100 },
      customerId: customer!.id,
    };
    const sold = await shop.cashier.post('/api/orders/create', body);
    expect(sold.statusCode, sold.body).toBe(201);

    await ctx.database.db.update(productVariants).set({ price: 900 }).where(eq(productVariants.id, shop.mug.variantId));
    const afterPriceChange = await shop.cashier.post('/api/orders/create', body);
    expect(afterPriceChange.statusCode, afterPriceChange.body).toBe(200);
    expect(afterPriceChange.json().data.id).toBe(sold.json().data.id);

    const otherDiscount = await shop.cashier.post('/api/orders/create', { ...body, orderDiscount: { kind: 'amount', amount: 50 }, total: 1390 });
    expect(otherDiscount.statusCode).toBe(409);

    const moved = await shop.admin.put(`/api/orders/${sold.json().data.id}/edit`, { customerId: other!.id });
    expect(moved.statusCode, moved.body).toBe(200);
    const afterMove = await shop.cashier.post('/api/orders/create', body);
    expect(afterMove.statusCode, afterMove.body).toBe(200);
    expect(afterMove.json().data).toMatchObject({ id: sold.json().data.id, customerName: 'Alan Turing' });
    await ctx.database.db.update(productVariants).set({ price: 800 }).where(eq(productVariants.id, shop.mug.variantId));
  });

  it('takes a coupon code in any case as the same coupon', async () => {
    await ctx.database.db.insert(coupons).values({ code: 'FIFTY', name: 'Fifty off', kind: 'fixed', amount: 50 });
    const body = saleBody(shop.till.id, [[shop.mug.variantId, 1]], 750, { couponCode: 'fifty' });
    const sold = await shop.cashier.post('/api/orders/create', body);
    expect(sold.statusCode, sold.body).toBe(201);
    expect((await shop.cashier.post('/api/orders/create', { ...body, couponCode: 'FIFTY' })).statusCode).toBe(200);
    expect((await shop.cashier.post('/api/orders/create', { ...body, couponCode: null, total: 800, payments: [{ tender: 'cash', amount: 800 }] })).statusCode).toBe(409);
  });
});
