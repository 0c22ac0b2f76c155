import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../db/execute.ts';
import { giftCards } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { openDrawer, saleBody, seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';
import { cardsOf, type Json } from './analytics.fixtures.ts';
import { rebuildSummaries } from './service.ts';

/**
 * Gift cards in the reports (decisions 020 and 024), worked out by hand. The shop sells a shirt at
 * 30.00 (25.00 + 20 % tax) and a mug at 8.00 without tax.
 *
 * Yesterday: S1 sells a mug and a 25.00 gift card, 33.00 in cash (40.00 tendered, 7.00 change);
 *            S2 sells a shirt, 10.00 of it paid with that card and 20.00 in cash.
 * Today:     R1 gives the shirt back as the refund does by default: 20.00 in cash, then 10.00 back
 *            onto the card.
 */
let ctx: TestContext;
let shop: SaleShop;
const day = { today: '', yesterday: '' };
const CODE = '8100000000002500';

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  const db = ctx.database.db;
  await openDrawer(db, shop.till, shop.main.id, shop.cashierId);
  const sell = async (body: Record<string, unknown>) => {
    const res = await shop.cashier.post('/api/orders/create', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const s1 = await sell(saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { giftCards: [{ code: CODE, amount: 2500 }], payments: [{ tender: 'cash', amount: 4000 }] }));
  const s2 = await sell(saleBody(shop.till.id, [[shop.shirt.variantId, 1]], 3000, { giftCardPayments: [{ code: CODE, amount: 1000 }], payments: [{ tender: 'cash', amount: 2000 }] }));
  expect(s1).toMatchObject({ total: 800, giftCardsSold: 2500, paid: 4000, change: 700 });
  const r1 = await shop.admin.post(`/api/orders/${s2.id}/refunds`, { reason: 'Too small', lines: [{ orderLineId: s2.lines[0].id, quantity: 1, restock: true }] });
  expect(r1.statusCode, r1.body).toBe(201);
  expect(r1.json().data).toMatchObject({ total: 3000, payments: [expect.objectContaining({ tender: 'cash', amount: 2000 })], giftCard: 1000 });

  const [days] = await execute<{ today: string; yesterday: string }>(
    db,
    sql`select to_char((now() at time zone shop_time_zone())::date, 'YYYY-MM-DD') as today, to_char((now() at time zone shop_time_zone())::date - 1, 'YYYY-MM-DD') as yesterday`,
  );
  Object.assign(day, days);
  await execute(db, sql`update orders set created_at = ((${day.yesterday}::date + time '12:00') at time zone shop_time_zone()) where id in (${s1.id}, ${s2.id})`);
  await rebuildSummaries(db);
});
afterAll(() => ctx.close());

const report = async (query: string): Promise<Json> => {
  const res = await shop.admin.get(`/api/analytics?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const both = () => `from=${day.yesterday}&to=${day.today}`;

/** What the tenders took, net of refunds: they cover the goods (total collected) and the gift cards sold. */
const tendersOf = (row: Json) => row.cash + row.card + row.other + row.points + row.storeCredit + row.giftCard;

describe('gift cards in the reports', () => {
  it('keeps the summaries to the cent: cards sold and paid apart, the refund onto the card on its own day', async () => {
    const figures = await execute<Record<string, string>>(
      ctx.database.db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, sum(orders) as orders, sum(total) as total, sum(cash) as cash, sum(gift_card) as gift_card,
            sum(gift_cards_sold) as gift_cards_sold, sum(refund_total) as refund_total, sum(refund_cash) as refund_cash, sum(refund_gift_card) as refund_gift_card
          from sales_by_hour group by day order by day`,
    );
    expect(figures.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'day' ? v : Number(v)])))).toEqual([
      { day: day.yesterday, orders: 2, total: 3800, cash: 5300, gift_card: 1000, gift_cards_sold: 2500, refund_total: 0, refund_cash: 0, refund_gift_card: 0 },
      { day: day.today, orders: 0, total: 0, cash: 0, gift_card: 0, gift_cards_sold: 0, refund_total: 3000, refund_cash: 2000, refund_gift_card: 1000 },
    ]);
    const [card] = await ctx.database.db.select({ balance: giftCards.balance, loaded: giftCards.loaded }).from(giftCards).where(eq(giftCards.code, CODE));
    expect(card).toEqual({ balance: 2500, loaded: 2500 });
  });

  it('shows gift card payments as a tender net of refunds, and gift cards sold apart; the tenders add up to total collected plus cards sold', async () => {
    const r = await report(`report=revenue&${both()}`);
    expect(r.columns.map((c: Json) => c.key).slice(-3)).toEqual(['storeCredit', 'giftCard', 'giftCardsSold']);
    expect(r.rows).toEqual([
      { period: day.yesterday, gross: 3300, discounts: 0, refunds: 0, netSales: 3300, charges: 0, taxes: 500, totalCollected: 3800, cash: 5300, card: 0, other: 0, points: 0, storeCredit: 0, giftCard: 1000, giftCardsSold: 2500 },
      { period: day.today, gross: 0, discounts: 0, refunds: 3000, netSales: -2500, charges: 0, taxes: -500, totalCollected: -3000, cash: -2000, card: 0, other: 0, points: 0, storeCredit: 0, giftCard: -1000, giftCardsSold: 0 },
    ]);
    expect(r.totals).toMatchObject({ netSales: 800, totalCollected: 800, cash: 3300, giftCard: 0, giftCardsSold: 2500 });
    for (const row of [...r.rows, r.totals]) expect(tendersOf(row)).toBe(row.totalCollected + row.giftCardsSold);
    expect(r.notes.join(' ')).toMatch(/Gift cards sold are money taken, not revenue/);

    const stats = cardsOf((await shop.admin.get(`/api/analytics/stats?report=revenue&from=${day.yesterday}&to=${day.yesterday}`)).json().data);
    expect(stats).toMatchObject({ netSales: 3300, totalCollected: 3800, cash: 5300, giftCard: 1000, giftCardsSold: 2500 });
  });

  it('exports both columns in the CSV, and leaves cards sold out beside one chosen tender', async () => {
    const csv = await shop.admin.get(`/api/analytics?report=revenue&${both()}&format=csv`);
    expect(csv.body.split('\r\n')).toEqual([
      '\uFEFFPeriod,Gross sales,Discounts,Refunds,Net sales,Charges,Taxes,Total collected,Cash,Card,Other,Points,Store credit,Gift card,Gift cards sold',
      `${day.yesterday},33.00,0.00,0.00,33.00,0.00,5.00,38.00,53.00,0.00,0.00,0.00,0.00,10.00,25.00`,
      `${day.today},0.00,0.00,30.00,-25.00,0.00,-5.00,-30.00,-20.00,0.00,0.00,0.00,0.00,-10.00,0.00`,
      '',
    ]);
    const cash = await report(`report=revenue&${both()}&tender=cash`);
    expect(cash.columns.map((c: Json) => c.key).slice(-1)).toEqual(['cash']);
    expect(cash.totals).not.toHaveProperty('giftCardsSold');
  });
});
