import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvals, auditLog, cashboxSessions, drawerOpenings, users } from '../../db/schema/index.ts';
import { hashSecret } from '../../lib/passwords.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';

/** Issue 16 at the drawer: closing with a difference beyond the cashier's right, "No sale", and the audit rows. */
let ctx: TestContext;
let shop: SaleShop;
let cashier: TestClient;
let admin: TestClient;
let approverName: string;

const SLUG = 'main-till-1';
const rights = { refundUpTo: 0, discountUpToE4: 100_000, priceOverride: false, noSale: false, closeDifferenceUpTo: 500 };
const pinOf = (pin: string, approverId = shop.adminId) => ({ approverId, pin });

const openDrawer = (client: TestClient, amount = 10_000) => client.post('/api/cashbox/status', { registerId: shop.till.id, float: { amount } });
const closeWith = (client: TestClient, cash: number, approval?: unknown) =>
  client.post(`/api/cashbox/${SLUG}/close`, { counts: { cash: { amount: cash }, card: { amount: 0 }, other: { amount: 0 } }, ...(approval ? { approval } : {}) });
const noSale = (client: TestClient, approval?: unknown) => client.post(`/api/cashbox/${SLUG}/no-sale`, { reason: 'Give change', ...(approval ? { approval } : {}) });

async function openSession(): Promise<number> {
  const opened = await openDrawer(cashier);
  expect(opened.statusCode).toBe(201);
  return opened.json().data.session.id;
}

async function sessionRow(id: number) {
  const [row] = await ctx.database.db.select().from(cashboxSessions).where(eq(cashboxSessions.id, id));
  return row!;
}

async function auditRows(action: string, registerId = shop.till.id) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.registerId, registerId)))
    .orderBy(desc(auditLog.id));
}

async function setRights(changes: Partial<typeof rights>) {
  expect((await admin.put('/api/settings/cashier-rights', { ...rights, ...changes })).statusCode).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  cashier = shop.cashier;
  admin = shop.admin;
  await ctx.database.db.update(users).set({ pinHash: await hashSecret('4321') }).where(eq(users.id, shop.adminId));
  approverName = (await admin.get('/api/approvals/approvers')).json().data.find((a: { id: number }) => a.id === shop.adminId).name;
  await setRights({});
});
afterAll(() => ctx.close());

describe('closing a drawer with a difference', () => {
  it('lets a cashier close alone within the shop’s limit, and audits the close per tender', async () => {
    const id = await openSession();
    const closed = await closeWith(cashier, 10_000 - 500);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({ approvedBy: null, noSales: 0, session: { status: 'closed', difference: -500 } });
    expect((await sessionRow(id)).closeApprovalId).toBeNull();
    const [audit] = await auditRows('cashbox.close');
    expect(audit).toMatchObject({ subjectId: String(id), outletId: shop.main.id, approvedById: null });
    expect(audit!.summary).toBe('Closed the drawer of Till 1 with a difference of -$5.00');
    expect((audit!.after as { reconciliation: unknown[] }).reconciliation).toContainEqual({ tender: 'cash', expected: 10_000, counted: 9_500, difference: -500 });
  });

  it('asks a manager when the count is off by more, saying by how much, and closes nothing', async () => {
    const id = await openSession();
    const refused = await closeWith(cashier, 10_000 - 750);
    expect(refused.statusCode).toBe(422);
    const message = refused.json().errors.approval[0];
    expect(message).toContain('-$7.50');
    expect(message).toContain('A manager must approve the close.');
    expect((await sessionRow(id)).status).toBe('open');
  });

  it('refuses a wrong PIN on approval.pin and keeps the drawer open', async () => {
    const refused = await closeWith(cashier, 9_250, pinOf('0000'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['approval.pin']).toEqual(['The PIN does not match.']);
    expect((await cashier.get(`/api/cashbox/status?register=${SLUG}`)).json().data.isOpen).toBe(true);
  });

  it('closes with the manager’s PIN: the approval is stored with the close, the report and the audit', async () => {
    const { id } = (await cashier.get(`/api/cashbox/status?register=${SLUG}`)).json().data.session;
    const closed = await closeWith(cashier, 9_250, pinOf('4321'));
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data.approvedBy).toBe(approverName);
    const session = await sessionRow(id);
    expect(session.status).toBe('closed');
    const [approval] = await ctx.database.db.select().from(approvals).where(eq(approvals.id, session.closeApprovalId!));
    expect(approval).toMatchObject({ action: 'drawer_difference', requestedBy: shop.cashierId, approvedBy: shop.adminId, method: 'pin', amount: 750, detail: 'Close Till 1 with a difference of -$7.50' });
    const [audit] = await auditRows('cashbox.close');
    expect(audit).toMatchObject({ subjectId: String(id), approvedById: shop.adminId, approvedByName: approverName });
    expect((await admin.get(`/api/cashbox/${id}/report`)).json().data.approvedBy).toBe(approverName);
  });

  it('does not tell a blind-close cashier how far off the count is', async () => {
    expect((await admin.put('/api/settings/cashbox', { blindClose: true })).statusCode).toBe(200);
    await openSession();
    const refused = await closeWith(cashier, 12_345);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.approval).toEqual([
      'The count differs from what the drawer should hold by more than the shop allows. A manager must approve the close.',
    ]);
    expect(refused.body).not.toContain('23.45');
    expect((await closeWith(cashier, 12_345, pinOf('4321'))).statusCode).toBe(200);
    expect((await admin.put('/api/settings/cashbox', { blindClose: false })).statusCode).toBe(200);
  });

  it('lets an administrator close beyond the limit without an approval', async () => {
    expect((await openDrawer(admin)).statusCode).toBe(201);
    const closed = await closeWith(admin, 0);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data.approvedBy).toBeNull();
  });
});

