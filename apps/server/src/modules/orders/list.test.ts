import { defaultCashierRights } from '@tillbook/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, orders, stockLevels } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { openDrawer, saleBody, seedSaleShop, type SaleShop } from './sale.fixtures.ts';

let ctx: TestContext;
let shop: SaleShop;
let customerId: number;
/** A: two shirts and a mug for Ada, in January, cash with change; B: a discounted mug by card, refunded; C: a mug at Harbour Road. */
const sold = { a: 0, b: 0, c: 0 };
/** The totals of a set nothing was refunded from: net = sold. */
const noRefunds = (total: number, taxTotal: number) => ({ refunded: { count: 0, total: 0, taxTotal: 0 }, netOfRefunds: { total, taxTotal } });

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  const db = ctx.database.db;
  await openDrawer(db, shop.till, shop.main.id, shop.cashierId);
  await openDrawer(db, shop.harbourTill, shop.harbour.id, shop.adminId);
  await db.insert(stockLevels).values({ outletId: shop.harbour.id, variantId: shop.mug.variantId, quantity: 3 });
  const [ada] = await db.insert(customers).values({ name: 'Ada Lovelace', email: 'ada@example.com' }).returning();
  customerId = ada!.id;

  const sell = async (client: SaleShop['admin'], body: ReturnType<typeof saleBody>) => {
    const res = await client.post('/api/orders/create', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  sold.a = await sell(
    shop.cashier,
    saleBody(shop.till.id, [[shop.shirt.variantId, 2], [shop.mug.variantId, 1]], 6800, { customerId, note: 'Gift wrap, please', payments: [{ tender: 'cash', amount: 7000 }] }),
  );
  // 1.00 off the mug is 12.5 %: a shop whose cashiers may give up to 20 % alone (issue 16).
  await shop.admin.put('/api/settings/cashier-rights', { ...defaultCashierRights, discountUpToE4: 200_000 });
  sold.b = await sell(
    shop.cashier,
    saleBody(shop.till.id, [], 700, {
      lines: [{ variantId: shop.mug.variantId, quantity: 1, discount: { kind: 'amount', amount: 100 } }],
      payments: [{ tender: 'card', amount: 700, reference: 'AUTH-42' }],
    }),
  );
  sold.c = await sell(shop.admin, saleBody(shop.harbourTill.id, [[shop.mug.variantId, 1]], 800));
  await db.update(orders).set({ createdAt: new Date('2026-01-05T10:00:00Z') }).where(eq(orders.id, sold.a));
  await db.update(orders).set({ createdAt: new Date('2026-02-01T09:00:00Z') }).where(eq(orders.id, sold.b));
  await db.update(orders).set({ createdAt: new Date('2026-02-03T23:59:00Z') }).where(eq(orders.id, sold.c));
  // Refunds come later; the status is set here so the filter has something to find.
  await db.execute(sql`update orders set status = 'refunded' where id = ${sold.b}`);
  // The days below are UTC days, whatever zone the machine running the tests is in.
  await setShopZone('UTC');
});

const setShopZone = async (timeZone: string) => {
  const res = await shop.admin.put('/api/settings/general', { businessName: 'Tillbook', currency: 'USD', locale: 'en-US', timeZone });
  expect(res.statusCode, res.body).toBe(200);
};
afterAll(() => ctx.close());

