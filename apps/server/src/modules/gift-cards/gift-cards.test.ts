import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, giftCards, users } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { openDrawer, saleBody, seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';

// Four cards, sold through the till: A active (25.00), B partly spent at Harbour Road (20.00 of 50.00 left),
// C spent in full (used) and D expired with 15.00 on it.
let ctx: TestContext;
let shop: SaleShop;
const names = { admin: '', cashier: '' };
const orderOf: Record<string, { id: number; number: string }> = {};
const idOf: Record<string, number> = {};
const A = '6100000000000001';
const B = '6100000000000002';
const C = '6200000000000003';
const D = '6200000000000004';

async function sellCard(code: string, amount: number) {
  const res = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { giftCards: [{ code, amount }], payments: [{ tender: 'cash', amount: 800 + amount }] }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; number: string };
}

async function spendCard(code: string, amount: number) {
  const body = saleBody(shop.harbourTill.id, [[shop.shirt.variantId, 1]], 3000, { giftCardPayments: [{ code, amount }], payments: amount < 3000 ? [{ tender: 'cash', amount: 3000 - amount }] : [] });
  const res = await shop.admin.post('/api/orders/create', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; number: string };
}

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  const db = ctx.database.db;
  await openDrawer(db, shop.till, shop.main.id, shop.cashierId);
  await openDrawer(db, shop.harbourTill, shop.harbour.id, shop.adminId);
  await db.execute(sql`update stock_levels set quantity = 1000`);
  await db.execute(sql`insert into stock_levels (outlet_id, variant_id, quantity) values (${shop.harbour.id}, ${shop.shirt.variantId}, 1000) on conflict do nothing`);
  for (const [key, id] of [['admin', shop.adminId], ['cashier', shop.cashierId]] as const) {
    names[key] = (await db.select({ name: users.name }).from(users).where(eq(users.id, id)))[0]!.name;
  }
  orderOf[A] = await sellCard('6100 0000 0000 0001', 2500);
  orderOf[B] = await sellCard('6100-0000-0000-0002', 5000);
  orderOf[`${B}-spent`] = await spendCard(B, 3000);
  orderOf[C] = await sellCard(C, 1000);
  await spendCard(C, 1000);
  orderOf[D] = await sellCard(D, 1500);
  await db.update(giftCards).set({ expiresAt: sql`now() - interval '1 day'` }).where(eq(giftCards.code, D));
  for (const row of await db.select({ id: giftCards.id, code: giftCards.code }).from(giftCards)) idOf[row.code] = row.id;
});
afterAll(() => ctx.close());

type Listed = { code: string; balance: number; status: string };
const list = async (query = '') => {
  const res = await shop.admin.get(`/api/gift-cards${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Listed[]; meta: { total: number; lastPage: number; totals: { count: number; balance: number; loaded: number } } };
};
const codes = (page: { data: Listed[] }) => page.data.map((card) => card.code);

describe('gift cards in the back office', () => {
  it('lists every card newest first with its state, where it was sold, and the totals of the whole set', async () => {
    const page = await list();
    expect(codes(page)).toEqual([D, C, B, A]);
    expect(page.data.map((card) => [card.code, card.balance, card.status])).toEqual([
      [D, 1500, 'expired'],
      [C, 0, 'used'],
      [B, 2000, 'active'],
      [A, 2500, 'active'],
    ]);
    expect(page.data[3]).toMatchObject({ loaded: 2500, outletId: shop.main.id, outletName: shop.main.name, orderId: orderOf[A]!.id, orderNumber: orderOf[A]!.number, expiresAt: null });
    expect(page.meta.totals).toEqual({ count: 4, balance: 6000, loaded: 10_000 });

    const paged = await list('?perPage=2&page=2');
    expect(codes(paged)).toEqual([B, A]);
    expect(paged.meta).toMatchObject({ total: 4, lastPage: 2, totals: { count: 4, balance: 6000, loaded: 10_000 } });
  });

  it('filters by status and by a piece of the code typed with spaces or dashes, and sorts by balance', async () => {
    expect(await list('?status=active')).toMatchObject({ data: [{ code: B }, { code: A }], meta: { totals: { count: 2, balance: 4500, loaded: 7500 } } });
    expect(codes(await list('?status=used'))).toEqual([C]);
    expect(codes(await list('?status=expired'))).toEqual([D]);
    expect(codes(await list(`?search=${encodeURIComponent('6100 0000')}`))).toEqual([B, A]);
    expect(codes(await list(`?search=${encodeURIComponent('0000-0002')}`))).toEqual([B]);
    expect(codes(await list('?search=62&status=active'))).toEqual([]);
    expect((await list('?search=9999')).meta.totals).toEqual({ count: 0, balance: 0, loaded: 0 });
    expect(codes(await list('?sort=balance'))).toEqual([C, D, B, A]);
    expect(codes(await list('?sort=-balance'))).toEqual([A, B, D, C]);

    const bad = await shop.admin.get('/api/gift-cards?status=lost&sort=code');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ status: ['The status must be active, used or expired.'], sort: [expect.stringContaining('The sort must be one of')] });
  });

  it('shows a card with its ledger newest first: the sale, outlet, who and why', async () => {
    const res = await shop.admin.get(`/api/gift-cards/${idOf[B]}`);
    expect(res.statusCode, res.body).toBe(200);
    const card = res.json().data;
    expect(card).toMatchObject({ code: B, loaded: 5000, balance: 2000, status: 'active', orderNumber: orderOf[B]!.number });
    expect(card.entries.map((e: Record<string, unknown>) => [e.kind, e.delta, e.balanceAfter, e.orderNumber, e.outletName, e.userName])).toEqual([
      ['spent', -3000, 2000, orderOf[`${B}-spent`]!.number, shop.harbour.name, names.admin],
      ['sold', 5000, 5000, orderOf[B]!.number, shop.main.name, names.cashier],
    ]);
    expect((await shop.admin.get('/api/gift-cards/999999')).statusCode).toBe(404);
  });

  it('lets every signed-in user look a card up by code, and says so when no card has it', async () => {
    const found = await shop.cashier.get(`/api/gift-cards/lookup?code=${encodeURIComponent('6100-0000 0000-0001')}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toMatchObject({ code: A, balance: 2500, status: 'active', outletName: shop.main.name, orderNumber: orderOf[A]!.number });
    expect((await shop.cashier.get(`/api/gift-cards/lookup?code=${C}`)).json().data).toMatchObject({ balance: 0, status: 'used' });
    expect((await shop.cashier.get(`/api/gift-cards/lookup?code=${D}`)).json().data).toMatchObject({ balance: 1500, status: 'expired' });

    const unknown = await shop.cashier.get('/api/gift-cards/lookup?code=7000000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No gift card has this code.');
    const bad = await shop.cashier.get('/api/gift-cards/lookup?code=ab!');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.code).toEqual(['A gift card code has 6 to 32 letters and digits.']);
    expect((await shop.cashier.get('/api/gift-cards/lookup')).json().errors.code).toEqual(['The gift card code field is required.']);
  });

  it('keeps the list, a card and adjustments to administrators', async () => {
    expect((await shop.cashier.get('/api/gift-cards')).statusCode).toBe(403);
    expect((await shop.cashier.get(`/api/gift-cards/${idOf[A]}`)).statusCode).toBe(403);
    expect((await shop.cashier.post(`/api/gift-cards/${idOf[A]}/adjust`, { delta: 100, reason: 'Mine' })).statusCode).toBe(403);
    expect((await list()).data.find((card) => card.code === A)!.balance).toBe(2500);
  });
});

