import { localTimeOf } from '@tillbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { ensureDefaultReceiptTemplate } from '../receipts/service.ts';
import { assignOutlet, insertSale } from './cashbox.fixtures.ts';

let ctx: TestContext;
let admin: TestClient;
let sam: { client: TestClient; user: UserRow };
let kim: { client: TestClient; user: UserRow };
let stranger: TestClient;
type Reg = { id: number; slug: string; name: string; outletId: number };
let till1: Reg;
let till2: Reg;
let till3: Reg;
let harbourTill: Reg;

async function createRegister(name: string, outletId: number, active = true): Promise<Reg> {
  const templateId = (await admin.get('/api/receipts/list')).json().data[0].id;
  return (await admin.post('/api/registers/create', { name, outletId, receiptTemplateId: templateId, active })).json().data;
}

async function cashier(outletId: number) {
  const signedIn = await ctx.signIn('cashier');
  await assignOutlet(ctx.database.db, signedIn.user.id, outletId);
  return signedIn;
}

const open = (client: TestClient, register: Reg, amount = 10000, denominations: Array<{ value: number; count: number }> | null = null) =>
  client.post('/api/cashbox/status', { registerId: register.id, float: { amount, denominations } });

const zeroCount = { cash: { amount: 0 }, card: { amount: 0 }, other: { amount: 0 } };

beforeAll(async () => {
  ctx = await createTestContext();
  await ensureDefaultReceiptTemplate(ctx.database.db);
  admin = (await ctx.signIn('administrator')).client;
  const main = (await admin.get('/api/outlets/list')).json().data[0];
  const harbour = (await admin.post('/api/outlets/create', { name: 'Harbour Road', code: 'HRB', active: true })).json().data;
  till1 = await createRegister('Till 1', main.id);
  till2 = await createRegister('Till 2', main.id);
  till3 = await createRegister('Till 3', main.id);
  harbourTill = await createRegister('Quay till', harbour.id);
  sam = await cashier(main.id);
  kim = await cashier(main.id);
  stranger = (await cashier(harbour.id)).client;
});
afterAll(() => ctx.close());

