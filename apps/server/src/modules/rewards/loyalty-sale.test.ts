import { localToday } from '@tillbook/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../db/execute.ts';
import { customerPoints } from '../../db/schema/index.ts';
import type { TestContext } from '../../testing/test-app.ts';
import { getShopTimeZone } from '../settings/service.ts';
import { openSaleShop, saleBody, type SaleShop } from '../orders/sale.fixtures.ts';
import { balanceOf, createReward, customerWithPoints, setRewardRules } from './loyalty.fixtures.ts';

// The shop: a shirt at 25.00 + 20 % tax (30.00) and a mug at 8.00 without tax.
let ctx: TestContext;
let shop: SaleShop;

beforeAll(async () => {
  ({ ctx, shop } = await openSaleShop());
  await setRewardRules(shop.admin);
});
afterAll(() => ctx.close());

const ledgerOf = (customerId: number) =>
  ctx.database.db.select().from(customerPoints).where(eq(customerPoints.customerId, customerId)).orderBy(customerPoints.id);

describe('a sale to a customer', () => {
  it('earns points on the goods without tax through the ledger, with the order number, and the receipt data shows them', async () => {
    const customerId = await customerWithPoints(shop.admin, 'Ada Earner', 0);
    const res = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.shirt.variantId, 1]], 3000, { customerId }));
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data;
    expect(order.loyalty).toMatchObject({ pointsEarned: 25, pointsRedeemed: 0, pointsPaid: 0, balanceAfter: 25 });
    const ledger = await ledgerOf(customerId);
    expect(ledger.map((e) => [e.kind, e.delta, e.balanceAfter, e.reason, e.orderId])).toEqual([['earned', 25, 25, order.number, order.id]]);
    expect((await shop.admin.get(`/api/orders/${order.id}`)).json().data.loyalty).toMatchObject({ pointsEarned: 25, balanceAfter: 25 });
    expect(await balanceOf(shop.cashier, customerId)).toBe(25);
  });

  it('takes a free-product reward and pays part with points; the check, the sale and the ledger agree', async () => {
    const customerId = await customerWithPoints(shop.admin, 'Bo Redeemer', 1000);
    const rewardId = await createReward(shop.admin, { name: 'Free mug', kind: 'product', variantId: shop.mug.variantId, points: 20 });

    const summary = (await shop.cashier.get(`/api/rewards/points?customer=${customerId}`)).json().data;
    expect(summary).toMatchObject({ balance: 1000, value: 1000, refusal: null });
    expect(summary.rewards.map((r: { name: string }) => r.name)).toContain('Free mug');

    const redemption = { rewardId, points: 500 };
    const lines = [{ variantId: shop.shirt.variantId, quantity: 1 }, { variantId: shop.mug.variantId, quantity: 1 }];
    const check = await shop.cashier.post('/api/rewards/redeem', { lines, customerId, redemption });
    expect(check.statusCode, check.body).toBe(200);
    // 30.00 + the mug free; 5.00 in points; earned on 25.00 less the 5/30 paid with points → 20.
    expect(check.json().data).toEqual({ total: 3000, rewardDiscount: 800, pointsPaid: 500, pointsRedeemed: 520, pointsEarned: 20, due: 2500, balance: 1000, balanceAfter: 500 });

    const body = saleBody(shop.till.id, [[shop.shirt.variantId, 1], [shop.mug.variantId, 1]], 3000, { customerId, redemption, payments: [{ tender: 'cash', amount: 2500 }] });
    const res = await shop.cashier.post('/api/orders/create', body);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data;
    expect(order.loyalty).toEqual({ rewardId, rewardName: 'Free mug', rewardKind: 'product', rewardPoints: 20, rewardDiscount: 800, pointsRedeemed: 520, pointsPaid: 500, pointsEarned: 20, balanceAfter: 500 });
    expect(order.payments.map((p: { tender: string; amount: number }) => [p.tender, p.amount])).toEqual([['cash', 2500]]);
    expect(order.lines[1]).toMatchObject({ discount: 800, total: 0 });
    const ledger = await ledgerOf(customerId);
    expect(ledger.slice(1).map((e) => [e.kind, e.delta, e.balanceAfter])).toEqual([['redeemed', -520, 480], ['earned', 20, 500]]);

    // The same sale sent again answers the stored order and changes nothing.
    const retry = await shop.cashier.post('/api/orders/create', body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await balanceOf(shop.cashier, customerId)).toBe(500);
    expect((await shop.admin.get(`/api/rewards/${rewardId}/edit`)).json().data.timesUsed).toBe(1);
  });

  it('refuses what the points cannot pay, each on its field, and stores nothing', async () => {
    const customerId = await customerWithPoints(shop.admin, 'Cy Short', 300);
    const base = saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800, { payments: [{ tender: 'cash', amount: 500 }] });
    const noCustomer = await shop.cashier.post('/api/orders/create', { ...base, redemption: { points: 300 } });
    expect(noCustomer.statusCode).toBe(422);
    expect(noCustomer.json().errors.customerId).toEqual(['Choose the customer whose points the sale redeems.']);
    const tooMany = await shop.cashier.post('/api/orders/create', { ...base, customerId, redemption: { points: 301 } });
    expect(tooMany.json().errors['redemption.points']).toEqual(['The customer has 300 points.']);
    const unknown = await shop.cashier.post('/api/orders/create', { ...base, customerId, redemption: { rewardId: 999_999 } });
    expect(unknown.json().errors['redemption.rewardId']).toEqual(['This reward does not exist.']);
    const notEnoughCash = await shop.cashier.post('/api/orders/create', { ...base, customerId, redemption: { points: 200 } });
    expect(notEnoughCash.json().errors.payments).toEqual(['The sale is not fully paid: $1.00 is still due.']);
    expect(await balanceOf(shop.cashier, customerId)).toBe(300);
    expect((await ledgerOf(customerId)).length).toBe(1);
    // A customer id is digits only (decision 013): "+8", "8.0" and "1e3" are refused on the field.
    for (const id of [`+${customerId}`, `${customerId}.0`, '1e3']) {
      const res = await shop.cashier.get(`/api/rewards/points?customer=${encodeURIComponent(id)}`);
      expect(res.statusCode, id).toBe(422);
      expect(res.json().errors.customer).toEqual(['The customer must be chosen from the list.']);
    }
  });
});