describe('adjusting a gift card', () => {
  const adjust = (code: string, delta: number, reason = 'Goodwill') => shop.admin.post(`/api/gift-cards/${idOf[code]}/adjust`, { delta, reason });
  const auditRowsOf = (code: string) =>
    ctx.database.db
      .select({ summary: auditLog.summary, userName: auditLog.userName, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'gift_card.adjust'), eq(auditLog.subjectType, 'gift_card'), eq(auditLog.subjectId, String(idOf[code]))))
      .orderBy(asc(auditLog.id));

  it('adds and takes money with a reason: an "adjusted" entry by the administrator, loaded unchanged, an audit row each', async () => {
    const up = await adjust(A, 500, 'Damaged card replaced');
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data).toMatchObject({ code: A, balance: 3000, loaded: 2500, status: 'active' });
    expect(up.json().data.entries[0]).toMatchObject({ kind: 'adjusted', delta: 500, balanceAfter: 3000, orderId: null, orderNumber: null, outletName: null, userName: names.admin, reason: 'Damaged card replaced' });

    const down = await adjust(A, -3000, 'Refunded in cash');
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().data).toMatchObject({ balance: 0, loaded: 2500, status: 'used' });
    expect(down.json().data.entries.map((e: { kind: string; delta: number }) => [e.kind, e.delta])).toEqual([['adjusted', -3000], ['adjusted', 500], ['sold', 2500]]);

    expect(await auditRowsOf(A)).toEqual([
      { summary: 'Gift card 6100 0000 0000 0001 +$5.00: Damaged card replaced', userName: expect.any(String), before: { balance: 2500 }, after: { balance: 3000 } },
      { summary: 'Gift card 6100 0000 0000 0001 -$30.00: Refunded in cash', userName: expect.any(String), before: { balance: 3000 }, after: { balance: 0 } },
    ]);
  });

  it('never takes the balance below zero, and refuses a zero adjustment or one without a reason', async () => {
    const below = await adjust(B, -2001);
    expect(below.statusCode).toBe(422);
    expect(below.json().errors.delta).toEqual(['The balance is only $20.00: the adjustment may take at most that.']);
    expect((await adjust(B, 0)).json().errors.delta).toEqual(['The adjustment must not be zero.']);
    expect((await adjust(B, 100, '  ')).json().errors.reason).toEqual([expect.stringContaining('reason')]);
    expect((await shop.admin.post('/api/gift-cards/999999/adjust', { delta: 100, reason: 'Nobody' })).statusCode).toBe(404);
    expect((await list(`?search=${B}`)).data[0]!.balance).toBe(2000);
    expect(await auditRowsOf(B)).toEqual([]);
  });

  it('moves an expired card’s balance (it stays on record until adjusted)', async () => {
    const res = await adjust(D, -1500, 'Expired: written off');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ balance: 0, status: 'expired' });
    expect((await list()).meta.totals).toEqual({ count: 4, balance: 2000, loaded: 10_000 });
  });
});
