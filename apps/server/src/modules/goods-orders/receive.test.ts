import { MAX_MONEY, MAX_QUANTITY, type GoodsOrder, type GoodsReceipt } from '@tillbook/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeOne } from '../../db/execute.ts';
import { orderLines, productHistory, stockLevels, stockMovements } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { addProduct, openDrawer, saleBody } from '../orders/sale.fixtures.ts';
import { createDraft, draftBody, placeOrder, seedPurchasingShop, type PurchasingShop } from './goods-orders.fixtures.ts';

let ctx: TestContext;
let shop: PurchasingShop;
let serial = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedPurchasingShop(ctx);
  await openDrawer(ctx.database.db, shop.till, shop.main.id, shop.cashierId);
});
afterAll(() => ctx.close());

type Answer = GoodsReceipt & { order: GoodsOrder };
const errorsOf = (res: { json(): unknown }) => (res.json() as { errors: Record<string, string[]> }).errors;

/** A product of its own for each test: cost in minor units, stock as [outletId, quantity]. */
async function product(title: string, cost: number, stock: Array<[number, number]>) {
  serial += 1;
  return addProduct(ctx.database.db, { title, variantName: '', sku: `RCV-${serial}`, price: 500, cost, taxIds: [], stock });
}

function receive(orderId: number, body: unknown) {
  return shop.admin.post(`/api/goods-orders/${orderId}/receive`, body);
}