describe('opening the drawer', () => {
  it('opens with a float counted note by note and tells who opened it, when, and the cash expected', async () => {
    const res = await open(sam.client, till1, 15000, [
      { value: 5000, count: 2 },
      { value: 1000, count: 4 },
      { value: 100, count: 10 },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ registerId: till1.id, isOpen: true, isBlindClose: false });
    const status = (await sam.client.get(`/api/cashbox/status?register=${till1.slug}`)).json().data;
    expect(status.session).toMatchObject({ status: 'open', openedByName: sam.user.name, openingFloat: 15000, expectedCash: 15000, salesCount: 0 });
    // By id as well as by slug.
    expect((await kim.client.get(`/api/cashbox/status?register=${till1.id}`)).json().data.isOpen).toBe(true);
    expect((await sam.client.get(`/api/cashbox/status?register=${till2.slug}`)).json().data).toMatchObject({ isOpen: false, session: null });
  });

  it('refuses a second open of the same register, and a cashier who already holds a drawer', async () => {
    const again = await open(kim.client, till1);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.registerId[0]).toMatch(new RegExp(`^The drawer of Till 1 is already open \\(opened by ${sam.user.name} at \\d\\d:\\d\\d\\)\\.$`));
    // The time is on the shop's clock (Settings › General), whatever the server's zone.
    const openedAt: string = (await sam.client.get(`/api/cashbox/status?register=${till1.slug}`)).json().data.session.openedAt;
    const general = { businessName: 'Tillbook', currency: 'USD', locale: 'en-US' };
    await admin.put('/api/settings/general', { ...general, timeZone: 'Asia/Kolkata' });
    try {
      const inKolkata = (await open(kim.client, till1)).json().errors.registerId[0];
      expect(inKolkata).toBe(`The drawer of Till 1 is already open (opened by ${sam.user.name} at ${localTimeOf(openedAt, 'Asia/Kolkata')}).`);
      expect(localTimeOf(openedAt, 'Asia/Kolkata')).not.toBe(localTimeOf(openedAt, 'UTC'));
    } finally {
      await admin.put('/api/settings/general', { ...general, timeZone: 'UTC' });
    }
    const second = await open(sam.client, till2);
    expect(second.statusCode).toBe(422);
    expect(second.json().errors).toEqual({ registerId: ['You already have the drawer of Till 1 open. Close it before opening another.'] });
  });

  it('lets only one of two simultaneous opens of a register through', async () => {
    const other = await cashier(till3.outletId);
    const results = await Promise.all([open(kim.client, till3), open(other.client, till3)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const winner = results[0]!.statusCode === 201 ? kim : other;
    expect((await winner.client.post(`/api/cashbox/${till3.slug}/close`, { counts: { ...zeroCount, cash: { amount: 10000 } } })).statusCode).toBe(200);
  });

  it('forbids a cashier the registers of another outlet, and refuses unknown or inactive registers', async () => {
    expect((await open(stranger, till2)).statusCode).toBe(403);
    expect((await stranger.get(`/api/cashbox/status?register=${harbourTill.slug}`)).json().data.isOpen).toBe(false);
    expect((await stranger.get(`/api/cashbox/status?register=${till2.slug}`)).statusCode).toBe(403);
    expect((await stranger.post(`/api/cashbox/${till1.slug}/movements`, { kind: 'in', amount: 100, reason: 'x' })).statusCode).toBe(403);
    const unknown = await open(admin, { ...till2, id: 99999 });
    expect(unknown.json().errors).toEqual({ registerId: ['The chosen register does not exist.'] });
    const idle = await createRegister('Spare till', till1.outletId, false);
    const inactive = await open(admin, idle);
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().errors.registerId[0]).toBe('Spare till is inactive. An administrator can activate it again.');
    expect((await admin.get('/api/cashbox/status?register=no-such-till')).statusCode).toBe(404);
  });

  it('answers bad input with 422 on the field', async () => {
    const missing = await sam.client.post('/api/cashbox/status', { float: {} });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['float.amount', 'registerId']);
    const mismatch = await open(kim.client, till2, 5000, [{ value: 1000, count: 4 }]);
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ 'float.amount': ['The amount does not match the notes and coins counted.'] });
    const negative = await sam.client.post(`/api/cashbox/${till1.slug}/movements`, { kind: 'sideways', amount: -5, reason: '' });
    expect(Object.keys(negative.json().errors).sort()).toEqual(['amount', 'kind', 'reason']);
    expect((await sam.client.get('/api/cashbox/status')).json().errors.register).toEqual(['The register field is required.']);
  });
});

