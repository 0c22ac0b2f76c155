import type { Order } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../db/execute.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { openDrawer, saleBody, seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';
import type { Json } from './analytics.fixtures.ts';
import { addDays } from './periods.ts';
import { sealSummaries, windowStartsOf } from './sealing.ts';
import { rebuildSummaries } from './service.ts';
import { planOf } from './variant-source.ts';

/**
 * Sealed periods (decision 020): a range reads whole sealed years, quarters, months and weeks from
 * sales_by_variant_period and sealed days of stock moves from stock_moves_by_reason. Every report
 * must answer exactly what it answers from the day rows alone, and sealing bit by bit must give the
 * rows a sealing at once gives.
 */
describe('a range cut into sealed periods', () => {
  it('opens the windows of the last 7, 30, 90 and 365 days and of this week, month, quarter and year', () => {
    expect(windowStartsOf('2026-11-26', '2026-11-24')).toEqual(['2025-11-27', '2026-01-01', '2026-08-29', '2026-10-01', '2026-10-28', '2026-11-01', '2026-11-20', '2026-11-23']);
    // On a Tuesday this week has no sealed day yet.
    expect(windowStartsOf('2026-12-01', '2026-11-29')).not.toContain('2026-11-30');
  });

  it('takes the largest sealed period at each day and the days at the ends', () => {
    expect(planOf({ from: '2026-10-28', to: '2026-11-26' }, '2026-11-24')).toEqual({
      blocks: [
        { kind: 'W', start: '2026-11-02' },
        { kind: 'W', start: '2026-11-09' },
        { kind: 'W', start: '2026-11-16' },
      ],
      days: [
        { from: '2026-10-28', to: '2026-11-01' },
        { from: '2026-11-23', to: '2026-11-26' },
      ],
    });
    expect(planOf({ from: '2025-11-27', to: '2026-11-26' }, '2026-11-24').blocks.map((b) => `${b.kind} ${b.start}`)).toEqual([
      'M 2025-12-01', 'Q 2026-01-01', 'Q 2026-04-01', 'Q 2026-07-01', 'M 2026-10-01', 'W 2026-11-02', 'W 2026-11-09', 'W 2026-11-16',
    ]);
    expect(planOf({ from: '2025-01-01', to: '2025-12-31' }, '2026-11-24')).toEqual({ blocks: [{ kind: 'Y', start: '2025-01-01' }], days: [] });
  });

  it('reads only days when nothing is sealed, or the range is after the seal', () => {
    expect(planOf({ from: '2026-01-01', to: '2026-03-31' }, null)).toEqual({ blocks: [], days: [{ from: '2026-01-01', to: '2026-03-31' }] });
    expect(planOf({ from: '2026-11-23', to: '2026-11-26' }, '2026-11-22')).toEqual({ blocks: [], days: [{ from: '2026-11-23', to: '2026-11-26' }] });
  });
});

let ctx: TestContext;
let shop: SaleShop;
let today: string;

/** Every sale and refund moved into one of the last 200 days, so weeks, months and quarters are sealed. */
beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  const db = ctx.database.db;
  await execute(db, sql`update stock_levels set quantity = 10000`);
  await openDrawer(db, shop.till, shop.main.id, shop.cashierId);
  await openDrawer(db, shop.harbourTill, shop.harbour.id, shop.adminId);
  await execute(db, sql`insert into stock_levels (outlet_id, variant_id, quantity) values (${shop.harbour.id}, ${shop.shirt.variantId}, 10000), (${shop.harbour.id}, ${shop.mug.variantId}, 10000) on conflict do nothing`);
  const [row] = await execute<{ today: string }>(db, sql`select to_char((now() at time zone shop_time_zone())::date, 'YYYY-MM-DD') as today`);
  today = row!.today;
  for (let i = 0; i < 24; i += 1) {
    const atHarbour = i % 3 === 0;
    const lines: Array<[number, number]> = i % 2 ? [[shop.shirt.variantId, 1 + (i % 3)]] : [[shop.shirt.variantId, 1], [shop.mug.variantId, 1 + (i % 4)]];
    const total = lines.reduce((sum, [v, q]) => sum + (v === shop.shirt.variantId ? 3000 : 800) * q, 0);
    const seller = atHarbour ? shop.admin : shop.cashier;
    const res = await seller.post('/api/orders/create', saleBody(atHarbour ? shop.harbourTill.id : shop.till.id, lines, total, { payments: [{ tender: 'cash', amount: total }] }));
    expect(res.statusCode, res.body).toBe(201);
    const order: Order = res.json().data;
    // Days back: 0 (today), 1 (open yesterday), then spread over 200 days.
    const back = i === 0 ? 0 : i === 1 ? 1 : (i * 37) % 200;
    const at = sql`((${addDays(today, -back)}::date + time '12:00') at time zone shop_time_zone())`;
    await execute(db, sql`update orders set created_at = ${at} where id = ${order.id}`);
    await execute(db, sql`update order_payments set created_at = ${at} where order_id = ${order.id}`);
    await execute(db, sql`update stock_movements set created_at = ${at} where document_type = 'order' and document_id = ${order.id}`);
    if (i % 5 === 2) {
      const refund = await shop.admin.post(`/api/orders/${order.id}/refunds`, { reason: 'Too big', lines: [{ orderLineId: order.lines[0]!.id, quantity: 1, restock: i % 2 === 0 }] });
      expect(refund.statusCode, refund.body).toBe(201);
      const refundAt = sql`((${addDays(today, -Math.max(0, back - 3))}::date + time '15:00') at time zone shop_time_zone())`;
      await execute(db, sql`update refunds set created_at = ${refundAt} where id = ${refund.json().data.id}`);
      await execute(db, sql`update stock_movements set created_at = ${refundAt} where document_type = 'refund' and document_id = ${refund.json().data.id}`);
    }
  }
  await rebuildSummaries(db);
});
afterAll(() => ctx.close());

