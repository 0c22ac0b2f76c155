import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { ensureDefaultReceiptTemplate } from '../receipts/service.ts';

let ctx: TestContext;
let admin: TestClient;
let cashier: TestClient;
let main: { id: number; name: string };
let harbour: { id: number; name: string };
let templateId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  await ensureDefaultReceiptTemplate(ctx.database.db);
  admin = (await ctx.signIn('administrator')).client;
  const signedIn = await ctx.signIn('cashier');
  cashier = signedIn.client;
  main = (await admin.get('/api/outlets/list')).json().data[0];
  harbour = (await admin.post('/api/outlets/create', { name: 'Harbour Road', code: 'HRB', active: true })).json().data;
  templateId = (await admin.get('/api/receipts/list')).json().data[0].id;
  await ctx.database.db.execute(sql`update users set outlet_id = ${main.id} where id = ${signedIn.user.id}`);
});
afterAll(() => ctx.close());

const input = (overrides: Record<string, unknown> = {}) => ({ name: 'Till 1', outletId: main.id, receiptTemplateId: templateId, active: true, ...overrides });

describe('registers', () => {
  it('creates a register, making its slug from the outlet code and name', async () => {
    const res = await admin.post('/api/registers/create', input());
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Till 1', slug: 'main-till-1', outletId: main.id, receiptTemplateId: templateId, active: true });
  });

  it('keeps a given slug (lower-cased) and refuses one already taken or malformed', async () => {
    const res = await admin.post('/api/registers/create', input({ name: 'Front desk', slug: 'Front-Desk' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.slug).toBe('front-desk');
    const dup = await admin.post('/api/registers/create', input({ name: 'Back desk', slug: 'front-desk' }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ slug: ['Another register already has this slug.'] });
    for (const slug of ['a', 'has space', 'under_score', '-lead', 'x'.repeat(61)]) {
      const bad = await admin.post('/api/registers/create', input({ name: `Odd ${slug}`, slug }));
      expect(bad.statusCode, slug).toBe(422);
      expect(bad.json().errors.slug).toEqual(['The slug must be 2 to 60 lower-case letters, digits or hyphens, e.g. main-till-1.']);
    }
  });

  it('makes a generated slug unique when the natural one is taken', async () => {
    await admin.post('/api/registers/create', input({ name: 'Till 7', slug: 'hrb-till-2' }));
    const res = await admin.post('/api/registers/create', input({ name: 'Till 2', outletId: harbour.id }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.slug).toBe('hrb-till-2-2');
  });

  it('refuses bad input with 422 on each field, and a name used twice at one outlet', async () => {
    const bad = await admin.post('/api/registers/create', { name: '', active: 'yes' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['active', 'name', 'outletId', 'receiptTemplateId']);
    expect(bad.json().errors.outletId).toEqual(['The outlet field is required.']);

    const missing = await admin.post('/api/registers/create', input({ name: 'Ghost', outletId: 99999, receiptTemplateId: 99999 }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      outletId: ['The chosen outlet does not exist.'],
      receiptTemplateId: ['The chosen receipt template does not exist.'],
    });

    const dup = await admin.post('/api/registers/create', input({ name: 'TILL 1' }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ name: ['This outlet already has a register with this name.'] });
    // The same name at another outlet is fine.
    expect((await admin.post('/api/registers/create', input({ name: 'Till 1', outletId: harbour.id }))).json().data.slug).toBe('hrb-till-1');
  });

  it('refuses an archived receipt template for a register', async () => {
    const template = (
      await admin.post('/api/receipts/create', {
        name: 'Old layout',
        paperWidth: 58,
        showLogo: true,
        showCashier: true,
        showCustomer: true,
        showTaxBreakdown: true,
        showOrderBarcode: true,
        showLoyaltyPoints: false,
        showNote: true,
      })
    ).json().data;
    await admin.post(`/api/receipts/${template.id}/archive`);
    const res = await admin.post('/api/registers/create', input({ name: 'Till archived', receiptTemplateId: template.id }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.receiptTemplateId[0]).toMatch(/archived/);
  });

  it('edits a register and reads it back for its form', async () => {
    const created = (await admin.post('/api/registers/create', input({ name: 'Kiosk' }))).json().data;
    const res = await admin.put(`/api/registers/${created.id}/edit`, input({ name: 'Kiosk East', slug: created.slug, active: false }));
    expect(res.statusCode).toBe(200);
    const read = (await admin.get(`/api/registers/${created.id}/edit`)).json().data;
    expect(read).toMatchObject({ name: 'Kiosk East', slug: 'main-kiosk', active: false });
    // Saving with the same slug is not a clash with itself; clearing it makes a fresh one.
    const cleared = await admin.put(`/api/registers/${created.id}/edit`, input({ name: 'Kiosk East', slug: '', active: false }));
    expect(cleared.json().data.slug).toBe('main-kiosk-east');
    expect((await admin.get('/api/registers/99999/edit')).statusCode).toBe(404);
  });

  it('lists with outlet and template names, filtered by outlet and active', async () => {
    const all = (await admin.get('/api/registers?perPage=100')).json();
    expect(all.data.find((r: { slug: string }) => r.slug === 'main-till-1')).toMatchObject({ outletName: 'Main store', receiptTemplateName: 'Standard 80 mm' });
    const atHarbour = (await admin.get(`/api/registers?outletId=${harbour.id}`)).json().data;
    expect(atHarbour.length).toBeGreaterThan(0);
    expect(atHarbour.every((r: { outletName: string }) => r.outletName === 'Harbour Road')).toBe(true);
    const inactive = (await admin.get('/api/registers?active=0')).json().data.map((r: { name: string }) => r.name);
    expect(inactive).toEqual(['Kiosk East']);
    expect((await admin.get('/api/registers?search=front')).json().data.map((r: { slug: string }) => r.slug)).toEqual(['front-desk']);
    const byTemplate = (await admin.get(`/api/registers?receiptTemplateId=${templateId}&perPage=100`)).json().data;
    expect(byTemplate.length).toBe(all.data.length);
    expect((await admin.get('/api/registers?receiptTemplateId=99999')).json().data).toEqual([]);
    expect((await admin.get('/api/registers?sort=drawer')).statusCode).toBe(422);
  });

  it("shows a cashier only the active registers of their own outlet, whatever the filter", async () => {
    const res = await cashier.get('/api/registers?perPage=100');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as Array<{ outletId: number; active: boolean }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.outletId === main.id && r.active)).toBe(true);
    expect(res.json().meta.total).toBe(rows.length);
    expect((await cashier.get(`/api/registers?outletId=${harbour.id}`)).statusCode).toBe(403);
    expect((await cashier.get('/api/registers?active=0')).json().data).toEqual([]);
  });

  it('shows a cashier without an outlet no registers', async () => {
    const { client } = await ctx.signIn('cashier');
    const res = await client.get('/api/registers');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], meta: { page: 1, perPage: 25, total: 0, lastPage: 1 } });
  });

  it('forbids a cashier to create, edit or delete registers', async () => {
    expect((await cashier.post('/api/registers/create', input({ name: 'Sneaky' }))).statusCode).toBe(403);
    expect((await cashier.get('/api/registers/1/edit')).statusCode).toBe(403);
    expect((await cashier.put('/api/registers/1/edit', input({ name: 'Sneaky' }))).statusCode).toBe(403);
    expect((await cashier.delete('/api/registers/1')).statusCode).toBe(403);
  });

  it('deletes a register nothing refers to', async () => {
    const created = (await admin.post('/api/registers/create', input({ name: 'Pop-up till' }))).json().data;
    expect((await admin.delete(`/api/registers/${created.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/registers/${created.id}/edit`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/registers/${created.id}`)).statusCode).toBe(404);
  });
});
