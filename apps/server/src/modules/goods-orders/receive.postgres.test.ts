import { weightedAverageCost, type GoodsOrder, type GoodsReceipt } from '@tillbook/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsReceiptLines, goodsReceipts, orderLines, productVariants, stockLevels, stockMovements } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { addProduct, openDrawer, saleBody } from '../orders/sale.fixtures.ts';
import { draftBody, placeOrder, seedPurchasingShop, type PurchasingShop } from './goods-orders.fixtures.ts';

// PostgreSQL only (vitest.config.ts): parallel requests need parallel connections, which PGlite
// (one connection) cannot give.
let ctx: TestContext;
let shop: PurchasingShop;

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedPurchasingShop(ctx);
  await openDrawer(ctx.database.db, shop.till, shop.main.id, shop.cashierId);
});
afterAll(() => ctx.close());

async function level(variantId: number, outletId: number) {
  const [row] = await ctx.database.db
    .select({ quantity: stockLevels.quantity })
    .from(stockLevels)
    .where(and(eq(stockLevels.variantId, variantId), eq(stockLevels.outletId, outletId)));
  return row?.quantity ?? 0;
}

async function costOf(variantId: number) {
  const [row] = await ctx.database.db.select({ cost: productVariants.cost }).from(productVariants).where(eq(productVariants.id, variantId));
  return row?.cost;
}

