import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../db/execute.ts';
import { categories, productCategories } from '../../db/schema/index.ts';
import { addProduct, saleBody } from '../orders/sale.fixtures.ts';
import { cardsOf, seedReportDay, type Json, type ReportDay } from './analytics.fixtures.ts';

/** Breakdowns, filters and the figures of items without cost, dead stock and removed items. */
let t: ReportDay;
beforeAll(async () => {
  t = await seedReportDay();
});
afterAll(() => t.ctx.close());

let vase: { productId: number; variantId: number };

describe('breakdowns and filters', () => {
  it('filters by a category and the categories below it', async () => {
    const db = t.ctx.database.db;
    const [clothing] = await db.insert(categories).values({ name: 'Clothing' }).returning({ id: categories.id });
    const [shirts] = await db.insert(categories).values({ name: 'Shirts', parentId: clothing!.id }).returning({ id: categories.id });
    await db.insert(productCategories).values({ productId: t.shop.shirt.productId, categoryId: shirts!.id });
    const r = await t.report(`report=products&${t.both}&category=${clothing!.id}`);
    expect(r.rows.map((row: Json) => row.sku)).toEqual(['SHIRT-M-BLUE']);
    expect(cardsOf(await t.stats(`report=profits&${t.both}&category=${clothing!.id}`))).toMatchObject({ netSales: 5000, cost: 2200, profit: 2800 });
    const stock = await t.report(`report=stock&${t.day}&category=${clothing!.id}`);
    expect(stock.totals).toMatchObject({ unitsOut: 3, unitsIn: 1 });
  });

  it('answers orders by register, refunds by cashier and profits by product', async () => {
    const byRegister = await t.report(`report=orders&${t.both}&by=register`);
    expect(byRegister.rows).toEqual([expect.objectContaining({ register: 'Till 1', orders: 3 })]);
    const byCashier = await t.report(`report=refunds&${t.day}&by=cashier`);
    expect(byCashier.rows).toEqual([expect.objectContaining({ refunds: 1, amount: 3000, restocked: 1 })]);
    const byProduct = await t.report(`report=profits&${t.both}&by=product&sort=sku`);
    expect(byProduct.rows.map((row: Json) => [row.sku, row.profit])).toEqual([
      ['MUG-1', 1000],
      ['SHIRT-M-BLUE', 2800],
    ]);
  });

  it('ignores a filter the report does not offer, and groups day-only summaries by day when asked for hours', async () => {
    const taxes = await t.report(`report=taxes&${t.day}&cashier=999&groupBy=hour`);
    expect(taxes.groupBy).toBe('day');
    expect(taxes.totals.netTax).toBe(1000);
    expect(taxes.chart.points).toEqual([{ period: t.today, label: expect.any(String), values: { inclusiveTax: 0, exclusiveTax: 1000 } }]);
  });

  it('marks stock never sold as dead, and an empty shelf as out of stock; a deleted variant is a removed item', async () => {
    const db = t.ctx.database.db;
    vase = await addProduct(db, { title: 'Vase', variantName: '', sku: 'VASE-1', price: 4000, cost: 0, taxIds: [], stock: [[t.shop.main.id, 2]] });
    await addProduct(db, { title: 'Candle', variantName: '', sku: 'CANDLE-1', price: 500, cost: 200, taxIds: [], stock: [[t.shop.main.id, 0]] });
    const r = await t.report(`report=inventory&${t.day}&deadDays=30&sort=sku`);
    const bySku = Object.fromEntries(r.rows.map((row: Json) => [row.sku, row]));
    expect(bySku['VASE-1']).toMatchObject({ status: 'Low', deadStock: 'Dead stock', lastSale: null, daysOfCover: null, valueAtCost: 0 });
    expect(bySku['CANDLE-1']).toMatchObject({ status: 'Out of stock', deadStock: '' });
    expect(cardsOf(await t.stats(`report=inventory&${t.day}`))).toMatchObject({ out: 1, dead: 1 });
    await execute(db, sql`delete from products where id = ${t.shop.mug.productId}`);
    const products = await t.report(`report=products&${t.both}`);
    expect(products.rows.map((row: Json) => row.title)).toEqual(['Linen shirt', 'Removed item']);
    expect(products.totals.netSales).toBe(6600);
  });
});

describe('items sold without a cost', () => {
  it('counts their units apart and leaves them out of cost, profit and margin', async () => {
    const sold = await t.shop.cashier.post('/api/orders/create', saleBody(t.shop.till.id, [[vase.variantId, 1]], 4000));
    expect(sold.statusCode, sold.body).toBe(201);
    const products = await t.report(`report=products&${t.day}&sort=-netSales`);
    expect(products.rows.find((row: Json) => row.title === 'Vase')).toMatchObject({ title: 'Vase', netSales: 4000, cost: 0, profit: 0, margin: null, uncostedUnits: 1 });
    const s = await t.stats(`report=profits&${t.both}`);
    expect(s.cards.find((c: Json) => c.key === 'uncostedUnits')).toMatchObject({ value: 1, note: '1 unit sold had no cost and is left out of profit.' });
    expect(cardsOf(s)).toMatchObject({ netSales: 10600, cost: 2800, profit: 3800, margin: 5758 });
    const csv = await t.shop.admin.get(`/api/analytics?report=profits&${t.both}&format=csv`);
    expect(csv.body.split('\r\n').slice(0, 3)).toEqual([
      '\uFEFFPeriod,Net sales,Cost of goods,Gross profit,Margin,Units with no cost',
      `${t.yesterday},8.00,3.00,5.00,62.50,0`,
      `${t.today},98.00,25.00,33.00,56.90,1`,
    ]);
  });
});
