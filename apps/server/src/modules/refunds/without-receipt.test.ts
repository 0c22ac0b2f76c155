import { and, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, customers, refundPayments, refunds, salesByVariant, stockLevels } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { openDrawer, seedSaleShop, setAdministratorPin, type SaleShop } from '../orders/sale.fixtures.ts';

/** Returns without a receipt (issue 16): by the shop's rule, valued at today's prices, as store credit or money up to an amount. */
let ctx: TestContext;
let shop: SaleShop;
let tillDrawer: number;
let customerId: number;
const PIN = '4321';

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  tillDrawer = await openDrawer(ctx.database.db, shop.till, shop.main.id, shop.cashierId);
  await setAdministratorPin(shop, PIN);
  customerId = (await shop.admin.post('/api/customers/create', { name: 'Nora Noreceipt', marketingConsent: false })).json().data.id;
});
afterAll(() => ctx.close());

type Rule = 'never' | 'storeCredit' | 'money';
async function shopRule(noReceiptReturns: Rule, noReceiptMoneyUpTo = 0, refundUpTo = 5000) {
  const rights = { refundUpTo, discountUpToE4: 100_000, priceOverride: false, noSale: false, closeDifferenceUpTo: 500, noReceiptReturns, noReceiptMoneyUpTo };
  const res = await shop.admin.put('/api/settings/cashier-rights', rights);
  expect(res.statusCode, res.body).toBe(200);
}
beforeEach(() => shopRule('storeCredit'));

/** `mugs` mugs (8.00 each, no tax) back at Till 1. */
const giveBack = (mugs: number, extra: Record<string, unknown> = {}) =>
  shop.cashier.post('/api/refunds/without-receipt', {
    registerId: shop.till.id,
    lines: [{ variantId: shop.mug.variantId, quantity: mugs, restock: true }],
    reason: 'Gift, no receipt',
    moneyBack: 'storeCredit',
    customerId,
    total: 800 * mugs,
    ...extra,
  });

const db = () => ctx.database.db;
const mugsAtMain = async () =>
  (await db().select({ quantity: stockLevels.quantity }).from(stockLevels).where(and(eq(stockLevels.variantId, shop.mug.variantId), eq(stockLevels.outletId, shop.main.id))))[0]?.quantity ?? 0;
const creditOf = async () => (await db().select({ credit: customers.storeCredit }).from(customers).where(eq(customers.id, customerId)))[0]?.credit ?? 0;