async function received(orderId: number, body: unknown): Promise<Answer> {
  const res = await receive(orderId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Answer;
}

async function stockOf(variantId: number, outletId: number) {
  const [level] = await ctx.database.db
    .select({ quantity: stockLevels.quantity })
    .from(stockLevels)
    .where(and(eq(stockLevels.variantId, variantId), eq(stockLevels.outletId, outletId)));
  return level?.quantity ?? 0;
}

async function costOf(productId: number) {
  const res = await shop.admin.get(`/api/products/${productId}/edit`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.variants[0].cost as number;
}

describe('receiving a delivery', () => {
  it('averages the cost over the stock at every outlet (worked example), books it through the ledger, and the next sale copies it', async () => {
    // 10 on hand at 2.00 (6 at Main store, 4 at Harbour Road); 30 arrive at Main at 2.40:
    //   (10 × 2.00 + 30 × 2.40) ÷ (10 + 30) = (20.00 + 72.00) ÷ 40 = 2.30.
    const biscuits = await product('Oat biscuits', 200, [
      [shop.main.id, 6],
      [shop.harbour.id, 4],
    ]);
    const order = await placeOrder(shop, draftBody(shop, [[biscuits.variantId, 30, 240]]));
    const answer = await received(order.id, { items: [{ itemId: order.items[0]!.id, quantity: 30 }], note: 'Pallet 1 of 1' });

    expect(answer).toMatchObject({ goodsOrderId: order.id, note: 'Pallet 1 of 1', units: 30, value: 7200, userName: expect.stringMatching(/^Test administrator/) });
    expect(answer.lines).toEqual([
      {
        itemId: order.items[0]!.id,
        variantId: biscuits.variantId,
        productTitle: 'Oat biscuits',
        variantName: '',
        sku: expect.stringMatching(/^RCV-/),
        quantity: 30,
        unitCost: 240,
        onHandBefore: 10,
        costBefore: 200,
        costAfter: 230,
        quantityAfter: 36,
      },
    ]);
    expect(answer.order).toMatchObject({ status: 'received', receivedUnits: 30, receivedAt: expect.any(String) });
    expect(answer.order.items[0]).toMatchObject({ receivedQuantity: 30, outstanding: 0, onHand: 36, currentCost: 230 });
    expect(answer.order.receipts).toEqual([answer.order.receipts[0]]);
    expect(answer.order.receipts[0]!.id).toBe(answer.id);

    expect(await stockOf(biscuits.variantId, shop.main.id)).toBe(36);
    expect(await stockOf(biscuits.variantId, shop.harbour.id)).toBe(4);
    expect(await costOf(biscuits.productId)).toBe(230);

    // The ledger row: reason "received", the goods order as its document, at the received cost.
    const moves = await ctx.database.db.select().from(stockMovements).where(eq(stockMovements.variantId, biscuits.variantId));
    expect(moves.filter((m) => m.reason === 'received')).toEqual([
      expect.objectContaining({ outletId: shop.main.id, delta: 30, quantityAfter: 36, unitCost: 240, documentType: 'goods_order', documentId: order.id, userId: shop.adminId }),
    ]);
    // The product's history says the cost changed, and by whom.
    const history = await ctx.database.db.select().from(productHistory).where(eq(productHistory.productId, biscuits.productId));
    expect(history.map((h) => [h.action, h.userId, h.changes])).toEqual([['goods received', shop.adminId, [{ field: 'cost', before: 200, after: 230 }]]]);

    const timeline = (await shop.admin.get(`/api/goods-orders/${order.id}/timeline`)).json().data;
    expect(timeline.at(-1)).toMatchObject({ kind: 'received', detail: { receiptId: answer.id, lines: 1, units: 30, stillToCome: 0 } });

    // A sale copies the cost of its moment onto its line: 2.30, and keeps it when the cost moves on.
    const sale = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[biscuits.variantId, 2]], 1000));
    expect(sale.statusCode, sale.body).toBe(201);
    const [line] = await ctx.database.db.select().from(orderLines).where(eq(orderLines.orderId, sale.json().data.id));
    expect(line?.unitCost).toBe(230);
    const next = await placeOrder(shop, draftBody(shop, [[biscuits.variantId, 34, 300]]));
    const later = await received(next.id, { items: [{ itemId: next.items[0]!.id, quantity: 34 }] });
    // 38 on hand (34 at Main, 4 at Harbour) at 2.30 and 34 at 3.00: (87.40 + 102.00) ÷ 72 = 2.630555… → 2.63.
    expect(later.lines[0]).toMatchObject({ onHandBefore: 38, costBefore: 230, costAfter: 263 });
    const [kept] = await ctx.database.db.select().from(orderLines).where(eq(orderLines.orderId, sale.json().data.id));
    expect(kept?.unitCost).toBe(230);
  });

  it('takes the delivery’s own cost when it differs from the order, and counts stock below zero as none', async () => {
    const tea = await product('Green tea', 100, [
      [shop.main.id, -4],
      [shop.harbour.id, 0],
    ]);
    const order = await placeOrder(shop, draftBody(shop, [[tea.variantId, 10, 150]]));
    const answer = await received(order.id, { items: [{ itemId: order.items[0]!.id, quantity: 10, unitCost: 160 }] });
    // The 4 sold before they arrived went at the old cost; the new cost is the delivery's: 1.60.
    expect(answer.lines[0]).toMatchObject({ unitCost: 160, onHandBefore: -4, costBefore: 100, costAfter: 160, quantityAfter: 6 });
    expect(answer.value).toBe(1600);
    const [move] = await ctx.database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.variantId, tea.variantId), eq(stockMovements.reason, 'received')));
    expect(move).toMatchObject({ delta: 10, unitCost: 160 });
    expect(await costOf(tea.productId)).toBe(160);
  });

  it('takes several partial deliveries, each averaging again, until everything is in', async () => {
    const jam = await product('Plum jam', 300, [[shop.main.id, 10]]);
    const honey = await product('Heather honey', 800, []);
    const order = await placeOrder(
      shop,
      draftBody(shop, [
        [jam.variantId, 10, 400],
        [honey.variantId, 5, 900],
      ]),
    );
    const [jamLine, honeyLine] = order.items.map((i) => i.id);

    // 4 jars of jam: (10 × 3.00 + 4 × 4.00) ÷ 14 = 46.00 ÷ 14 = 3.2857… → 3.29.
    let answer = await received(order.id, { items: [{ itemId: jamLine, quantity: 4 }] });
    expect(answer.lines.map((l) => [l.quantity, l.costAfter])).toEqual([[4, 329]]);
    expect(answer.order).toMatchObject({ status: 'partially_received', receivedUnits: 4, receivedAt: null });
    expect(answer.order.items.map((i) => i.outstanding)).toEqual([6, 5]);

    // The rest of the jam, none of the honey (a zero is left out): 14 at 3.29 and 6 at 4.00 = (46.06 + 24.00) ÷ 20 = 3.503 → 3.50.
    answer = await received(order.id, {
      items: [
        { itemId: jamLine, quantity: 6 },
        { itemId: honeyLine, quantity: 0 },
      ],
    });
    expect(answer.lines.map((l) => [l.itemId, l.quantity, l.costBefore, l.costAfter, l.quantityAfter])).toEqual([[jamLine, 6, 329, 350, 20]]);
    expect(answer.order.status).toBe('partially_received');

    // The honey: nothing on hand, so its cost becomes the delivery's.
    answer = await received(order.id, { items: [{ itemId: honeyLine, quantity: 5 }] });
    expect(answer.lines[0]).toMatchObject({ onHandBefore: 0, costBefore: 800, costAfter: 900, quantityAfter: 5 });
    expect(answer.order).toMatchObject({ status: 'received', receivedUnits: 15, receivedAt: expect.any(String) });
    expect(answer.order.receipts.map((r) => r.units)).toEqual([4, 6, 5]);
    expect(answer.order.receipts[1]!.lines[0]).toMatchObject({ quantityAfter: 20 });

    const res = await receive(order.id, { items: [{ itemId: jamLine, quantity: 1 }], allowOver: true });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ status: ['This goods order is received: nothing more can be received.'] });
    const ledger = await ctx.database.db.select().from(stockMovements).where(and(eq(stockMovements.documentType, 'goods_order'), eq(stockMovements.documentId, order.id)));
    expect(ledger.map((m) => m.delta).sort()).toEqual([4, 5, 6]);
  });

  it('asks before receiving more than is still to come, and records a confirmed over-receipt', async () => {
    const flour = await product('Rye flour', 120, []);
    const order = await placeOrder(shop, draftBody(shop, [[flour.variantId, 10, 120]]));
    const itemId = order.items[0]!.id;
    await received(order.id, { items: [{ itemId, quantity: 4 }] });

    const res = await receive(order.id, { items: [{ itemId, quantity: 10 }] });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ 'items.0.quantity': ['Only 6 of this line are still to come. Confirm to receive 10.'] });
    expect(await stockOf(flour.variantId, shop.main.id)).toBe(4);

    const answer = await received(order.id, { items: [{ itemId, quantity: 10 }], allowOver: true });
    expect(answer.order).toMatchObject({ status: 'received', units: 10, receivedUnits: 14 });
    expect(answer.order.items[0]).toMatchObject({ quantity: 10, receivedQuantity: 14, outstanding: 0 });
    expect(await stockOf(flour.variantId, shop.main.id)).toBe(14);
    const timeline = (await shop.admin.get(`/api/goods-orders/${order.id}/timeline`)).json().data;
    expect(timeline.at(-1)).toMatchObject({ kind: 'received', detail: { units: 10, over: true } });
  });

  it('lets the rest be cancelled once part has arrived (the order is then received), not the whole order', async () => {
    const oil = await product('Olive oil', 700, []);
    const salt = await product('Sea salt', 150, []);
    const order = await placeOrder(
      shop,
      draftBody(shop, [
        [oil.variantId, 10, 700],
        [salt.variantId, 5, 150],
      ]),
    );
    await received(order.id, { items: [{ itemId: order.items[0]!.id, quantity: 3 }] });

    let res = await shop.admin.put(`/api/goods-orders/${order.id}/edit`, { status: 'cancelled' });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ status: ['Part of this goods order has arrived, so it cannot be cancelled. Cancel the rest instead: what arrived stays on record.'] });

    res = await shop.admin.put(`/api/goods-orders/${order.id}/edit`, { status: 'received', note: 'Supplier out of stock' });
    expect(res.statusCode, res.body).toBe(200);
    const done: GoodsOrder = res.json().data;
    expect(done).toMatchObject({ status: 'received', note: 'Supplier out of stock', receivedUnits: 3, receivedAt: expect.any(String) });
    expect(done.items.map((i) => [i.receivedQuantity, i.cancelledQuantity, i.outstanding])).toEqual([
      [3, 7, 0],
      [0, 5, 0],
    ]);
    const timeline = (await shop.admin.get(`/api/goods-orders/${order.id}/timeline`)).json().data;
    expect(timeline.at(-1)).toMatchObject({ kind: 'rest_cancelled', detail: { units: 12 } });

    res = await receive(order.id, { items: [{ itemId: order.items[1]!.id, quantity: 5 }] });
    expect(errorsOf(res)).toEqual({ status: ['This goods order is received: nothing more can be received.'] });
    expect(await stockOf(salt.variantId, shop.main.id)).toBe(0);
  });

  it('refuses a draft, a cancelled order and bad lines, each on its field, and changes nothing', async () => {
    const rice = await product('Basmati rice', 250, [[shop.main.id, 2]]);
    const draft = await createDraft(shop, draftBody(shop, [[rice.variantId, 5, 250]]));
    let res = await receive(draft.id, { items: [{ itemId: draft.items[0]!.id, quantity: 5 }] });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ status: ['Mark the goods order as ordered before receiving it.'] });

    const other = await placeOrder(shop, draftBody(shop, [[rice.variantId, 1, 250]]));
    await shop.admin.put(`/api/goods-orders/${other.id}/edit`, { status: 'cancelled' });
    res = await receive(other.id, { items: [{ itemId: other.items[0]!.id, quantity: 1 }] });
    expect(errorsOf(res)).toEqual({ status: ['This goods order is cancelled: nothing more can be received.'] });

    const order = await placeOrder(shop, draftBody(shop, [[rice.variantId, 5, 250]]));
    const itemId = order.items[0]!.id;
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [
        { items: [{ itemId: 999_999, quantity: 1 }, { itemId: other.items[0]!.id, quantity: 1 }] },
        { 'items.0.itemId': ['This line is not on the goods order.'], 'items.1.itemId': ['This line is not on the goods order.'] },
      ],
      [{ items: [{ itemId, quantity: 1 }, { itemId, quantity: 1 }] }, { 'items.1.itemId': ['This line is already counted in this delivery.'] }],
      [{ items: [{ itemId, quantity: 0 }] }, { items: ['Count at least one line that arrived.'] }],
      [{ items: [] }, { items: ['Count at least one line that arrived.'] }],
      [
        { items: [{ itemId, quantity: MAX_QUANTITY, unitCost: MAX_MONEY }], allowOver: true },
        { 'items.0.quantity': ['This line of the delivery comes to more than one delivery can hold: receive it in several deliveries.'] },
      ],
    ];
    for (const [body, errors] of cases) {
      res = await receive(order.id, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(errorsOf(res)).toEqual(errors);
    }
    for (const [body, field] of [
      [{ items: [{ itemId, quantity: MAX_QUANTITY + 1 }], allowOver: true }, 'items.0.quantity'],
      [{ items: [{ itemId, quantity: -1 }] }, 'items.0.quantity'],
      [{ items: [{ itemId, quantity: 1, unitCost: -5 }] }, 'items.0.unitCost'],
      [{ items: [{ itemId, quantity: 1, unitCost: MAX_MONEY + 1 }] }, 'items.0.unitCost'],
      [{ items: [{ itemId: 0, quantity: 1 }] }, 'items.0.itemId'],
      [{ items: [{ itemId, quantity: 1 }], allowOver: 'yes' }, 'allowOver'],
      [{ items: [{ itemId, quantity: 1 }], note: 'a\u0000b' }, 'note'],
      [{ items: 'all' }, 'items'],
    ] as const) {
      res = await receive(order.id, body);
      expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(422);
      expect(Object.keys(errorsOf(res)), JSON.stringify(body)).toEqual([field]);
    }
    expect(await stockOf(rice.variantId, shop.main.id)).toBe(2);
    expect(await costOf(rice.productId)).toBe(250);
    const stored = (await shop.admin.get(`/api/goods-orders/${order.id}/edit`)).json().data as GoodsOrder;
    expect(stored).toMatchObject({ status: 'ordered', receivedUnits: 0, receipts: [] });
    expect(await executeOne(ctx.database.db, sql`select count(*)::int as count from goods_receipts where goods_order_id = ${order.id}`)).toEqual({ count: 0 });
  });
});
