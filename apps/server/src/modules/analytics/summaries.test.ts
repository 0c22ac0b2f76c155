import type { Order, Refund } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../db/execute.ts';
import { taxes } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { addProduct, openDrawer, seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';
import { rebuildSummaries } from './service.ts';

/**
 * The reports' summaries (decision 020) against the documents they sum: random sales and refunds
 * go through the API, and what the summaries hold must equal what is summed here from the API's own
 * answers (orders and refunds as the screens read them); a rebuild from the documents must give
 * back the very same rows.
 */
let ctx: TestContext;
let shop: SaleShop;
let tea: { productId: number; variantId: number };
let inclusiveVatId: number;

/** Shelf price per unit and cost per unit of each variant, for the expected figures. */
const prices = new Map<number, { total: number; cost: number }>();

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  const db = ctx.database.db;
  const [inclusive] = await db.insert(taxes).values({ name: 'VAT incl', rateE4: 200_000, isInclusive: true }).returning({ id: taxes.id });
  inclusiveVatId = inclusive!.id;
  // Tea has no cost: its units are "no cost" and stay out of cost and margin.
  tea = await addProduct(db, { title: 'Tea', variantName: '', sku: 'TEA-1', price: 999, cost: 0, taxIds: [inclusiveVatId], stock: [[shop.main.id, 1000], [shop.harbour.id, 1000]] });
  await execute(db, sql`update stock_levels set quantity = 1000`);
  await execute(db, sql`insert into stock_levels (outlet_id, variant_id, quantity) values (${shop.harbour.id}, ${shop.shirt.variantId}, 1000), (${shop.harbour.id}, ${shop.mug.variantId}, 1000) on conflict do nothing`);
  prices.set(shop.shirt.variantId, { total: 3000, cost: 1100 });
  prices.set(shop.mug.variantId, { total: 800, cost: 300 });
  prices.set(tea.variantId, { total: 999, cost: 0 });
  await openDrawer(db, shop.till, shop.main.id, shop.cashierId);
  await openDrawer(db, shop.harbourTill, shop.harbour.id, shop.adminId);
});
afterAll(() => ctx.close());

