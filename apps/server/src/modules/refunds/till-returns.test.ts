import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { approvals, auditLog, customers, refunds, storeCreditEntries } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { addProduct, openDrawer, saleBody, seedSaleShop, setAdministratorPin, type SaleShop } from '../orders/sale.fixtures.ts';

/** Returns at the till (issue 16): a cashier refunds with the same service, within the shop's limit or with a manager's PIN. */
let ctx: TestContext;
let shop: SaleShop;
let tillDrawer: number;
let harbourDrawer: number;
let customerId: number;
let cup: { variantId: number };
const PIN = '4321';

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  const db = ctx.database.db;
  tillDrawer = await openDrawer(db, shop.till, shop.main.id, shop.cashierId);
  // The Harbour till's drawer is held by the administrator: a sale there, and a drawer that is not the cashier's.
  harbourDrawer = await openDrawer(db, shop.harbourTill, shop.harbour.id, shop.adminId);
  cup = await addProduct(db, { title: 'Cup', variantName: '', sku: 'CUP-1', price: 800, cost: 300, taxIds: [], stock: [[shop.main.id, 100], [shop.harbour.id, 100]] });
  await setAdministratorPin(shop, PIN);
  customerId = (await shop.admin.post('/api/customers/create', { name: 'Rosa Return', marketingConsent: false })).json().data.id;
});
afterAll(() => ctx.close());

/** A cashier may refund up to 10.00 alone. */
beforeEach(async () => {
  const rights = { refundUpTo: 1000, discountUpToE4: 100_000, priceOverride: false, noSale: false, closeDifferenceUpTo: 500 };
  expect((await shop.admin.put('/api/settings/cashier-rights', rights)).statusCode).toBe(200);
});

type Sold = { id: number; number: string; lines: Array<{ id: number }> };

async function sell(registerId: number, lines: Array<[number, number]>, total: number, overrides: Record<string, unknown> = {}, client = shop.cashier): Promise<Sold> {
  const res = await client.post('/api/orders/create', saleBody(registerId, lines, total, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const mugs = (count: number, overrides: Record<string, unknown> = {}) => sell(shop.till.id, [[cup.variantId, count]], 800 * count, overrides);
const returnOf = (order: Sold, quantity: number, extra: Record<string, unknown> = {}) =>
  shop.cashier.post(`/api/orders/${order.id}/refunds`, { reason: 'Chipped', lines: [{ orderLineId: order.lines[0]!.id, quantity, restock: true }], ...extra });
const storedRefunds = (orderId: number) => ctx.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
const auditOf = (refundId: number) => ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'refund.create'), eq(auditLog.subjectId, String(refundId))));