describe('during the session and at the close', () => {
  it('records cash in and out with a reason, only on an open drawer and only by its holder', async () => {
    const cashIn = await sam.client.post(`/api/cashbox/${till1.slug}/movements`, { kind: 'in', amount: 1000, reason: 'Change from the bank' });
    expect(cashIn.statusCode).toBe(201);
    expect(cashIn.json().data).toMatchObject({ kind: 'in', amount: 1000, reason: 'Change from the bank', userName: sam.user.name });
    await sam.client.post(`/api/cashbox/${till1.slug}/movements`, { kind: 'out', amount: 2000, reason: 'Cash drop to the safe' });
    const list = (await sam.client.get(`/api/cashbox/${till1.slug}/movements`)).json().data;
    expect(list.map((m: { kind: string; amount: number }) => `${m.kind} ${m.amount}`)).toEqual(['in 1000', 'out 2000']);
    expect((await kim.client.post(`/api/cashbox/${till1.slug}/movements`, { kind: 'out', amount: 100, reason: 'Petty cash' })).statusCode).toBe(403);
    const closed = await kim.client.post(`/api/cashbox/${till2.slug}/movements`, { kind: 'in', amount: 100, reason: 'Float top-up' });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().message).toBe('The drawer of Till 2 is closed. Open it before moving cash in or out.');
  });

  it('closes with expected, counted and over/short per tender, and answers the Z report', async () => {
    const session = (await sam.client.get(`/api/cashbox/status?register=${till1.slug}`)).json().data.session;
    const db = ctx.database.db;
    const vat = { id: 1, name: 'VAT', rateE4: 2000, isInclusive: true, isCompound: false, base: 1000, amount: 200 };
    // Cash 12.00 paid with 20.00 (8.00 change); card 30.00; split 5.00 cash + 10.00 card.
    await insertSale(db, session, { userId: sam.user.id, payments: [{ tender: 'cash', amount: 1200, tendered: 2000, change: 800 }], taxes: [vat] });
    await insertSale(db, session, { userId: sam.user.id, payments: [{ tender: 'card', amount: 3000 }], taxes: [vat], discount: 300 });
    await insertSale(db, session, { userId: sam.user.id, payments: [{ tender: 'cash', amount: 500 }, { tender: 'card', amount: 1000 }] });
    // 150.00 float + 20.00 + 5.00 − 8.00 change + 10.00 in − 20.00 out = 157.00
    const running = (await sam.client.get(`/api/cashbox/status?register=${till1.slug}`)).json().data.session;
    expect(running).toMatchObject({ expectedCash: 15700, salesCount: 3, salesTotal: 5700 });

    const res = await sam.client.post(`/api/cashbox/${till1.slug}/close`, {
      counts: { cash: { amount: 15600, denominations: [{ value: 5000, count: 3 }, { value: 100, count: 6 }] }, card: { amount: 4000 }, other: { amount: 0 } },
      note: 'Busy Saturday',
    });
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report.reconciliation).toEqual([
      { tender: 'cash', expected: 15700, counted: 15600, difference: -100 },
      { tender: 'card', expected: 4000, counted: 4000, difference: 0 },
      { tender: 'other', expected: 0, counted: 0, difference: 0 },
    ]);
    expect(report.session).toMatchObject({ status: 'closed', closedByName: sam.user.name, expectedCash: 15700, difference: -100 });
    expect(report.sales).toEqual({ count: 3, subtotal: 5700, discounts: 300, charges: 0, taxes: 0, total: 5700 });
    expect(report.byTender).toEqual([
      { tender: 'cash', taken: 2500, refunded: 0, change: 800, net: 1700 },
      { tender: 'card', taken: 4000, refunded: 0, change: 0, net: 4000 },
      { tender: 'other', taken: 0, refunded: 0, change: 0, net: 0 },
    ]);
    expect(report.taxes).toEqual([{ name: 'VAT', rateE4: 2000, isInclusive: true, base: 2000, amount: 400, refundedBase: 0, refundedAmount: 0, netBase: 2000, netAmount: 400 }]);
    expect(report).toMatchObject({ cashIn: 1000, cashOut: 2000, note: 'Busy Saturday', closingCount: [{ value: 5000, count: 3 }, { value: 100, count: 6 }] });
    expect(report.openingCount).toHaveLength(3);
    expect(report.movements).toHaveLength(2);

    expect((await sam.client.get(`/api/cashbox/status?register=${till1.slug}`)).json().data.isOpen).toBe(false);
    const again = await sam.client.post(`/api/cashbox/${till1.slug}/close`, { counts: zeroCount });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('The drawer of Till 1 is closed. Open it before closing it.');
    // The stored report reads the same afterwards.
    const stored = (await sam.client.get(`/api/cashbox/${session.id}/report`)).json().data;
    expect(stored.reconciliation).toEqual(report.reconciliation);
  });

  it('refuses a count that does not add up, keeping the drawer open', async () => {
    await open(kim.client, till2, 5000);
    const bad = await kim.client.post(`/api/cashbox/${till2.slug}/close`, {
      counts: { cash: { amount: 100, denominations: [{ value: 500, count: 1 }] }, card: { amount: -1 } },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['counts.card.amount', 'counts.cash.amount', 'counts.other']);
    expect((await kim.client.get(`/api/cashbox/status?register=${till2.slug}`)).json().data.isOpen).toBe(true);
    expect((await sam.client.post(`/api/cashbox/${till2.slug}/close`, { counts: zeroCount })).statusCode).toBe(403);
    expect((await admin.post('/api/cashbox/no-such-till/close', { counts: zeroCount })).statusCode).toBe(404);
  });
});

