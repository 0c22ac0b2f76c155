import type { Order } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../db/execute.ts';
import { additionalCharges, coupons, productCharges, taxes } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { addProduct, openDrawer, seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';
import { rebuildSummaries } from './service.ts';

/**
 * A day of a shop worked out by hand (issue 12), in New York: Friday 2026-11-20 and the Saturday
 * after. The catalogue has an inclusive VAT, an exclusive sales tax, a compound levy and a deposit:
 *
 *   Coffee beans 12.00 incl. VAT 20 %, cost 6.00 · Grinder 40.00 + sales tax 5 % + levy 10 % (on
 *   the price and the sales tax), cost 25.00 · Sparkling water 1.50, no tax, 0.25 deposit a bottle,
 *   no cost.
 *
 * Friday:
 *   10:00 S1: 2 coffee + 4 water, cash. Coffee 24.00 (VAT 4.00, net 20.00); water 6.00 + deposit 1.00.
 *         Total 31.00.
 *   14:00 S2: 1 grinder, 10 % off the line, card 30.00 + cash 11.58. 40.00 − 4.00 = 36.00 net, sales
 *         tax 1.80, levy (36.00 + 1.80) × 10 % = 3.78. Total 41.58.
 *   23:30 S3: 1 coffee with coupon TEN (10 % off the sale), card. 12.00 − 1.20 = 10.80, VAT 1.80,
 *         net 9.00. Total 10.80. It is Saturday 04:30 in UTC and still Friday in the shop.
 * Saturday 11:00: R1 gives back 2 water of S1 to stock (3.00 + 0.50 deposit = 3.50, cash); R2 gives
 *   back the grinder of S2 as damaged (41.58: card 30.00 then cash 11.58).
 */
let ctx: TestContext;
let shop: SaleShop;
const ids = { coffee: 0, grinder: 0, water: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  const db = ctx.database.db;
  await execute(db, sql`update settings set value = value || '{"timeZone": "America/New_York"}'::jsonb where key = 'shop'`);
  await execute(db, sql`insert into settings (key, value) values ('shop', '{"timeZone": "America/New_York"}'::jsonb) on conflict (key) do nothing`);
  const [vat, salesTax, levy] = await db
    .insert(taxes)
    .values([
      { name: 'VAT 20 incl', rateE4: 200_000, isInclusive: true },
      { name: 'Sales tax 5', rateE4: 50_000 },
      { name: 'Levy 10', rateE4: 100_000, isCompound: true },
    ])
    .returning({ id: taxes.id });
  const [deposit] = await db
    .insert(additionalCharges)
    .values({ name: 'Bottle deposit', kind: 'fixed', amount: 25, per: 'unit' })
    .returning({ id: additionalCharges.id });
  const stock: Array<[number, number]> = [[shop.main.id, 100]];
  const coffee = await addProduct(db, { title: 'Coffee beans', variantName: '', sku: 'COF-1', price: 1200, cost: 600, taxIds: [vat!.id], stock });
  const grinder = await addProduct(db, { title: 'Grinder', variantName: '', sku: 'GRI-1', price: 4000, cost: 2500, taxIds: [salesTax!.id, levy!.id], stock });
  const water = await addProduct(db, { title: 'Sparkling water', variantName: '', sku: 'WAT-1', price: 150, cost: 0, taxIds: [], stock });
  await db.insert(productCharges).values({ productId: water.productId, chargeId: deposit!.id });
  await db.insert(coupons).values({ code: 'TEN', name: 'Ten off', kind: 'percentage', rateE4: 100_000 });
  Object.assign(ids, { coffee: coffee.variantId, grinder: grinder.variantId, water: water.variantId });
  await openDrawer(db, shop.till, shop.main.id, shop.cashierId);
});
afterAll(() => ctx.close());