describe('returns at the till', () => {
  it('lets a cashier refund within the limit alone, from their own drawer, with the audit row', async () => {
    const order = await mugs(2);
    const res = await returnOf(order, 1);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ number: `${order.number}-R1`, total: 800, cashboxSessionId: tillDrawer, registerId: shop.till.id, approval: null, storeCredit: 0 });
    const [row] = await auditOf(res.json().data.id);
    expect(row).toMatchObject({
      userId: shop.cashierId,
      summary: `Refund ${order.number}-R1 of $8.00`,
      registerId: shop.till.id,
      outletId: shop.main.id,
      approvedById: null,
    });
    expect(row!.after).toMatchObject({ lines: 1, total: 800, tenders: [{ tender: 'cash', amount: 800 }], storeCredit: 0 });
  });

  it('asks for an approval above the limit; a wrong PIN stores nothing; the right PIN stores the refund with its approval and audit', async () => {
    const order = await mugs(2);
    const above = await returnOf(order, 2);
    expect(above.statusCode).toBe(422);
    expect(above.json().errors.approval).toEqual(['Refunds above $10.00 need a manager’s approval.']);

    const wrong = await returnOf(order, 2, { approval: { approverId: shop.adminId, pin: '0000' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors['approval.pin']).toEqual(['The PIN does not match.']);
    expect(await storedRefunds(order.id)).toEqual([]);

    const approved = await returnOf(order, 2, { approval: { approverId: shop.adminId, pin: PIN } });
    expect(approved.statusCode, approved.body).toBe(201);
    const refund = approved.json().data;
    expect(refund).toMatchObject({ total: 1600, approval: { approverName: expect.any(String), method: 'pin' } });
    const [stored] = await storedRefunds(order.id);
    expect(stored!.approvalId).toBe(refund.approval.id);
    const [approval] = await ctx.database.db.select().from(approvals).where(eq(approvals.id, stored!.approvalId!));
    expect(approval).toMatchObject({ action: 'refund', requestedBy: shop.cashierId, approvedBy: shop.adminId, amount: 1600, registerId: shop.till.id, detail: `Refund ${order.number}-R1 of $16.00` });
    const [row] = await auditOf(refund.id);
    expect(row).toMatchObject({ approvedById: shop.adminId, summary: `Refund ${order.number}-R1 of $16.00` });
    // The refund receipt says who approved it.
    const receipt = (await shop.cashier.get(`/api/refunds/${refund.id}/receipt`)).json().data;
    expect(receipt.rows.map((r: { text?: string }) => r.text ?? '').join('\n')).toContain(`Approved by: ${refund.approval.approverName}`);
  });

  it('returns a sale of another outlet at this till: the cash comes out of the cashier’s drawer, the refund keeps the sale’s register', async () => {
    const order = await sell(shop.harbourTill.id, [[cup.variantId, 1]], 800, {}, shop.admin);
    const res = await returnOf(order, 1);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ outletId: shop.harbour.id, registerId: shop.harbourTill.id, cashboxSessionId: tillDrawer, payments: [expect.objectContaining({ tender: 'cash', amount: 800 })] });
    const [row] = await auditOf(res.json().data.id);
    expect(row).toMatchObject({ registerId: shop.till.id, outletId: shop.main.id });
  });

  it('never lets a cashier pay from another drawer or outside a drawer', async () => {
    const order = await mugs(1);
    const other = await returnOf(order, 1, { cashboxSessionId: harbourDrawer });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.cashboxSessionId).toEqual(['You can pay back only from the drawer you opened at your till.']);
    const outside = await returnOf(order, 1, { cashboxSessionId: null });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors.cashboxSessionId).toEqual(['A cashier pays back from their own open drawer, not outside a drawer.']);
    expect(await storedRefunds(order.id)).toEqual([]);
    // Their own drawer, named, is fine.
    expect((await returnOf(order, 1, { cashboxSessionId: tillDrawer })).statusCode).toBe(201);
  });

  it('pays back as store credit: the customer’s credit and its ledger rise, and the refund shows it', async () => {
    const order = await mugs(1, { customerId });
    const res = await returnOf(order, 1, { storeCredit: 800, payments: [] });
    expect(res.statusCode, res.body).toBe(201);
    const refund = res.json().data;
    expect(refund).toMatchObject({ storeCredit: 800, payments: [] });
    const [customer] = await ctx.database.db.select({ storeCredit: customers.storeCredit }).from(customers).where(eq(customers.id, customerId));
    expect(customer!.storeCredit).toBe(800);
    const ledger = await ctx.database.db.select().from(storeCreditEntries).where(eq(storeCreditEntries.refundId, refund.id));
    expect(ledger).toEqual([expect.objectContaining({ customerId, delta: 800, balanceAfter: 800, kind: 'refund', orderId: order.id, reason: refund.number })]);
    const [row] = await auditOf(refund.id);
    expect(row!.after).toMatchObject({ storeCredit: 800, tenders: [] });
    // Part in cash, part as credit, the rest of the sale.
    const two = await mugs(2, { customerId });
    const split = await returnOf(two, 1, { storeCredit: 300 });
    expect(split.json().data).toMatchObject({ storeCredit: 300, payments: [expect.objectContaining({ tender: 'cash', amount: 500 })] });
  });

  it('refuses store credit without a customer, and payments and store credit that do not add up', async () => {
    const order = await mugs(1);
    const noCustomer = await returnOf(order, 1, { storeCredit: 800, payments: [] });
    expect(noCustomer.statusCode).toBe(422);
    expect(noCustomer.json().errors.storeCredit).toEqual(['Store credit needs a customer on the sale.']);
    const withCustomer = await mugs(1, { customerId });
    const short = await returnOf(withCustomer, 1, { storeCredit: 300, payments: [{ tender: 'cash', amount: 300 }] });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.payments).toEqual(['The payments add up to $3.00 and the store credit $3.00; the refund is $8.00.']);
    const tooMuch = await returnOf(withCustomer, 1, { storeCredit: 900, payments: [] });
    expect(tooMuch.json().errors.storeCredit).toEqual(['The store credit may be at most $8.00: what the refund gives back in money.']);
    expect(await storedRefunds(withCustomer.id)).toEqual([]);
  });

  it('finds a sale by its number in any case, with what is still returnable after a partial refund; an unknown number is a 404', async () => {
    const order = await sell(shop.till.id, [[cup.variantId, 3]], 2400, { customerId });
    expect((await returnOf(order, 1)).statusCode).toBe(201);
    const found = await shop.cashier.get(`/api/orders/lookup?number=${encodeURIComponent(order.number.toLowerCase())}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toMatchObject({
      id: order.id,
      number: order.number,
      outletName: shop.main.name,
      registerName: shop.till.name,
      customerName: 'Rosa Return',
      lines: [expect.objectContaining({ title: 'Cup', quantity: 3, returned: 1, returnable: 2, total: 2400 })],
      tenders: [{ tender: 'cash', paid: 2400, refundable: 1600 }],
      refundedBefore: expect.objectContaining({ total: 800 }),
    });
    const missing = await shop.cashier.get('/api/orders/lookup?number=MAIN-999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No sale has this number.');
    expect((await shop.cashier.get('/api/orders/lookup')).statusCode).toBe(422);
  });
});

describe('a card refund keeps the terminal’s reference', () => {
  it('stores the reference with the card payment and answers it; one too long is a 422 on its field', async () => {
    const order = await mugs(1, { payments: [{ tender: 'card', amount: 800, reference: 'SALE 1001' }] });
    const tooLong = await returnOf(order, 1, { payments: [{ tender: 'card', amount: 800, reference: 'R'.repeat(121) }] });
    expect(tooLong.statusCode).toBe(422);
    expect(Object.keys(tooLong.json().errors)).toEqual(['payments.0.reference']);
    expect(await storedRefunds(order.id)).toHaveLength(0);

    const res = await returnOf(order, 1, { payments: [{ tender: 'card', amount: 800, reference: 'REFUND 7731' }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.payments).toEqual([expect.objectContaining({ tender: 'card', amount: 800, reference: 'REFUND 7731' })]);
    const listed = await shop.cashier.get(`/api/orders/${order.id}/refunds`);
    expect(listed.json().data[0].payments[0].reference).toBe('REFUND 7731');
    const [row] = await auditOf(res.json().data.id);
    expect(row!.after).toMatchObject({ tenders: [{ tender: 'card', amount: 800, reference: 'REFUND 7731' }] });
  });
});
