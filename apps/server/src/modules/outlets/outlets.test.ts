import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';

let ctx: TestContext;
let admin: TestClient;
let cashier: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.signIn('administrator')).client;
  cashier = (await ctx.signIn('cashier')).client;
});
afterAll(() => ctx.close());

const valid = { name: 'Harbour Road', code: 'hrb', address: '1 Harbour Road', phone: '555-0100', email: 'Harbour@Shop.test', taxNumber: 'VAT123', active: true };

describe('outlets', () => {
  it('starts with the Main store so a new shop can work at once', async () => {
    const res = await admin.get('/api/outlets');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((o: { name: string; code: string }) => [o.name, o.code])).toEqual([['Main store', 'MAIN']]);
    expect(res.json().meta).toEqual({ page: 1, perPage: 25, total: 1, lastPage: 1 });
  });

  it('creates an outlet, upper-casing its code and lower-casing its e-mail', async () => {
    const res = await admin.post('/api/outlets/create', valid);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Harbour Road', code: 'HRB', email: 'harbour@shop.test', active: true });
  });

  it('refuses bad input with 422 on each field, and duplicates by name or code', async () => {
    const bad = await admin.post('/api/outlets/create', { name: '', code: 'x', email: 'nope', active: 'yes' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['active', 'code', 'email', 'name']);
    expect(bad.json().errors.name).toEqual(['The name field is required.']);
    expect(bad.json().errors.code).toEqual(['The code must be 2 to 10 letters or digits, e.g. MAIN.']);

    const dup = await admin.post('/api/outlets/create', { ...valid, name: 'HARBOUR ROAD', code: 'HRB' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({
      name: ['An outlet with this name already exists.'],
      code: ['An outlet with this code already exists.'],
    });
  });

  it('edits an outlet and reads it back for its form', async () => {
    const created = (await admin.post('/api/outlets/create', { ...valid, name: 'Market Square', code: 'MKT' })).json().data;
    const res = await admin.put(`/api/outlets/${created.id}/edit`, { ...valid, name: 'Market Square East', code: 'MKT', phone: '' });
    expect(res.statusCode).toBe(200);
    const read = (await admin.get(`/api/outlets/${created.id}/edit`)).json().data;
    expect(read).toMatchObject({ name: 'Market Square East', phone: null });
  });

  it('answers 404 for an outlet that does not exist and 422 for a bad id', async () => {
    expect((await admin.get('/api/outlets/99999/edit')).statusCode).toBe(404);
    expect((await admin.get('/api/outlets/abc/edit')).statusCode).toBe(422);
  });

  it('searches, filters by active and sorts', async () => {
    await admin.post('/api/outlets/create', { ...valid, name: 'Zeta Mall', code: 'ZETA', active: false });
    const search = (await admin.get('/api/outlets?search=zeta')).json();
    expect(search.data.map((o: { code: string }) => o.code)).toEqual(['ZETA']);
    const inactive = (await admin.get('/api/outlets?active=0')).json();
    expect(inactive.data.every((o: { active: boolean }) => !o.active)).toBe(true);
    const sorted = (await admin.get('/api/outlets?sort=-name&perPage=2')).json();
    expect(sorted.data[0].name).toBe('Zeta Mall');
    expect(sorted.meta.perPage).toBe(2);
    const badSort = await admin.get('/api/outlets?sort=password');
    expect(badSort.statusCode).toBe(422);
    expect(badSort.json().errors.sort[0]).toMatch(/^The sort must be one of: name, -name/);
  });

  it('keeps at least one active outlet', async () => {
    const ctx2 = await createTestContext();
    try {
      const { client } = await ctx2.signIn('administrator');
      const main = (await client.get('/api/outlets')).json().data[0];
      const res = await client.put(`/api/outlets/${main.id}/edit`, { ...valid, name: main.name, code: main.code, active: false });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.active[0]).toMatch(/last active outlet/);
      const del = await client.delete(`/api/outlets/${main.id}`);
      expect(del.statusCode).toBe(409);
    } finally {
      await ctx2.close();
    }
  });

  it('deletes an outlet nothing refers to', async () => {
    const created = (await admin.post('/api/outlets/create', { ...valid, name: 'Pop-up', code: 'POP' })).json().data;
    expect((await admin.delete(`/api/outlets/${created.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/outlets/${created.id}/edit`)).statusCode).toBe(404);
  });

  it('refuses to delete an outlet where staff work, with 409 and a reason', async () => {
    const created = (await admin.post('/api/outlets/create', { ...valid, name: 'Staffed', code: 'STF' })).json().data;
    const user = await ctx.createUser('cashier');
    await ctx.database.db.execute(sql`update users set outlet_id = ${created.id} where id = ${user.id}`);
    const res = await admin.delete(`/api/outlets/${created.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Staff members work at this outlet/);
  });

  it('lets a cashier read outlet names but not manage outlets', async () => {
    expect((await cashier.get('/api/outlets/list')).statusCode).toBe(200);
    expect((await cashier.get('/api/outlets')).statusCode).toBe(403);
    expect((await cashier.post('/api/outlets/create', valid)).statusCode).toBe(403);
    expect((await cashier.put('/api/outlets/1/edit', valid)).statusCode).toBe(403);
    expect((await cashier.delete('/api/outlets/1')).statusCode).toBe(403);
  });
});