const idsOf = async (query: string, client = shop.admin) => {
  const res = await client.get(`/api/orders?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }[]).map((o) => o.id);
};

describe('the orders list', () => {
  it('answers newest first with the whole filtered set’s totals beside the page', async () => {
    const res = await shop.admin.get('/api/orders?perPage=2');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.map((o: { id: number }) => o.id)).toEqual([sold.c, sold.b]);
    expect(body.data[0]).toMatchObject({ number: 'HRB-000001', outletName: 'Harbour Road', registerName: 'Harbour till', total: 800, tenders: ['cash'] });
    expect(body.data[1]).toMatchObject({ number: 'MAIN-000002', status: 'refunded', discountTotal: 100, tenders: ['card'] });
    expect(body.meta).toEqual({ page: 1, perPage: 2, total: 3, lastPage: 2, totals: { count: 3, total: 8300, taxTotal: 1000, discountTotal: 100, ...noRefunds(8300, 1000) } });
  });

  it('narrows by each filter', async () => {
    expect(await idsOf(`outletId=${shop.harbour.id}`)).toEqual([sold.c]);
    expect(await idsOf(`registerId=${shop.till.id}`)).toEqual([sold.b, sold.a]);
    expect(await idsOf(`userId=${shop.cashierId}`)).toEqual([sold.b, sold.a]);
    expect(await idsOf(`customerId=${customerId}`)).toEqual([sold.a]);
    expect(await idsOf('status=refunded')).toEqual([sold.b]);
    expect(await idsOf('status=paid')).toEqual([sold.c, sold.a]);
    expect(await idsOf('tender=card')).toEqual([sold.b]);
    expect(await idsOf('tender=cash')).toEqual([sold.c, sold.a]);
    expect(await idsOf('search=lovelace')).toEqual([sold.a]);
    expect(await idsOf('search=ada%40example')).toEqual([sold.a]);
    expect(await idsOf('search=HRB-0')).toEqual([sold.c]);
    expect(await idsOf('from=2026-01-05&to=2026-01-05')).toEqual([sold.a]);
    // Both days are whole: a sale at 23:59 on the "to" day is in.
    expect(await idsOf('from=2026-02-01&to=2026-02-03')).toEqual([sold.c, sold.b]);
    expect(await idsOf('from=2026-02-02')).toEqual([sold.c]);
    expect(await idsOf('to=2026-01-31')).toEqual([sold.a]);
    expect(await idsOf(`sort=-total`)).toEqual([sold.a, sold.c, sold.b]);
    expect(await idsOf(`sort=total`)).toEqual([sold.b, sold.c, sold.a]);
  });

  it('reads from and to as the shop’s local days', async () => {
    // C was sold at 23:59Z on 3 February: 18:59 that day in New York, 05:29 on the 4th in Kolkata.
    await setShopZone('America/New_York');
    try {
      expect(await idsOf('from=2026-02-03&to=2026-02-03')).toEqual([sold.c]);
      // B at 09:00Z on 1 February is 04:00 that day in New York.
      expect(await idsOf('from=2026-02-01&to=2026-02-01')).toEqual([sold.b]);
      await ctx.database.db.update(orders).set({ createdAt: new Date('2026-02-04T04:30:00Z') }).where(eq(orders.id, sold.c));
      // 23:30 on the 3rd in New York: that local day, not the 4th.
      expect(await idsOf('from=2026-02-03&to=2026-02-03')).toEqual([sold.c]);
      expect(await idsOf('from=2026-02-04')).toEqual([]);
      expect((await shop.admin.get('/api/orders/tally?from=2026-02-03&to=2026-02-03')).json()).toEqual({ data: { count: 1 } });
      const csv = await shop.admin.get('/api/orders/export?from=2026-02-03&to=2026-02-03');
      expect(csv.body.replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(2);

      await setShopZone('Asia/Kolkata');
      expect(await idsOf('from=2026-02-04&to=2026-02-04')).toEqual([sold.c]);
      expect(await idsOf('from=2026-02-03&to=2026-02-03')).toEqual([]);
    } finally {
      await ctx.database.db.update(orders).set({ createdAt: new Date('2026-02-03T23:59:00Z') }).where(eq(orders.id, sold.c));
      await setShopZone('UTC');
    }
  });

  it('sums only the filtered set, and the tally counts the same set', async () => {
    const res = await shop.admin.get(`/api/orders?registerId=${shop.till.id}`);
    expect(res.json().meta.totals).toEqual({ count: 2, total: 7500, taxTotal: 1000, discountTotal: 100, ...noRefunds(7500, 1000) });
    const tally = await shop.admin.get(`/api/orders/tally?registerId=${shop.till.id}`);
    expect(tally.statusCode).toBe(200);
    expect(tally.json()).toEqual({ data: { count: res.json().meta.total } });
    expect((await shop.admin.get('/api/orders/tally?tender=other')).json()).toEqual({ data: { count: 0 } });
  });

  it('refuses bad filters on their field', async () => {
    const cases: Array<[string, string]> = [
      ['status=lost', 'status'],
      ['tender=cheque', 'tender'],
      ['from=2026-02-30', 'from'],
      ['to=yesterday', 'to'],
      ['from=2026-02-02&to=2026-02-01', 'to'],
      ['outletId=main', 'outletId'],
      ['sort=colour', 'sort'],
    ];
    for (const [query, field] of cases) {
      // The tally does not sort, so it has no sort to refuse.
      const paths = field === 'sort' ? ['/api/orders', '/api/orders/export'] : ['/api/orders', '/api/orders/tally', '/api/orders/export'];
      for (const path of paths) {
        const res = await shop.admin.get(`${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(422);
        expect(Object.keys(res.json().errors), query).toEqual([field]);
      }
    }
  });
});

