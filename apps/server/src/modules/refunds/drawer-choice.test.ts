import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundPayments } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { closeDrawer, openDrawer, saleBody, seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';

let ctx: TestContext;
let shop: SaleShop;
let tillSession: number;
let harbourSession: number;

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  tillSession = await openDrawer(ctx.database.db, shop.till, shop.main.id, shop.cashierId);
  // The administrator holds Harbour till's drawer: before, a refund fell back on the refunder's own drawer.
  harbourSession = await openDrawer(ctx.database.db, shop.harbourTill, shop.harbour.id, shop.adminId);
});
afterAll(() => ctx.close());

type Sold = { id: number; lines: Array<{ id: number }> };

async function sell(payments: Array<{ tender: string; amount: number }> = [{ tender: 'cash', amount: 800 }]): Promise<Sold> {
  const res = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { payments }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const refundMug = (order: Sold, extra: Record<string, unknown> = {}) =>
  shop.admin.post(`/api/orders/${order.id}/refunds`, { reason: 'Chipped', lines: [{ orderLineId: order.lines[0]!.id, quantity: 1, restock: false }], ...extra });
const expectedCashOf = async (register: { id: number }) => (await shop.admin.get(`/api/cashbox/status?register=${register.id}`)).json().data.session?.expectedCash;

describe('the drawer a cash refund comes out of', () => {
  it('is the sale’s register’s drawer while it is open', async () => {
    const order = await sell();
    const [till, harbour] = [await expectedCashOf(shop.till), await expectedCashOf(shop.harbourTill)];
    const res = await refundMug(order);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.cashboxSessionId).toBe(tillSession);
    expect(await expectedCashOf(shop.till)).toBe(till - 800);
    expect(await expectedCashOf(shop.harbourTill)).toBe(harbour);
  });

  it('is asked for when the sale’s register is closed: no other drawer silently pays', async () => {
    const order = await sell();
    await closeDrawer(ctx.database.db, tillSession);
    try {
      const harbour = await expectedCashOf(shop.harbourTill);
      const asked = await refundMug(order);
      expect(asked.statusCode).toBe(422);
      expect(asked.json().errors.cashboxSessionId).toEqual([
        'The drawer of Till 1 is closed. Choose the open drawer that pays the cash, or record the refund as paid outside a drawer.',
      ]);
      expect(await expectedCashOf(shop.harbourTill)).toBe(harbour);

      const closedChosen = await refundMug(order, { cashboxSessionId: tillSession });
      expect(closedChosen.statusCode).toBe(422);
      expect(closedChosen.json().errors.cashboxSessionId).toEqual(['The drawer of Till 1 is closed. Choose an open drawer, or record the refund as paid outside a drawer.']);
      const unknown = await refundMug(order, { cashboxSessionId: 987_654 });
      expect(unknown.json().errors.cashboxSessionId).toEqual(['The chosen drawer does not exist.']);

      const chosen = await refundMug(order, { cashboxSessionId: harbourSession });
      expect(chosen.statusCode, chosen.body).toBe(201);
      expect(chosen.json().data.cashboxSessionId).toBe(harbourSession);
      expect(await expectedCashOf(shop.harbourTill)).toBe(harbour - 800);
      const rows = await ctx.database.db.select().from(refundPayments).where(eq(refundPayments.refundId, chosen.json().data.id));
      expect(rows.map((r) => [r.tender, r.cashboxSessionId])).toEqual([['cash', harbourSession]]);
    } finally {
      tillSession = await openDrawer(ctx.database.db, shop.till, shop.main.id, shop.cashierId);
    }
  });

  it('can be none: cash paid outside a drawer changes no drawer', async () => {
    const order = await sell();
    const [till, harbour] = [await expectedCashOf(shop.till), await expectedCashOf(shop.harbourTill)];
    const res = await refundMug(order, { cashboxSessionId: null });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.cashboxSessionId).toBeNull();
    expect(res.json().data.payments).toEqual([expect.objectContaining({ tender: 'cash', amount: 800 })]);
    expect(await expectedCashOf(shop.till)).toBe(till);
    expect(await expectedCashOf(shop.harbourTill)).toBe(harbour);
  });

  it('is only chosen for cash: a card refund naming a drawer is refused on the field', async () => {
    const order = await sell([{ tender: 'card', amount: 800 }]);
    const res = await refundMug(order, { cashboxSessionId: harbourSession });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cashboxSessionId).toEqual(['Only cash comes out of a drawer, and this refund pays nothing back in cash.']);
    const bad = await refundMug(order, { cashboxSessionId: 'Till 2' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['cashboxSessionId']);
    // Left out, a card refund is still counted in the sale's register's open drawer for its Z report.
    const plain = await refundMug(order);
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().data.cashboxSessionId).toBe(tillSession);
  });
});
