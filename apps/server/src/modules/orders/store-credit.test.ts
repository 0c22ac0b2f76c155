import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, orders, stockLevels, storeCreditEntries } from '../../db/schema/index.ts';
import type { TestContext } from '../../testing/test-app.ts';
import { changeStoreCredit } from '../customers/service.ts';
import { openSaleShop, saleBody, type SaleShop } from './sale.fixtures.ts';

// The shop: a shirt at 25.00 + 20 % tax (30.00) and a mug at 8.00 without tax.
let ctx: TestContext;
let shop: SaleShop;

beforeAll(async () => {
  ({ ctx, shop } = await openSaleShop());
});
afterAll(() => ctx.close());

/** A customer whose store credit an administrator raised to `credit`. */
async function customerWithCredit(name: string, credit: number): Promise<number> {
  const [customer] = await ctx.database.db.insert(customers).values({ name }).returning({ id: customers.id });
  if (!customer) throw new Error('no customer');
  if (credit > 0) {
    await changeStoreCredit(ctx.database.db, { customerId: customer.id, delta: credit, kind: 'adjusted', reason: 'Goodwill', userId: shop.adminId, field: 'delta' });
  }
  return customer.id;
}

const creditOf = async (customerId: number) =>
  (await ctx.database.db.select({ credit: customers.storeCredit }).from(customers).where(eq(customers.id, customerId)))[0]?.credit;
const ledgerOf = (customerId: number) =>
  ctx.database.db.select().from(storeCreditEntries).where(eq(storeCreditEntries.customerId, customerId)).orderBy(asc(storeCreditEntries.id));
const ordersOf = (customerId: number) => ctx.database.db.select().from(orders).where(eq(orders.customerId, customerId));

type Row = { kind: string; text?: string };
const textOf = (rows: Row[]) => rows.map((row) => row.text ?? '').join('\n');

describe('store credit as a tender at the till', () => {
  it('pays part of a sale, cash the rest: the order, the balance and the ledger agree, and the till reads the new balance', async () => {
    const customerId = await customerWithCredit('Cleo Credit', 2000);
    const body = saleBody(shop.till.id, [[shop.shirt.variantId, 1]], 3000, { customerId, storeCredit: 1200, payments: [{ tender: 'cash', amount: 2000 }] });
    const res = await shop.cashier.post('/api/orders/create', body);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data;
    expect(order).toMatchObject({ total: 3000, storeCreditPaid: 1200, paid: 2000, change: 200 });
    // Store credit is no drawer tender: the payments are the cash alone.
    expect(order.payments.map((p: { tender: string; amount: number }) => [p.tender, p.amount])).toEqual([['cash', 1800]]);
    expect((await shop.admin.get(`/api/orders/${order.id}`)).json().data).toMatchObject({ storeCreditPaid: 1200, paid: 2000, change: 200 });

    expect(await creditOf(customerId)).toBe(800);
    const ledger = await ledgerOf(customerId);
    expect(ledger.map((e) => [e.kind, e.delta, e.balanceAfter, e.reason, e.orderId, e.userId])).toEqual([
      ['adjusted', 2000, 2000, 'Goodwill', null, shop.adminId],
      ['sale', -1200, 800, order.number, order.id, shop.cashierId],
    ]);
    expect((await shop.cashier.get(`/api/rewards/points?customer=${customerId}`)).json().data.storeCredit).toBe(800);
  });

  it('pays a whole sale with no other payment', async () => {
    const customerId = await customerWithCredit('Dot Whole', 1000);
    const res = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { customerId, storeCredit: 800, payments: [] }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ storeCreditPaid: 800, paid: 0, change: 0, payments: [] });
    expect(await creditOf(customerId)).toBe(200);
  });

  it('refuses more than the customer has, on storeCredit, and stores nothing', async () => {
    const customerId = await customerWithCredit('Eli Short', 500);
    const [before] = await ctx.database.db.select().from(stockLevels).where(eq(stockLevels.variantId, shop.mug.variantId));
    const res = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { customerId, storeCredit: 600, payments: [{ tender: 'cash', amount: 200 }] }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ storeCredit: ['The customer’s store credit is $5.00.'] });
    expect(await ordersOf(customerId)).toEqual([]);
    expect(await creditOf(customerId)).toBe(500);
    expect(await ledgerOf(customerId)).toHaveLength(1);
    const [after] = await ctx.database.db.select().from(stockLevels).where(eq(stockLevels.variantId, shop.mug.variantId));
    expect(after?.quantity).toBe(before?.quantity);
  });

  it('refuses more than is due, a sale without a customer, and payments that leave the rest unpaid', async () => {
    const customerId = await customerWithCredit('Fin Over', 5000);
    const over = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { customerId, storeCredit: 900, payments: [] }));
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json().errors).toEqual({ storeCredit: ['Store credit may pay at most $8.00 of this sale.'] });

    const nobody = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { storeCredit: 300, payments: [{ tender: 'cash', amount: 500 }] }));
    expect(nobody.statusCode, nobody.body).toBe(422);
    expect(Object.keys(nobody.json().errors)).toEqual(['storeCredit']);

    const short = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { customerId, storeCredit: 300, payments: [{ tender: 'cash', amount: 400 }] }));
    expect(short.statusCode, short.body).toBe(422);
    expect(short.json().errors).toEqual({ payments: ['The sale is not fully paid: $1.00 is still due.'] });
    expect(await creditOf(customerId)).toBe(5000);
    expect(await ordersOf(customerId)).toEqual([]);
  });

  it('prints "Paid with store credit" among the payments of the receipt', async () => {
    const customerId = await customerWithCredit('Gus Receipt', 1200);
    const sale = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.shirt.variantId, 1]], 3000, { customerId, storeCredit: 1200, payments: [{ tender: 'card', amount: 1800 }] }));
    expect(sale.statusCode, sale.body).toBe(201);
    const rows = (await shop.cashier.get(`/api/orders/${sale.json().data.id}/receipt`)).json().data.rows as Row[];
    const text = textOf(rows);
    expect(text).toMatch(/Card +\$18\.00\nPaid with store credit +\$12\.00/);
  });

  it('spends the credit once when the same sale is sent again, and refuses the uuid with a different store credit', async () => {
    const customerId = await customerWithCredit('Hal Retry', 1000);
    const body = saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { customerId, storeCredit: 500, payments: [{ tender: 'cash', amount: 300 }] });
    const first = await shop.cashier.post('/api/orders/create', body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await shop.cashier.post('/api/orders/create', body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ id: first.json().data.id, storeCreditPaid: 500 });
    const other = await shop.cashier.post('/api/orders/create', { ...body, storeCredit: 400, payments: [{ tender: 'cash', amount: 400 }] });
    expect(other.statusCode, other.body).toBe(409);

    expect(await creditOf(customerId)).toBe(500);
    expect((await ledgerOf(customerId)).filter((e) => e.kind === 'sale').map((e) => e.delta)).toEqual([-500]);
    expect(await ordersOf(customerId)).toHaveLength(1);
  });
});
