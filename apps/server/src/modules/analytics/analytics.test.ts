import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../db/execute.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { categories, productCategories } from '../../db/schema/index.ts';
import { addProduct, openDrawer, saleBody, seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';
import { rebuildSummaries } from './service.ts';

/**
 * Each report against a small day of known sales (the seeded shop: a shirt at 25.00 + 20 % VAT,
 * cost 11.00; a mug at 8.00 without tax, cost 3.00):
 * - today: A = 2 shirts (60.00 cash), C = 1 shirt + 1 mug (38.00 cash), and a refund of one shirt
 *   of A with restock (30.00 cash back);
 * - yesterday: B = 1 mug (8.00 card).
 */
let ctx: TestContext;
let shop: SaleShop;
let today: string;
let yesterday: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  const db = ctx.database.db;
  await openDrawer(db, shop.till, shop.main.id, shop.cashierId);
  const sell = async (lines: Array<[number, number]>, total: number, tender = 'cash') => {
    const res = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, lines, total, { payments: [{ tender, amount: total }] }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const a = await sell([[shop.shirt.variantId, 2]], 6000);
  const b = await sell([[shop.mug.variantId, 1]], 800, 'card');
  await sell([[shop.shirt.variantId, 1], [shop.mug.variantId, 1]], 3800);
  const refund = await shop.admin.post(`/api/orders/${a.id}/refunds`, { reason: 'Changed their mind', lines: [{ orderLineId: a.lines[0].id, quantity: 1, restock: true }] });
  expect(refund.statusCode, refund.body).toBe(201);
  const [day] = await execute<{ today: string; yesterday: string }>(
    db,
    sql`select to_char((now() at time zone shop_time_zone())::date, 'YYYY-MM-DD') as today, to_char((now() at time zone shop_time_zone())::date - 1, 'YYYY-MM-DD') as yesterday`,
  );
  today = day!.today;
  yesterday = day!.yesterday;
  // Sale B moves to yesterday noon (local), and the summaries are rebuilt from the documents.
  await execute(db, sql`update orders set created_at = ((${yesterday}::date + time '12:00') at time zone shop_time_zone()) where id = ${b.id}`);
  await rebuildSummaries(db);
});
afterAll(() => ctx.close());