describe('No sale', () => {
  it('is refused on a closed drawer, as cash movements are', async () => {
    const refused = await noSale(cashier);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.register[0]).toContain('is closed');
  });

  it('needs a reason', async () => {
    await openSession();
    const refused = await cashier.post(`/api/cashbox/${SLUG}/no-sale`, { reason: '  ' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.reason).toBeDefined();
  });

  it('asks a manager when the shop does not let cashiers open the drawer alone, then keeps the approval', async () => {
    const refused = await noSale(cashier);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.approval).toEqual(['Opening the drawer without a sale needs a manager’s approval.']);
    const approved = await noSale(cashier, pinOf('4321'));
    expect(approved.statusCode).toBe(201);
    expect(approved.json().data).toMatchObject({ reason: 'Give change', approvedByName: approverName });
    const [opening] = await ctx.database.db.select().from(drawerOpenings).where(eq(drawerOpenings.id, approved.json().data.id));
    const [approval] = await ctx.database.db.select().from(approvals).where(eq(approvals.id, opening!.approvalId!));
    expect(approval).toMatchObject({ action: 'no_sale', requestedBy: shop.cashierId, approvedBy: shop.adminId });
    const [audit] = await auditRows('cashbox.no_sale');
    expect(audit).toMatchObject({ approvedByName: approverName, outletId: shop.main.id, summary: 'No sale on Till 1: Give change' });
  });

  it('opens without an approval when the right allows it, and the X report counts the openings', async () => {
    await setRights({ noSale: true });
    const opened = await noSale(cashier);
    expect(opened.statusCode).toBe(201);
    expect(opened.json().data.approvedByName).toBeNull();
    const { id } = (await cashier.get(`/api/cashbox/status?register=${SLUG}`)).json().data.session;
    expect((await cashier.get(`/api/cashbox/${id}/report`)).json().data.noSales).toBe(2);
    await setRights({});
  });
});

describe('the drawer’s audit rows', () => {
  it('records the float, cash in and out, with the register and outlet', async () => {
    expect((await cashier.post(`/api/cashbox/${SLUG}/movements`, { kind: 'in', amount: 2_000, reason: 'Float top-up' })).statusCode).toBe(201);
    expect((await cashier.post(`/api/cashbox/${SLUG}/movements`, { kind: 'out', amount: 1_500, reason: 'Petty cash' })).statusCode).toBe(201);
    const [open] = await auditRows('cashbox.open');
    expect(open).toMatchObject({ userId: shop.cashierId, outletId: shop.main.id, after: { openingFloat: 10_000 }, summary: 'Opened the drawer of Till 1 with a float of $100.00' });
    const [cashIn] = await auditRows('cashbox.cash_in');
    expect(cashIn).toMatchObject({ after: { amount: 2_000, reason: 'Float top-up' }, summary: '$20.00 put into the drawer of Till 1: Float top-up' });
    const [cashOut] = await auditRows('cashbox.cash_out');
    expect(cashOut).toMatchObject({ after: { amount: 1_500, reason: 'Petty cash' }, outletId: shop.main.id });
    expect((await closeWith(cashier, 10_500)).statusCode).toBe(200);
  });
});

describe('approval attempts', () => {
  it('are throttled: after five wrong PINs even the right one waits', async () => {
    await openSession();
    for (let i = 0; i < 5; i += 1) expect((await noSale(cashier, pinOf('1111'))).statusCode).toBe(422);
    const throttled = await noSale(cashier, pinOf('4321'));
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
    expect(await ctx.database.db.select().from(drawerOpenings).where(eq(drawerOpenings.registerId, shop.till.id))).toHaveLength(2);
  });
});
