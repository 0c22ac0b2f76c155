import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsOf, seedReportDay, type Json, type ReportDay } from './analytics.fixtures.ts';

/** Each report's figures against the known day of analytics.fixtures.ts, worked out by hand. */
let t: ReportDay;
beforeAll(async () => {
  t = await seedReportDay();
});
afterAll(() => t.ctx.close());

describe('orders', () => {
  it('counts orders, their average and items per order; by cashier; and a heat map', async () => {
    const r = await t.report(`report=orders&${t.both}`);
    expect(r.totals).toEqual({ orders: 3, units: 5, sales: 10600, averageOrder: 3533, itemsPerOrder: 167 });
    expect(r.columns.find((c: Json) => c.key === 'itemsPerOrder').kind).toBe('decimal2');
    expect(r.chart.type).toBe('heatmap');
    expect(r.chart.points.map((p: Json) => p.period)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(r.chart.series).toHaveLength(24);
    // Sale B was at noon yesterday (local): its weekday's 12:00 cell holds it.
    const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][new Date(`${t.yesterday}T00:00:00Z`).getUTCDay()];
    expect(r.chart.series[12]).toEqual({ key: 'h12', label: '12:00', kind: 'count' });
    expect(r.chart.points.find((p: Json) => p.period === weekday).values.h12).toBeGreaterThanOrEqual(1);
    expect(r.chart.points.reduce((n: number, p: Json) => n + Object.values(p.values as Record<string, number>).reduce((a, b) => a + b, 0), 0)).toBe(3);
    const byCashier = await t.report(`report=orders&${t.both}&by=cashier`);
    expect(byCashier.rows).toEqual([expect.objectContaining({ orders: 3, sales: 10600 })]);
    expect(cardsOf(await t.stats(`report=orders&${t.day}`))).toEqual({ orders: 2, averageOrder: 4900, itemsPerOrder: 200, units: 4 });
  });
});

describe('products and profits', () => {
  it('answers each variant net of refunds, best first, with cost, profit and margin', async () => {
    const r = await t.report(`report=products&${t.both}`);
    expect(r.rows).toEqual([
      { title: 'Linen shirt', variant: 'M / Blue', sku: 'SHIRT-M-BLUE', unitsSold: 3, unitsRefunded: 1, netSales: 5000, cost: 2200, profit: 2800, margin: 5600, uncostedUnits: 0 },
      { title: 'Mug', variant: '', sku: 'MUG-1', unitsSold: 2, unitsRefunded: 0, netSales: 1600, cost: 600, profit: 1000, margin: 6250, uncostedUnits: 0 },
    ]);
    expect(r.chart.points.map((p: Json) => p.values.netSales)).toEqual([5000, 1600]);
    const filtered = await t.report(`report=products&${t.both}&product=${t.shop.mug.productId}`);
    expect(filtered.rows.map((row: Json) => row.title)).toEqual(['Mug']);
  });

  it('answers profits by period and by outlet with the margin over the costed sales', async () => {
    const r = await t.report(`report=profits&${t.both}`);
    expect(r.totals).toEqual({ netSales: 6600, cost: 2800, profit: 3800, margin: 5758, uncostedUnits: 0 });
    expect(r.rows.map((row: Json) => [row.period, row.netSales])).toEqual([
      [t.yesterday, 800],
      [t.today, 5800],
    ]);
    const byOutlet = await t.report(`report=profits&${t.both}&by=outlet`);
    expect(byOutlet.rows).toEqual([{ outlet: t.shop.main.name, netSales: 6600, cost: 2800, profit: 3800, margin: 5758, uncostedUnits: 0 }]);
    expect(cardsOf(await t.stats(`report=profits&${t.both}`))).toMatchObject({ netSales: 6600, cost: 2800, profit: 3800, margin: 5758 });
  });
});