async function sell(body: Record<string, unknown>): Promise<Order> {
  const res = await shop.cashier.post('/api/orders/create', { uuid: crypto.randomUUID(), registerId: shop.till.id, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** Moves a sale (with its payments and stock moves) or a refund to the moment it is told to have happened. */
async function happenedAt(kind: 'order' | 'refund', id: number, at: string) {
  const db = ctx.database.db;
  if (kind === 'order') {
    await execute(db, sql`update orders set created_at = ${at}::timestamptz where id = ${id}`);
    await execute(db, sql`update order_payments set created_at = ${at}::timestamptz where order_id = ${id}`);
  } else {
    await execute(db, sql`update refunds set created_at = ${at}::timestamptz where id = ${id}`);
  }
  await execute(db, sql`update stock_movements set created_at = ${at}::timestamptz where document_type = ${kind} and document_id = ${id}`);
}

type Day = Record<string, number>;
async function dayFigures(day: string): Promise<Day> {
  const columns = [
    'orders', 'units', 'gross', 'line_discounts', 'order_discounts', 'net', 'charges', 'tax', 'total', 'cost', 'costed_net', 'uncosted_units', 'cash', 'card',
    'refunds', 'refund_units', 'refund_net', 'refund_charges', 'refund_tax', 'refund_total', 'refund_cost', 'refund_costed_net', 'restocked_units',
    'damaged_units', 'refund_cash', 'refund_card',
  ];
  const [row] = await execute<Record<string, string>>(
    ctx.database.db,
    sql.raw(`select ${columns.map((c) => `coalesce(sum(${c}), 0)::bigint as ${c}`).join(', ')} from sales_by_hour where day = '${day}'`),
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));
}

describe('a day of a shop, worked out by hand', () => {
  it('files each sale and refund under its local day, to the cent', async () => {
    const s1 = await sell({ lines: [{ variantId: ids.coffee, quantity: 2 }, { variantId: ids.water, quantity: 4 }], payments: [{ tender: 'cash', amount: 3100 }], total: 3100 });
    const s2 = await sell({
      lines: [{ variantId: ids.grinder, quantity: 1, discount: { kind: 'percentage', rateE4: 100_000 } }],
      payments: [{ tender: 'card', amount: 3000 }, { tender: 'cash', amount: 1158 }],
      total: 4158,
    });
    const s3 = await sell({ lines: [{ variantId: ids.coffee, quantity: 1 }], couponCode: 'TEN', payments: [{ tender: 'card', amount: 1080 }], total: 1080 });
    const waterLine = s1.lines.find((l) => l.variantId === ids.water)!;
    const r1 = await shop.admin.post(`/api/orders/${s1.id}/refunds`, { reason: 'Two too many', lines: [{ orderLineId: waterLine.id, quantity: 2, restock: true }] });
    const r2 = await shop.admin.post(`/api/orders/${s2.id}/refunds`, { reason: 'Arrived broken', lines: [{ orderLineId: s2.lines[0]!.id, quantity: 1, restock: false }] });
    expect(r1.statusCode, r1.body).toBe(201);
    expect(r2.statusCode, r2.body).toBe(201);
    expect(r1.json().data.total).toBe(350);
    expect(r2.json().data.payments).toEqual([expect.objectContaining({ tender: 'card', amount: 3000 }), expect.objectContaining({ tender: 'cash', amount: 1158 })]);

    await happenedAt('order', s1.id, '2026-11-20T15:00:00Z'); // 10:00 in New York
    await happenedAt('order', s2.id, '2026-11-20T19:00:00Z'); // 14:00
    await happenedAt('order', s3.id, '2026-11-21T04:30:00Z'); // 23:30 on Friday
    await happenedAt('refund', r1.json().data.id, '2026-11-21T16:00:00Z'); // Saturday 11:00
    await happenedAt('refund', r2.json().data.id, '2026-11-21T16:00:00Z');
    await rebuildSummaries(ctx.database.db);

    expect(await dayFigures('2026-11-20')).toMatchObject({
      orders: 3, units: 8, gross: 8200, line_discounts: 400, order_discounts: 120, net: 7100, charges: 100, tax: 1138, total: 8338,
      cost: 4300, costed_net: 6500, uncosted_units: 4, cash: 4258, card: 4080, refunds: 0,
    });
    expect(await dayFigures('2026-11-21')).toMatchObject({
      orders: 0, total: 0, refunds: 2, refund_units: 3, refund_net: 3900, refund_charges: 50, refund_tax: 558, refund_total: 4508,
      refund_cost: 2500, refund_costed_net: 3600, restocked_units: 2, damaged_units: 1, refund_cash: 1508, refund_card: 3000,
    });
    const taxRows = await execute<{ day: string; name: string; base: string; amount: string; refund_base: string; refund_amount: string }>(
      ctx.database.db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, name, base, amount, refund_base, refund_amount from sales_by_tax order by day, tax_id`,
    );
    expect(taxRows.map((r) => ({ ...r, base: Number(r.base), amount: Number(r.amount), refund_base: Number(r.refund_base), refund_amount: Number(r.refund_amount) }))).toEqual([
      { day: '2026-11-20', name: 'VAT 20 incl', base: 2900, amount: 580, refund_base: 0, refund_amount: 0 },
      { day: '2026-11-20', name: 'Sales tax 5', base: 3600, amount: 180, refund_base: 0, refund_amount: 0 },
      { day: '2026-11-20', name: 'Levy 10', base: 3780, amount: 378, refund_base: 0, refund_amount: 0 },
      { day: '2026-11-21', name: 'Sales tax 5', base: 0, amount: 0, refund_base: 3600, refund_amount: 180 },
      { day: '2026-11-21', name: 'Levy 10', base: 0, amount: 0, refund_base: 3780, refund_amount: 378 },
    ]);
  });

  const report = async (query: string) => {
    const res = await shop.admin.get(`/api/analytics?${query}&perPage=100`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { rows: Array<Record<string, unknown>>; totals: Record<string, unknown> };
  };
  const friday = 'from=2026-11-20&to=2026-11-20';
  const weekend = 'from=2026-11-20&to=2026-11-21';

  it('answers the same figures in every report', async () => {
    // Revenue: Friday alone, then Friday and Saturday with Saturday's refunds taken off.
    expect((await report(`report=revenue&${friday}`)).totals).toMatchObject({
      gross: 8200, discounts: 520, refunds: 0, netSales: 7100, charges: 100, taxes: 1138, totalCollected: 8338, cash: 4258, card: 4080, other: 0,
    });
    const revenue = await report(`report=revenue&${weekend}`);
    expect(revenue.rows.map((r) => [r.period, r.netSales, r.refunds, r.totalCollected])).toEqual([
      ['2026-11-20', 7100, 0, 8338],
      ['2026-11-21', -3900, 4508, -4508],
    ]);
    expect(revenue.totals).toMatchObject({ netSales: 3200, charges: 50, taxes: 580, totalCollected: 3830, cash: 4258 - 1508, card: 4080 - 3000 });

    expect((await report(`report=orders&${friday}`)).totals).toMatchObject({ orders: 3, units: 8, sales: 8338, averageOrder: 2779, itemsPerOrder: 267 });

    // Profit over the lines with a cost: (65.00 − 36.00 refunded) − (43.00 − 25.00 refunded) = 11.00.
    expect((await report(`report=profits&${weekend}`)).totals).toMatchObject({ netSales: 3200, cost: 1800, profit: 1100, uncostedUnits: 4 });
    // The cards (read per sale) say what the table (read per item) adds up to.
    const profitCards = (await shop.admin.get(`/api/analytics/stats?report=profits&${weekend}`)).json().data.cards as Array<{ key: string; value: number }>;
    expect(Object.fromEntries(profitCards.map((c) => [c.key, c.value]))).toMatchObject({ netSales: 3200, cost: 1800, profit: 1100, uncostedUnits: 4 });
    const products = await report(`report=products&${weekend}`);
    const byTitle = Object.fromEntries(products.rows.map((r) => [r.title, r]));
    expect(byTitle['Coffee beans']).toMatchObject({ unitsSold: 3, unitsRefunded: 0, netSales: 2900, cost: 1800, profit: 1100, margin: 3793 });
    expect(byTitle['Grinder']).toMatchObject({ unitsSold: 1, unitsRefunded: 1, netSales: 0, cost: 0, profit: 0 });
    expect(byTitle['Sparkling water']).toMatchObject({ unitsSold: 4, unitsRefunded: 2, netSales: 300, margin: null, uncostedUnits: 4 });

    const taxesReport = await report(`report=taxes&${weekend}`);
    expect(taxesReport.rows.map((r) => [r.name, r.base, r.tax, r.refundBase, r.refundTax, r.netTax])).toEqual(
      expect.arrayContaining([
        ['VAT 20 incl', 2900, 580, 0, 0, 580],
        ['Sales tax 5', 3600, 180, 3600, 180, 0],
        ['Levy 10', 3780, 378, 3780, 378, 0],
      ]),
    );
    expect(taxesReport.totals).toMatchObject({ tax: 1138, refundTax: 558, netTax: 580 });

    const refundsReport = await report(`report=refunds&${weekend}`);
    expect(refundsReport.totals).toMatchObject({ refunds: 2, amount: 4508, units: 3, restocked: 2, damaged: 1 });

    // Stock: 3 coffee, 1 grinder and 4 water out by sales; 2 water back by the refund (the grinder was damaged).
    const stock = await report(`report=stock&${weekend}`);
    expect(Object.fromEntries(stock.rows.map((r) => [r.reason, [r.unitsIn, r.unitsOut, r.valueOut]]))).toMatchObject({ Sales: [0, 8, 4300], 'Refunds (restocked)': [2, 0, 0] });
  });

  it('moves every sale to its day in a new time zone as soon as the zone is changed', async () => {
    // In Tokyo the three sales are all on Saturday (00:00, 04:00 and 13:30) and the refunds on Sunday 01:00.
    const changed = await shop.admin.put('/api/settings/general', { businessName: 'Corner Shop', currency: 'USD', locale: 'en-US', timeZone: 'Asia/Tokyo' });
    expect(changed.statusCode, changed.body).toBe(200);
    const revenue = await report('report=revenue&from=2026-11-20&to=2026-11-22');
    expect(revenue.rows.map((r) => [r.period, r.netSales, r.refunds])).toEqual([
      ['2026-11-20', 0, 0],
      ['2026-11-21', 7100, 0],
      ['2026-11-22', -3900, 4508],
    ]);
  });
});
