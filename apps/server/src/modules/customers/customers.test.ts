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

let counter = 0;
function input(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `Ada Lovelace ${counter}`,
    email: `ada${counter}@example.test`,
    phone: `+44 20 7946 ${String(counter).padStart(4, '0')}`,
    address: '12 Analytical Row',
    birthday: '1990-12-10',
    marketingConsent: false,
    ...overrides,
  };
}

async function createCustomer(overrides: Record<string, unknown> = {}) {
  const res = await admin.post('/api/customers/create', input(overrides));
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; name: string; email: string; phone: string };
}

describe('customers', () => {
  it('creates a customer with zero points, spend and orders', async () => {
    const res = await admin.post('/api/customers/create', input({ email: 'Grace@Example.TEST' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ email: 'grace@example.test', pointsBalance: 0, totalSpent: 0, orderCount: 0, birthday: '1990-12-10' });
    expect(res.json().data).not.toHaveProperty('phoneDigits');
  });

  it('refuses bad input with 422 on each field', async () => {
    const bad = await admin.post('/api/customers/create', { name: ' ', email: 'nope', phone: 'call me', birthday: '2999-01-01', marketingConsent: 'yes' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      name: ['The name field is required.'],
      email: ['The e-mail address must be a valid e-mail address.'],
      phone: ['The phone number must contain digits.'],
      birthday: ['The birthday may not be in the future.'],
      marketingConsent: ['The marketing consent field must be true or false.'],
    });
    const badDate = await admin.post('/api/customers/create', input({ birthday: '1990-02-31' }));
    expect(badDate.json().errors).toEqual({ birthday: ['The birthday must be a date like 1990-05-31.'] });
  });

  it('refuses a duplicate e-mail or phone (same digits), naming the customer who has it', async () => {
    await createCustomer({ name: 'Margaret Hamilton', email: 'margaret@example.test', phone: '+1 (555) 010-2000' });
    const dup = await admin.post('/api/customers/create', input({ email: 'MARGARET@example.test', phone: '15550102000' }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({
      email: ['This e-mail address belongs to Margaret Hamilton.'],
      phone: ['This phone number belongs to Margaret Hamilton.'],
    });
  });

  it('edits a customer by /{id}/edit and by /edit with the id in the body', async () => {
    const created = await createCustomer();
    const res = await admin.put(`/api/customers/${created.id}/edit`, { ...input(), name: 'Renamed Once', email: created.email, phone: created.phone });
    expect(res.statusCode).toBe(200);
    const again = await admin.put('/api/customers/edit', { ...input(), id: created.id, name: 'Renamed Twice', email: created.email, phone: '' });
    expect(again.statusCode).toBe(200);
    expect((await admin.get(`/api/customers/${created.id}/edit`)).json().data).toMatchObject({ name: 'Renamed Twice', phone: null });
    expect((await admin.get('/api/customers/99999/edit')).statusCode).toBe(404);
  });

  it('searches by name, e-mail or phone digits, filters and sorts', async () => {
    await createCustomer({ name: 'Zora Neale', email: null, phone: '(555) 777-1234', marketingConsent: true });
    const byPhone = (await admin.get('/api/customers?search=5557771234')).json().data;
    expect(byPhone.map((c: { name: string }) => c.name)).toEqual(['Zora Neale']);
    expect((await admin.get('/api/customers?search=zora')).json().meta.total).toBe(1);
    // The digit in a name search is not read as a phone number (it would match every phone with a 4).
    await createCustomer({ name: 'Maya Fisher 4', email: 'maya.fisher@example.test', phone: '(555) 444-0000' });
    const byName = (await admin.get('/api/customers?search=Maya%20Fisher%204')).json().data;
    expect(byName.map((c: { name: string }) => c.name)).toEqual(['Maya Fisher 4']);
    const noEmail = (await admin.get('/api/customers?hasEmail=0')).json().data;
    expect(noEmail.map((c: { name: string }) => c.name)).toEqual(['Zora Neale']);
    const consenting = (await admin.get('/api/customers?marketingConsent=1')).json().data;
    expect(consenting.every((c: { marketingConsent: boolean }) => c.marketingConsent)).toBe(true);
    const sorted = (await admin.get('/api/customers?sort=-name&perPage=1')).json().data;
    expect(sorted[0].name).toBe('Zora Neale');
    expect((await admin.get('/api/customers?sort=phone')).statusCode).toBe(422);
  });

  it('answers orders and comments with honest empty lists', async () => {
    const created = await createCustomer();
    expect((await cashier.get(`/api/customers/${created.id}/orders`)).json()).toEqual({ data: [], meta: { page: 1, perPage: 25, total: 0, lastPage: 1 } });
    expect((await cashier.get(`/api/customers/${created.id}/comments`)).json()).toEqual({ data: [] });
  });

  it('exports the filtered customers as CSV with spreadsheet-safe cells', async () => {
    await createCustomer({ name: '=Formula, Person', email: 'formula@example.test', marketingConsent: true });
    const res = await admin.get('/api/customers/export?search=formula');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('name,email,phone,address,birthday,marketing_consent,points,total_spent,orders,created_at');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^"'=Formula, Person",formula@example\.test,.*,yes,0,0\.00,0,/);
    expect((await cashier.get('/api/customers/export')).statusCode).toBe(403);
  });

  it('bulk sets marketing consent and deletes', async () => {
    const a = await createCustomer();
    const b = await createCustomer();
    const consent = await admin.post('/api/customers/update', { ids: [a.id, b.id], action: 'setMarketingConsent', values: { marketingConsent: true } });
    expect(consent.json().data.affected).toBe(2);
    expect((await admin.get(`/api/customers/${a.id}/edit`)).json().data.marketingConsent).toBe(true);
    expect((await cashier.post('/api/customers/update', { ids: [a.id], action: 'delete' })).statusCode).toBe(403);
    expect((await admin.post('/api/customers/update', { ids: [a.id, b.id], action: 'delete' })).json().data.affected).toBe(2);
    expect((await admin.get(`/api/customers/${a.id}/edit`)).statusCode).toBe(404);
  });
});

describe('cashiers and customers', () => {
  it('lets a cashier list, create and edit customers', async () => {
    expect((await cashier.get('/api/customers')).statusCode).toBe(200);
    const created = await cashier.post('/api/customers/create', input({ name: 'Walk In' }));
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const edited = await cashier.put(`/api/customers/${id}/edit`, { ...input(), name: 'Walk In Regular' });
    expect(edited.statusCode).toBe(200);
  });

  it('refuses a cashier deleting a customer or adjusting points (403)', async () => {
    const created = await createCustomer();
    expect((await cashier.delete(`/api/customers/${created.id}`)).statusCode).toBe(403);
    expect((await cashier.post(`/api/customers/${created.id}/points`, { delta: 10, reason: 'Nice' })).statusCode).toBe(403);
    expect((await admin.delete(`/api/customers/${created.id}`)).statusCode).toBe(204);
  });
});

describe('customer notes', () => {
  it('lets a cashier add and list notes, and toggles print-on-receipt', async () => {
    const created = await createCustomer();
    const note = await cashier.post(`/api/customers/${created.id}/notes`, { body: 'Prefers paper bags.', printOnReceipt: false });
    expect(note.statusCode).toBe(201);
    expect(note.json().data).toMatchObject({ body: 'Prefers paper bags.', printOnReceipt: false });
    expect(note.json().data.userName).toMatch(/Test cashier/);
    const toggled = await cashier.put(`/api/customers/${created.id}/notes/${note.json().data.id}/receipt`, { printOnReceipt: true });
    expect(toggled.json().data.printOnReceipt).toBe(true);
    const list = (await cashier.get(`/api/customers/${created.id}/notes`)).json().data;
    expect(list).toHaveLength(1);
    expect(list[0].printOnReceipt).toBe(true);
  });

  it('refuses an empty or over-long note', async () => {
    const created = await createCustomer();
    const empty = await admin.post(`/api/customers/${created.id}/notes`, { body: '' });
    expect(empty.json().errors).toEqual({ body: ['The note field is required.'] });
    const long = await admin.post(`/api/customers/${created.id}/notes`, { body: 'x'.repeat(2001) });
    expect(long.json().errors).toEqual({ body: ['The note may not be longer than 2000 characters.'] });
  });

  it('lets a cashier delete only their own notes; an administrator any', async () => {
    const created = await createCustomer();
    const byAdmin = (await admin.post(`/api/customers/${created.id}/notes`, { body: 'From the office.' })).json().data;
    const byCashier = (await cashier.post(`/api/customers/${created.id}/notes`, { body: 'From the till.' })).json().data;
    expect((await cashier.delete(`/api/customers/${created.id}/notes/${byAdmin.id}`)).statusCode).toBe(403);
    expect((await cashier.delete(`/api/customers/${created.id}/notes/${byCashier.id}`)).statusCode).toBe(204);
    expect((await admin.delete(`/api/customers/${created.id}/notes/${byAdmin.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/customers/${created.id}/notes`)).json().data).toEqual([]);
  });
});

describe('customer points', () => {
  it('adjusts points through the ledger and never below zero', async () => {
    const created = await createCustomer();
    const add = await admin.post(`/api/customers/${created.id}/points`, { delta: 120, reason: 'Welcome bonus' });
    expect(add.statusCode).toBe(200);
    expect(add.json().data).toMatchObject({ pointsBalance: 120, entry: { delta: 120, balanceAfter: 120, kind: 'adjusted', reason: 'Welcome bonus' } });
    await admin.post(`/api/customers/${created.id}/points`, { delta: -20, reason: 'Correction' });
    const tooMuch = await admin.post(`/api/customers/${created.id}/points`, { delta: -101, reason: 'Too much' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual({ delta: ['The points balance may not go below zero.'] });
    const ledger = (await cashier.get(`/api/customers/${created.id}/points`)).json();
    expect(ledger.data.map((e: { delta: number; balanceAfter: number }) => [e.delta, e.balanceAfter])).toEqual([
      [-20, 100],
      [120, 120],
    ]);
    expect((await admin.get(`/api/customers/${created.id}/edit`)).json().data.pointsBalance).toBe(100);
  });

  it('requires a non-zero whole number and a reason', async () => {
    const created = await createCustomer();
    const bad = await admin.post(`/api/customers/${created.id}/points`, { delta: 0, reason: '' });
    expect(bad.json().errors).toEqual({ delta: ['The points may not be zero.'], reason: ['The reason field is required.'] });
    const fraction = await admin.post(`/api/customers/${created.id}/points`, { delta: 1.5, reason: 'Half' });
    expect(fraction.json().errors).toEqual({ delta: ['The points must be a whole number.'] });
  });
});