describe('the CSV export', () => {
  it('writes the filtered set with money as decimals and each tender', async () => {
    const res = await shop.admin.get(`/api/orders/export?registerId=${shop.till.id}&sort=createdAt`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{8}\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toEqual([
      'number,date,outlet,register,cashier,customer,status,subtotal,discounts,charges,taxes,total,paid,change,tenders,gift cards sold',
      'MAIN-000001,2026-01-05T10:00:00.000Z,Main store,Till 1,Test cashier 1,Ada Lovelace,paid,58.00,0.00,0.00,10.00,68.00,70.00,2.00,cash 68.00,0.00',
      'MAIN-000002,2026-02-01T09:00:00.000Z,Main store,Till 1,Test cashier 1,,refunded,8.00,1.00,0.00,0.00,7.00,7.00,0.00,card 7.00,0.00',
      '',
    ]);
  });

  it('is for administrators', async () => {
    expect((await shop.cashier.get('/api/orders/export')).statusCode).toBe(403);
  });
});

describe('one order', () => {
  it('shows the stock movements the sale caused', async () => {
    const res = await shop.admin.get(`/api/orders/${sold.a}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.stockMovements).toEqual([
      { id: expect.any(Number), reason: 'sale', variantId: shop.shirt.variantId, title: 'Linen shirt', variantName: 'M / Blue', sku: 'SHIRT-M-BLUE', delta: -2, quantityAfter: 8, createdAt: expect.any(String) },
      { id: expect.any(Number), reason: 'sale', variantId: shop.mug.variantId, title: 'Mug', variantName: '', sku: 'MUG-1', delta: -1, quantityAfter: 4, createdAt: expect.any(String) },
    ]);
  });
});

describe('a cashier', () => {
  it('lists, tallies and opens only their own outlet’s orders', async () => {
    expect(await idsOf('', shop.cashier)).toEqual([sold.b, sold.a]);
    expect((await shop.cashier.get(`/api/orders?outletId=${shop.harbour.id}`)).statusCode).toBe(403);
    const list = await shop.cashier.get('/api/orders');
    expect(list.json().meta.totals).toEqual({ count: 2, total: 7500, taxTotal: 1000, discountTotal: 100, ...noRefunds(7500, 1000) });
    expect((await shop.cashier.get('/api/orders/tally')).json()).toEqual({ data: { count: 2 } });
    expect((await shop.cashier.get(`/api/orders/${sold.c}`)).statusCode).toBe(404);
  });
});

describe('a customer’s orders', () => {
  it('lists the customer’s sales and the notes typed on them', async () => {
    const res = await shop.admin.get(`/api/customers/${customerId}/orders`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: [{ id: sold.a, number: 'MAIN-000001', total: 6800, createdAt: '2026-01-05T10:00:00.000Z' }],
      meta: { page: 1, perPage: 25, total: 1, lastPage: 1 },
    });
    const comments = await shop.admin.get(`/api/customers/${customerId}/comments`);
    expect(comments.json()).toEqual({ data: [{ id: sold.a, orderId: sold.a, body: 'Gift wrap, please', createdAt: '2026-01-05T10:00:00.000Z' }] });
    expect((await shop.admin.get('/api/customers/999999/orders')).statusCode).toBe(404);
  });
});