async function answers(): Promise<Json[]> {
  const ranges = [
    `from=${addDays(today, -364)}&to=${today}`,
    `from=${addDays(today, -29)}&to=${today}`,
    `from=${addDays(today, -150)}&to=${addDays(today, -20)}`,
  ];
  const queries = ranges.flatMap((range) => [
    `report=products&${range}&perPage=100`,
    `report=products&${range}&outlet=${shop.harbour.id}&sort=title`,
    `report=products&${range}&product=${shop.mug.productId}`,
    `report=profits&${range}&by=outlet`,
    `report=profits&${range}&by=product&sort=-margin`,
    `report=refunds&${range}&by=product`,
    `report=stock&${range}&groupBy=week`,
    `report=stock&${range}&outlet=${shop.main.id}`,
    `report=inventory&${range}&sort=-daysOfCover`,
    `report=inventory&${range}&deadDays=30`,
    `report=inventory&${range}&sort=-lastSale`,
  ]);
  const out: Json[] = [];
  for (const query of queries) {
    for (const path of ['/api/analytics', '/api/analytics/stats']) {
      const res = await shop.admin.get(`${path}?${query}`);
      expect(res.statusCode, `${path}?${query}: ${res.body}`).toBe(200);
      out.push({ query: `${path}?${query}`, ...res.json().data });
    }
  }
  return out;
}

const sealedRows = () =>
  execute<Record<string, string>>(ctx.database.db, sql`select * from sales_by_variant_period order by kind, start, outlet_id, variant_id`);
const sealedStock = () => execute<Record<string, string>>(ctx.database.db, sql`select * from stock_moves_by_reason order by day, outlet_id, reason`);

