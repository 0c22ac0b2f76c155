import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, orders, refundPayments, refunds, stockLevels } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { addProduct, openDrawer, saleBody, seedSaleShop, setAdministratorPin, type SaleShop } from './sale.fixtures.ts';

/** Exchanges at the till (issue 16, decision 027): goods come back and pay for a new sale in one transaction. */
let ctx: TestContext;
let shop: SaleShop;
let tillDrawer: number;
let cup: { variantId: number };
const PIN = '4321';

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  const db = ctx.database.db;
  tillDrawer = await openDrawer(db, shop.till, shop.main.id, shop.cashierId);
  cup = await addProduct(db, { title: 'Cup', variantName: '', sku: 'CUP-1', price: 800, cost: 300, taxIds: [], stock: [[shop.main.id, 100]] });
  await setAdministratorPin(shop, PIN);
});
afterAll(() => ctx.close());

/** A cashier may give back up to 10.00 alone. */
beforeEach(async () => {
  const rights = { refundUpTo: 1000, discountUpToE4: 100_000, priceOverride: false, noSale: false, closeDifferenceUpTo: 500 };
  expect((await shop.admin.put('/api/settings/cashier-rights', rights)).statusCode).toBe(200);
});

type Sold = { id: number; number: string; lines: Array<{ id: number }> };

async function sell(lines: Array<[number, number]>, total: number): Promise<Sold> {
  const res = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, lines, total));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** Sells `lines` for `total`, taking back `quantity` of the first line of `from`; `payments` are the drawer's. */
function exchange(from: Sold, quantity: number, lines: Array<[number, number]>, total: number, payments: Array<{ tender: string; amount: number }>, extra: Record<string, unknown> = {}) {
  const exchangeOf = { orderId: from.id, reason: 'Wrong size', lines: [{ orderLineId: from.lines[0]!.id, quantity, restock: true }] };
  return shop.cashier.post('/api/orders/create', saleBody(shop.till.id, lines, total, { payments, exchange: exchangeOf, ...extra }));
}

const db = () => ctx.database.db;
const refundsOf = (orderId: number) => db().select().from(refunds).where(eq(refunds.orderId, orderId));
const stockOf = async (variantId: number) =>
  (await db().select({ quantity: stockLevels.quantity }).from(stockLevels).where(and(eq(stockLevels.variantId, variantId), eq(stockLevels.outletId, shop.main.id))))[0]?.quantity ?? 0;
const orderCount = async () => (await db().select({ n: count() }).from(orders))[0]?.n ?? 0;