describe('a refund of a sale with points', () => {
  it('gives back the points it paid with and takes back what it earned, in proportion, over two refunds', async () => {
    const customerId = await customerWithPoints(shop.admin, 'Di Returner', 2000);
    // Two shirts, 60.00; 10.00 in points; earned on 50.00 less 10/60 → 41 points.
    const body = saleBody(shop.till.id, [[shop.shirt.variantId, 2]], 6000, { customerId, redemption: { points: 1000 }, payments: [{ tender: 'card', amount: 5000 }] });
    const sale = (await shop.cashier.post('/api/orders/create', body)).json().data;
    expect(sale.loyalty).toMatchObject({ pointsPaid: 1000, pointsEarned: 41, balanceAfter: 1041 });

    const first = await shop.admin.post(`/api/orders/${sale.id}/refunds`, { reason: 'Too small', lines: [{ orderLineId: sale.lines[0].id, quantity: 1, restock: true }] });
    expect(first.statusCode, first.body).toBe(201);
    const r1 = first.json().data;
    // Half the sale: 5.00 back as 500 points, 25.00 to the card, 20 of the 41 earned points taken back.
    expect(r1.points).toEqual({ returned: 500, pointsPaidBack: 500, reversed: 20, unrecovered: 0 });
    expect(r1.payments.map((p: { tender: string; amount: number }) => [p.tender, p.amount])).toEqual([['card', 2500]]);
    expect(await balanceOf(shop.cashier, customerId)).toBe(1041 + 500 - 20);

    const second = (await shop.admin.post(`/api/orders/${sale.id}/refunds`, { reason: 'Too small', lines: [{ orderLineId: sale.lines[0].id, quantity: 1, restock: true }] })).json().data;
    expect(second.points).toEqual({ returned: 500, pointsPaidBack: 500, reversed: 21, unrecovered: 0 });
    expect(await balanceOf(shop.cashier, customerId)).toBe(2000);
    const refundEntries = (await ledgerOf(customerId)).filter((e) => e.kind === 'refund');
    expect(refundEntries.map((e) => [e.delta, e.reason])).toEqual([
      [500, r1.number],
      [-20, r1.number],
      [500, second.number],
      [-21, second.number],
    ]);
  });

  it('never takes the balance below zero: points already spent are recorded as not taken back', async () => {
    const customerId = await customerWithPoints(shop.admin, 'Ed Spender', 0);
    const sale = (await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.shirt.variantId, 1]], 3000, { customerId }))).json().data;
    expect(sale.loyalty.pointsEarned).toBe(25);
    await shop.admin.post(`/api/customers/${customerId}/points`, { delta: -20, reason: 'Spent at the counter' });
    const refund = await shop.admin.post(`/api/orders/${sale.id}/refunds`, { reason: 'Changed mind', lines: [{ orderLineId: sale.lines[0].id, quantity: 1, restock: true }] });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json().data.points).toEqual({ returned: 0, pointsPaidBack: 0, reversed: 5, unrecovered: 20 });
    expect(await balanceOf(shop.cashier, customerId)).toBe(0);
  });

  it('counts what points paid, and gave back, in the reports as their own tender', async () => {
    const [sums] = await execute<{ paid: string; summarised: string; back: string; summarisedBack: string }>(
      ctx.database.db,
      sql`select (select sum(points_paid) from orders) as paid, (select sum(points) from sales_by_hour) as summarised,
        (select sum(points_paid_back) from refunds) as back, (select sum(refund_points) from sales_by_hour) as "summarisedBack"`,
    );
    expect(Number(sums?.paid)).toBe(1500);
    expect(Number(sums?.summarised)).toBe(1500);
    expect(Number(sums?.back)).toBe(1000);
    expect(Number(sums?.summarisedBack)).toBe(1000);
    const today = localToday(await getShopTimeZone(ctx.database.db));
    const report = await shop.admin.get(`/api/analytics?report=revenue&from=${today}&to=${today}`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.columns.find((c: { key: string }) => c.key === 'points')?.label).toBe('Points');
    expect(report.json().data.totals.points).toBe(500);
  });
});
