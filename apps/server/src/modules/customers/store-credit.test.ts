import { MAX_MONEY } from '@tillbook/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { openDrawer, saleBody, seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';
import { changeStoreCredit } from './service.ts';

let ctx: TestContext;
let shop: SaleShop;
let adminName: string;
beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  const [admin] = await ctx.database.db.select({ name: users.name }).from(users).where(eq(users.id, shop.adminId));
  adminName = admin!.name;
});
afterAll(() => ctx.close());

async function createCustomer(name: string): Promise<number> {
  const res = await shop.admin.post('/api/customers/create', { name, marketingConsent: false });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const adjust = (customerId: number, amount: number, reason = 'Goodwill', client = shop.admin) =>
  client.post(`/api/customers/${customerId}/store-credit`, { amount, reason });

const balanceOf = async (customerId: number): Promise<number> => (await shop.admin.get(`/api/customers/${customerId}/edit`)).json().data.storeCredit;

function auditRowsOf(customerId: number) {
  return ctx.database.db
    .select({ summary: auditLog.summary, userName: auditLog.userName, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'customer.store_credit'), eq(auditLog.subjectType, 'customer'), eq(auditLog.subjectId, String(customerId))))
    .orderBy(asc(auditLog.id));
}

describe('store credit adjusted by an administrator', () => {
  it('adds and takes credit through the ledger, and the customer shows the balance', async () => {
    const id = await createCustomer('Ethan Lee');
    expect(await balanceOf(id)).toBe(0);

    const added = await adjust(id, 1000, 'goodwill');
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toMatchObject({
      storeCredit: 1000,
      entry: { delta: 1000, balanceAfter: 1000, kind: 'adjusted', reason: 'goodwill', orderId: null, orderNumber: null, refundId: null, refundNumber: null, userName: adminName },
    });
    const taken = await adjust(id, -250, 'Typed twice');
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data).toMatchObject({ storeCredit: 750, entry: { delta: -250, balanceAfter: 750, kind: 'adjusted', reason: 'Typed twice' } });
    expect(await balanceOf(id)).toBe(750);
    const listed = (await shop.admin.get(`/api/customers?search=${encodeURIComponent('Ethan Lee')}`)).json().data;
    expect(listed.find((c: { id: number }) => c.id === id).storeCredit).toBe(750);

    const ledger = await shop.admin.get(`/api/customers/${id}/store-credit`);
    expect(ledger.statusCode).toBe(200);
    expect(ledger.json().data.map((e: { delta: number; balanceAfter: number }) => [e.delta, e.balanceAfter])).toEqual([
      [-250, 750],
      [1000, 1000],
    ]);
    expect(ledger.json().meta).toMatchObject({ page: 1, total: 2 });
  });

  it('refuses to take more than the balance with a 422 on the amount, and changes nothing', async () => {
    const id = await createCustomer('Short Credit');
    expect((await adjust(id, 600)).statusCode).toBe(200);
    const refused = await adjust(id, -601);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ amount: ['The store credit is only $6.00.'] });
    expect(await balanceOf(id)).toBe(600);
    expect((await shop.admin.get(`/api/customers/${id}/store-credit`)).json().meta.total).toBe(1);
    expect(await auditRowsOf(id)).toHaveLength(1);
    // Taking all of it leaves nothing, and nothing more may be taken.
    expect((await adjust(id, -600)).json().data.storeCredit).toBe(0);
    expect((await adjust(id, -1)).json().errors).toEqual({ amount: ['The store credit is only $0.00.'] });
  });

  it('refuses a zero amount, a missing reason and amounts beyond the limit, on their fields', async () => {
    const id = await createCustomer('Odd Input');
    const zero = await adjust(id, 0);
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors.amount).toEqual(['The amount may not be zero.']);
    const noReason = await shop.admin.post(`/api/customers/${id}/store-credit`, { amount: 100, reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toBeDefined();
    for (const amount of [MAX_MONEY + 1, -MAX_MONEY - 1, 1.5]) {
      const res = await adjust(id, amount);
      expect(res.statusCode, String(amount)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['amount']);
    }
    // The largest amount both ways: added, then taken back to nothing.
    expect((await adjust(id, MAX_MONEY)).json().data.storeCredit).toBe(MAX_MONEY);
    expect((await adjust(id, -MAX_MONEY)).json().data.storeCredit).toBe(0);
  });

  it('answers 404 for a customer that does not exist', async () => {
    expect((await adjust(2_000_000_000, 100)).statusCode).toBe(404);
    expect((await shop.admin.get('/api/customers/2000000000/store-credit')).statusCode).toBe(404);
  });

  it('lets cashiers read the ledger (the till shows the balance) but not adjust it', async () => {
    const id = await createCustomer('Cashier View');
    expect((await adjust(id, 500)).statusCode).toBe(200);
    const read = await shop.cashier.get(`/api/customers/${id}/store-credit`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toHaveLength(1);
    const refused = await adjust(id, 100, 'Cashier goodwill', shop.cashier);
    expect(refused.statusCode).toBe(403);
    expect(await balanceOf(id)).toBe(500);
    expect(await auditRowsOf(id)).toHaveLength(1);
  });

  it('writes one audit row per adjustment with who, the change and the reason', async () => {
    const id = await createCustomer('Audit Lee');
    await adjust(id, 1000, 'goodwill');
    await adjust(id, -450, 'Paid out in cash');
    const rows = await auditRowsOf(id);
    expect(rows.map((r) => r.summary)).toEqual(['Store credit +$10.00 for Audit Lee: goodwill', 'Store credit -$4.50 for Audit Lee: Paid out in cash']);
    expect(rows[0]).toMatchObject({ before: { storeCredit: 0 }, after: { storeCredit: 1000 } });
    expect(rows[1]).toMatchObject({ before: { storeCredit: 1000 }, after: { storeCredit: 550 } });
    expect(rows.every((r) => r.userName !== null)).toBe(true);
  });
});

describe('the store credit ledger', () => {
  it('pages newest first and names the sale a spend paid', async () => {
    const id = await createCustomer('Ledger Pages');
    for (let i = 1; i <= 5; i += 1) expect((await adjust(id, i * 100, `Adjustment ${i}`)).statusCode).toBe(200);
    const { db } = ctx.database;
    await openDrawer(db, shop.till, shop.main.id, shop.cashierId);
    const sale = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { customerId: id }));
    expect(sale.statusCode, sale.body).toBe(201);
    const order = sale.json().data as { id: number; number: string };
    // Spent at the till (the till's tender writes this line through the same writer).
    await db.transaction((tx) => changeStoreCredit(tx, { customerId: id, delta: -300, kind: 'sale', orderId: order.id, userId: shop.cashierId, field: 'payments' }));

    const first = (await shop.cashier.get(`/api/customers/${id}/store-credit?page=1&perPage=4`)).json();
    expect(first.meta).toMatchObject({ page: 1, perPage: 4, total: 6, lastPage: 2 });
    expect(first.data.map((e: { reason: string | null }) => e.reason)).toEqual([null, 'Adjustment 5', 'Adjustment 4', 'Adjustment 3']);
    expect(first.data[0]).toMatchObject({ kind: 'sale', delta: -300, balanceAfter: 1200, orderId: order.id, orderNumber: order.number, refundNumber: null });
    const second = (await shop.cashier.get(`/api/customers/${id}/store-credit?page=2&perPage=4`)).json();
    expect(second.data.map((e: { reason: string | null }) => e.reason)).toEqual(['Adjustment 2', 'Adjustment 1']);
    expect(second.data.at(-1)).toMatchObject({ delta: 100, balanceAfter: 100 });
  });
});
