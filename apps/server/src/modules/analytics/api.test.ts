import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsOf, seedReportDay, type Json, type ReportDay } from './analytics.fixtures.ts';

/** GET /api/analytics and /stats: who may call them, bad input, grouping, comparison and CSV (the day of analytics.fixtures.ts). */
let t: ReportDay;
beforeAll(async () => {
  t = await seedReportDay();
});
afterAll(() => t.ctx.close());

describe('who may read the reports', () => {
  it('answers a cashier 403 on both calls', async () => {
    expect((await t.shop.cashier.get(`/api/analytics?report=revenue&${t.day}`)).statusCode).toBe(403);
    expect((await t.shop.cashier.get(`/api/analytics/stats?report=revenue&${t.day}`)).statusCode).toBe(403);
  });
});

describe('bad queries', () => {
  const errorsOf = async (query: string) => {
    const res = await t.shop.admin.get(`/api/analytics?${query}`);
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
    const badStats = await t.shop.admin.get('/api/analytics/stats?report=revenue&from=2026-11-02&to=2026-11-01');
    expect(badStats.statusCode).toBe(422);
  });
});

describe('grouping', () => {
  it('keys ISO weeks from Monday and months, with every period present', async () => {
    const weeks = await t.report('report=revenue&from=2026-11-01&to=2026-11-30&groupBy=week');
    expect(weeks.chart.points.map((p: Json) => p.period)).toEqual(['2026-W44', '2026-W45', '2026-W46', '2026-W47', '2026-W48', '2026-W49']);
    const months = await t.report('report=revenue&from=2026-10-15&to=2026-12-02&groupBy=month');
    expect(months.chart.points.map((p: Json) => [p.period, p.label])).toEqual([
      ['2026-10', 'Oct 2026'],
      ['2026-11', 'Nov 2026'],
      ['2026-12', 'Dec 2026'],
    ]);
    const hours = await t.report(`report=revenue&${t.day}&groupBy=hour`);
    expect(hours.rows).toHaveLength(24);
    expect(hours.rows[0].period).toBe(`${t.today} 00:00`);
    expect(hours.totals.netSales).toBe(5800);
  });
});

describe('revenue', () => {
  it("adds up a day's sales and refunds as decision 020 defines them", async () => {
    const r = await t.report(`report=revenue&${t.day}`);
    expect(r.rows).toEqual([{ period: t.today, gross: 8300, discounts: 0, refunds: 3000, netSales: 5800, charges: 0, taxes: 1000, totalCollected: 6800, cash: 6800, card: 0, other: 0, points: 0, storeCredit: 0, giftCard: 0, giftCardsSold: 0 }]);
    expect(r.notes[0]).toMatch(/inclusive taxes/);
    const s = cardsOf(await t.stats(`report=revenue&${t.both}`));
    expect(s).toEqual({ netSales: 6600, gross: 9100, discounts: 0, refunds: 3000, taxes: 1000, totalCollected: 7600, cash: 6800, card: 800, other: 0, points: 0, storeCredit: 0, giftCard: 0, giftCardsSold: 0 });
  });

  it('fills the days without sales, totals every row, and pages', async () => {
    const r = await t.report(`report=revenue&from=${t.yesterday}&to=${t.today}&perPage=1&sort=-period`);
    expect(r.rows.map((row: Json) => row.period)).toEqual([t.today]);
    expect(r.meta).toEqual({ page: 1, perPage: 1, total: 2, lastPage: 2 });
    expect(r.totals).toMatchObject({ netSales: 6600, totalCollected: 7600, card: 800 });
    expect(r.chart.points.map((p: Json) => [p.period, p.values.netSales])).toEqual([
      [t.yesterday, 800],
      [t.today, 5800],
    ]);
  });

  it('shows only the chosen tender', async () => {
    const r = await t.report(`report=revenue&${t.both}&tender=card`);
    expect(r.columns.map((c: Json) => c.key)).toEqual(['period', 'gross', 'discounts', 'refunds', 'netSales', 'charges', 'taxes', 'totalCollected', 'card']);
    expect(cardsOf(await t.stats(`report=revenue&${t.both}&tender=card`)).card).toBe(800);
  });

  it('compares with the previous period of the same length', async () => {
    const s = await t.stats(`report=revenue&${t.day}&compare=previous`);
    expect(s.previous).toEqual({ from: t.yesterday, to: t.yesterday });
    const net = s.cards.find((c: Json) => c.key === 'netSales');
    expect(net).toMatchObject({ value: 5800, previous: 800, change: 62500 });
    expect(s.cards.find((c: Json) => c.key === 'discounts').change).toBeNull();
    const r = await t.report(`report=revenue&${t.day}&compare=previous`);
    expect(r.chart.previous).toEqual([expect.objectContaining({ period: t.yesterday, values: { netSales: 800 } })]);
  });

  it('downloads the whole table as CSV with the labels as header', async () => {
    const res = await t.shop.admin.get(`/api/analytics?report=revenue&${t.both}&format=csv&perPage=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="revenue-${t.yesterday}-${t.today}.csv"`);
    expect(res.body.split('\r\n')).toEqual([
      '\uFEFFPeriod,Gross sales,Discounts,Refunds,Net sales,Charges,Taxes,Total collected,Cash,Card,Other,Points,Store credit,Gift card,Gift cards sold',
      `${t.yesterday},8.00,0.00,0.00,8.00,0.00,0.00,8.00,0.00,8.00,0.00,0.00,0.00,0.00,0.00`,
      `${t.today},83.00,0.00,30.00,58.00,0.00,10.00,68.00,68.00,0.00,0.00,0.00,0.00,0.00,0.00`,
      '',
    ]);
  });
});