describe('blind close, lists and reports', () => {
  it('hides the expected figures from a cashier on a blind-close shop, never from an administrator, and shows all after the close', async () => {
    expect((await admin.put('/api/settings/cashbox', { blindClose: true })).statusCode).toBe(200);
    try {
      const status = (await kim.client.get(`/api/cashbox/status?register=${till2.slug}`)).json().data;
      expect(status).toMatchObject({ isOpen: true, isBlindClose: true });
      expect(status.session.expectedCash).toBeNull();
      const sessionId = status.session.id;
      const running = await kim.client.get(`/api/cashbox/${sessionId}/report`);
      expect(running.statusCode).toBe(403);
      expect(running.json().message).toBe('The running figures of this drawer show after the count (blind close).');
      expect((await kim.client.get('/api/cashbox')).json().data[0].expectedCash).toBeNull();
      const adminView = (await admin.get(`/api/cashbox/status?register=${till2.slug}`)).json().data;
      expect(adminView).toMatchObject({ isBlindClose: false, session: { expectedCash: 5000 } });
      expect((await admin.get(`/api/cashbox/${sessionId}/report`)).json().data.reconciliation[0]).toEqual({ tender: 'cash', expected: 5000, counted: null, difference: null });

      const closed = (await kim.client.post(`/api/cashbox/${till2.slug}/close`, { counts: { ...zeroCount, cash: { amount: 5100 } } })).json().data;
      expect(closed.reconciliation[0]).toEqual({ tender: 'cash', expected: 5000, counted: 5100, difference: 100 });
      expect(closed.session.expectedCash).toBe(5000);
    } finally {
      await admin.put('/api/settings/cashbox', { blindClose: false });
    }
  });

  it('lists every session to an administrator and only their own to a cashier', async () => {
    const all = (await admin.get('/api/cashbox?perPage=100')).json();
    expect(all.meta.total).toBeGreaterThanOrEqual(3);
    const samsOwn = (await sam.client.get('/api/cashbox')).json().data;
    expect(samsOwn.map((s: { registerName: string; openedByName: string }) => `${s.registerName} ${s.openedByName}`)).toEqual([`Till 1 ${sam.user.name}`]);
    expect(samsOwn[0]).toMatchObject({ status: 'closed', difference: -100, salesCount: 3, salesTotal: 5700, outletName: 'Main store' });
    const onTill2 = (await admin.get(`/api/cashbox?registerId=${till2.id}`)).json().data;
    expect(onTill2.every((s: { registerId: number }) => s.registerId === till2.id)).toBe(true);
    expect((await admin.get('/api/cashbox?open=1')).json().data).toEqual([]);
    expect((await admin.get('/api/cashbox?sort=float')).statusCode).toBe(422);
    const kimsSession = (await kim.client.get('/api/cashbox')).json().data[0];
    expect((await sam.client.get(`/api/cashbox/${kimsSession.id}/report`)).statusCode).toBe(403);
    expect((await admin.get(`/api/cashbox/${kimsSession.id}/report`)).statusCode).toBe(200);
    expect((await admin.get('/api/cashbox/99999/report')).statusCode).toBe(404);
  });

  it('shows each register’s drawer state in the register list', async () => {
    await open(sam.client, till1, 2000);
    const rows = (await sam.client.get('/api/registers?perPage=100')).json().data as Array<{ slug: string; drawer: unknown }>;
    expect(rows.find((r) => r.slug === till1.slug)?.drawer).toMatchObject({ isOpen: true, openedByName: sam.user.name });
    expect(rows.find((r) => r.slug === till2.slug)?.drawer).toBeNull();
    expect((await admin.get('/api/registers?perPage=100')).json().meta.total).toBe(5);
  });
});
