import { goodsOrderNumber, MAX_MONEY, MAX_QUANTITY, pricePurchase, type GoodsOrder, type GoodsOrderListItem } from '@tillbook/contract';
import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outlets, stockLevels } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { addProduct } from '../orders/sale.fixtures.ts';
import { updateGeneralSettings } from '../settings/service.ts';
import { createDraft, draftBody, placeOrder, seedPurchasingShop, type PurchasingShop } from './goods-orders.fixtures.ts';

let ctx: TestContext;
let shop: PurchasingShop;

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedPurchasingShop(ctx);
});
afterAll(() => ctx.close());

const errorsOf = (res: { json(): unknown }) => (res.json() as { errors: Record<string, string[]> }).errors;

describe('a draft goods order', () => {
  it('is created with its lines priced by the engine, the supplier’s SKUs copied and the outlet’s stock beside each line', async () => {
    const body = draftBody(shop, [
      [shop.shirt.variantId, 12, 1000, 200_000],
      [shop.mug.variantId, 7, 333, 125_000],
    ]);
    body.note = 'Deliver before noon';
    body.items![1]!.supplierSku = 'OWN-MUG';
    const order = await createDraft(shop, body);

    expect(order.number).toBe(goodsOrderNumber(order.id));
    expect(order.number).toMatch(/^PO-\d{6}$/);
    expect(order).toMatchObject({
      status: 'draft',
      supplierId: shop.supplier.id,
      supplierName: 'Fjord Textiles',
      supplierEmail: 'orders@fjord.example',
      outletId: shop.main.id,
      outletName: shop.main.name,
      expectedAt: '2026-12-01',
      note: 'Deliver before noon',
      itemCount: 2,
      units: 19,
      receivedUnits: 0,
      orderedAt: null,
      receipts: [],
    });
    // 12 × 10.00 = 120.00 + 20 % = 24.00; 7 × 3.33 = 23.31 + 12.5 % = 2.91375 → 2.91.
    expect(order.items.map(({ sku, supplierSku, net, tax, total, outstanding, onHand, currentCost }) => ({ sku, supplierSku, net, tax, total, outstanding, onHand, currentCost }))).toEqual([
      { sku: 'SHIRT-M-BLUE', supplierSku: 'FJ-SHIRT-M', net: 12000, tax: 2400, total: 14400, outstanding: 12, onHand: 10, currentCost: 1100 },
      { sku: 'MUG-1', supplierSku: 'OWN-MUG', net: 2331, tax: 291, total: 2622, outstanding: 7, onHand: 5, currentCost: 300 },
    ]);
    expect(order.items[0]).toMatchObject({ productTitle: 'Linen shirt', variantName: 'M / Blue', productId: shop.shirt.productId });
    expect({ net: order.net, tax: order.tax, total: order.total }).toEqual({ net: 14331, tax: 2691, total: 17022 });

    const timeline = (await shop.admin.get(`/api/goods-orders/${order.id}/timeline`)).json().data;
    expect(timeline).toEqual([expect.objectContaining({ kind: 'created', detail: { number: order.number, lines: 2 }, userName: expect.stringMatching(/^Test administrator/) })]);
  });

  it('refuses a missing supplier or outlet, an inactive supplier, unknown or repeated products, each on its field', async () => {
    let res = await shop.admin.post('/api/goods-orders/create', draftBody(shop, [], { supplierId: 999_999, outletId: 999_998 }));
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ supplierId: ['The selected supplier does not exist.'], outletId: ['The selected outlet does not exist.'] });

    res = await shop.admin.post(
      '/api/goods-orders/create',
      draftBody(shop, [
        [shop.shirt.variantId, 1, 100],
        [999_999, 1, 100],
        [shop.shirt.variantId, 2, 100],
      ]),
    );
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({
      'items.1.variantId': ['The selected product does not exist.'],
      'items.2.variantId': ['This product is already on the order.'],
    });

    const service = await addProduct(ctx.database.db, { title: 'Gift wrapping', variantName: '', sku: 'WRAP', price: 200, cost: 0, taxIds: [], stock: [], trackStock: false });
    res = await shop.admin.post('/api/goods-orders/create', draftBody(shop, [[service.variantId, 1, 100]]));
    expect(errorsOf(res)).toEqual({ 'items.0.variantId': ['This product does not track stock, so it cannot be ordered into stock.'] });

    const inactive = await shop.admin.post('/api/suppliers/create', { companyName: 'Closed Mill', active: false });
    res = await shop.admin.post('/api/goods-orders/create', draftBody(shop, [], { supplierId: inactive.json().data.id }));
    expect(errorsOf(res)).toEqual({ supplierId: ['This supplier is inactive. Activate it before ordering from it.'] });
  });

  it('answers 422 on the line for values past their limits, never a server error', async () => {
    const cases: Array<[unknown, string]> = [
      [{ variantId: shop.shirt.variantId, quantity: 0, unitCost: 100 }, 'items.0.quantity'],
      [{ variantId: shop.shirt.variantId, quantity: MAX_QUANTITY + 1, unitCost: 100 }, 'items.0.quantity'],
      [{ variantId: shop.shirt.variantId, quantity: 1.5, unitCost: 100 }, 'items.0.quantity'],
      [{ variantId: shop.shirt.variantId, quantity: 1, unitCost: -1 }, 'items.0.unitCost'],
      [{ variantId: shop.shirt.variantId, quantity: 1, unitCost: MAX_MONEY + 1 }, 'items.0.unitCost'],
      [{ variantId: shop.shirt.variantId, quantity: 1, unitCost: '12' }, 'items.0.unitCost'],
      [{ variantId: 2_147_483_648, quantity: 1, unitCost: 100 }, 'items.0.variantId'],
      [{ variantId: shop.shirt.variantId, quantity: 1, unitCost: 100, taxRateE4: 1_000_001 }, 'items.0.taxRateE4'],
      [{ variantId: shop.shirt.variantId, quantity: 1, unitCost: 100, supplierSku: 'x'.repeat(65) }, 'items.0.supplierSku'],
      [{ variantId: shop.shirt.variantId, quantity: 1, unitCost: 100, supplierSku: 'a\u0000b' }, 'items.0.supplierSku'],
      // Both limits at once: a line of 10^20 minor units is beyond any amount the shop stores.
      [{ variantId: shop.shirt.variantId, quantity: MAX_QUANTITY, unitCost: MAX_MONEY }, 'items.0.quantity'],
    ];
    for (const [item, field] of cases) {
      const res = await shop.admin.post('/api/goods-orders/create', { supplierId: shop.supplier.id, outletId: shop.main.id, items: [item] });
      expect(res.statusCode, `${JSON.stringify(item)} → ${res.body}`).toBe(422);
      expect(Object.keys(errorsOf(res)), JSON.stringify(item)).toEqual([field]);
    }
    for (const [body, field] of [
      [{ supplierId: '1', outletId: shop.main.id }, 'supplierId'],
      [{ supplierId: shop.supplier.id, outletId: shop.main.id, expectedAt: '2201-01-01' }, 'expectedAt'],
      [{ supplierId: shop.supplier.id, outletId: shop.main.id, expectedAt: '2026-02-30' }, 'expectedAt'],
      [{ supplierId: shop.supplier.id, outletId: shop.main.id, note: 'x'.repeat(2001) }, 'note'],
      [{ supplierId: shop.supplier.id, outletId: shop.main.id, items: 'none' }, 'items'],
    ] as const) {
      const res = await shop.admin.post('/api/goods-orders/create', body);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(errorsOf(res))).toEqual([field]);
    }
    for (const url of ['/api/goods-orders/abc/edit', '/api/goods-orders/1e3/edit', '/api/goods-orders/99999999999/edit']) {
      expect((await shop.admin.get(url)).statusCode, url).toBe(422);
    }
  });

  it('is saved as a whole form: fields and lines replaced, the edit on the timeline', async () => {
    const draft = await createDraft(shop, draftBody(shop, [[shop.shirt.variantId, 2, 1000]]));
    const res = await shop.admin.put(`/api/goods-orders/${draft.id}/edit`, {
      supplierId: shop.supplier.id,
      outletId: shop.harbour.id,
      expectedAt: '2026-12-24',
      note: 'Side door',
      items: [
        { variantId: shop.mug.variantId, quantity: 4, unitCost: 260 },
        { variantId: shop.shirt.variantId, quantity: 1, unitCost: 990, supplierSku: 'FJ-SPECIAL' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved: GoodsOrder = res.json().data;
    expect(saved).toMatchObject({ outletName: 'Harbour Road', expectedAt: '2026-12-24', note: 'Side door', units: 5 });
    expect(saved.items.map((i) => [i.sku, i.quantity, i.unitCost, i.supplierSku, i.onHand])).toEqual([
      ['MUG-1', 4, 260, 'FJ-MUG', 0],
      ['SHIRT-M-BLUE', 1, 990, 'FJ-SPECIAL', 0],
    ]);
    const timeline = (await shop.admin.get(`/api/goods-orders/${draft.id}/timeline`)).json().data;
    expect(timeline.at(-1)).toMatchObject({ kind: 'edited', detail: { fields: ['outlet', 'items', 'expected date', 'note'] } });

    const bad = await shop.admin.put(`/api/goods-orders/${draft.id}/edit`, { items: [{ variantId: shop.mug.variantId, quantity: 1, unitCost: 1 }, { variantId: shop.mug.variantId, quantity: 1, unitCost: 1 }] });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad)).toEqual({ 'items.1.variantId': ['This product is already on the order.'] });
    expect((await shop.admin.get(`/api/goods-orders/${draft.id}/edit`)).json().data.items).toHaveLength(2);
  });

  it('is deleted (204) while a draft; an ordered one is cancelled instead (409)', async () => {
    const draft = await createDraft(shop, draftBody(shop, [[shop.mug.variantId, 1, 250]]));
    expect((await shop.admin.delete(`/api/goods-orders/${draft.id}`)).statusCode).toBe(204);
    expect((await shop.admin.get(`/api/goods-orders/${draft.id}/edit`)).statusCode).toBe(404);
    expect((await shop.admin.delete(`/api/goods-orders/${draft.id}`)).statusCode).toBe(404);

    const ordered = await placeOrder(shop, draftBody(shop, [[shop.mug.variantId, 1, 250]]));
    const res = await shop.admin.delete(`/api/goods-orders/${ordered.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a draft can be deleted. Cancel the order instead to keep its history.');
  });
});

describe('moving a goods order', () => {
  it('is ordered only with lines, keeping its note and expected date, with the time and the timeline', async () => {
    const empty = await createDraft(shop, draftBody(shop, [], { note: 'Keep me' }));
    let res = await shop.admin.put(`/api/goods-orders/${empty.id}/edit`, { status: 'ordered' });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ items: ['Add at least one line before ordering.'] });

    res = await shop.admin.post(`/api/goods-orders/${empty.id}/items`, { variantId: shop.mug.variantId, quantity: 3 });
    expect(res.statusCode, res.body).toBe(201);
    res = await shop.admin.put(`/api/goods-orders/${empty.id}/edit`, { status: 'ordered' });
    expect(res.statusCode, res.body).toBe(200);
    const ordered: GoodsOrder = res.json().data;
    expect(ordered).toMatchObject({ status: 'ordered', note: 'Keep me', expectedAt: '2026-12-01', orderedAt: expect.any(String) });
    const timeline = (await shop.admin.get(`/api/goods-orders/${empty.id}/timeline`)).json().data;
    expect(timeline.at(-1)).toMatchObject({ kind: 'ordered', detail: { lines: 1, units: 3, total: 750 } });

    res = await shop.admin.put(`/api/goods-orders/${empty.id}/edit`, { status: 'ordered' });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ status: ['Only a draft can be marked as ordered; this goods order is ordered.'] });
  });

  it('keeps an ordered order’s lines (409) but lets its expected date and note change', async () => {
    const ordered = await placeOrder(shop, draftBody(shop, [[shop.shirt.variantId, 2, 1000]]));
    for (const body of [
      { items: [] },
      { supplierId: shop.supplier.id, outletId: shop.harbour.id },
    ]) {
      const res = await shop.admin.put(`/api/goods-orders/${ordered.id}/edit`, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Only a draft can be edited; this goods order is ordered. Its expected date and note may still change while goods are to come.');
    }
    let res = await shop.admin.post(`/api/goods-orders/${ordered.id}/items`, { variantId: shop.mug.variantId, quantity: 1 });
    expect(res.statusCode).toBe(409);

    // The same supplier and outlet sent back with the new date are no change of the draft's fields.
    res = await shop.admin.put(`/api/goods-orders/${ordered.id}/edit`, { supplierId: shop.supplier.id, outletId: shop.main.id, expectedAt: '2026-12-05', note: 'Late' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ordered', expectedAt: '2026-12-05', note: 'Late' });
    res = await shop.admin.put(`/api/goods-orders/${ordered.id}/edit`, { expectedAt: null });
    expect(res.json().data).toMatchObject({ expectedAt: null, note: 'Late' });
  });

  it('is cancelled from a draft or ordered, keeping its lines, and then nothing more changes', async () => {
    const draft = await createDraft(shop, draftBody(shop, [[shop.mug.variantId, 2, 250]]));
    let res = await shop.admin.put(`/api/goods-orders/${draft.id}/edit`, { status: 'cancelled' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String) });

    const ordered = await placeOrder(shop, draftBody(shop, [[shop.mug.variantId, 2, 250]]));
    res = await shop.admin.put(`/api/goods-orders/${ordered.id}/edit`, { status: 'cancelled' });
    const cancelled: GoodsOrder = res.json().data;
    expect(cancelled).toMatchObject({ status: 'cancelled', itemCount: 1, total: 500 });
    expect(cancelled.items[0]).toMatchObject({ quantity: 2, cancelledQuantity: 2, outstanding: 0 });
    const timeline = (await shop.admin.get(`/api/goods-orders/${ordered.id}/timeline`)).json().data;
    expect(timeline.map((e: { kind: string }) => e.kind)).toEqual(['created', 'ordered', 'cancelled']);

    res = await shop.admin.put(`/api/goods-orders/${ordered.id}/edit`, { status: 'cancelled' });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ status: ['This goods order is cancelled: it cannot be cancelled.'] });
    res = await shop.admin.put(`/api/goods-orders/${ordered.id}/edit`, { note: 'Too late' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This goods order is cancelled: it can no longer be changed.');
    res = await shop.admin.put(`/api/goods-orders/${ordered.id}/edit`, { status: 'ordered' });
    expect(res.statusCode).toBe(422);
  });

  it('refuses "received" before anything has arrived', async () => {
    const draft = await createDraft(shop, draftBody(shop, [[shop.mug.variantId, 2, 250]]));
    let res = await shop.admin.put(`/api/goods-orders/${draft.id}/edit`, { status: 'received' });
    expect(errorsOf(res)).toEqual({ status: ['Mark the goods order as ordered before receiving it.'] });
    await shop.admin.put(`/api/goods-orders/${draft.id}/edit`, { status: 'ordered' });
    res = await shop.admin.put(`/api/goods-orders/${draft.id}/edit`, { status: 'received' });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ status: ['Nothing of this goods order has arrived yet: receive what came, or cancel the order.'] });
    res = await shop.admin.put(`/api/goods-orders/${draft.id}/edit`, { status: 'shipped' });
    expect(errorsOf(res)).toEqual({ status: ['The status must be ordered, cancelled or received.'] });
  });

  it('answers 404 for an order that does not exist, on every call', async () => {
    const id = 987_654;
    const calls = [
      shop.admin.get(`/api/goods-orders/${id}/edit`),
      shop.admin.put(`/api/goods-orders/${id}/edit`, { note: 'x' }),
      shop.admin.delete(`/api/goods-orders/${id}`),
      shop.admin.get(`/api/goods-orders/${id}/items`),
      shop.admin.post(`/api/goods-orders/${id}/items`, { variantId: shop.mug.variantId, quantity: 1 }),
      shop.admin.post(`/api/goods-orders/${id}/receive`, { items: [{ itemId: 1, quantity: 1 }] }),
      shop.admin.get(`/api/goods-orders/${id}/pdf`),
      shop.admin.post(`/api/goods-orders/${id}/email`, {}),
      shop.admin.get(`/api/goods-orders/${id}/timeline`),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
  });
});

describe('a draft’s lines (/items)', () => {
  it('adds a line at the supplier’s cost and SKU; the same product again adds to its quantity', async () => {
    const draft = await createDraft(shop, draftBody(shop, []));
    let res = await shop.admin.post(`/api/goods-orders/${draft.id}/items`, { variantId: shop.mug.variantId, quantity: 3 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ variantId: shop.mug.variantId, quantity: 3, unitCost: 250, supplierSku: 'FJ-MUG', net: 750, onHand: 5, outstanding: 3 });

    res = await shop.admin.post(`/api/goods-orders/${draft.id}/items`, { variantId: shop.mug.variantId, quantity: 2 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ quantity: 5, unitCost: 250, net: 1250 });

    // Not supplied by Fjord: the variant's own cost, no supplier SKU.
    const cap = await addProduct(ctx.database.db, { title: 'Wool cap', variantName: '', sku: 'CAP-1', price: 1500, cost: 640, taxIds: [], stock: [] });
    res = await shop.admin.post(`/api/goods-orders/${draft.id}/items`, { variantId: cap.variantId, quantity: 1, taxRateE4: 200_000 });
    expect(res.json().data).toMatchObject({ sku: 'CAP-1', unitCost: 640, supplierSku: null, tax: 128, total: 768, onHand: 0 });

    const items = (await shop.admin.get(`/api/goods-orders/${draft.id}/items`)).json().data;
    expect(items.map((i: { sku: string; quantity: number }) => [i.sku, i.quantity])).toEqual([
      ['MUG-1', 5],
      ['CAP-1', 1],
    ]);

    res = await shop.admin.post(`/api/goods-orders/${draft.id}/items`, { variantId: shop.mug.variantId, quantity: MAX_QUANTITY });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual({ quantity: [`The line would hold ${MAX_QUANTITY + 5} units; at most ${MAX_QUANTITY} fit on one line.`] });
    res = await shop.admin.post(`/api/goods-orders/${draft.id}/items`, { variantId: 999_999, quantity: 1 });
    expect(errorsOf(res)).toEqual({ variantId: ['The selected product does not exist.'] });
    res = await shop.admin.post(`/api/goods-orders/${draft.id}/items`, { variantId: cap.variantId, quantity: MAX_QUANTITY - 1, unitCost: MAX_MONEY });
    expect(errorsOf(res)).toEqual({ quantity: ['This line comes to more than one goods order can hold: order fewer units or at a lower cost.'] });
  });
});

describe('the goods-orders list', () => {
  let listed: GoodsOrder[];

  beforeAll(async () => {
    // Its own supplier, so the other tests' orders stay out of these figures.
    const res = await shop.admin.post('/api/suppliers/create', { companyName: 'Harbour Ceramics', active: true });
    const ceramics = res.json().data.id as number;
    listed = [
      await createDraft(shop, draftBody(shop, [[shop.mug.variantId, 10, 199, 200_000]], { supplierId: ceramics })),
      await placeOrder(shop, draftBody(shop, [[shop.mug.variantId, 3, 333, 125_000], [shop.shirt.variantId, 1, 1005, 75_000]], { supplierId: ceramics, outletId: shop.harbour.id })),
      await placeOrder(shop, draftBody(shop, [[shop.shirt.variantId, 4, 1000]], { supplierId: ceramics })),
    ];
    // The second was created late in the evening of 21 November in New York (04:30 the next day in UTC).
    await ctx.database.db.execute(sql`update goods_orders set created_at = '2026-11-22T04:30:00Z' where id = ${listed[1]!.id}`);
    await ctx.database.db.execute(sql`update goods_orders set created_at = '2026-11-25T12:00:00Z' where id = ${listed[2]!.id}`);
    await ctx.database.db.execute(sql`update goods_orders set created_at = '2026-11-20T12:00:00Z' where id = ${listed[0]!.id}`);
    await updateGeneralSettings(ctx.database.db, { businessName: 'Fjord Corner', currency: 'USD', locale: 'en-US', timeZone: 'America/New_York' });
  });

  const page = async (query: string) => {
    const res = await shop.admin.get(`/api/goods-orders?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: GoodsOrderListItem[]; meta: { total: number; totals: { count: number; total: number } } };
  };

  it('sums each order and the filtered set exactly as the pricing engine does', async () => {
    const { data, meta } = await page('search=Harbour Ceramics');
    expect(data.map((o) => o.id)).toEqual([listed[2]!.id, listed[1]!.id, listed[0]!.id]);
    for (const row of data) {
      const detail = listed.find((o) => o.id === row.id)!;
      const priced = pricePurchase(detail.items);
      expect({ net: row.net, tax: row.tax, total: row.total, units: row.units, itemCount: row.itemCount }).toEqual({
        net: priced.net,
        tax: priced.tax,
        total: priced.total,
        units: priced.units,
        itemCount: detail.items.length,
      });
    }
    // 10 × 1.99 + 20 % = 23.88; 3 × 3.33 = 9.99 + 12.5 % (1.24875 → 1.25) and 10.05 + 7.5 % (0.75375 → 0.75) = 22.04; 40.00.
    expect(data.map((o) => o.total)).toEqual([4000, 2204, 2388]);
    expect(meta.totals).toEqual({ count: 3, total: 8592 });
    expect(data[0]).toMatchObject({ supplierName: 'Harbour Ceramics', status: 'ordered', outletName: shop.main.name, userName: expect.stringMatching(/^Test administrator/) });
  });

  it('filters by status, supplier, outlet and the shop’s days, finds a number, sorts and pages', async () => {
    const ids = async (query: string) => (await page(query)).data.map((o) => o.id);
    const [draft, harbour, main] = listed.map((o) => o.id);
    const supplierId = listed[0]!.supplierId;
    expect(await ids(`supplierId=${supplierId}&status=draft`)).toEqual([draft]);
    expect(await ids(`supplierId=${supplierId}&outletId=${shop.harbour.id}`)).toEqual([harbour]);
    expect(await ids(`supplierId=${supplierId}&from=2026-11-21&to=2026-11-21`)).toEqual([harbour]);
    expect(await ids(`supplierId=${supplierId}&from=2026-11-22`)).toEqual([main]);
    expect(await ids(`supplierId=${supplierId}&to=2026-11-20`)).toEqual([draft]);
    expect(await ids(`search=${goodsOrderNumber(harbour!)}`)).toEqual([harbour]);
    expect(await ids(`search=po-${harbour}`)).toEqual([harbour]);
    expect(await ids(`supplierId=${supplierId}&sort=total`)).toEqual([harbour, draft, main]);
    expect(await ids(`supplierId=${supplierId}&sort=-number`)).toEqual([main, harbour, draft]);
    const second = await page(`supplierId=${supplierId}&perPage=2&page=2`);
    expect(second.data.map((o) => o.id)).toEqual([draft]);
    expect(second.meta).toMatchObject({ total: 3, totals: { count: 3, total: 8592 } });

    for (const [query, field] of [
      ['from=2026-11-22&to=2026-11-21', 'to'],
      ['status=lost', 'status'],
      ['sort=supplier', 'sort'],
      ['supplierId=x', 'supplierId'],
      ['from=2026-13-01', 'from'],
      ['perPage=101', 'perPage'],
    ]) {
      const res = await shop.admin.get(`/api/goods-orders?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(errorsOf(res)), query).toEqual([field]);
    }
  });

  it('exports the filtered set as CSV with money as decimals', async () => {
    const supplierId = listed[0]!.supplierId;
    const res = await shop.admin.get(`/api/goods-orders/export?supplierId=${supplierId}&sort=number`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="goods-orders-\d{8}\.csv"$/);
    const parsed = Papa.parse<Record<string, string>>(res.body.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual(['number', 'status', 'supplier', 'outlet', 'expected', 'created', 'ordered', 'received', 'lines', 'units', 'received units', 'net', 'tax', 'total']);
    expect(parsed.data.map((row) => [row.number, row.status, row.supplier, row.outlet, row.expected, row.lines, row.units, row.net, row.tax, row.total])).toEqual([
      [listed[0]!.number, 'draft', 'Harbour Ceramics', shop.main.name, '2026-12-01', '1', '10', '19.90', '3.98', '23.88'],
      [listed[1]!.number, 'ordered', 'Harbour Ceramics', 'Harbour Road', '2026-12-01', '2', '4', '20.04', '2.00', '22.04'],
      [listed[2]!.number, 'ordered', 'Harbour Ceramics', shop.main.name, '2026-12-01', '1', '4', '40.00', '0.00', '40.00'],
    ]);
    expect(parsed.data[1]!.created).toBe('2026-11-22T04:30:00.000Z');
    expect(parsed.data[1]!.ordered).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const bad = await shop.admin.get('/api/goods-orders/export?sort=nope');
    expect(bad.statusCode).toBe(422);
  });
});

describe('low-stock suggestions', () => {
  it('lists the supplier’s products at or below their reorder level, counting what is already on order', async () => {
    // An outlet of its own (the other tests' orders stay out), a supplier of the shirt, the mug and a beanie.
    const db = ctx.database.db;
    const [kiosk] = await db.insert(outlets).values({ name: 'Quay Kiosk', code: 'QK' }).returning({ id: outlets.id });
    const outletId = kiosk!.id;
    const beanie = await addProduct(db, { title: 'Beanie', variantName: 'Red', sku: 'BEANIE-R', price: 1200, cost: 500, taxIds: [], stock: [] });
    const archived = await addProduct(db, { title: 'Old scarf', variantName: '', sku: 'SCARF-OLD', price: 900, cost: 300, taxIds: [], stock: [] });
    await db.execute(sql`update products set status = 'archived' where id = ${archived.productId}`);
    const res = await shop.admin.post('/api/suppliers/create', {
      companyName: 'Low Stock Supplies',
      active: true,
      products: [
        { variantId: shop.shirt.variantId, supplierSku: 'LS-SHIRT', cost: 900 },
        { variantId: shop.mug.variantId, supplierSku: 'LS-MUG', cost: 0 },
        { variantId: beanie.variantId, supplierSku: null, cost: 450 },
        { variantId: archived.variantId, supplierSku: null, cost: 100 },
      ],
    });
    const supplierId = res.json().data.id as number;
    await db.insert(stockLevels).values([
      { outletId, variantId: shop.shirt.variantId, quantity: 3, lowStockThreshold: 8 },
      { outletId, variantId: shop.mug.variantId, quantity: 4 },
    ]);
    // Open orders for the kiosk count as on order; a draft and another outlet's order do not.
    await placeOrder(shop, draftBody(shop, [[shop.shirt.variantId, 2, 900]], { supplierId, outletId }));
    await createDraft(shop, draftBody(shop, [[shop.mug.variantId, 50, 250]], { supplierId, outletId }));
    await placeOrder(shop, draftBody(shop, [[shop.mug.variantId, 50, 250]], { supplierId, outletId: shop.harbour.id }));

    const suggestions = async () => {
      const answer = await shop.admin.get(`/api/goods-orders/low-stock?supplierId=${supplierId}&outletId=${outletId}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data as Array<{ sku: string }>;
    };
    const bySku = Object.fromEntries((await suggestions()).map((s) => [s.sku, s]));
    expect(Object.keys(bySku)).toEqual(['BEANIE-R', 'SHIRT-M-BLUE', 'MUG-1']);
    // The shop's default threshold is 5: the beanie (no level at the kiosk: none on hand) wants 5, at the supplier's 4.50.
    expect(bySku['BEANIE-R']).toEqual({ variantId: beanie.variantId, productTitle: 'Beanie', variantName: 'Red', sku: 'BEANIE-R', supplierSku: null, cost: 450, onHand: 0, onOrder: 0, reorderLevel: 5, quantity: 5 });
    // The mug: 4 on hand ≤ 5, 1 to order; the supplier's cost is 0 (not known), so the mug's own 3.00.
    expect(bySku['MUG-1']).toMatchObject({ supplierSku: 'LS-MUG', cost: 300, onHand: 4, onOrder: 0, reorderLevel: 5, quantity: 1 });
    // The shirt: 3 on hand, its own threshold 8, 2 already on order → 3 more at the supplier's 9.00.
    expect(bySku['SHIRT-M-BLUE']).toMatchObject({ supplierSku: 'LS-SHIRT', cost: 900, onHand: 3, onOrder: 2, reorderLevel: 8, quantity: 3 });

    // With enough on order (3 + 2 + 4 > 8) the shirt drops out.
    await placeOrder(shop, draftBody(shop, [[shop.shirt.variantId, 4, 900]], { supplierId, outletId }));
    expect((await suggestions()).map((s) => s.sku)).toEqual(['BEANIE-R', 'MUG-1']);

    const bad = await shop.admin.get(`/api/goods-orders/low-stock?supplierId=999999&outletId=${outletId}`);
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad)).toEqual({ supplierId: ['The selected supplier does not exist.'] });
    expect((await shop.admin.get('/api/goods-orders/low-stock?supplierId=1')).statusCode).toBe(422);
  });
});

