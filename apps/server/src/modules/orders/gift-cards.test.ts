import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCardEntries, giftCards, orders, salesByHour } from '../../db/schema/index.ts';
import type { TestContext } from '../../testing/test-app.ts';
import { openSaleShop, saleBody, type SaleShop } from './sale.fixtures.ts';

// The shop: a shirt at 25.00 + 20 % tax (30.00) and a mug at 8.00 without tax.
let ctx: TestContext;
let shop: SaleShop;

beforeAll(async () => {
  ({ ctx, shop } = await openSaleShop({ harbour: true }));
  await ctx.database.db.execute(sql`update stock_levels set quantity = 1000`);
  await ctx.database.db.execute(sql`insert into stock_levels (outlet_id, variant_id, quantity) values (${shop.harbour.id}, ${shop.shirt.variantId}, 1000) on conflict do nothing`);
});
afterAll(() => ctx.close());

const cardOf = async (code: string) => (await ctx.database.db.select().from(giftCards).where(eq(giftCards.code, code)))[0];
const ledgerOf = async (code: string) => {
  const card = await cardOf(code);
  return ctx.database.db.select().from(giftCardEntries).where(eq(giftCardEntries.giftCardId, card!.id)).orderBy(asc(giftCardEntries.id));
};
const sell = (body: object, client = shop.cashier) => client.post('/api/orders/create', body);

