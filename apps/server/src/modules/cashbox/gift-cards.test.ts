import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { openDrawer, saleBody, seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';

/**
 * Gift cards in the drawer's X and Z reports (decision 024). On a drawer opened with 100.00:
 * S1 sells a mug (8.00) and a 25.00 gift card, 40.00 cash tendered and 7.00 change; S2 sells a
 * shirt (30.00), 10.00 paid with that card and 20.00 in cash; the cashier then takes the shirt back
 * at the till: 20.00 in cash out of the drawer and 10.00 back onto the card.
 */
let ctx: TestContext;
let shop: SaleShop;
let sessionId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  sessionId = await openDrawer(ctx.database.db, shop.till, shop.main.id, shop.cashierId, 10_000);
  await ctx.database.db.execute(sql`update stock_levels set quantity = 1000`);
  const rights = { refundUpTo: 10_000, discountUpToE4: 0, priceOverride: false, noSale: false, closeDifferenceUpTo: 0 };
  expect((await shop.admin.put('/api/settings/cashier-rights', rights)).statusCode).toBe(200);
  const sell = async (body: Record<string, unknown>) => {
    const res = await shop.cashier.post('/api/orders/create', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  await sell(saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { giftCards: [{ code: '9100000000001234', amount: 2500 }], payments: [{ tender: 'cash', amount: 4000 }] }));
  const shirt = await sell(saleBody(shop.till.id, [[shop.shirt.variantId, 1]], 3000, { giftCardPayments: [{ code: '9100000000001234', amount: 1000 }], payments: [{ tender: 'cash', amount: 2000 }] }));
  const back = await shop.cashier.post(`/api/orders/${shirt.id}/refunds`, { reason: 'Too small', lines: [{ orderLineId: shirt.lines[0].id, quantity: 1, restock: true }] });
  expect(back.statusCode, back.body).toBe(201);
  expect(back.json().data).toMatchObject({ cashboxSessionId: sessionId, giftCard: 1000 });
});
afterAll(() => ctx.close());

describe('gift cards in the drawer’s reports', () => {
  it('counts the cash taken for a card sold in the expected cash, and shows cards sold, paid with and put back apart', async () => {
    const x = (await shop.admin.get(`/api/cashbox/${sessionId}/report`)).json().data;
    // 100.00 float + 40.00 + 20.00 tendered − 7.00 change − 20.00 refunded = 133.00: the card's 25.00 is in the drawer.
    expect(x.session).toMatchObject({ expectedCash: 13_300, salesCount: 2, salesTotal: 3800 });
    expect(x.byTender[0]).toEqual({ tender: 'cash', taken: 6000, change: 700, refunded: 2000, net: 3300 });
    expect(x.sales).toMatchObject({ count: 2, total: 3800 });
    expect(x.giftCards).toEqual({ sold: 2500, paid: 1000, refunded: 1000 });
    expect(x.refunds).toEqual({ count: 1, total: 2000, taxTotal: 500 });

    const z = await shop.cashier.post('/api/cashbox/main-till-1/close', { counts: { cash: { amount: 13_300 }, card: { amount: 0 }, other: { amount: 0 } } });
    expect(z.statusCode, z.body).toBe(200);
    expect(z.json().data.reconciliation[0]).toEqual({ tender: 'cash', expected: 13_300, counted: 13_300, difference: 0 });
    expect(z.json().data.giftCards).toEqual({ sold: 2500, paid: 1000, refunded: 1000 });
  });
});
