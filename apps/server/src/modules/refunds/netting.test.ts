import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { closeDrawer, openDrawer, saleBody, seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';

let ctx: TestContext;
let shop: SaleShop;

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
});
afterAll(() => ctx.close());

type Sold = { id: number; number: string; lines: Array<{ id: number }> };
type TaxLine = { name: string; base: number; amount: number; refundedBase: number; refundedAmount: number; netBase: number; netAmount: number };

/** Two shirts at 25.00 + 20 % VAT: 60.00, VAT 10.00, in cash at Till 1. */
async function sellTwoShirts(): Promise<Sold> {
  const res = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.shirt.variantId, 2]], 6000));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const refundOneShirt = async (order: Sold) => {
  const res = await shop.admin.post(`/api/orders/${order.id}/refunds`, { reason: 'Too small', lines: [{ orderLineId: order.lines[0]!.id, quantity: 1, restock: true }] });
  expect(res.statusCode, res.body).toBe(201);
};
const reportOf = async (sessionId: number) => (await shop.admin.get(`/api/cashbox/${sessionId}/report`)).json().data;
const vatOf = (report: { taxes: TaxLine[] }) => report.taxes.find((t) => t.name === 'VAT 20');

describe('refunds netted where totals are read', () => {
  it('the Z report’s tax table shows VAT sold, refunded in the session and net; a later session counts its own refunds', async () => {
    const monday = await openDrawer(ctx.database.db, shop.till, shop.main.id, shop.cashierId);
    const first = await sellTwoShirts();
    const second = await sellTwoShirts();
    await refundOneShirt(first);
    const mondayReport = await reportOf(monday);
    expect(vatOf(mondayReport)).toEqual({ name: 'VAT 20', rateE4: 200_000, isInclusive: false, base: 10_000, amount: 2000, refundedBase: 2500, refundedAmount: 500, netBase: 7500, netAmount: 1500 });
    expect(mondayReport.refunds).toEqual({ count: 1, total: 3000, taxTotal: 500 });
    expect(mondayReport.net).toEqual({ total: 9000, taxTotal: 1500 });
    await closeDrawer(ctx.database.db, monday);

    // Tuesday: the second sale is refunded in Tuesday's drawer; Monday's report stays as it was.
    const tuesday = await openDrawer(ctx.database.db, shop.till, shop.main.id, shop.cashierId);
    await refundOneShirt(second);
    expect(vatOf(await reportOf(monday))).toMatchObject({ amount: 2000, refundedAmount: 500, netAmount: 1500 });
    const tuesdayReport = await reportOf(tuesday);
    expect(tuesdayReport.sales.total).toBe(0);
    expect(vatOf(tuesdayReport)).toEqual({ name: 'VAT 20', rateE4: 200_000, isInclusive: false, base: 0, amount: 0, refundedBase: 2500, refundedAmount: 500, netBase: -2500, netAmount: -500 });
    expect(tuesdayReport.net).toEqual({ total: -3000, taxTotal: -500 });
    await closeDrawer(ctx.database.db, tuesday);
  });

  it('the orders list’s totals and rows, and an order’s page, show sold, refunded and net', async () => {
    await openDrawer(ctx.database.db, shop.till, shop.main.id, shop.cashierId);
    const kept = await sellTwoShirts();
    const halfBack = await sellTwoShirts();
    await refundOneShirt(halfBack);
    const list = await shop.admin.get(`/api/orders?ids=${kept.id},${halfBack.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().meta.totals).toEqual({
      count: 2,
      total: 12_000,
      taxTotal: 2000,
      discountTotal: 0,
      refunded: { count: 1, total: 3000, taxTotal: 500 },
      netOfRefunds: { total: 9000, taxTotal: 1500 },
    });
    const rows = list.json().data as Array<{ id: number; total: number; refunded: unknown }>;
    expect(rows.find((r) => r.id === halfBack.id)).toMatchObject({ total: 6000, refunded: { count: 1, total: 3000, taxTotal: 500 } });
    expect(rows.find((r) => r.id === kept.id)).toMatchObject({ total: 6000, refunded: { count: 0, total: 0, taxTotal: 0 } });

    const detail = (await shop.admin.get(`/api/orders/${halfBack.id}`)).json().data;
    // The sale itself is never rewritten: its total stays what was sold.
    expect(detail).toMatchObject({ total: 6000, taxTotal: 1000, status: 'partially_refunded', refunded: { count: 1, total: 3000, taxTotal: 500 } });

    // A cashier's list of their outlet carries the same figures.
    const cashierList = await shop.cashier.get(`/api/orders?ids=${halfBack.id}`);
    expect(cashierList.json().meta.totals.netOfRefunds).toEqual({ total: 3000, taxTotal: 500 });
  });
});
