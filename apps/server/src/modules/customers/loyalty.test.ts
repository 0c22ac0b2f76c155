import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { openDrawer, saleBody, seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';

let ctx: TestContext;
let shop: SaleShop;
beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
});
afterAll(() => ctx.close());

async function createCustomer(name: string, points = 0): Promise<number> {
  const res = await shop.admin.post('/api/customers/create', { name, email: null, phone: null, address: null, birthday: null, marketingConsent: false });
  expect(res.statusCode, res.body).toBe(201);
  const id: number = res.json().data.id;
  if (points) expect((await shop.admin.post(`/api/customers/${id}/points`, { delta: points, reason: 'Opening balance' })).statusCode).toBe(200);
  return id;
}

const namesOf = (res: { json(): { data: Array<{ name: string }> } }) => res.json().data.map((c) => c.name);

describe('the customers list sorted by points', () => {
  it('sorts by the points balance both ways, for cashiers too', async () => {
    await createCustomer('Points Sort Ada', 50);
    await createCustomer('Points Sort Bea', 300);
    await createCustomer('Points Sort Cal');
    await createCustomer('Points Sort Dee', 50);
    const most = await shop.cashier.get('/api/customers?search=Points%20Sort&sort=-points');
    expect(most.statusCode).toBe(200);
    // Equal balances keep the order they were added in (newest first when descending).
    expect(namesOf(most)).toEqual(['Points Sort Bea', 'Points Sort Dee', 'Points Sort Ada', 'Points Sort Cal']);
    expect(namesOf(await shop.admin.get('/api/customers?search=Points%20Sort&sort=points'))).toEqual([
      'Points Sort Cal',
      'Points Sort Ada',
      'Points Sort Dee',
      'Points Sort Bea',
    ]);
    const bad = await shop.admin.get('/api/customers?sort=balance');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.sort[0]).toContain('points, -points');
  });
});

describe("a customer's rewards used", () => {
  type Sold = { id: number; number: string };
  let customerId: number;
  let sold: Record<'coffee' | 'plain' | 'harbour', Sold>;

  async function sell(register: { id: number }, client = shop.cashier) {
    const res = await client.post('/api/orders/create', saleBody(register.id, [[shop.mug.variantId, 1]], 800, { customerId }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Sold;
  }

  beforeAll(async () => {
    const { db } = ctx.database;
    customerId = await createCustomer('Reward Taker');
    await openDrawer(db, shop.till, shop.main.id, shop.cashierId);
    await openDrawer(db, shop.harbourTill, shop.harbour.id, shop.adminId);
    await db.execute(sql`insert into stock_levels (outlet_id, variant_id, quantity) values (${shop.harbour.id}, ${shop.mug.variantId}, 5)`);
    // Three sales: two at Main store (one took a reward), one at Harbour Road that took one.
    sold = { coffee: await sell(shop.till), plain: await sell(shop.till), harbour: await sell(shop.harbourTill, shop.admin) };
    // The sales that took a reward, as the sale stores it (the name as it was then).
    await db.execute(sql`insert into rewards (id, name, kind, amount, points) values (901, 'Free coffee', 'amount', 350, 150)`);
    await db.execute(sql`update orders set reward_id = 901, reward_name = 'Free coffee', reward_points = 150, reward_discount = 350,
      created_at = '2026-03-01T10:00:00Z' where id = ${sold.coffee.id}`);
    await db.execute(sql`update orders set reward_id = 901, reward_name = 'Coffee on us', reward_points = 120, reward_discount = 300,
      created_at = '2026-04-01T10:00:00Z' where id = ${sold.harbour.id}`);
  });

  it('lists the sales that took a reward, newest first, paged', async () => {
    const res = await shop.admin.get(`/api/customers/${customerId}/rewards`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { id: sold.harbour.id, number: sold.harbour.number, rewardId: 901, rewardName: 'Coffee on us', rewardPoints: 120, rewardDiscount: 300, status: 'paid', createdAt: '2026-04-01T10:00:00.000Z' },
        { id: sold.coffee.id, number: sold.coffee.number, rewardId: 901, rewardName: 'Free coffee', rewardPoints: 150, rewardDiscount: 350, status: 'paid', createdAt: '2026-03-01T10:00:00.000Z' },
      ],
      meta: { page: 1, perPage: 25, total: 2, lastPage: 1 },
    });
    const second = (await shop.admin.get(`/api/customers/${customerId}/rewards?page=2&perPage=1`)).json();
    expect(second.data.map((r: { id: number }) => r.id)).toEqual([sold.coffee.id]);
    expect(second.meta).toEqual({ page: 2, perPage: 1, total: 2, lastPage: 2 });
  });

  it("shows a cashier their own outlet's sales only", async () => {
    const res = await shop.cashier.get(`/api/customers/${customerId}/rewards`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { number: string }) => r.number)).toEqual([sold.coffee.number]);
  });

  it('answers an empty list for a customer who took none, 404 for no customer and 422 for a bad page', async () => {
    const other = await createCustomer('No Rewards Yet');
    expect((await shop.cashier.get(`/api/customers/${other}/rewards`)).json()).toEqual({ data: [], meta: { page: 1, perPage: 25, total: 0, lastPage: 1 } });
    expect((await shop.cashier.get('/api/customers/999999/rewards')).statusCode).toBe(404);
    expect((await shop.cashier.get(`/api/customers/${customerId}/rewards?page=0`)).statusCode).toBe(422);
  });
});
