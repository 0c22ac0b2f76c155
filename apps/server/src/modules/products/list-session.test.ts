// GET /api/products reads its session, the shop's settings and a search's terms in its first
// statement (decision 034), and a search reads its page's rows with its count. The checks answer as
// on every other route: 401 for a stranger (before a 422 about the query), a disabled user's session
// ends; the low-stock line follows the shop's default as it is saved; a cashier sees no costs.
import { sessionCookieName } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeOne } from '../../db/execute.ts';
import { outlets } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';

let ctx: TestContext;
let admin: TestClient;
let mainId: number;

const productSettings = (defaultLowStockThreshold: number) => ({ defaultTaxIds: [], skuPattern: 'SKU-{seq:6}', defaultLowStockThreshold, allowNegativeStock: false });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.signIn('administrator')).client;
  mainId = (await ctx.database.db.select().from(outlets))[0]!.id;
  for (const [title, quantity] of [['Quince Jam', 4], ['Quince Paste', 40]] as const) {
    const res = await admin.post('/api/products/create', {
      title,
      variants: [{ sku: null, barcode: null, price: 450, cost: 210, stock: [{ outletId: mainId, quantity, lowStockThreshold: null }] }],
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => ctx.close());

function stranger() {
  const client = ctx.client();
  client.cookies.set(sessionCookieName, 'not-a-session-the-server-knows');
  return client;
}

const quinces = async (client: TestClient, query = 'search=quince') => {
  const res = await client.get(`/api/products?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: Array<{ title: string; stock: number; stockStatus: string; cost?: number }>; meta: { total: number } };
};

describe('the product list reads its session with its first statement', () => {
  it('finds the products searched for, with their rows, for a signed-in user', async () => {
    const page = await quinces(admin);
    expect(page.data.map((p) => [p.title, p.stock, p.cost])).toEqual([
      ['Quince Jam', 4, 210],
      ['Quince Paste', 40, 210],
    ]);
    expect(page.meta.total).toBe(2);
  });

  it('marks stock low by the shop default saved a moment before, in a search and in the plain list', async () => {
    expect((await admin.put('/api/settings/products', productSettings(5))).statusCode).toBe(200);
    expect((await quinces(admin)).data.map((p) => p.stockStatus)).toEqual(['low', 'in']);
    expect((await quinces(admin, 'stockStatus=low')).data.map((p) => p.title)).toEqual(['Quince Jam']);
    expect((await admin.put('/api/settings/products', productSettings(2))).statusCode).toBe(200);
    expect((await quinces(admin)).data.map((p) => p.stockStatus)).toEqual(['in', 'in']);
    expect((await quinces(admin, 'stockStatus=low')).data).toEqual([]);
  });

  it('shows a cashier the products without their costs', async () => {
    const { client } = await ctx.signIn('cashier');
    const page = await quinces(client);
    expect(page.data.map((p) => p.title)).toEqual(['Quince Jam', 'Quince Paste']);
    expect(page.data.every((p) => !('cost' in p))).toBe(true);
  });

  it('gives a cashier the stock at their own outlet, and an administrator the outlet asked for', async () => {
    // The first statement reads a one-word search's rows at the outlet asked for, before it knows whose list it is.
    const harbour = (await admin.post('/api/outlets/create', { name: 'Harbour Road', code: 'HRB', active: true })).json().data as { id: number };
    const { client, user } = await ctx.signIn('cashier');
    await ctx.database.db.execute(sql`update users set outlet_id = ${harbour.id} where id = ${user.id}`);
    const stock = async (who: TestClient, query = 'search=quince') => (await quinces(who, query)).data.map((p) => p.stock);
    expect(await stock(client)).toEqual([0, 0]);
    expect(await stock(client, `search=quince&outletId=${harbour.id}`)).toEqual([0, 0]);
    expect((await client.get(`/api/products?search=quince&outletId=${mainId}`)).statusCode).toBe(403);
    expect(await stock(admin)).toEqual([4, 40]);
    expect(await stock(admin, `search=quince&outletId=${harbour.id}`)).toEqual([0, 0]);
    expect(await stock(admin, `search=quince&outletId=${mainId}&sort=-title`)).toEqual([40, 4]);
  });

  it('gives a cashier who works at no outlet no stock, not the total of every outlet', async () => {
    // The stock summary keeps every outlet's total under outlet 0: a cashier without an outlet must not read it.
    const { client } = await ctx.signIn('cashier');
    const page = await quinces(client);
    expect(page.data.map((p) => [p.title, p.stock])).toEqual([
      ['Quince Jam', 0],
      ['Quince Paste', 0],
    ]);
    expect((await quinces(client, 'sort=title')).data.map((p) => p.stock)).toEqual([0, 0]);
    expect((await quinces(client, 'stockStatus=in')).data).toEqual([]);
    expect((await quinces(admin, 'stockStatus=in')).data.map((p) => p.title)).toEqual(['Quince Jam', 'Quince Paste']);
    const id = (page.data[0] as unknown as { id: number }).id;
    const detail = await client.get(`/api/products/${id}/edit`);
    expect(detail.statusCode).toBe(200);
    expect((detail.json().data as { variants: Array<{ stock: unknown[] }> }).variants.map((v) => v.stock)).toEqual([[]]);
    const sync = await client.get('/api/products/sync');
    expect(sync.statusCode).toBe(403);
    expect(sync.json().message).toBe('You work at no outlet yet: an administrator sets it on your staff record.');
  });

  it('answers 401 to an unknown session cookie, for a search, the plain list and a bad query alike', async () => {
    for (const query of ['search=quince', '', 'sort=colour', 'search=quince&perPage=-3']) {
      const res = await stranger().get(`/api/products?${query}`);
      expect(res.statusCode, query).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('answers 401 to a session with nobody signed in (only the CSRF cookie)', async () => {
    const guest = ctx.client();
    await guest.get('/sanctum/csrf-cookie');
    expect((await guest.get('/api/products?search=quince')).statusCode).toBe(401);
  });

  it('answers a signed-in user a bad sort with its message', async () => {
    const res = await admin.get('/api/products?search=quince&sort=colour');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.sort[0]).toMatch(/^The sort must be one of: title, -title/);
  });

  it('ends the session of a user who was disabled, with 401 at their next search', async () => {
    const { client, user } = await ctx.signIn('cashier');
    expect((await quinces(client)).data).toHaveLength(2);
    await ctx.database.db.execute(sql`update users set active = false where id = ${user.id}`);
    expect((await client.get('/api/products?search=quince')).statusCode).toBe(401);
    const left = await executeOne<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from sessions where user_id = ${user.id}`);
    expect(left?.n).toBe(0);
  });
});