describe('taxes', () => {
  it('answers each tax with its base and tax, refunds apart and net', async () => {
    const r = await t.report(`report=taxes&${t.both}`);
    expect(r.rows).toEqual([{ name: 'VAT 20', rate: 2000, kind: 'Exclusive', base: 7500, tax: 1500, refundBase: 2500, refundTax: 500, netBase: 5000, netTax: 1000 }]);
    expect(cardsOf(await t.stats(`report=taxes&${t.both}`))).toEqual({ netTax: 1000, inclusiveTax: 0, exclusiveTax: 1000, netBase: 5000, refundTax: 500 });
  });
});

describe('stock', () => {
  it('answers the moves by reason in units and at cost', async () => {
    const r = await t.report(`report=stock&${t.day}`);
    const byReason = Object.fromEntries(r.rows.map((row: Json) => [row.reason, row]));
    expect(byReason.Sales).toEqual({ reason: 'Sales', moves: 4, unitsIn: 0, unitsOut: 5, netUnits: -5, valueIn: 0, valueOut: 3900 });
    expect(byReason['Refunds (restocked)']).toEqual({ reason: 'Refunds (restocked)', moves: 1, unitsIn: 1, unitsOut: 0, netUnits: 1, valueIn: 1100, valueOut: 0 });
    expect(r.rows).toHaveLength(8);
    expect(r.totals).toEqual({ moves: 5, unitsIn: 1, unitsOut: 5, netUnits: -4, valueIn: 1100, valueOut: 3900 });
  });
});

describe('refunds', () => {
  it('answers the count, amount, rate and restocked units, by reason and by product', async () => {
    const r = await t.report(`report=refunds&${t.day}`);
    expect(r.totals).toEqual({ refunds: 1, amount: 3000, refundRate: 3061, units: 1, restocked: 1, damaged: 0 });
    const byReason = await t.report(`report=refunds&${t.day}&by=reason`);
    expect(byReason.rows).toEqual([{ reason: 'Changed their mind', refunds: 1, amount: 3000, units: 1 }]);
    const byProduct = await t.report(`report=refunds&${t.day}&by=product`);
    expect(byProduct.rows).toEqual([{ title: 'Linen shirt', variant: 'M / Blue', sku: 'SHIRT-M-BLUE', amount: 3000, refundRate: 3333, units: 1, restocked: 1, damaged: 0 }]);
    const shirtOnly = await t.report(`report=refunds&${t.both}&product=${t.shop.shirt.productId}`);
    expect(shirtOnly.totals).toEqual({ refunds: null, amount: 3000, refundRate: 3333, units: 1, restocked: 1, damaged: 0 });
    expect(shirtOnly.notes).toContain('With a product filter the number of refunds is not shown: a refund may hold other products too.');
    expect(cardsOf(await t.stats(`report=refunds&${t.both}`))).toEqual({ refunds: 1, amount: 3000, refundRate: 2830, restocked: 1, damaged: 0 });
  });
});

describe('inventory', () => {
  it('answers stock on hand now and at a past day, values, low stock and days of cover', async () => {
    const r = await t.report(`report=inventory&${t.day}&outlet=${t.shop.main.id}`);
    expect(r.rows).toEqual([
      { title: 'Linen shirt', variant: 'M / Blue', sku: 'SHIRT-M-BLUE', onHand: 8, valueAtCost: 8800, valueAtRetail: 20000, threshold: 5, status: 'In stock', daysOfCover: 12000, lastSale: t.today, deadStock: '' },
      { title: 'Mug', variant: '', sku: 'MUG-1', onHand: 3, valueAtCost: 900, valueAtRetail: 2400, threshold: 5, status: 'Low', daysOfCover: 4500, lastSale: t.today, deadStock: '' },
    ]);
    const past = await t.report(`report=inventory&${t.day}&at=${t.yesterday}&sort=-onHand`);
    expect(past.rows.map((row: Json) => [row.sku, row.onHandNow, row.onHand])).toEqual([
      ['SHIRT-M-BLUE', 8, 10],
      ['MUG-1', 3, 5],
    ]);
    expect(cardsOf(await t.stats(`report=inventory&${t.day}`))).toEqual({ onHand: 11, valueAtCost: 9700, valueAtRetail: 22400, low: 1, out: 0, dead: 0 });
  });
});