describe('receiving at the same moment', () => {
  it('adds the stock of one order exactly once when six people receive all of it at once', async () => {
    const coffee = await addProduct(ctx.database.db, { title: 'Coffee beans', variantName: '', sku: 'PAR-COFFEE', price: 1200, cost: 600, taxIds: [], stock: [[shop.main.id, 2]] });
    const order = await placeOrder(
      shop,
      draftBody(shop, [
        [coffee.variantId, 20, 700],
        [shop.mug.variantId, 4, 250],
      ]),
    );
    const body = { items: order.items.map((item) => ({ itemId: item.id, quantity: item.outstanding })) };
    const mugsBefore = await level(shop.mug.variantId, shop.main.id);
    const answers = await Promise.all(Array.from({ length: 6 }, () => shop.admin.post(`/api/goods-orders/${order.id}/receive`, body)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    for (const res of answers.filter((r) => r.statusCode === 422)) {
      expect(res.json().errors).toEqual({ status: ['This goods order is received: nothing more can be received.'] });
    }

    expect(await level(coffee.variantId, shop.main.id)).toBe(22);
    expect(await level(shop.mug.variantId, shop.main.id)).toBe(mugsBefore + 4);
    const moves = await ctx.database.db.select().from(stockMovements).where(and(eq(stockMovements.documentType, 'goods_order'), eq(stockMovements.documentId, order.id)));
    expect(moves.map((m) => m.delta).sort((a, b) => a - b)).toEqual([4, 20]);
    expect(await ctx.database.db.select().from(goodsReceipts).where(eq(goodsReceipts.goodsOrderId, order.id))).toHaveLength(1);
    // (2 × 6.00 + 20 × 7.00) ÷ 22 = 6.909… → 6.91, averaged once.
    expect(await costOf(coffee.variantId)).toBe(691);
    const stored = (await shop.admin.get(`/api/goods-orders/${order.id}/edit`)).json().data as GoodsOrder;
    expect(stored).toMatchObject({ status: 'received', receivedUnits: 24 });
  });

  it('stops a second delivery of the same lines at what is still to come when half of it arrives twice at once', async () => {
    const tea = await addProduct(ctx.database.db, { title: 'Black tea', variantName: '', sku: 'PAR-TEA', price: 500, cost: 200, taxIds: [], stock: [] });
    const order = await placeOrder(shop, draftBody(shop, [[tea.variantId, 10, 200]]));
    const body = { items: [{ itemId: order.items[0]!.id, quantity: 6 }] };
    const answers = await Promise.all(Array.from({ length: 4 }, () => shop.admin.post(`/api/goods-orders/${order.id}/receive`, body)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 422, 422, 422]);
    for (const res of answers.filter((r) => r.statusCode === 422)) {
      expect(res.json().errors).toEqual({ 'items.0.quantity': ['Only 4 of this line are still to come. Confirm to receive 6.'] });
    }
    expect(await level(tea.variantId, shop.main.id)).toBe(6);
  });

  it('averages correctly when two orders deliver the same variant at once, whichever goes first', async () => {
    // 10 on hand at 2.00. Order A: 30 at 2.40 for Main store; order B: 10 at 3.00 for Harbour Road.
    //   A then B: 40 at 2.30, then (40 × 2.30 + 10 × 3.00) ÷ 50 = 2.44.
    //   B then A: 20 at 2.50, then (20 × 2.50 + 30 × 2.40) ÷ 50 = 2.44.
    for (let round = 1; round <= 3; round += 1) {
      const flour = await addProduct(ctx.database.db, { title: `Spelt flour ${round}`, variantName: '', sku: `PAR-FLOUR-${round}`, price: 400, cost: 200, taxIds: [], stock: [[shop.main.id, 10]] });
      const a = await placeOrder(shop, draftBody(shop, [[flour.variantId, 30, 240]]));
      const b = await placeOrder(shop, draftBody(shop, [[flour.variantId, 10, 300]], { outletId: shop.harbour.id }));
      const [ra, rb] = await Promise.all([
        shop.admin.post(`/api/goods-orders/${a.id}/receive`, { items: [{ itemId: a.items[0]!.id, quantity: 30 }] }),
        shop.admin.post(`/api/goods-orders/${b.id}/receive`, { items: [{ itemId: b.items[0]!.id, quantity: 10 }] }),
      ]);
      expect([ra.statusCode, rb.statusCode], `${ra.body} ${rb.body}`).toEqual([201, 201]);
      expect(await costOf(flour.variantId)).toBe(244);
      expect(await level(flour.variantId, shop.main.id)).toBe(40);
      expect(await level(flour.variantId, shop.harbour.id)).toBe(10);

      // The later receipt saw the earlier one: its stock and cost before are the earlier one's after.
      const lines = await ctx.database.db.select().from(goodsReceiptLines).where(eq(goodsReceiptLines.variantId, flour.variantId)).orderBy(asc(goodsReceiptLines.id));
      expect(lines).toHaveLength(2);
      const [first, second] = lines as [(typeof lines)[number], (typeof lines)[number]];
      expect(first).toMatchObject({ onHandBefore: 10, costBefore: 200 });
      expect(second).toMatchObject({ onHandBefore: 10 + first.quantity, costBefore: first.costAfter, costAfter: 244 });
      const answers = [ra.json().data, rb.json().data] as GoodsReceipt[];
      expect(answers.map((r) => r.lines[0]!.costAfter).sort()).toEqual([first.costAfter, 244].sort());
    }
  });

  it('lets sales of the variant go on while a delivery of it is booked, each sale at the cost of its moment', async () => {
    const soap = await addProduct(ctx.database.db, { title: 'Olive soap', variantName: '', sku: 'PAR-SOAP', price: 300, cost: 100, taxIds: [], stock: [[shop.main.id, 50]] });
    const order = await placeOrder(shop, draftBody(shop, [[soap.variantId, 50, 200]]));
    const answers = await Promise.all([
      shop.admin.post(`/api/goods-orders/${order.id}/receive`, { items: [{ itemId: order.items[0]!.id, quantity: 50 }] }),
      ...Array.from({ length: 5 }, () => shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[soap.variantId, 1]], 300))),
    ]);
    expect(
      answers.map((res) => res.statusCode),
      answers.map((res) => res.body).join('\n'),
    ).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await level(soap.variantId, shop.main.id)).toBe(95);
    // Each sale copied the cost before (1.00) or after the delivery, nothing in between.
    const receipt = answers[0]!.json().data as GoodsReceipt;
    const after = receipt.lines[0]!.costAfter;
    const sold = await ctx.database.db.select({ unitCost: orderLines.unitCost }).from(orderLines).where(eq(orderLines.variantId, soap.variantId));
    expect(sold).toHaveLength(5);
    for (const line of sold) expect([100, after]).toContain(line.unitCost);
    expect(after).toBe(weightedAverageCost({ onHand: receipt.lines[0]!.onHandBefore, costBefore: 100, received: 50, receivedCost: 200 }));
  });
});
