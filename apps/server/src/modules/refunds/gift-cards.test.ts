import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, giftCardEntries, giftCards, refunds, salesByHour } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { openDrawer, saleBody, seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';

/**
 * Refunds of sales paid with gift cards (decision 024): the money a card paid goes back onto it by
 * default, after the drawer's tenders, in the same transaction as the refund. The shop sells a
 * shirt at 30.00 (25.00 + 20 % tax) and a mug at 8.00.
 */
let ctx: TestContext;
let shop: SaleShop;
let tillDrawer: number;

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  tillDrawer = await openDrawer(ctx.database.db, shop.till, shop.main.id, shop.cashierId);
  await ctx.database.db.execute(sql`update stock_levels set quantity = 1000`);
  // The cashier may refund up to 100.00 alone.
  const rights = { refundUpTo: 10_000, discountUpToE4: 0, priceOverride: false, noSale: false, closeDifferenceUpTo: 0 };
  expect((await shop.admin.put('/api/settings/cashier-rights', rights)).statusCode).toBe(200);
});
afterAll(() => ctx.close());

type Sold = { id: number; number: string; lines: Array<{ id: number; variantId: number }> };
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function sell(lines: Array<[number, number]>, total: number, overrides: Record<string, unknown>): Promise<Sold> {
  const res = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, lines, total, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
/** A card loaded with `amount` on a sale of a mug, in cash. */
const cardOf = (code: string, amount: number) => sell([[shop.mug.variantId, 1]], 800, { giftCards: [{ code, amount }], payments: [{ tender: 'cash', amount: 800 + amount }] });
const balanceOf = async (code: string) => (await ctx.database.db.select({ balance: giftCards.balance }).from(giftCards).where(eq(giftCards.code, code)))[0]!.balance;
const lineOf = (order: Sold, variantId: number) => order.lines.find((l) => l.variantId === variantId)!.id;
const refundOf = (order: Sold, lines: Array<[number, number]>, extra: Record<string, unknown> = {}, client = shop.admin) =>
  client.post(`/api/orders/${order.id}/refunds`, { reason: 'Changed their mind', lines: lines.map(([orderLineId, quantity]) => ({ orderLineId, quantity, restock: true })), ...extra });
const lookup = async (order: Sold): Promise<Json> => (await shop.cashier.get(`/api/orders/lookup?number=${order.number}`)).json().data;

describe('refunds of sales paid with gift cards', () => {
  it('puts what a card paid back onto it by default, with a "refunded" entry, the refund’s column, the summaries and the audit', async () => {
    await cardOf('7100000000003456', 5000);
    const sale = await sell([[shop.shirt.variantId, 1]], 3000, { giftCardPayments: [{ code: '7100 0000 0000 3456', amount: 3000 }], payments: [] });
    expect(await balanceOf('7100000000003456')).toBe(2000);
    expect(await lookup(sale)).toMatchObject({
      tenders: [],
      tendersRefundable: 0,
      giftCardsPaid: 3000,
      giftCardRefundable: 3000,
      giftCards: [{ maskedCode: '•••• 3456', refundable: 3000, expiresAt: null }],
    });

    const res = await refundOf(sale, [[lineOf(sale, shop.shirt.variantId), 1]], {}, shop.cashier);
    expect(res.statusCode, res.body).toBe(201);
    const refund = res.json().data;
    expect(refund).toMatchObject({ total: 3000, payments: [], storeCredit: 0, giftCard: 3000, giftCards: [{ maskedCode: '•••• 3456', amount: 3000, balanceAfter: 5000 }] });
    expect(JSON.stringify(refund)).not.toContain('7100000000003456');
    expect(await balanceOf('7100000000003456')).toBe(5000);
    const [card] = await ctx.database.db.select().from(giftCards).where(eq(giftCards.code, '7100000000003456'));
    const entries = await ctx.database.db.select().from(giftCardEntries).where(eq(giftCardEntries.giftCardId, card!.id)).orderBy(asc(giftCardEntries.id));
    expect(entries.map((e) => [e.kind, e.delta, e.balanceAfter])).toEqual([['sold', 5000, 5000], ['spent', -3000, 2000], ['refunded', 3000, 5000]]);
    expect(entries[2]).toMatchObject({ refundId: refund.id, orderId: sale.id, outletId: shop.main.id, userId: shop.cashierId, reason: refund.number });
    const [stored] = await ctx.database.db.select({ giftCard: refunds.giftCard, cashboxSessionId: refunds.cashboxSessionId }).from(refunds).where(eq(refunds.id, refund.id));
    expect(stored).toEqual({ giftCard: 3000, cashboxSessionId: tillDrawer });
    const [audit] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'refund.create'), eq(auditLog.subjectId, String(refund.id))));
    expect(audit!.after).toMatchObject({ tenders: [], giftCard: 3000, giftCards: [{ card: '•••• 3456', amount: 3000 }] });
    expect((await shop.admin.get(`/api/orders/${sale.id}/refunds`)).json().data[0]).toMatchObject({ giftCard: 3000, giftCards: [{ maskedCode: '•••• 3456', amount: 3000 }] });
    expect(await lookup(sale)).toMatchObject({ giftCardRefundable: 0, giftCards: [{ maskedCode: '•••• 3456', refundable: 0 }] });

    // The summaries count it as put back onto a card, and a rebuild finds the same.
    const sums = async () => (await ctx.database.db.select({ back: sql<number>`sum(${salesByHour.refundGiftCard})`.mapWith(Number) }).from(salesByHour))[0]!.back;
    expect(await sums()).toBe(3000);
    await ctx.database.db.execute(sql`select rebuild_summaries()`);
    expect(await sums()).toBe(3000);
  });

  it('gives back by the drawer’s tenders first, then onto the card; several cards are filled again in the order they were spent', async () => {
    await cardOf('7200000000001111', 1000);
    await cardOf('7200000000002222', 1000);
    // Shirt 30.00 + mug 8.00: 5.00 and 10.00 on the two cards, 23.00 in cash.
    const sale = await sell([[shop.shirt.variantId, 1], [shop.mug.variantId, 1]], 3800, {
      giftCardPayments: [{ code: '7200000000002222', amount: 1000 }, { code: '7200000000001111', amount: 500 }],
      payments: [{ tender: 'cash', amount: 2300 }],
    });
    expect((await lookup(sale)).giftCards).toEqual([
      { maskedCode: '•••• 1111', refundable: 500, expiresAt: null },
      { maskedCode: '•••• 2222', refundable: 1000, expiresAt: null },
    ]);
    // The mug: all of it by cash.
    const mug = await refundOf(sale, [[lineOf(sale, shop.mug.variantId), 1]]);
    expect(mug.json().data).toMatchObject({ payments: [expect.objectContaining({ tender: 'cash', amount: 800 })], giftCard: 0, giftCards: [] });
    // The shirt: the 15.00 of cash left, then 5.00 onto •••• 1111 and 10.00 onto •••• 2222.
    const shirt = await refundOf(sale, [[lineOf(sale, shop.shirt.variantId), 1]]);
    expect(shirt.json().data).toMatchObject({
      payments: [expect.objectContaining({ tender: 'cash', amount: 1500 })],
      giftCard: 1500,
      giftCards: [
        { maskedCode: '•••• 1111', amount: 500, balanceAfter: 1000 },
        { maskedCode: '•••• 2222', amount: 1000, balanceAfter: 1000 },
      ],
    });
  });

  it('never gives back by the drawer the money taken for a gift card the sale sold', async () => {
    await cardOf('7300000000003333', 3000);
    // A shirt paid with a card, and a new card of 25.00 sold on the same sale for cash.
    const sale = await sell([[shop.shirt.variantId, 1]], 3000, {
      giftCardPayments: [{ code: '7300000000003333', amount: 3000 }],
      giftCards: [{ code: '7300000000004444', amount: 2500 }],
      payments: [{ tender: 'cash', amount: 2500 }],
    });
    expect(await lookup(sale)).toMatchObject({ tenders: [{ tender: 'cash', paid: 2500, refundable: 2500 }], tendersRefundable: 0, giftCardRefundable: 3000 });
    const inCash = await refundOf(sale, [[lineOf(sale, shop.shirt.variantId), 1]], { payments: [{ tender: 'cash', amount: 2500 }], giftCard: 500 });
    expect(inCash.statusCode).toBe(422);
    expect(inCash.json().errors.payments).toEqual([
      'At most $0.00 can go back by cash, card and other together: what they paid for the goods less what went back by them (a gift card the sale sold is not returned).',
    ]);
    const byDefault = await refundOf(sale, [[lineOf(sale, shop.shirt.variantId), 1]]);
    expect(byDefault.json().data).toMatchObject({ payments: [], giftCard: 3000 });
    // The card sold keeps its balance: a return does not take it back.
    expect(await balanceOf('7300000000004444')).toBe(2500);
  });

  it('takes the amount onto cards when asked, refuses more than they paid or a sale they did not pay, and gives store credit instead when chosen', async () => {
    await cardOf('7400000000005555', 5000);
    const customerId = (await shop.admin.post('/api/customers/create', { name: 'Gina Gift', marketingConsent: false })).json().data.id;
    const sale = await sell([[shop.mug.variantId, 2]], 1600, { customerId, giftCardPayments: [{ code: '7400000000005555', amount: 1000 }], payments: [{ tender: 'cash', amount: 600 }] });
    const mugLine = lineOf(sale, shop.mug.variantId);
    const tooMuch = await refundOf(sale, [[mugLine, 2]], { payments: [{ tender: 'cash', amount: 500 }], giftCard: 1100 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.giftCard).toEqual(['At most $10.00 can go back onto the sale’s gift cards: what they paid less what refunds put back on them.']);
    const short = await refundOf(sale, [[mugLine, 1]], { payments: [], giftCard: 500 });
    expect(short.json().errors.payments).toEqual(['The payments add up to $0.00, onto gift cards $5.00; the refund is $8.00.']);

    // Chosen: the first mug onto the card (without saying the tenders: they give nothing), the second as store credit.
    const onCard = await refundOf(sale, [[mugLine, 1]], { giftCard: 800 });
    expect(onCard.json().data).toMatchObject({ payments: [], giftCard: 800, storeCredit: 0 });
    const asCredit = await refundOf(sale, [[mugLine, 1]], { payments: [], storeCredit: 800 });
    expect(asCredit.json().data).toMatchObject({ payments: [], giftCard: 0, storeCredit: 800 });
    expect(await balanceOf('7400000000005555')).toBe(4800);

    const cashSale = await sell([[shop.mug.variantId, 1]], 800, {});
    const noCard = await refundOf(cashSale, [[lineOf(cashSale, shop.mug.variantId), 1]], { giftCard: 800 });
    expect(noCard.json().errors.giftCard).toEqual(['Nothing of this sale can go back onto a gift card: no gift card paid it, or its refunds put back all the cards paid.']);
  });

  it('puts money back onto an expired card all the same (the shop can move it), and the lookup says when it expired', async () => {
    await cardOf('7500000000006666', 1000);
    const sale = await sell([[shop.mug.variantId, 1]], 800, { giftCardPayments: [{ code: '7500000000006666', amount: 800 }], payments: [] });
    await ctx.database.db.update(giftCards).set({ expiresAt: new Date('2026-01-31T00:00:00Z') }).where(eq(giftCards.code, '7500000000006666'));
    expect((await lookup(sale)).giftCards).toEqual([{ maskedCode: '•••• 6666', refundable: 800, expiresAt: '2026-01-31T00:00:00.000Z' }]);
    const res = await refundOf(sale, [[lineOf(sale, shop.mug.variantId), 1]]);
    expect(res.json().data).toMatchObject({ giftCard: 800, giftCards: [{ maskedCode: '•••• 6666', amount: 800, balanceAfter: 1000 }] });
    expect(await balanceOf('7500000000006666')).toBe(1000);
  });

  it('prints the card on the refund receipt', async () => {
    await cardOf('7600000000007777', 1000);
    const sale = await sell([[shop.mug.variantId, 1]], 800, { giftCardPayments: [{ code: '7600000000007777', amount: 500 }], payments: [{ tender: 'cash', amount: 300 }] });
    const refund = (await refundOf(sale, [[lineOf(sale, shop.mug.variantId), 1]])).json().data;
    const receipt = (await shop.cashier.get(`/api/refunds/${refund.id}/receipt`)).json().data;
    expect(receipt.receipt.payments).toEqual([{ name: 'Cash', amount: 300 }, { name: 'Back onto gift card •••• 7777', amount: 500 }]);
    const text = receipt.rows.map((row: Json) => row.text ?? '').join('\n');
    expect(text).toMatch(/Back onto gift card •••• 7777 +\$5\.00/);
  });
});