describe('exchanges at the till', () => {
  it('takes a shirt back for four cups: the shirt pays 30.00 of 32.00, the customer pays 2.00, stock moves both ways', async () => {
    const shirtSale = await sell([[shop.shirt.variantId, 1]], 3000);
    const [shirtsBefore, cupsBefore] = [await stockOf(shop.shirt.variantId), await stockOf(cup.variantId)];

    const res = await exchange(shirtSale, 1, [[cup.variantId, 4]], 3200, [{ tender: 'cash', amount: 500 }]);
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json().data;
    expect(sale).toMatchObject({ total: 3200, exchangeCredit: 3000, paid: 500, change: 300, exchange: { refundNumber: `${shirtSale.number}-R1`, orderId: shirtSale.id, orderNumber: shirtSale.number } });
    expect(sale.payments).toMatchObject([{ tender: 'cash', amount: 200, tendered: 500, change: 300 }]);

    const [refund] = await refundsOf(shirtSale.id);
    expect(refund).toMatchObject({ total: 3000, exchange: 3000, exchangeOrderId: sale.id, cashboxSessionId: tillDrawer, registerId: shop.till.id });
    expect(await db().select().from(refundPayments).where(eq(refundPayments.refundId, refund!.id))).toEqual([]);
    expect(await stockOf(shop.shirt.variantId)).toBe(shirtsBefore + 1);
    expect(await stockOf(cup.variantId)).toBe(cupsBefore - 4);

    // Both sides read it back: the sale's detail and the returned sale's refunds.
    const detail = (await shop.admin.get(`/api/orders/${sale.id}`)).json().data;
    expect(detail).toMatchObject({ exchangeCredit: 3000, exchange: { refundNumber: `${shirtSale.number}-R1`, orderNumber: shirtSale.number } });
    const [listed] = (await shop.admin.get(`/api/orders/${shirtSale.id}/refunds`)).json().data;
    expect(listed).toMatchObject({ total: 3000, exchange: { amount: 3000, orderId: sale.id, orderNumber: sale.number }, payments: [] });
    expect((await shop.admin.get(`/api/orders/${shirtSale.id}`)).json().data.status).toBe('refunded');

    // The refund receipt says where the money went: to the new sale.
    const receipt = (await shop.cashier.get(`/api/refunds/${refund!.id}/receipt`)).json().data.receipt;
    expect(receipt.payments).toEqual([{ name: `Exchange for ${sale.number}`, amount: 3000 }]);

    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'refund.create'), eq(auditLog.subjectId, String(refund!.id))));
    expect(audit).toMatchObject({ summary: `Exchange ${shirtSale.number}-R1: $30.00 of goods back`, userId: shop.cashierId, registerId: shop.till.id });
    expect(audit!.after).toMatchObject({ total: 3000, exchange: 3000, tenders: [] });
  });

  it('gives the difference back in cash from this drawer when the new goods cost less, within the cashier’s limit', async () => {
    const cupSale = await sell([[cup.variantId, 4]], 3200);
    const res = await exchange(cupSale, 4, [[shop.shirt.variantId, 1]], 3000, []);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ exchangeCredit: 3000, paid: 0, change: 0, payments: [] });
    const [refund] = await refundsOf(cupSale.id);
    expect(refund).toMatchObject({ total: 3200, exchange: 3000, approvalId: null, cashboxSessionId: tillDrawer });
    expect(await db().select({ tender: refundPayments.tender, amount: refundPayments.amount, cashboxSessionId: refundPayments.cashboxSessionId }).from(refundPayments).where(eq(refundPayments.refundId, refund!.id))).toEqual([
      { tender: 'cash', amount: 200, cashboxSessionId: tillDrawer },
    ]);
  });

  it('needs a manager for money back above the limit; without one nothing is stored; with the PIN the approval goes with the refund', async () => {
    const cupSale = await sell([[cup.variantId, 5]], 4000);
    const [ordersBefore, cupsBefore] = [await orderCount(), await stockOf(cup.variantId)];
    // 40.00 back, a cup bought for 8.00: 32.00 goes back in cash, above the cashier's 10.00.
    const asked = await exchange(cupSale, 5, [[cup.variantId, 1]], 800, []);
    expect(asked.statusCode).toBe(422);
    expect(asked.json().errors.approval).toEqual(['Refunds above $10.00 need a manager’s approval.']);
    expect(await refundsOf(cupSale.id)).toEqual([]);
    expect(await orderCount()).toBe(ordersBefore);
    expect(await stockOf(cup.variantId)).toBe(cupsBefore);

    const approved = await exchange(cupSale, 5, [[cup.variantId, 1]], 800, [], { approval: { approverId: shop.adminId, pin: PIN } });
    expect(approved.statusCode, approved.body).toBe(201);
    const [refund] = await refundsOf(cupSale.id);
    expect(refund).toMatchObject({ total: 4000, exchange: 800 });
    expect(refund!.approvalId).not.toBeNull();
  });

  it('says what is wrong on the exchange’s fields and stores nothing', async () => {
    const cupSale = await sell([[cup.variantId, 1]], 800);
    const ordersBefore = await orderCount();
    const tooMany = await exchange(cupSale, 2, [[cup.variantId, 1]], 800, []);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ 'exchange.lines.0.quantity': ['Only 1 of Cup can still be refunded.'] });

    const unknown = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[cup.variantId, 1]], 800, { payments: [], exchange: { orderId: 999_999, reason: 'x', lines: [{ orderLineId: 1, quantity: 1, restock: true }] } }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ 'exchange.orderId': ['No sale has this number.'] });

    // The cup pays 8.00 of a 30.00 shirt: 22.00 is left to pay, and nothing was offered.
    const short = await exchange(cupSale, 1, [[shop.shirt.variantId, 1]], 3000, []);
    expect(short.statusCode).toBe(422);
    expect(Object.keys(short.json().errors)).toEqual(['payments']);

    const noReason = await exchange(cupSale, 1, [[cup.variantId, 1]], 800, [], { exchange: { orderId: cupSale.id, reason: ' ', lines: [] } });
    expect(noReason.statusCode).toBe(422);
    expect(Object.keys(noReason.json().errors).sort()).toEqual(['exchange.lines', 'exchange.reason']);

    expect(await refundsOf(cupSale.id)).toEqual([]);
    expect(await orderCount()).toBe(ordersBefore);
  });

  it('answers a retried exchange with the first sale and refunds once', async () => {
    const cupSale = await sell([[cup.variantId, 2]], 1600);
    const body = saleBody(shop.till.id, [[cup.variantId, 2]], 1600, { payments: [], exchange: { orderId: cupSale.id, reason: 'Colour', lines: [{ orderLineId: cupSale.lines[0]!.id, quantity: 2, restock: true }] } });
    const first = await shop.cashier.post('/api/orders/create', body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await shop.cashier.post('/api/orders/create', body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ id: first.json().data.id, exchangeCredit: 1600, exchange: { orderId: cupSale.id } });
    expect(await refundsOf(cupSale.id)).toHaveLength(1);
    const [stored] = await db().select({ exchangeCredit: orders.exchangeCredit }).from(orders).where(eq(orders.id, first.json().data.id));
    expect(stored?.exchangeCredit).toBe(1600);
  });
});