const report = async (query: string): Promise<Json> => {
  const res = await shop.admin.get(`/api/analytics?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const stats = async (query: string): Promise<Json> => {
  const res = await shop.admin.get(`/api/analytics/stats?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const cardsOf = (s: Json) => Object.fromEntries(s.cards.map((c: Json) => [c.key, c.value]));
const day = () => `from=${today}&to=${today}`;
const both = () => `from=${yesterday}&to=${today}`;

describe('who may read the reports', () => {
  it('answers a cashier 403 on both calls', async () => {
    expect((await shop.cashier.get(`/api/analytics?report=revenue&${day()}`)).statusCode).toBe(403);
    expect((await shop.cashier.get(`/api/analytics/stats?report=revenue&${day()}`)).statusCode).toBe(403);
  });
});

describe('bad queries', () => {
  const errorsOf = async (query: string) => {
    const res = await shop.admin.get(`/api/analytics?${query}`);
    expect(res.statusCode).toBe(422);
    return res.json().errors;
  };
  it('refuses an end before the start, more than 3 years, an unknown report, a bad sort or id, hours over a long range', async () => {
    expect((await errorsOf('report=revenue&from=2026-11-02&to=2026-11-01')).to).toEqual(['The end date must be on or after the start date.']);
    expect((await errorsOf('report=revenue&from=2020-01-01&to=2026-11-01')).to).toEqual(['A report covers at most 3 years: choose a shorter range.']);
    expect((await errorsOf('report=sales&from=2026-11-01&to=2026-11-01')).report).toEqual([
      'The report must be one of: revenue, orders, products, taxes, stock, profits, refunds, inventory.',
    ]);
    expect((await errorsOf('report=revenue&from=2026-11-01&to=2026-11-01&sort=title')).sort?.[0]).toMatch(/^The sort must be one of: period, -period, gross/);
    expect((await errorsOf('report=revenue&from=2026-11-01&to=2026-11-01&outlet=abc')).outlet).toEqual(['The outlet must be chosen from the list.']);
    expect((await errorsOf('report=revenue&from=2026-10-01&to=2026-11-30&groupBy=hour')).groupBy).toEqual(['Group by hour covers at most 31 days.']);
    expect((await errorsOf('report=taxes&from=2026-11-01&to=2026-11-01&by=cashier')).by).toEqual(['The taxes report shows rows by tax.']);
    const stats = await shop.admin.get('/api/analytics/stats?report=revenue&from=2026-11-02&to=2026-11-01');
    expect(stats.statusCode).toBe(422);
  });
});

describe('revenue', () => {
  it("adds up a day's sales and refunds as decision 020 defines them", async () => {
    const r = await report(`report=revenue&${day()}`);
    expect(r.rows).toEqual([{ period: today, gross: 8300, discounts: 0, refunds: 3000, netSales: 5800, charges: 0, taxes: 1000, totalCollected: 6800, cash: 6800, card: 0, other: 0 }]);
    expect(r.notes[0]).toMatch(/inclusive taxes/);
    const s = cardsOf(await stats(`report=revenue&${both()}`));
    expect(s).toEqual({ netSales: 6600, gross: 9100, discounts: 0, refunds: 3000, taxes: 1000, totalCollected: 7600, cash: 6800, card: 800, other: 0 });
  });

  it('fills the days without sales, totals every row, and pages', async () => {
    const r = await report(`report=revenue&from=${yesterday}&to=${today}&perPage=1&sort=-period`);
    expect(r.rows.map((row: Json) => row.period)).toEqual([today]);
    expect(r.meta).toEqual({ page: 1, perPage: 1, total: 2, lastPage: 2 });
    expect(r.totals).toMatchObject({ netSales: 6600, totalCollected: 7600, card: 800 });
    expect(r.chart.points.map((p: Json) => [p.period, p.values.netSales])).toEqual([
      [yesterday, 800],
      [today, 5800],
    ]);
  });

  it('shows only the chosen tender', async () => {
    const r = await report(`report=revenue&${both()}&tender=card`);
    expect(r.columns.map((c: Json) => c.key)).toEqual(['period', 'gross', 'discounts', 'refunds', 'netSales', 'charges', 'taxes', 'totalCollected', 'card']);
    expect(cardsOf(await stats(`report=revenue&${both()}&tender=card`)).card).toBe(800);
  });

  it('compares with the previous period of the same length', async () => {
    const s = await stats(`report=revenue&${day()}&compare=previous`);
    expect(s.previous).toEqual({ from: yesterday, to: yesterday });
    const net = s.cards.find((c: Json) => c.key === 'netSales');
    expect(net).toMatchObject({ value: 5800, previous: 800, change: 62500 });
    expect(s.cards.find((c: Json) => c.key === 'discounts').change).toBeNull();
    const r = await report(`report=revenue&${day()}&compare=previous`);
    expect(r.chart.previous).toEqual([expect.objectContaining({ period: yesterday, values: { netSales: 800 } })]);
  });

  it('downloads the whole table as CSV with the labels as header', async () => {
    const res = await shop.admin.get(`/api/analytics?report=revenue&${both()}&format=csv&perPage=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="revenue-${yesterday}-${today}.csv"`);
    expect(res.body.split('\r\n')).toEqual([
      '\uFEFFPeriod,Gross sales,Discounts,Refunds,Net sales,Charges,Taxes,Total collected,Cash,Card,Other',
      `${yesterday},8.00,0.00,0.00,8.00,0.00,0.00,8.00,0.00,8.00,0.00`,
      `${today},83.00,0.00,30.00,58.00,0.00,10.00,68.00,68.00,0.00,0.00`,
      '',
    ]);
  });
});

describe('grouping', () => {
  it('keys ISO weeks from Monday and months, with every period present', async () => {
    const weeks = await report('report=revenue&from=2026-11-01&to=2026-11-30&groupBy=week');
    expect(weeks.chart.points.map((p: Json) => p.period)).toEqual(['2026-W44', '2026-W45', '2026-W46', '2026-W47', '2026-W48', '2026-W49']);
    const months = await report('report=revenue&from=2026-10-15&to=2026-12-02&groupBy=month');
    expect(months.chart.points.map((p: Json) => [p.period, p.label])).toEqual([
      ['2026-10', 'Oct 2026'],
      ['2026-11', 'Nov 2026'],
      ['2026-12', 'Dec 2026'],
    ]);
    const hours = await report(`report=revenue&${day()}&groupBy=hour`);
    expect(hours.rows).toHaveLength(24);
    expect(hours.rows[0].period).toBe(`${today} 00:00`);
    expect(hours.totals.netSales).toBe(5800);
  });
});

describe('orders', () => {
  it('counts orders, their average and items per order; by cashier; and a heat map', async () => {
    const r = await report(`report=orders&${both()}`);
    expect(r.totals).toEqual({ orders: 3, units: 5, sales: 10600, averageOrder: 3533, itemsPerOrder: 167 });
    expect(r.columns.find((c: Json) => c.key === 'itemsPerOrder').kind).toBe('decimal2');
    expect(r.chart.type).toBe('heatmap');
    expect(r.chart.points).toHaveLength(168);
    expect(r.chart.points.reduce((n: number, p: Json) => n + p.values.orders, 0)).toBe(3);
    const byCashier = await report(`report=orders&${both()}&by=cashier`);
    expect(byCashier.rows).toEqual([expect.objectContaining({ orders: 3, sales: 10600 })]);
    expect(cardsOf(await stats(`report=orders&${day()}`))).toEqual({ orders: 2, averageOrder: 4900, itemsPerOrder: 200, units: 4 });
  });
});

describe('products and profits', () => {
  it('answers each variant net of refunds, best first, with cost, profit and margin', async () => {
    const r = await report(`report=products&${both()}`);
    expect(r.rows).toEqual([
      { title: 'Linen shirt', variant: 'M / Blue', sku: 'SHIRT-M-BLUE', unitsSold: 3, unitsRefunded: 1, netSales: 5000, cost: 2200, profit: 2800, margin: 5600, uncostedUnits: 0 },
      { title: 'Mug', variant: '', sku: 'MUG-1', unitsSold: 2, unitsRefunded: 0, netSales: 1600, cost: 600, profit: 1000, margin: 6250, uncostedUnits: 0 },
    ]);
    expect(r.chart.points.map((p: Json) => p.values.netSales)).toEqual([5000, 1600]);
    const filtered = await report(`report=products&${both()}&product=${shop.mug.productId}`);
    expect(filtered.rows.map((row: Json) => row.title)).toEqual(['Mug']);
  });

  it('answers profits by period and by outlet with the margin over the costed sales', async () => {
    const r = await report(`report=profits&${both()}`);
    expect(r.totals).toEqual({ netSales: 6600, cost: 2800, profit: 3800, margin: 5758, uncostedUnits: 0 });
    expect(r.rows.map((row: Json) => [row.period, row.netSales])).toEqual([
      [yesterday, 800],
      [today, 5800],
    ]);
    const byOutlet = await report(`report=profits&${both()}&by=outlet`);
    expect(byOutlet.rows).toEqual([{ outlet: shop.main.name, netSales: 6600, cost: 2800, profit: 3800, margin: 5758, uncostedUnits: 0 }]);
    expect(cardsOf(await stats(`report=profits&${both()}`))).toMatchObject({ netSales: 6600, cost: 2800, profit: 3800, margin: 5758 });
  });
});

describe('taxes', () => {
  it('answers each tax with its base and tax, refunds apart and net', async () => {
    const r = await report(`report=taxes&${both()}`);
    expect(r.rows).toEqual([{ name: 'VAT 20', rate: 2000, kind: 'Exclusive', base: 7500, tax: 1500, refundBase: 2500, refundTax: 500, netBase: 5000, netTax: 1000 }]);
    expect(cardsOf(await stats(`report=taxes&${both()}`))).toEqual({ netTax: 1000, inclusiveTax: 0, exclusiveTax: 1000, netBase: 5000, refundTax: 500 });
  });
});

describe('stock', () => {
  it('answers the moves by reason in units and at cost', async () => {
    const r = await report(`report=stock&${day()}`);
    const byReason = Object.fromEntries(r.rows.map((row: Json) => [row.reason, row]));
    expect(byReason.Sales).toEqual({ reason: 'Sales', moves: 4, unitsIn: 0, unitsOut: 5, netUnits: -5, valueIn: 0, valueOut: 3900 });
    expect(byReason['Refunds (restocked)']).toEqual({ reason: 'Refunds (restocked)', moves: 1, unitsIn: 1, unitsOut: 0, netUnits: 1, valueIn: 1100, valueOut: 0 });
    expect(r.rows).toHaveLength(8);
    expect(r.totals).toEqual({ moves: 5, unitsIn: 1, unitsOut: 5, netUnits: -4, valueIn: 1100, valueOut: 3900 });
  });
});

describe('refunds', () => {
  it('answers the count, amount, rate and restocked units, by reason and by product', async () => {
    const r = await report(`report=refunds&${day()}`);
    expect(r.totals).toEqual({ refunds: 1, amount: 3000, refundRate: 3061, units: 1, restocked: 1, damaged: 0 });
    const byReason = await report(`report=refunds&${day()}&by=reason`);
    expect(byReason.rows).toEqual([{ reason: 'Changed their mind', refunds: 1, amount: 3000, units: 1 }]);
    const byProduct = await report(`report=refunds&${day()}&by=product`);
    expect(byProduct.rows).toEqual([{ title: 'Linen shirt', variant: 'M / Blue', sku: 'SHIRT-M-BLUE', amount: 3000, refundRate: 3333, units: 1, restocked: 1, damaged: 0 }]);
    expect(cardsOf(await stats(`report=refunds&${yesterday}`.replace(yesterday, both())))).toEqual({ refunds: 1, amount: 3000, refundRate: 2830, restocked: 1, damaged: 0 });
  });
});

describe('inventory', () => {
  it('answers stock on hand now and at a past day, values, low stock and days of cover', async () => {
    const r = await report(`report=inventory&${day()}&outlet=${shop.main.id}`);
    expect(r.rows).toEqual([
      { title: 'Linen shirt', variant: 'M / Blue', sku: 'SHIRT-M-BLUE', onHand: 8, valueAtCost: 8800, valueAtRetail: 20000, threshold: 5, status: 'In stock', daysOfCover: 12000, lastSale: today, deadStock: '' },
      { title: 'Mug', variant: '', sku: 'MUG-1', onHand: 3, valueAtCost: 900, valueAtRetail: 2400, threshold: 5, status: 'Low', daysOfCover: 4500, lastSale: today, deadStock: '' },
    ]);
    const past = await report(`report=inventory&${day()}&at=${yesterday}&sort=-onHand`);
    expect(past.rows.map((row: Json) => [row.sku, row.onHandNow, row.onHand])).toEqual([
      ['SHIRT-M-BLUE', 8, 10],
      ['MUG-1', 3, 5],
    ]);
    expect(cardsOf(await stats(`report=inventory&${day()}`))).toEqual({ onHand: 11, valueAtCost: 9700, valueAtRetail: 22400, low: 1, out: 0, dead: 0 });
  });
});

let vase: { productId: number; variantId: number };

describe('breakdowns and filters', () => {
  it('filters by a category and the categories below it', async () => {
    const db = ctx.database.db;
    const [clothing] = await db.insert(categories).values({ name: 'Clothing' }).returning({ id: categories.id });
    const [shirts] = await db.insert(categories).values({ name: 'Shirts', parentId: clothing!.id }).returning({ id: categories.id });
    await db.insert(productCategories).values({ productId: shop.shirt.productId, categoryId: shirts!.id });
    const r = await report(`report=products&${both()}&category=${clothing!.id}`);
    expect(r.rows.map((row: Json) => row.sku)).toEqual(['SHIRT-M-BLUE']);
    expect(cardsOf(await stats(`report=profits&${both()}&category=${clothing!.id}`))).toMatchObject({ netSales: 5000, cost: 2200, profit: 2800 });
    const stock = await report(`report=stock&${day()}&category=${clothing!.id}`);
    expect(stock.totals).toMatchObject({ unitsOut: 3, unitsIn: 1 });
  });

  it('answers orders by register, refunds by cashier and profits by product', async () => {
    const byRegister = await report(`report=orders&${both()}&by=register`);
    expect(byRegister.rows).toEqual([expect.objectContaining({ register: 'Till 1', orders: 3 })]);
    const byCashier = await report(`report=refunds&${day()}&by=cashier`);
    expect(byCashier.rows).toEqual([expect.objectContaining({ refunds: 1, amount: 3000, restocked: 1 })]);
    const byProduct = await report(`report=profits&${both()}&by=product&sort=sku`);
    expect(byProduct.rows.map((row: Json) => [row.sku, row.profit])).toEqual([
      ['MUG-1', 1000],
      ['SHIRT-M-BLUE', 2800],
    ]);
  });

  it('ignores a filter the report does not offer, and groups day-only summaries by day when asked for hours', async () => {
    const taxes = await report(`report=taxes&${day()}&cashier=999&groupBy=hour`);
    expect(taxes.groupBy).toBe('day');
    expect(taxes.totals.netTax).toBe(1000);
    expect(taxes.chart.points).toEqual([{ period: today, label: expect.any(String), values: { inclusiveTax: 0, exclusiveTax: 1000 } }]);
  });

  it('marks stock never sold as dead, and an empty shelf as out of stock; a deleted variant is a removed item', async () => {
    const db = ctx.database.db;
    vase = await addProduct(db, { title: 'Vase', variantName: '', sku: 'VASE-1', price: 4000, cost: 0, taxIds: [], stock: [[shop.main.id, 2]] });
    await addProduct(db, { title: 'Candle', variantName: '', sku: 'CANDLE-1', price: 500, cost: 200, taxIds: [], stock: [[shop.main.id, 0]] });
    const r = await report(`report=inventory&${day()}&deadDays=30&sort=sku`);
    const bySku = Object.fromEntries(r.rows.map((row: Json) => [row.sku, row]));
    expect(bySku['VASE-1']).toMatchObject({ status: 'Low', deadStock: 'Dead stock', lastSale: null, daysOfCover: null, valueAtCost: 0 });
    expect(bySku['CANDLE-1']).toMatchObject({ status: 'Out of stock', deadStock: '' });
    expect(cardsOf(await stats(`report=inventory&${day()}`))).toMatchObject({ out: 1, dead: 1 });
    await execute(db, sql`delete from products where id = ${shop.mug.productId}`);
    const products = await report(`report=products&${both()}`);
    expect(products.rows.map((row: Json) => row.title)).toEqual(['Linen shirt', 'Removed item']);
    expect(products.totals.netSales).toBe(6600);
  });
});

describe('items sold without a cost', () => {
  it('counts their units apart and leaves them out of cost, profit and margin', async () => {
    const sold = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[vase.variantId, 1]], 4000));
    expect(sold.statusCode, sold.body).toBe(201);
    const products = await report(`report=products&${day()}&sort=-netSales`);
    expect(products.rows.find((row: Json) => row.title === 'Vase')).toMatchObject({ title: 'Vase', netSales: 4000, cost: 0, profit: 0, margin: null, uncostedUnits: 1 });
    const s = await stats(`report=profits&${both()}`);
    expect(s.cards.find((c: Json) => c.key === 'uncostedUnits')).toMatchObject({ value: 1, note: '1 unit sold had no cost and is left out of profit.' });
    expect(cardsOf(s)).toMatchObject({ netSales: 10600, cost: 2800, profit: 3800, margin: 5758 });
    const csv = await shop.admin.get(`/api/analytics?report=profits&${both()}&format=csv`);
    expect(csv.body.split('\r\n').slice(0, 3)).toEqual([
      '\uFEFFPeriod,Net sales,Cost of goods,Gross profit,Margin,Units with no cost',
      `${yesterday},8.00,3.00,5.00,62.50,0`,
      `${today},98.00,25.00,33.00,56.90,1`,
    ]);
  });
});