describe('returns without a receipt', () => {
  it('are refused while the shop does not take them, and nothing is stored', async () => {
    await shopRule('never');
    const before = await db().select().from(refunds);
    const res = await giveBack(1);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This shop does not take returns without a receipt.');
    expect(await db().select().from(refunds)).toEqual(before);
  });

  it('take goods back as store credit at today’s price: numbered per outlet, restocked, credited, summarised, audited and printed', async () => {
    const [stockBefore, creditBefore] = [await mugsAtMain(), await creditOf()];
    const res = await giveBack(2);
    expect(res.statusCode, res.body).toBe(201);
    const refund = res.json().data;
    expect(refund).toMatchObject({ orderId: null, number: expect.stringMatching(/^MAIN-R\d{6}$/), total: 1600, storeCredit: 1600, payments: [], registerId: shop.till.id, cashboxSessionId: tillDrawer });
    expect(refund.lines).toMatchObject([{ orderLineId: null, title: 'Mug', sku: 'MUG-1', quantity: 2, restock: true, total: 1600 }]);
    expect(await mugsAtMain()).toBe(stockBefore + 2);
    expect(await creditOf()).toBe(creditBefore + 1600);

    // The next one takes the outlet's next number.
    const next = (await giveBack(1)).json().data;
    expect(Number(next.number.slice(-6))).toBe(Number(refund.number.slice(-6)) + 1);

    // The cost given back is the mug's cost of the day (3.00 each): the reports' margins stay true.
    const [summary] = await db().select({ refundCost: sum(salesByVariant.refundCost) }).from(salesByVariant).where(eq(salesByVariant.variantId, shop.mug.variantId));
    expect(Number(summary?.refundCost)).toBe(900);

    const receipt = (await shop.cashier.get(`/api/refunds/${refund.id}/receipt`)).json().data;
    expect(receipt.orderId).toBeNull();
    expect(receipt.receipt).toMatchObject({ orderNumber: null, customerName: 'Nora Noreceipt', storeCredit: 1600 });
    expect(receipt.rows.map((row: { text?: string }) => row.text ?? '').join('\n')).toContain('Returned without a receipt');
    expect(receipt.rows.some((row: { kind: string }) => row.kind === 'barcode')).toBe(false);

    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'refund.create'), eq(auditLog.subjectId, String(refund.id))));
    expect(audit).toMatchObject({ summary: `Return without a receipt ${refund.number} of $16.00`, userId: shop.cashierId, registerId: shop.till.id });
    expect(audit!.after).toMatchObject({ withoutReceipt: true, units: 2, total: 1600, storeCredit: 1600, customerId });
  });

  it('give store credit only when the shop says so, and need the customer it goes to', async () => {
    const cash = await giveBack(1, { moneyBack: 'cash' });
    expect(cash.statusCode).toBe(422);
    expect(cash.json().errors).toEqual({ moneyBack: ['This shop gives store credit only for returns without a receipt.'] });
    const nobody = await giveBack(1, { customerId: null });
    expect(nobody.json().errors).toEqual({ customerId: ['Store credit needs a customer: choose who it goes to.'] });
  });

  it('give money back from this till’s drawer up to the shop’s amount, and say so above it', async () => {
    await shopRule('money', 1000);
    const above = await giveBack(2, { moneyBack: 'cash', customerId: null });
    expect(above.statusCode).toBe(422);
    expect(above.json().errors).toEqual({ moneyBack: ['Money back without a receipt is at most $10.00: give the rest as store credit.'] });

    const res = await giveBack(1, { moneyBack: 'cash', customerId: null });
    expect(res.statusCode, res.body).toBe(201);
    const payments = await db().select({ tender: refundPayments.tender, amount: refundPayments.amount, cashboxSessionId: refundPayments.cashboxSessionId }).from(refundPayments).where(eq(refundPayments.refundId, res.json().data.id));
    expect(payments).toEqual([{ tender: 'cash', amount: 800, cashboxSessionId: tillDrawer }]);

    const card = await giveBack(1, { moneyBack: 'card', customerId: null, reference: 'AUTH 77', lines: [{ variantId: shop.mug.variantId, quantity: 1, restock: false }] });
    expect(card.statusCode, card.body).toBe(201);
    expect(card.json().data.payments).toMatchObject([{ tender: 'card', amount: 800, reference: 'AUTH 77' }]);
    expect(card.json().data.lines[0].restock).toBe(false);
  });

  it('need a manager above the cashier’s refund limit, and refuse a total the prices no longer give', async () => {
    await shopRule('storeCredit', 0, 500);
    const asked = await giveBack(1);
    expect(asked.statusCode).toBe(422);
    expect(asked.json().errors.approval).toEqual(['Refunds above $5.00 need a manager’s approval.']);
    const approved = await giveBack(1, { approval: { approverId: shop.adminId, pin: PIN } });
    expect(approved.statusCode, approved.body).toBe(201);
    expect(approved.json().data.approval).toMatchObject({ approverName: expect.any(String), method: 'pin' });

    const stale = await giveBack(1, { total: 700 });
    expect(stale.statusCode).toBe(422);
    expect(Object.keys(stale.json().errors)).toEqual(['total']);
  });

  it('say what is wrong with bad input on its field, never a server error', async () => {
    const unknown = await giveBack(1, { lines: [{ variantId: 999_999, quantity: 1, restock: true }] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ 'lines.0.variantId': ['This product no longer exists.'] });
    const empty = await shop.cashier.post('/api/refunds/without-receipt', { registerId: shop.till.id, lines: [], reason: '', moneyBack: 'gold', total: -1 });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['lines', 'moneyBack', 'reason', 'total']);
    const elsewhere = await giveBack(1, { registerId: shop.harbourTill.id });
    expect(elsewhere.statusCode).toBe(403);
  });
});
