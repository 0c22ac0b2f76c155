import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { execute } from '../../db/execute.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { openDrawer, saleBody, seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';
import { rebuildSummaries } from './service.ts';

/** A report's JSON as the tests read it. */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Two days of known sales for the reports' tests (tests only). The seeded shop sells a shirt at
 * 25.00 + 20 % VAT (cost 11.00) and a mug at 8.00 without tax (cost 3.00):
 * - today: A = 2 shirts (60.00 cash), C = 1 shirt + 1 mug (38.00 cash), and a refund of one shirt
 *   of A with restock (30.00 cash back), all at Till 1 of Main store;
 * - yesterday: B = 1 mug (8.00 card).
 */
export type ReportDay = {
  ctx: TestContext;
  shop: SaleShop;
  today: string;
  yesterday: string;
  /** `from=today&to=today` and `from=yesterday&to=today`. */
  day: string;
  both: string;
  report(query: string): Promise<Json>;
  stats(query: string): Promise<Json>;
};

export async function seedReportDay(): Promise<ReportDay> {
  const ctx = await createTestContext();
  const shop = await seedSaleShop(ctx);
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
  const [days] = await execute<{ today: string; yesterday: string }>(
    db,
    sql`select to_char((now() at time zone shop_time_zone())::date, 'YYYY-MM-DD') as today, to_char((now() at time zone shop_time_zone())::date - 1, 'YYYY-MM-DD') as yesterday`,
  );
  const { today, yesterday } = days!;
  // Sale B moves to yesterday noon (local), and the summaries are rebuilt from the documents.
  await execute(db, sql`update orders set created_at = ((${yesterday}::date + time '12:00') at time zone shop_time_zone()) where id = ${b.id}`);
  await rebuildSummaries(db);
  const read = (path: string) => async (query: string): Promise<Json> => {
    const res = await shop.admin.get(`${path}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  return {
    ctx,
    shop,
    today,
    yesterday,
    day: `from=${today}&to=${today}`,
    both: `from=${yesterday}&to=${today}`,
    report: read('/api/analytics'),
    stats: read('/api/analytics/stats'),
  };
}

/** The stats' cards as `{key: value}`. */
export const cardsOf = (s: Json) => Object.fromEntries(s.cards.map((c: Json) => [c.key, c.value]));
