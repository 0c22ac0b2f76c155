import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCardEntries, giftCards, orders } from '../../db/schema/index.ts';
import type { TestContext } from '../../testing/test-app.ts';
import { openSaleShop, saleBody, type SaleShop } from './sale.fixtures.ts';

// PostgreSQL only (vitest.config.ts): parallel requests need parallel connections, which PGlite
// (one connection) cannot give.
let ctx: TestContext;
let shop: SaleShop;

beforeAll(async () => {
  ({ ctx, shop } = await openSaleShop({ harbour: true }));
  await ctx.database.db.execute(sql`update stock_levels set quantity = 1000`);
  await ctx.database.db.execute(sql`insert into stock_levels (outlet_id, variant_id, quantity) values (${shop.harbour.id}, ${shop.mug.variantId}, 1000) on conflict do nothing`);
});
afterAll(() => ctx.close());

const ledgerOf = async (code: string) => {
  const [card] = await ctx.database.db.select().from(giftCards).where(eq(giftCards.code, code));
  const entries = await ctx.database.db.select().from(giftCardEntries).where(eq(giftCardEntries.giftCardId, card!.id)).orderBy(asc(giftCardEntries.id));
  return { card: card!, entries };
};

describe('two tills and one gift card at once', () => {
  it('never spend it below zero: the sales the card covers are stored, the others refused on its amount', async () => {
    const code = '6000121212121212';
    const sold = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { giftCards: [{ code, amount: 1000 }], payments: [{ tender: 'cash', amount: 1800 }] }));
    expect(sold.statusCode, sold.body).toBe(201);
    // Six sales of a mug (8.00) paid 4.00 by the card each, from both outlets' tills: only two fit in 10.00.
    const sale = (client: typeof shop.admin, registerId: number) =>
      client.post('/api/orders/create', saleBody(registerId, [[shop.mug.variantId, 1]], 800, { giftCardPayments: [{ code, amount: 400 }], payments: [{ tender: 'cash', amount: 400 }] }));
    const answers = await Promise.all([
      sale(shop.cashier, shop.till.id),
      sale(shop.admin, shop.harbourTill.id),
      sale(shop.cashier, shop.till.id),
      sale(shop.admin, shop.harbourTill.id),
      sale(shop.cashier, shop.till.id),
      sale(shop.admin, shop.harbourTill.id),
    ]);
    const stored = answers.filter((res) => res.statusCode === 201);
    const refused = answers.filter((res) => res.statusCode === 422);
    expect(stored.length + refused.length, answers.map((a) => a.body).join('\n')).toBe(6);
    expect(stored).toHaveLength(2);
    for (const res of refused) expect(Object.keys(res.json().errors)).toEqual(['giftCardPayments.0.amount']);

    const { card, entries } = await ledgerOf(code);
    expect(card.balance).toBe(200);
    expect(entries.map((e) => [e.kind, e.delta, e.balanceAfter])).toEqual([
      ['sold', 1000, 1000],
      ['spent', -400, 600],
      ['spent', -400, 200],
    ]);
    const paid = await ctx.database.db.select({ paid: orders.giftCardsPaid }).from(orders).where(eq(orders.giftCardsPaid, 400));
    expect(paid).toHaveLength(2);
  });

  it('sells the same new code at two tills at once: one sale sells it, the other loads it, and the balance is both', async () => {
    const code = '6000343434343434';
    const sell = (client: typeof shop.admin, registerId: number, amount: number) =>
      client.post('/api/orders/create', saleBody(registerId, [[shop.mug.variantId, 1]], 800, { giftCards: [{ code, amount }], payments: [{ tender: 'cash', amount: 800 + amount }] }));
    const answers = await Promise.all([sell(shop.cashier, shop.till.id, 2000), sell(shop.admin, shop.harbourTill.id, 3000)]);
    expect(answers.map((res) => res.statusCode), answers.map((a) => a.body).join('\n')).toEqual([201, 201]);
    const { card, entries } = await ledgerOf(code);
    expect(card).toMatchObject({ balance: 5000, loaded: 5000 });
    expect(entries.map((e) => e.kind).sort()).toEqual(['loaded', 'sold']);
    expect(entries.map((e) => e.balanceAfter).sort()).toEqual([entries[0]!.delta, 5000].sort());
  });
});