describe('gift cards at the till', () => {
  it('sells a card as a line of its own: paid in cash, outside the sale total, with a "sold" entry and the code on the order', async () => {
    // A mug (8.00) and a 25.00 card: the customer pays 33.00; the sale's total stays the goods'.
    const res = await sell(saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { giftCards: [{ code: '6000 1111 2222 3333', amount: 2500 }], payments: [{ tender: 'cash', amount: 4000 }] }));
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data;
    expect(order).toMatchObject({ total: 800, giftCardsSold: 2500, giftCardsPaid: 0, paid: 4000, change: 700 });
    expect(order.giftCards).toEqual([{ code: '6000111122223333', kind: 'sold', amount: 2500, balanceAfter: 2500, expiresAt: null }]);
    expect(await cardOf('6000111122223333')).toMatchObject({ loaded: 2500, balance: 2500, outletId: shop.main.id, orderId: order.id });
    expect((await ledgerOf('6000111122223333')).map((e) => [e.kind, e.delta, e.balanceAfter, e.orderId, e.reason])).toEqual([['sold', 2500, 2500, order.id, order.number]]);
    expect((await shop.admin.get(`/api/orders/${order.id}`)).json().data.giftCards).toEqual(order.giftCards);
  });

  it('spends part of a card on the next sale at another outlet; the rest stays on it', async () => {
    const code = '6000444455556666';
    expect((await sell(saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { giftCards: [{ code, amount: 5000 }], payments: [{ tender: 'cash', amount: 5800 }] }))).statusCode).toBe(201);
    const res = await sell(saleBody(shop.harbourTill.id, [[shop.shirt.variantId, 1]], 3000, { giftCardPayments: [{ code, amount: 3000 }], payments: [] }), shop.admin);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ total: 3000, giftCardsPaid: 3000, paid: 0, payments: [] });
    expect(res.json().data.giftCards).toEqual([{ code, kind: 'spent', amount: 3000, balanceAfter: 2000, expiresAt: null }]);
    // The orders CSV names the card among the tenders.
    const csv = await shop.admin.get(`/api/orders/export?search=${res.json().data.number}`);
    expect(csv.body.split('\r\n')[1]).toMatch(/,gift card 30\.00,0\.00$/);
    expect((await cardOf(code))!.balance).toBe(2000);
    expect((await ledgerOf(code)).map((e) => [e.kind, e.delta, e.balanceAfter, e.outletId])).toEqual([
      ['sold', 5000, 5000, shop.main.id],
      ['spent', -3000, 2000, shop.harbour.id],
    ]);
  });

  it('refuses an unknown card, more than is left, a card paying for a card, and a card sold and spent at once — each on its field, storing nothing', async () => {
    const code = '6000777788889999';
    await sell(saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { giftCards: [{ code, amount: 1000 }], payments: [{ tender: 'cash', amount: 1800 }] }));
    const unknown = await sell(saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { giftCardPayments: [{ code: '9999999999', amount: 800 }], payments: [] }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors['giftCardPayments.0.code']).toEqual(['No gift card has this code.']);
    const tooMuch = await sell(saleBody(shop.till.id, [[shop.shirt.variantId, 1]], 3000, { giftCardPayments: [{ code, amount: 1500 }], payments: [{ tender: 'cash', amount: 1500 }] }));
    expect(tooMuch.json().errors['giftCardPayments.0.amount']).toEqual(['This gift card has $10.00 left.']);
    const forCard = await sell(saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { giftCards: [{ code: '6000123412341234', amount: 2000 }], giftCardPayments: [{ code, amount: 1000 }], payments: [{ tender: 'cash', amount: 1800 }] }));
    expect(forCard.json().errors['giftCardPayments.0.amount']).toEqual(['Gift cards may pay at most $8.00 of this sale (they pay for goods, not for other gift cards).']);
    const both = await sell(saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { giftCards: [{ code, amount: 500 }], giftCardPayments: [{ code, amount: 800 }], payments: [{ tender: 'cash', amount: 500 }] }));
    expect(both.json().errors['giftCardPayments.0.code']).toEqual(['This gift card is sold on this sale: it can be spent on the next one.']);
    expect((await cardOf(code))!.balance).toBe(1000);
    expect(await cardOf('6000123412341234')).toBeUndefined();
  });

  it('refuses an expired card, and sells new cards with the shop’s expiry', async () => {
    const code = '6000000011112222';
    await sell(saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { giftCards: [{ code, amount: 1000 }], payments: [{ tender: 'cash', amount: 1800 }] }));
    await ctx.database.db.update(giftCards).set({ expiresAt: sql`now() - interval '1 day'` }).where(eq(giftCards.code, code));
    const expired = await sell(saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { giftCardPayments: [{ code, amount: 800 }], payments: [] }));
    expect(expired.json().errors['giftCardPayments.0.amount']).toEqual(['This gift card has expired.']);

    expect((await shop.admin.put('/api/settings/gift-cards', { expiryMonths: 12 })).statusCode).toBe(200);
    const res = await sell(saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { giftCards: [{ code: '6000999900001111', amount: 1000 }], payments: [{ tender: 'cash', amount: 1800 }] }));
    const expiresAt = new Date(res.json().data.giftCards[0].expiresAt).getTime();
    expect(Math.abs(expiresAt - (Date.now() + 365 * 86_400_000))).toBeLessThan(2 * 86_400_000);
    await shop.admin.put('/api/settings/gift-cards', { expiryMonths: 0 });
  });

  it('loads a card again when its code is sold again ("loaded"), and counts cards sold and spent apart in the summaries', async () => {
    const code = '6000555566667777';
    await sell(saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { giftCards: [{ code, amount: 1000 }], payments: [{ tender: 'cash', amount: 1800 }] }));
    await sell(saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { giftCards: [{ code, amount: 500 }], payments: [{ tender: 'cash', amount: 1300 }] }));
    expect(await cardOf(code)).toMatchObject({ loaded: 1500, balance: 1500 });
    expect((await ledgerOf(code)).map((e) => [e.kind, e.delta, e.balanceAfter])).toEqual([['sold', 1000, 1000], ['loaded', 500, 1500]]);

    const sums = async () =>
      (await ctx.database.db.select({ total: sql<number>`sum(${salesByHour.total})`.mapWith(Number), sold: sql<number>`sum(${salesByHour.giftCardsSold})`.mapWith(Number), paid: sql<number>`sum(${salesByHour.giftCard})`.mapWith(Number) }).from(salesByHour))[0]!;
    const live = await sums();
    await ctx.database.db.execute(sql`select rebuild_summaries()`);
    expect(await sums()).toEqual(live);
    expect(live.sold).toBeGreaterThan(0);
  });

  it('sells a gift card on its own, without goods: a sale of 0.00 whose customer pays the card', async () => {
    const code = '6000246824682468';
    const res = await sell(saleBody(shop.till.id, [], 0, { giftCards: [{ code, amount: 5000 }], payments: [{ tender: 'card', amount: 5000, reference: '4242' }] }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ total: 0, lines: [], giftCardsSold: 5000, paid: 5000, change: 0 });
    expect(await cardOf(code)).toMatchObject({ balance: 5000, orderId: res.json().data.id });
    const csv = await shop.admin.get(`/api/orders/export?search=${res.json().data.number}`);
    expect(csv.body.split('\r\n')[1]).toMatch(/,card 50\.00,50\.00$/);
    // Without goods and without a card, a sale is still refused.
    const empty = await sell(saleBody(shop.till.id, [], 0, { payments: [] }));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.lines).toEqual(['The sale has no items.']);
    // Not an order of goods in the reports (the average basket stays the goods'), live and rebuilt alike.
    const orderCount = async () => (await ctx.database.db.select({ n: sql<number>`sum(${salesByHour.orders})`.mapWith(Number), sold: sql<number>`sum(${salesByHour.giftCardsSold})`.mapWith(Number) }).from(salesByHour))[0]!;
    const live = await orderCount();
    const [stored] = await ctx.database.db.select({ n: sql<number>`count(*) filter (where exists (select 1 from order_lines l where l.order_id = orders.id))`.mapWith(Number) }).from(orders);
    expect(live.n).toBe(stored!.n);
    await ctx.database.db.execute(sql`select rebuild_summaries()`);
    expect(await orderCount()).toEqual(live);
  });
});
