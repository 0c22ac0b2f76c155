import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvals, auditLog, orders, stockLevels, users } from '../../db/schema/index.ts';
import { hashSecret } from '../../lib/passwords.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { openDrawer, saleBody, seedSaleShop, type SaleShop } from './sale.fixtures.ts';

/** Issue 16 at the till: discounts and prices beyond a cashier's rights need a manager's approval. */
let ctx: TestContext;
let shop: SaleShop;
let approverName: string;

const rights = { refundUpTo: 0, discountUpToE4: 100_000, priceOverride: false, noSale: false, closeDifferenceUpTo: 500 };
const pin = (secret = '4321') => ({ approverId: shop.adminId, pin: secret });

async function setRights(changes: Partial<typeof rights>) {
  expect((await shop.admin.put('/api/settings/cashier-rights', { ...rights, ...changes })).statusCode).toBe(200);
}

/** A mug (8.00, no tax) with a line discount and/or a price, paid in cash with `total`. */
function mugSale(total: number, line: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const body = saleBody(shop.till.id, [[shop.mug.variantId, 1]], total, extra);
  return { ...body, lines: [{ ...body.lines[0], ...line }] };
}

const sell = (client: TestClient, body: unknown) => client.post('/api/orders/create', body);

async function orderOf(uuid: string) {
  const [row] = await ctx.database.db.select().from(orders).where(eq(orders.uuid, uuid));
  return row;
}

async function lastAudit(action: string) {
  const [row] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1);
  return row;
}

const approvalCount = async () => (await ctx.database.db.select({ id: approvals.id }).from(approvals)).length;

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  await ctx.database.db.update(users).set({ pinHash: await hashSecret('4321') }).where(eq(users.id, shop.adminId));
  await openDrawer(ctx.database.db, shop.till, shop.main.id, shop.cashierId);
  // Enough mugs for every sale of this file.
  await ctx.database.db.update(stockLevels).set({ quantity: 100 }).where(eq(stockLevels.variantId, shop.mug.variantId));
  approverName = (await shop.admin.get('/api/approvals/approvers')).json().data.find((a: { id: number }) => a.id === shop.adminId).name;
  await setRights({});
});
afterAll(() => ctx.close());

