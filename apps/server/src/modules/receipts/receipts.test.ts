import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { ensureDefaultReceiptTemplate } from './service.ts';

let ctx: TestContext;
let admin: TestClient;
let cashier: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  await ensureDefaultReceiptTemplate(ctx.database.db);
  admin = (await ctx.signIn('administrator')).client;
  cashier = (await ctx.signIn('cashier')).client;
});
afterAll(() => ctx.close());

const valid = {
  name: 'Compact 58 mm',
  paperWidth: 58,
  header: 'Corner Shop\nHigh Street 1',
  footer: '',
  showLogo: false,
  showCashier: true,
  showCustomer: false,
  showTaxBreakdown: true,
  showOrderBarcode: false,
  showLoyaltyPoints: true,
  showNote: true,
};

describe('receipt templates', () => {
  it('starts with the default "Standard 80 mm" template, once', async () => {
    await ensureDefaultReceiptTemplate(ctx.database.db);
    const res = await admin.get('/api/receipts');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0]).toMatchObject({ name: 'Standard 80 mm', paperWidth: 80, archived: false, registerCount: 0 });
  });

  it('creates a template, keeping a multi-line header and turning an empty footer into null', async () => {
    const res = await admin.post('/api/receipts/create', valid);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Compact 58 mm', paperWidth: 58, header: 'Corner Shop\nHigh Street 1', footer: null, basedOnId: null });
  });

  it('creates a new template from a copy, recording where it came from', async () => {
    const source = (await admin.get('/api/receipts?search=standard')).json().data[0];
    const original = (await admin.get(`/api/receipts/${source.id}`)).json().data;
    const res = await admin.post('/api/receipts/create', { ...original, id: undefined, name: 'Standard with points', showLoyaltyPoints: true, basedOnId: source.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.id).not.toBe(source.id);
    expect(res.json().data).toMatchObject({ basedOnId: source.id, showLoyaltyPoints: true, paperWidth: 80 });
    // The original is untouched.
    expect((await admin.get(`/api/receipts/${source.id}`)).json().data).toEqual(original);
  });

  it('refuses bad input with 422 on each field', async () => {
    const bad = await admin.post('/api/receipts/create', { ...valid, name: '', paperWidth: 72, header: 'x'.repeat(1001), showLogo: 'yes', basedOnId: 99999 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['header', 'name', 'paperWidth', 'showLogo']);
    expect(bad.json().errors.name).toEqual(['The name field is required.']);
    expect(bad.json().errors.paperWidth).toEqual(['The paper width must be 58 or 80 mm.']);
    expect(bad.json().errors.header).toEqual(['The header may not be longer than 1000 characters.']);
    const missingCopy = await admin.post('/api/receipts/create', { ...valid, basedOnId: 99999 });
    expect(missingCopy.statusCode).toBe(422);
    expect(missingCopy.json().errors).toEqual({ basedOnId: ['The copied template does not exist.'] });
  });

  it('is immutable: no route edits a template', async () => {
    const res = await admin.put('/api/receipts/1/edit', valid);
    expect(res.statusCode).toBe(404);
    expect((await admin.put('/api/receipts/1', valid)).statusCode).toBe(404);
  });

  it('archives and unarchives; archived templates leave the picker list', async () => {
    const created = (await admin.post('/api/receipts/create', { ...valid, name: 'Seasonal' })).json().data;
    const archived = await admin.post(`/api/receipts/${created.id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data.archived).toBe(true);
    const picker = (await admin.get('/api/receipts/list')).json().data.map((t: { name: string }) => t.name);
    expect(picker).not.toContain('Seasonal');
    const onlyArchived = (await admin.get('/api/receipts?archived=1')).json().data.map((t: { name: string }) => t.name);
    expect(onlyArchived).toEqual(['Seasonal']);
    expect((await admin.post(`/api/receipts/${created.id}/unarchive`)).json().data.archived).toBe(false);
    expect((await admin.get('/api/receipts/list')).json().data.map((t: { name: string }) => t.name)).toContain('Seasonal');
  });

  it('refuses to archive a template a register prints with (409) and counts its registers', async () => {
    const template = (await admin.post('/api/receipts/create', { ...valid, name: 'In use' })).json().data;
    const outlet = (await admin.get('/api/outlets/list')).json().data[0];
    const reg = await admin.post('/api/registers/create', { name: 'Till 9', outletId: outlet.id, receiptTemplateId: template.id, active: true });
    expect(reg.statusCode).toBe(201);
    const res = await admin.post(`/api/receipts/${template.id}/archive`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/A register prints with this template/);
    const listed = (await admin.get('/api/receipts?search=in%20use')).json().data[0];
    expect(listed.registerCount).toBe(1);
  });

  it('answers 404 for a template that does not exist', async () => {
    expect((await admin.get('/api/receipts/99999')).statusCode).toBe(404);
    expect((await admin.post('/api/receipts/99999/archive')).statusCode).toBe(404);
  });

  it('searches and sorts, refusing an unknown sort', async () => {
    const sorted = (await admin.get('/api/receipts?sort=-paperWidth')).json().data;
    expect(sorted[0].paperWidth).toBe(80);
    expect((await admin.get('/api/receipts?sort=secret')).statusCode).toBe(422);
  });

  it('lets a cashier read the template a register prints with, and answers 404 for one that does not exist', async () => {
    const res = await cashier.get('/api/receipts/1');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: 1, name: 'Standard 80 mm', paperWidth: 80, showTaxBreakdown: true });
    expect((await cashier.get('/api/receipts/99999')).statusCode).toBe(404);
  });

  it('lets a cashier read templates (they print with them) but not manage them', async () => {
    expect((await cashier.get('/api/receipts/1')).statusCode).toBe(200);
    expect((await cashier.get('/api/receipts/list')).statusCode).toBe(200);
    expect((await cashier.get('/api/receipts')).statusCode).toBe(403);
    expect((await cashier.post('/api/receipts/create', valid)).statusCode).toBe(403);
    expect((await cashier.post('/api/receipts/1/archive')).statusCode).toBe(403);
    expect((await cashier.post('/api/receipts/1/unarchive')).statusCode).toBe(403);
  });
});