/** A small seeded generator, so a failure can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % n;
  };
}

type Expected = Record<string, number>;
const add = (into: Expected, figures: Expected) => {
  for (const [key, value] of Object.entries(figures)) into[key] = (into[key] ?? 0) + value;
};

async function sell(random: (n: number) => number): Promise<Order> {
  const variants = [shop.shirt.variantId, shop.mug.variantId, tea.variantId].filter(() => random(3) > 0);
  const chosen = variants.length ? variants : [tea.variantId];
  const lines = chosen.map((variantId) => ({ variantId, quantity: 1 + random(3) }));
  const total = lines.reduce((sum, l) => sum + prices.get(l.variantId)!.total * l.quantity, 0);
  const card = random(2) ? random(total) : 0;
  const atHarbour = random(3) === 0;
  const seller = atHarbour ? shop.admin : shop.cashier;
  const res = await seller.post('/api/orders/create', {
    uuid: crypto.randomUUID(),
    registerId: atHarbour ? shop.harbourTill.id : shop.till.id,
    lines,
    payments: [{ tender: 'cash', amount: total - card }, ...(card ? [{ tender: 'card', amount: card }] : [])].filter((p) => p.amount > 0),
    total,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function refund(order: Order, random: (n: number) => number): Promise<Refund> {
  const line = order.lines[random(order.lines.length)]!;
  const res = await shop.admin.post(`/api/orders/${order.id}/refunds`, {
    reason: random(2) ? 'Too small' : 'Broken',
    lines: [{ orderLineId: line.id, quantity: 1 + random(line.quantity), restock: random(2) === 0 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const outletRows = (table: string) =>
  execute<Record<string, string>>(ctx.database.db, sql.raw(`select * from ${table} order by 1, 2, 3, 4, 5`));

async function summed(table: string, by: string, columns: string[]): Promise<Record<string, Expected>> {
  const select = columns.map((c) => `sum(${c})::bigint as "${c}"`).join(', ');
  const rows = await execute<Record<string, string>>(ctx.database.db, sql.raw(`select ${by} as key, ${select} from ${table} group by ${by}`));
  return Object.fromEntries(rows.map(({ key, ...rest }) => [String(key), Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, Number(v)]))]));
}

describe('report summaries', () => {
  const byOutlet: Record<string, Expected> = {};
  const byVariant: Record<string, Expected> = {};
  const byTax: Record<string, Expected> = {};

  it('hold, per outlet, variant and tax, exactly what the sales and refunds add up to', async () => {
    const random = generator(20261125);
    const sold: Order[] = [];
    for (let i = 0; i < 24; i++) {
      const order = await sell(random);
      sold.push(order);
      const units = order.lines.reduce((s, l) => s + l.quantity, 0);
      const cost = order.lines.reduce((s, l) => s + prices.get(l.variantId!)!.cost * l.quantity, 0);
      const uncosted = order.lines.filter((l) => prices.get(l.variantId!)!.cost === 0).reduce((s, l) => s + l.quantity, 0);
      const tender = (t: string) => order.payments.filter((p) => p.tender === t).reduce((s, p) => s + p.amount, 0);
      add((byOutlet[order.outletId] ??= {}), {
        orders: 1, units, gross: order.subtotal, net: order.netTotal - order.chargeTotal, tax: order.taxTotal, total: order.total,
        cost, uncosted_units: uncosted, cash: tender('cash'), card: tender('card'),
      });
      for (const line of order.lines) {
        const lineCost = prices.get(line.variantId!)!.cost;
        add((byVariant[line.variantId!] ??= {}), {
          units: line.quantity, gross: line.gross, net: line.total - line.taxTotal - line.chargeTotal, tax: line.taxTotal, total: line.total,
          cost: lineCost * line.quantity, uncosted_units: lineCost === 0 ? line.quantity : 0,
        });
        for (const t of line.taxes) add((byTax[t.id] ??= {}), { base: t.base, amount: t.amount });
      }
    }
    for (const order of sold.filter(() => random(3) === 0)) {
      const back = await refund(order, random);
      const units = back.lines.reduce((s, l) => s + l.quantity, 0);
      add((byOutlet[back.outletId] ??= {}), {
        refunds: 1, refund_units: units, refund_net: back.netTotal, refund_tax: back.taxTotal, refund_total: back.total,
        restocked_units: back.lines.filter((l) => l.restock).reduce((s, l) => s + l.quantity, 0),
        damaged_units: back.lines.filter((l) => !l.restock).reduce((s, l) => s + l.quantity, 0),
        refund_cash: back.payments.filter((p) => p.tender === 'cash').reduce((s, p) => s + p.amount, 0),
        refund_card: back.payments.filter((p) => p.tender === 'card').reduce((s, p) => s + p.amount, 0),
      });
      for (const l of back.lines) {
        const line = order.lines.find((x) => x.id === l.orderLineId)!;
        const lineCost = prices.get(line.variantId!)!.cost;
        add((byVariant[line.variantId!] ??= {}), { refund_units: l.quantity, refund_net: l.net, refund_tax: l.taxTotal, refund_total: l.total, refund_cost: lineCost * l.quantity });
      }
      for (const t of back.taxes) add((byTax[t.id] ??= {}), { refund_base: t.base, refund_amount: t.amount });
    }

    expect(await summed('sales_by_hour', 'outlet_id', Object.keys(byOutlet[shop.main.id]!))).toMatchObject(byOutlet);
    expect(await summed('sales_by_variant', 'variant_id', Object.keys(byVariant[shop.shirt.variantId]!))).toMatchObject(byVariant);
    expect(await summed('sales_by_tax', 'tax_id', ['base', 'amount', 'refund_base', 'refund_amount'])).toMatchObject(
      Object.fromEntries(Object.entries(byTax).map(([id, f]) => [id, { refund_base: 0, refund_amount: 0, ...f }])),
    );
    // Every sale and every refund made today: one local day in the summaries, whatever the zone.
    const [days] = await execute<{ days: number }>(ctx.database.db, sql`select count(distinct day)::int as days from sales_by_hour`);
    expect(days?.days).toBe(1);
  });

  it('count every stock move of the ledger by reason, in units and at the cost it moved at', async () => {
    const ledger = await execute<{ variant_id: number; reason: string; units_in: string; units_out: string; value_in: string; value_out: string }>(
      ctx.database.db,
      sql`select variant_id, reason, sum(greatest(delta, 0))::bigint as units_in, sum(greatest(-delta, 0))::bigint as units_out,
            sum(greatest(delta, 0) * unit_cost)::bigint as value_in, sum(greatest(-delta, 0) * unit_cost)::bigint as value_out
          from stock_movements group by variant_id, reason order by 1, 2`,
    );
    const summary = await execute<typeof ledger[number]>(
      ctx.database.db,
      sql`select variant_id, reason, sum(units_in)::bigint as units_in, sum(units_out)::bigint as units_out, sum(value_in)::bigint as value_in,
            sum(value_out)::bigint as value_out from stock_moves_by_day group by variant_id, reason order by 1, 2`,
    );
    // bigint sums come back as text from PostgreSQL and as numbers from PGlite.
    const numbers = (rows: typeof ledger) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'reason' ? v : Number(v)])));
    expect(numbers(summary)).toEqual(numbers(ledger));
    const shirtSold = byVariant[shop.shirt.variantId]!.units!;
    expect(numbers(summary).find((r) => r.variant_id === shop.shirt.variantId && r.reason === 'sale')).toMatchObject({
      units_out: shirtSold,
      value_out: shirtSold * 1100,
    });
  });

  it('are rebuilt from the documents into exactly the rows kept as they happened', async () => {
    const tables = ['sales_by_hour', 'sales_by_variant', 'sales_by_tax', 'stock_moves_by_day'];
    const lastSales = () =>
      execute<{ outlet_id: number; variant_id: number; last_sold_at: string | null }>(
        ctx.database.db,
        sql`select outlet_id, variant_id, last_sold_at::text from stock_levels order by 1, 2`,
      );
    const before = await Promise.all(tables.map(outletRows));
    const soldBefore = await lastSales();
    expect(before.every((rows) => rows.length > 0)).toBe(true);
    // Each level that sold remembers when, as the sale stamped it.
    expect(soldBefore.filter((l) => l.last_sold_at !== null).length).toBeGreaterThan(0);
    await rebuildSummaries(ctx.database.db);
    expect(await Promise.all(tables.map(outletRows))).toEqual(before);
    expect(await lastSales()).toEqual(soldBefore);
  });
});
