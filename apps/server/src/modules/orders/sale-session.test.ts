// POST /api/orders/create reads its session in the sale's first statement (decision 032). The
// checks still answer as on every other route, in the same order: 401 for a stranger, 419 for a
// missing CSRF token, before any 422 about the body; and nothing is sold for a refused request.
import { sessionCookieName } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeOne } from '../../db/execute.ts';
import type { TestContext } from '../../testing/test-app.ts';
import { openSaleShop, saleBody, type SaleShop } from './sale.fixtures.ts';

let ctx: TestContext;
let shop: SaleShop;
beforeAll(async () => {
  ({ ctx, shop } = await openSaleShop());
});
afterAll(() => ctx.close());

const orderCount = async () => Number((await executeOne<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from orders`))?.n);
const mugSale = () => saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800);
const badBody = { registerId: 'abc', lines: 'x' };

/** A client holding a session cookie the server never gave (or one that has ended). */
function stranger() {
  const client = ctx.client();
  client.cookies.set(sessionCookieName, 'not-a-session-the-server-knows');
  return client;
}

describe('a sale reads its session with its first statement', () => {
  it('sells for a signed-in cashier and answers the sale', async () => {
    const before = await orderCount();
    const res = await shop.cashier.post('/api/orders/create', mugSale());
    expect(res.statusCode).toBe(201);
    expect(res.json().data.total).toBe(800);
    expect(await orderCount()).toBe(before + 1);
  });

  it('answers 401 to an unknown session cookie, whether the body is good or bad, and sells nothing', async () => {
    const before = await orderCount();
    for (const body of [mugSale(), badBody, undefined]) {
      const res = await stranger().post('/api/orders/create', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    }
    expect(await orderCount()).toBe(before);
  });

  it('answers 401 before a broken JSON body or a body of the wrong type', async () => {
    const broken = await stranger().post('/api/orders/create', '{"uuid":', { 'content-type': 'application/json' });
    expect(broken.statusCode).toBe(401);
    const text = await stranger().post('/api/orders/create', 'uuid=1', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(401);
    // Signed in, the same bodies get their own answers.
    expect((await shop.cashier.post('/api/orders/create', '{"uuid":', { 'content-type': 'application/json' })).statusCode).toBe(422);
    expect((await shop.cashier.post('/api/orders/create', 'uuid=1', { 'content-type': 'text/plain' })).statusCode).toBe(415);
  });

  it('answers 401 to a session with nobody signed in (only the CSRF cookie)', async () => {
    const guest = ctx.client();
    await guest.get('/sanctum/csrf-cookie');
    const before = await orderCount();
    expect((await guest.post('/api/orders/create', mugSale())).statusCode).toBe(401);
    expect((await guest.post('/api/orders/create', badBody)).statusCode).toBe(401);
    expect(await orderCount()).toBe(before);
  });

  it('answers 419 without the X-XSRF-TOKEN header, before a 422 about the body, and sells nothing', async () => {
    const { client, user } = await ctx.signIn('cashier');
    await ctx.database.db.execute(sql`update users set outlet_id = ${shop.main.id} where id = ${user.id}`);
    client.sendXsrf = false;
    const before = await orderCount();
    for (const body of [mugSale(), badBody]) {
      const res = await client.post('/api/orders/create', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(419);
      expect(res.json()).toEqual({ message: 'CSRF token mismatch.' });
    }
    expect(await orderCount()).toBe(before);
    client.sendXsrf = true;
    const bad = await client.post('/api/orders/create', badBody);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('registerId');
  });

  it('ends the session of a user who was disabled, with 401 at their next sale', async () => {
    const { client, user } = await ctx.signIn('cashier');
    await ctx.database.db.execute(sql`update users set outlet_id = ${shop.main.id}, active = false where id = ${user.id}`);
    const before = await orderCount();
    expect((await client.post('/api/orders/create', mugSale())).statusCode).toBe(401);
    expect(await orderCount()).toBe(before);
    const left = await executeOne<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from sessions where user_id = ${user.id}`);
    expect(left?.n).toBe(0);
  });

});