describe('sealed periods', () => {
  it('seal every finished period up to the day before yesterday', async () => {
    const [seal] = await execute<{ day: string }>(ctx.database.db, sql`select to_char(sealed_through, 'YYYY-MM-DD') as day from summary_seal`);
    expect(seal?.day).toBe(addDays(today, -2));
    const kinds = await execute<{ kind: string }>(ctx.database.db, sql`select distinct kind from sales_by_variant_period order by 1`);
    expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['M', 'Q', 'W']));
    // Each sealed period holds exactly the sums of its days, per outlet and for all outlets (outlet 0).
    const [wrong] = await execute<{ n: number }>(
      ctx.database.db,
      sql`with days as (
            select p.kind, p.start, o.outlet_id, s.variant_id, sum(s.units) as units, sum(s.net) as net, sum(s.refund_units) as refund_units, sum(s.cost) as cost
            from (select distinct kind, start from sales_by_variant_period) p
            cross join lateral (select case p.kind when 'W' then p.start + 6 when 'M' then (p.start + interval '1 month')::date - 1
              when 'Q' then (p.start + interval '3 months')::date - 1 else (p.start + interval '1 year')::date - 1 end as last) e
            join sales_by_variant s on s.day between p.start and e.last
            cross join lateral (values (s.outlet_id), (0)) o(outlet_id)
            group by 1, 2, 3, 4)
          select count(*)::int as n from days d full join sales_by_variant_period p
            on p.kind = d.kind and p.start = d.start and p.outlet_id = d.outlet_id and p.variant_id = d.variant_id
          where p.kind is null or d.kind is null or (p.units, p.net, p.refund_units, p.cost) <> (d.units, d.net, d.refund_units, d.cost)`,
    );
    expect(wrong?.n).toBe(0);
    const [stockWrong] = await execute<{ n: number }>(
      ctx.database.db,
      sql`with days as (select day, outlet_id, reason, sum(units_in) as units_in, sum(units_out) as units_out, sum(value_out) as value_out
            from stock_moves_by_day where day <= (select sealed_through from summary_seal) group by 1, 2, 3)
          select count(*)::int as n from days d full join stock_moves_by_reason r using (day, outlet_id, reason)
          where r.units_in is distinct from d.units_in or r.units_out is distinct from d.units_out or r.value_out is distinct from d.value_out`,
    );
    expect(stockWrong?.n).toBe(0);
  });

  it('keep each window whole: the sums of its days up to the last sealed day, per outlet and for all', async () => {
    const [seal] = await execute<{ through: string; starts: string[] }>(
      ctx.database.db,
      sql`select to_char(windows_through, 'YYYY-MM-DD') as through, window_starts as starts from summary_seal`,
    );
    expect(seal?.through).toBe(addDays(today, -2));
    expect(seal?.starts).toEqual(windowStartsOf(today, addDays(today, -2)));
    expect(seal?.starts).toEqual(expect.arrayContaining([addDays(today, -29), addDays(today, -364)]));
    const [wrong] = await execute<{ n: number }>(
      ctx.database.db,
      sql`with days as (
            select w.start, o.outlet_id, s.variant_id, sum(s.units) as units, sum(s.net) as net, sum(s.refund_net) as refund_net, sum(s.cost) as cost
            from (select jsonb_array_elements_text(window_starts)::date as start, windows_through as last from summary_seal) w
            join sales_by_variant s on s.day between w.start and w.last
            cross join lateral (values (s.outlet_id), (0)) o(outlet_id)
            group by 1, 2, 3)
          select count(*)::int as n from days d full join sales_by_variant_window w using (start, outlet_id, variant_id)
          where w.units is distinct from d.units or w.net is distinct from d.net or w.refund_net is distinct from d.refund_net or w.cost is distinct from d.cost`,
    );
    expect(wrong?.n).toBe(0);
  });

  it('give every report the answer of the day rows, to the cent', async () => {
    const sealed = await answers();
    // The same questions with nothing sealed: every range is read from the day rows.
    await execute(ctx.database.db, sql`truncate sales_by_variant_period, stock_moves_by_reason, sales_by_variant_window`);
    await execute(ctx.database.db, sql`update summary_seal set sealed_through = null, windows_through = null, window_starts = '[]'`);
    const fromDays = await answers();
    expect(sealed.map((a) => a.query)).toEqual(fromDays.map((a) => a.query));
    for (let i = 0; i < sealed.length; i += 1) expect(sealed[i], sealed[i]!.query).toEqual(fromDays[i]);
    const products = sealed.find((a) => a.query.startsWith('/api/analytics?report=products') && a.query.endsWith('perPage=100'))!;
    expect(products.rows.length).toBeGreaterThan(0);
    expect(products.totals.unitsSold).toBeGreaterThan(0);
    // Latest sale first, each a day of the shop's, the never sold last.
    const byLastSale = sealed.find((a) => a.query.startsWith('/api/analytics?report=inventory') && a.query.endsWith('sort=-lastSale'))!;
    const days = byLastSale.rows.map((r: Json) => r.lastSale as string | null);
    expect(days[0]).toBe(today);
    expect(days.every((d: string | null) => d === null || /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
    expect([...days].sort((a, b) => (a === null ? 1 : b === null ? -1 : b.localeCompare(a)))).toEqual(days);
    await sealSummaries(ctx.database.db);
  });

  it('seal bit by bit into the rows of one seal, and only once', async () => {
    await rebuildSummaries(ctx.database.db);
    const [whole, wholeStock] = [await sealedRows(), await sealedStock()];
    expect(whole.length).toBeGreaterThan(0);
    // Back to 100 days ago: what ended after it is sealed again by the next call.
    const back = addDays(today, -100);
    await execute(
      ctx.database.db,
      sql`delete from sales_by_variant_period where case kind when 'W' then start + 6 when 'M' then (start + interval '1 month')::date - 1
            when 'Q' then (start + interval '3 months')::date - 1 else (start + interval '1 year')::date - 1 end > ${back}::date`,
    );
    await execute(ctx.database.db, sql`delete from stock_moves_by_reason where day > ${back}::date`);
    await execute(ctx.database.db, sql`update summary_seal set sealed_through = ${back}::date`);
    expect(await sealSummaries(ctx.database.db)).toBe(addDays(today, -2));
    expect(await sealSummaries(ctx.database.db)).toBe(addDays(today, -2));
    expect(await sealedRows()).toEqual(whole);
    expect(await sealedStock()).toEqual(wholeStock);
  });
});