describe('discounts at the till', () => {
  it('lets a cashier give a discount within the shop’s right alone, and audits it', async () => {
    const body = mugSale(720, { discount: { kind: 'percentage', rateE4: 100_000 } });
    const sold = await sell(shop.cashier, body);
    expect(sold.statusCode).toBe(201);
    const number = sold.json().data.number;
    expect((await orderOf(body.uuid))?.approvalId).toBeNull();
    const audit = await lastAudit('sale.discount');
    expect(audit).toMatchObject({ summary: `Discount 10 % on Mug on ${number}`, approvedById: null, subjectId: String(sold.json().data.id), registerId: shop.till.id });
  });

  it('stores no audit row for a sale without manual discounts', async () => {
    const before = await lastAudit('sale.discount');
    expect((await sell(shop.cashier, mugSale(800, {}))).statusCode).toBe(201);
    expect((await lastAudit('sale.discount'))?.id).toBe(before?.id);
  });

  it('asks a manager for a discount above the right, saying why, and stores nothing', async () => {
    const body = mugSale(600, { discount: { kind: 'percentage', rateE4: 250_000 } });
    const refused = await sell(shop.cashier, body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.approval).toEqual(['A discount of 25 % on Mug is above the 10 % a cashier may give.']);
    expect(await orderOf(body.uuid)).toBeUndefined();
  });

  it('counts an amount off the sale as its share of the sale', async () => {
    const refused = await sell(shop.cashier, mugSale(600, {}, { orderDiscount: { kind: 'amount', amount: 200 } }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.approval).toEqual(['A discount of 25 % on the sale is above the 10 % a cashier may give.']);
  });

  it('refuses a wrong PIN on approval.pin and stores no order', async () => {
    const approvalsBefore = await approvalCount();
    const body = mugSale(600, { discount: { kind: 'percentage', rateE4: 250_000 } }, { approval: pin('0000') });
    const refused = await sell(shop.cashier, body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['approval.pin']).toEqual(['The PIN does not match.']);
    expect(await orderOf(body.uuid)).toBeUndefined();
    expect(await approvalCount()).toBe(approvalsBefore);
  });

  it('stores the sale with the approval, who asked and who approved, and the audit row; a retry needs no second approval', async () => {
    const body = mugSale(600, { discount: { kind: 'percentage', rateE4: 250_000 } }, { approval: pin() });
    const sold = await sell(shop.cashier, body);
    expect(sold.statusCode).toBe(201);
    const order = sold.json().data;
    expect(order.lines[0]).toMatchObject({ discount: 200, total: 600 });
    const stored = await orderOf(body.uuid);
    expect(stored?.approvalId).not.toBeNull();
    const [approval] = await ctx.database.db.select().from(approvals).where(eq(approvals.id, stored!.approvalId!));
    expect(approval).toMatchObject({ action: 'discount', requestedBy: shop.cashierId, approvedBy: shop.adminId, method: 'pin', registerId: shop.till.id, amount: 250_000 });
    expect(approval!.detail).toBe('A discount of 25 % on Mug is above the 10 % a cashier may give.');
    const audit = await lastAudit('sale.discount');
    expect(audit).toMatchObject({ summary: `Discount 25 % on Mug on ${order.number}, approved by ${approverName}`, approvedById: shop.adminId, approvedByName: approverName });
    // The back office's order page says who approved and how.
    const detail = await shop.admin.get(`/api/orders/${order.id}`);
    expect(detail.json().data.approval).toMatchObject({ id: stored!.approvalId, approverName, method: 'pin' });

    const approvalsBefore = await approvalCount();
    const again = await sell(shop.cashier, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(order.id);
    // Sent again without the approval (the answer was lost before the manager's PIN was kept).
    const retried = await sell(shop.cashier, { ...body, approval: undefined });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.id).toBe(order.id);
    expect(await approvalCount()).toBe(approvalsBefore);
  });

  it('never asks an administrator', async () => {
    const body = mugSale(400, { discount: { kind: 'percentage', rateE4: 500_000 } }, { orderDiscount: null });
    const sold = await sell(shop.admin, body);
    expect(sold.statusCode).toBe(201);
    expect((await orderOf(body.uuid))?.approvalId).toBeNull();
    expect((await lastAudit('sale.discount'))?.summary).toBe(`Discount 50 % on Mug on ${sold.json().data.number}`);
  });
});

describe('price overrides at the till', () => {
  it('prices the line at the new price, taxes included, and asks a manager without the right', async () => {
    // The shirt: 25.00 + 20 % in the catalogue, sold at 20.00 + 20 % = 24.00.
    const body = saleBody(shop.till.id, [[shop.shirt.variantId, 1]], 2400);
    const line = { ...body.lines[0], unitPrice: 2000 };
    const refused = await sell(shop.cashier, { ...body, lines: [line] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.approval).toEqual(['Changing the price of Linen shirt — M / Blue needs a manager.']);
    expect(await orderOf(body.uuid)).toBeUndefined();

    const sold = await sell(shop.cashier, { ...body, lines: [line], approval: pin() });
    expect(sold.statusCode).toBe(201);
    const order = sold.json().data;
    expect(order.lines[0]).toMatchObject({ unitPrice: 2000, gross: 2000, taxTotal: 400, total: 2400 });
    const [approval] = await ctx.database.db.select().from(approvals).where(eq(approvals.id, (await orderOf(body.uuid))!.approvalId!));
    expect(approval).toMatchObject({ action: 'price_override', requestedBy: shop.cashierId, approvedBy: shop.adminId, amount: 2000 });
    const audit = await lastAudit('sale.price_override');
    expect(audit).toMatchObject({
      summary: `Price changed on ${order.number}: Linen shirt — M / Blue $25.00 → $20.00, approved by ${approverName}`,
      approvedById: shop.adminId,
      before: { lines: [{ title: 'Linen shirt — M / Blue', line: 0, unitPrice: 2500 }] },
      after: { lines: [{ title: 'Linen shirt — M / Blue', line: 0, unitPrice: 2000 }] },
    });
    // The receipt shows the price it was sold at.
    const receipt = await shop.cashier.get(`/api/orders/${order.id}/receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('20.00');
  });

  it('lets a cashier change a price alone when the shop allows it', async () => {
    await setRights({ priceOverride: true });
    try {
      const body = mugSale(500, { unitPrice: 500 });
      const sold = await sell(shop.cashier, body);
      expect(sold.statusCode).toBe(201);
      expect(sold.json().data.lines[0]).toMatchObject({ unitPrice: 500, total: 500 });
      expect((await orderOf(body.uuid))?.approvalId).toBeNull();
      expect(await lastAudit('sale.price_override')).toMatchObject({ summary: `Price changed on ${sold.json().data.number}: Mug $8.00 → $5.00`, approvedById: null });
    } finally {
      await setRights({});
    }
  });

  it('takes a price equal to the catalogue’s as no change, and refuses a total priced otherwise', async () => {
    expect((await sell(shop.cashier, mugSale(800, { unitPrice: 800 }))).statusCode).toBe(201);
    const wrong = await sell(shop.cashier, mugSale(800, { unitPrice: 700 }, { approval: pin() }));
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['total']);
  });

  it('answers a retried sale with a different price as a different sale', async () => {
    await setRights({ priceOverride: true });
    try {
      const body = { ...mugSale(500, { unitPrice: 500 }), uuid: randomUUID() };
      expect((await sell(shop.cashier, body)).statusCode).toBe(201);
      const other = { ...body, lines: [{ ...body.lines[0], unitPrice: 400 }], total: 400, payments: [{ tender: 'cash', amount: 500 }] };
      expect((await sell(shop.cashier, other)).statusCode).toBe(409);
    } finally {
      await setRights({});
    }
  });
});