describe('roles', () => {
  it('refuses a cashier every goods-order call (403)', async () => {
    const order = await placeOrder(shop, draftBody(shop, [[shop.mug.variantId, 1, 250]]));
    const id = order.id;
    const calls = [
      shop.cashier.get('/api/goods-orders'),
      shop.cashier.get('/api/goods-orders/export'),
      shop.cashier.get(`/api/goods-orders/low-stock?supplierId=${shop.supplier.id}&outletId=${shop.main.id}`),
      shop.cashier.post('/api/goods-orders/create', draftBody(shop, [[shop.mug.variantId, 1, 250]])),
      shop.cashier.get(`/api/goods-orders/${id}/edit`),
      shop.cashier.put(`/api/goods-orders/${id}/edit`, { status: 'cancelled' }),
      shop.cashier.delete(`/api/goods-orders/${id}`),
      shop.cashier.get(`/api/goods-orders/${id}/items`),
      shop.cashier.post(`/api/goods-orders/${id}/items`, { variantId: shop.mug.variantId, quantity: 1 }),
      shop.cashier.post(`/api/goods-orders/${id}/receive`, { items: [{ itemId: order.items[0]!.id, quantity: 1 }] }),
      shop.cashier.get(`/api/goods-orders/${id}/pdf`),
      shop.cashier.post(`/api/goods-orders/${id}/email`, {}),
      shop.cashier.get(`/api/goods-orders/${id}/timeline`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('This action is unauthorized.');
    }
    // Nothing happened to the order.
    expect((await shop.admin.get(`/api/goods-orders/${id}/edit`)).json().data).toMatchObject({ status: 'ordered', receivedUnits: 0 });
    expect((await ctx.client().get('/api/goods-orders')).statusCode).toBe(401);
  });
});
