import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refunds, stockMovements } from '../../db/schema/index.ts';
import type { TestContext } from '../../testing/test-app.ts';
import { openSaleShop, saleBody, type SaleShop } from '../orders/sale.fixtures.ts';

// PostgreSQL only (vitest.config.ts): parallel requests need parallel connections, which PGlite
// (one connection) cannot give.
let ctx: TestContext;
let shop: SaleShop;

beforeAll(async () => {
  ({ ctx, shop } = await openSaleShop());
});
afterAll(() => ctx.close());

describe('parallel refunds of one sale', () => {
  it('take turns: never more units back than were sold, numbers R1…Rn without a clash', async () => {
    const sale = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 3]], 2400));
    expect(sale.statusCode, sale.body).toBe(201);
    const order = sale.json().data;
    const body = { reason: 'Returned', lines: [{ orderLineId: order.lines[0].id, quantity: 1, restock: true }] };
    const answers = await Promise.all(Array.from({ length: 6 }, () => shop.admin.post(`/api/orders/${order.id}/refunds`, body)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 201, 201, 422, 422, 422]);

    const stored = await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(stored.map((r) => r.number).sort()).toEqual([`${order.number}-R1`, `${order.number}-R2`, `${order.number}-R3`]);
    expect(stored.reduce((sum, r) => sum + r.total, 0)).toBe(2400);
    const back = await ctx.database.db.select().from(stockMovements).where(eq(stockMovements.reason, 'refund'));
    expect(back.reduce((sum, m) => sum + m.delta, 0)).toBe(3);
    expect((await shop.admin.get(`/api/orders/${order.id}`)).json().data.status).toBe('refunded');
  });
});
