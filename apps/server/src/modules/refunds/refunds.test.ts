import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, customers, orderEvents, orders, refundPayments, stockLevels, stockMovements } from '../../db/schema/index.ts';
import type { TestContext } from '../../testing/test-app.ts';
import { addProduct, openSaleShop, saleBody, type SaleShop } from '../orders/sale.fixtures.ts';

let ctx: TestContext;
let shop: SaleShop;
let sessionId: number;

beforeAll(async () => {
  ({ ctx, shop, drawer: sessionId } = await openSaleShop());
});
afterAll(() => ctx.close());

type SoldOrder = { id: number; number: string; total: number; lines: Array<{ id: number; total: number; taxTotal: number }> };

/** A sale at Till 1: lines as [variantId, quantity], paid as told (cash for the whole total unless told). */
async function sell(lines: Array<[number, number]>, total: number, overrides: Record<string, unknown> = {}): Promise<SoldOrder> {
  const res = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, lines, total, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const refund = (orderId: number, body: Record<string, unknown>) => shop.admin.post(`/api/orders/${orderId}/refunds`, { reason: 'Changed their mind', ...body });
const stockOf = async (variantId: number) =>
  (await ctx.database.db.select().from(stockLevels).where(and(eq(stockLevels.variantId, variantId), eq(stockLevels.outletId, shop.main.id))))[0]?.quantity;
const statusOf = async (orderId: number) => (await ctx.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;

describe('refunding a sale', () => {
  it('stores the refund with its share of the line, restocks through the ledger, and takes the cash out of the drawer', async () => {
    // 2 shirts at 25.00 + 20 %: 60.00 in cash.
    const order = await sell([[shop.shirt.variantId, 2]], 6000);
    const before = await stockOf(shop.shirt.variantId);
    const expectedBefore = (await shop.cashier.get(`/api/cashbox/status?register=${shop.till.id}`)).json().data.session.expectedCash;

    const res = await refund(order.id, { lines: [{ orderLineId: order.lines[0]!.id, quantity: 1, restock: true }] });
    expect(res.statusCode, res.body).toBe(201);
    const stored = res.json().data;
    expect(stored).toMatchObject({
      number: `${order.number}-R1`,
      orderId: order.id,
      cashboxSessionId: sessionId,
      reason: 'Changed their mind',
      netTotal: 2500,
      taxTotal: 500,
      total: 3000,
      taxes: [expect.objectContaining({ name: 'VAT 20', base: 2500, amount: 500 })],
      lines: [expect.objectContaining({ title: 'Linen shirt', quantity: 1, restock: true, total: 3000 })],
      payments: [{ id: expect.any(Number), tender: 'cash', amount: 3000 }],
    });
    expect(await stockOf(shop.shirt.variantId)).toBe((before ?? 0) + 1);
    const ledger = await ctx.database.db.select().from(stockMovements).where(and(eq(stockMovements.documentType, 'refund'), eq(stockMovements.documentId, stored.id)));
    expect(ledger).toEqual([expect.objectContaining({ delta: 1, reason: 'refund', outletId: shop.main.id, variantId: shop.shirt.variantId })]);
    const status = (await shop.cashier.get(`/api/cashbox/status?register=${shop.till.id}`)).json().data.session;
    expect(status.expectedCash).toBe(expectedBefore - 3000);
    expect(await statusOf(order.id)).toBe('partially_refunded');
    const events = await ctx.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.filter((e) => e.kind === 'refunded').map((e) => e.detail)).toEqual([{ refundId: stored.id, number: stored.number, total: 3000 }]);

    const list = await shop.admin.get(`/api/orders/${order.id}/refunds`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([stored]);
    // The order's page lists the sale's movement and the refund's, in that order.
    const detail = (await shop.admin.get(`/api/orders/${order.id}`)).json().data;
    expect(detail.stockMovements.map((m: { reason: string; delta: number }) => [m.reason, m.delta])).toEqual([['sale', -2], ['refund', 1]]);
  });

  it('never refunds more than was sold less what was already refunded', async () => {
    const order = await sell([[shop.shirt.variantId, 2]], 6000);
    const lineId = order.lines[0]!.id;
    expect((await refund(order.id, { lines: [{ orderLineId: lineId, quantity: 1, restock: true }] })).statusCode).toBe(201);
    const tooMany = await refund(order.id, { lines: [{ orderLineId: lineId, quantity: 2, restock: true }] });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors['lines.0.quantity']).toEqual(['Only 1 of Linen shirt (M / Blue) can still be refunded.']);
    // The same line twice in one refund counts both.
    const twice = await refund(order.id, { lines: [{ orderLineId: lineId, quantity: 1, restock: true }, { orderLineId: lineId, quantity: 1, restock: false }] });
    expect(twice.json().errors['lines.1.quantity']).toEqual(['Linen shirt (M / Blue) has already been refunded.']);
    const foreign = await refund(order.id, { lines: [{ orderLineId: 999_999, quantity: 1, restock: true }] });
    expect(foreign.json().errors['lines.0.orderLineId']).toEqual(['This item is not on the sale.']);
  });

  it('turns the order from partially refunded to refunded, and two partial refunds add up to the line exactly', async () => {
    // 3 units at 33.33 + 20 %: 119.99 (tax 20.00) — a total that does not split evenly.
    const odd = await addProduct(ctx.database.db, { title: 'Scarf', variantName: '', sku: 'SCARF-1', price: 3333, cost: 1000, taxIds: [shop.vatId], stock: [[shop.main.id, 10]] });
    const order = await sell([[odd.variantId, 3]], 11_999);
    const line = order.lines[0]!;
    const first = (await refund(order.id, { lines: [{ orderLineId: line.id, quantity: 2, restock: true }] })).json().data;
    expect(await statusOf(order.id)).toBe('partially_refunded');
    const second = (await refund(order.id, { lines: [{ orderLineId: line.id, quantity: 1, restock: true }] })).json().data;
    expect(second.number).toBe(`${order.number}-R2`);
    expect(first.total + second.total).toBe(line.total);
    expect(first.taxTotal + second.taxTotal).toBe(line.taxTotal);
    expect(first.taxes[0].amount + second.taxes[0].amount).toBe(line.taxTotal);
    expect(await statusOf(order.id)).toBe('refunded');
    const nothing = await refund(order.id, { lines: [{ orderLineId: line.id, quantity: 1, restock: true }] });
    expect(nothing.json().errors['lines.0.quantity']).toEqual(['Scarf has already been refunded.']);
  });

  it('puts damaged goods nowhere: no stock back, no ledger entry', async () => {
    const order = await sell([[shop.mug.variantId, 1]], 800);
    const before = await stockOf(shop.mug.variantId);
    const res = await refund(order.id, { lines: [{ orderLineId: order.lines[0]!.id, quantity: 1, restock: false }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.lines[0].restock).toBe(false);
    expect(await stockOf(shop.mug.variantId)).toBe(before);
    const ledger = await ctx.database.db.select().from(stockMovements).where(and(eq(stockMovements.documentType, 'refund'), eq(stockMovements.documentId, res.json().data.id)));
    expect(ledger).toEqual([]);
  });

  it('pays back by the sale’s tenders by default, never more than each paid, and must add up to the refund', async () => {
    // 60.00 paid 10.00 cash and 50.00 card.
    const order = await sell([[shop.shirt.variantId, 2]], 6000, { payments: [{ tender: 'cash', amount: 1000 }, { tender: 'card', amount: 5000 }] });
    const lineId = order.lines[0]!.id;
    const overCash = await refund(order.id, { lines: [{ orderLineId: lineId, quantity: 1, restock: true }], payments: [{ tender: 'cash', amount: 3000 }] });
    expect(overCash.statusCode).toBe(422);
    expect(overCash.json().errors.payments).toEqual(['At most $10.00 can go back by cash: that is what it paid less what was refunded on it.']);
    const short = await refund(order.id, { lines: [{ orderLineId: lineId, quantity: 1, restock: true }], payments: [{ tender: 'card', amount: 2000 }] });
    expect(short.json().errors.payments).toEqual(['The payments add up to $20.00; the refund is $30.00.']);

    const first = (await refund(order.id, { lines: [{ orderLineId: lineId, quantity: 1, restock: true }] })).json().data;
    expect(first.payments.map((p: { tender: string; amount: number }) => [p.tender, p.amount])).toEqual([['cash', 1000], ['card', 2000]]);
    const second = (await refund(order.id, { lines: [{ orderLineId: lineId, quantity: 1, restock: true }] })).json().data;
    expect(second.payments.map((p: { tender: string; amount: number }) => [p.tender, p.amount])).toEqual([['card', 3000]]);
    const rows = await ctx.database.db.select().from(refundPayments).where(eq(refundPayments.refundId, second.id));
    expect(rows[0]?.cashboxSessionId).toBe(sessionId);
  });

  it('gives the spend back to the customer and the coupon use back when nothing is left', async () => {
    const [customer] = await ctx.database.db.insert(customers).values({ name: 'Ada Lovelace' }).returning();
    const [coupon] = await ctx.database.db.insert(coupons).values({ code: 'TENOFF', name: '10 off', kind: 'percentage', rateE4: 100_000 }).returning();
    const order = await sell([[shop.mug.variantId, 1]], 720, { customerId: customer!.id, couponCode: 'TENOFF' });
    const spent = async () => (await ctx.database.db.select().from(customers).where(eq(customers.id, customer!.id)))[0]?.totalSpent;
    const used = async () => (await ctx.database.db.select().from(coupons).where(eq(coupons.id, coupon!.id)))[0]?.usedCount;
    expect(await spent()).toBe(720);
    expect(await used()).toBe(1);
    const res = await refund(order.id, { lines: [{ orderLineId: order.lines[0]!.id, quantity: 1, restock: true }] });
    expect(res.json().data.total).toBe(720);
    expect(await spent()).toBe(0);
    expect(await used()).toBe(0);
  });

  it('asks a manager for a cashier’s refund in a new shop (limit 0); a reason and lines are required; an unknown order is 404', async () => {
    const order = await sell([[shop.mug.variantId, 1]], 800);
    const body = { reason: 'x', lines: [{ orderLineId: order.lines[0]!.id, quantity: 1, restock: true }] };
    const asked = await shop.cashier.post(`/api/orders/${order.id}/refunds`, body);
    expect(asked.statusCode).toBe(422);
    expect(asked.json().errors.approval).toEqual(['A refund at the till needs a manager’s approval.']);
    expect((await shop.cashier.get(`/api/orders/${order.id}/refunds`)).json().data).toEqual([]);
    const bad = await shop.admin.post(`/api/orders/${order.id}/refunds`, { reason: ' ', lines: [] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ reason: ['The reason field is required.'], lines: ['Choose at least one item to refund.'] });
    expect((await shop.admin.post('/api/orders/999999/refunds', body)).statusCode).toBe(404);
    expect((await shop.admin.get('/api/orders/999999/refunds')).statusCode).toBe(404);
  });

  it('shows refunds on the Z report: count, total and refunded per tender', async () => {
    const report = (await shop.admin.get(`/api/cashbox/${sessionId}/report`)).json().data;
    const paidBack = await ctx.database.db.select().from(refundPayments).where(eq(refundPayments.cashboxSessionId, sessionId));
    const cash = paidBack.filter((p) => p.tender === 'cash').reduce((sum, p) => sum + p.amount, 0);
    const total = paidBack.reduce((sum, p) => sum + p.amount, 0);
    expect(report.refunds).toMatchObject({ count: new Set(paidBack.map((p) => p.refundId)).size, total });
    expect(report.byTender.find((t: { tender: string }) => t.tender === 'cash')).toMatchObject({ refunded: cash });
    expect(report.byTender.find((t: { tender: string }) => t.tender === 'card').refunded).toBe(5000);
  });
});
