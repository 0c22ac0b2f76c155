// Goods-orders benchmark (issue 13, docs/performance.md): receiving a goods order of 500 lines into
// stock through the HTTP API. Budget on PostgreSQL: under 1 s.
//
//   npx tsx bench/goods-orders.ts --driver postgres     (a new database on BENCH_POSTGRES_URL, dropped after)
//   npx tsx bench/goods-orders.ts --driver pglite       (PGlite in memory)
//   options: --products 10000 --lines 500 --rounds 7
//
// Setup: a generated catalogue (bench/generate-catalogue.ts), every variant in stock at three
// outlets (so each line's weighted average reads stock at every outlet), a supplier linked to the
// variants, the server in this process and a signed-in administrator. Each round creates a draft
// of --lines lines over HTTP (POST /api/goods-orders/create, other variants each round), marks it
// ordered, and times POST /api/goods-orders/{id}/receive with every line's whole quantity: the
// order locked, the variants locked, their cost averaged and written with the product history,
// the receipt and its lines, move_stock once for all lines, the lines' received quantities, the
// status, the timeline, and the whole order read back as the answer. After each round the ledger
// must hold one "received" row per line with the received cost, and the stock must have grown by
// exactly the received units.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';
import { updateGoodsOrder } from '../apps/server/src/modules/goods-orders/service.ts';
import { openBenchDatabase, percentile, signInAdministrator, startBenchServer } from './bench-api.ts';
import { generateCatalogue } from './generate-catalogue.ts';

async function rows<T>(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}

type Setup = { outletId: number; supplierId: number; variants: Array<{ id: number; cost: number }> };

async function setUp(handle: DatabaseHandle, products: number, needed: number): Promise<Setup> {
  await generateCatalogue(handle, { products, log: () => undefined });
  await handle.db.execute(sql`update products set status = 'active', track_stock = true`);
  const outlets = await rows<{ id: number; code: string }>(handle, sql`select id, code from outlets order by id`);
  const main = outlets.find((o) => o.code === 'MAIN');
  if (!main || outlets.length < 2) throw new Error('The generated shop has no Main store and second outlet');
  // Stock everywhere: 40 at each outlet, so every average reads stock at several outlets.
  await handle.db.execute(sql`insert into stock_levels (outlet_id, variant_id, quantity) select o.id, v.id, 40 from outlets o cross join product_variants v
    on conflict (outlet_id, variant_id) do update set quantity = excluded.quantity`);
  await handle.db.execute(sql`update product_variants set cost = 100 + id % 900 where cost = 0`);
  const variants = await rows<{ id: number; cost: number | string }>(handle, sql`select id, cost from product_variants order by id limit ${needed}`);
  if (variants.length < needed) throw new Error(`The catalogue has ${variants.length} variants; the run needs ${needed}: raise --products`);
  const [supplier] = await rows<{ id: number }>(handle, sql`insert into suppliers (company_name, email) values ('Bench Wholesale', 'orders@bench.example') returning id`);
  await handle.db.execute(sql`insert into supplier_products (supplier_id, variant_id, supplier_sku, cost)
    select ${supplier!.id}, id, 'BW-' || id, cost from product_variants where id = any(${`{${variants.map((v) => v.id).join(',')}}`}::int[])`);
  await handle.db.execute(sql`analyze`);
  return { outletId: main.id, supplierId: supplier!.id, variants: variants.map((v) => ({ id: Number(v.id), cost: Number(v.cost) })) };
}

type Round = { createMs: number; receiveMs: number; check: string };

async function main() {
  const { values } = parseArgs({
    options: {
      driver: { type: 'string', default: 'postgres' },
      products: { type: 'string', default: '10000' },
      lines: { type: 'string', default: '500' },
      rounds: { type: 'string', default: '7' },
    },
  });
  const lineCount = Number(values.lines);
  const roundCount = Number(values.rounds);
  const { handle, close: closeDatabase } = await openBenchDatabase(values.driver, 'tillbook_bench_goods');

  try {
    const setup = await setUp(handle, Number(values.products), lineCount * roundCount);
    const server = await startBenchServer(handle, 'goods-orders');
    const results: Round[] = [];
    try {
      const admin = await signInAdministrator(handle, server.address);
      for (let round = 0; round < roundCount; round += 1) {
        const slice = setup.variants.slice(round * lineCount, (round + 1) * lineCount);
        const items = slice.map((v, i) => ({ variantId: v.id, quantity: 1 + (i % 48), unitCost: v.cost + (i % 7) * 10, taxRateE4: 200_000 }));
        let started = performance.now();
        const created = (await admin.request('POST', '/api/goods-orders/create', { supplierId: setup.supplierId, outletId: setup.outletId, items })) as {
          data: { id: number; items: Array<{ id: number; quantity: number }> };
        };
        const createMs = performance.now() - started;
        const order = created.data;
        await updateGoodsOrder(handle.db, order.id, { status: 'ordered' }, null);

        const [before] = await rows<{ units: number | string }>(handle, sql`select coalesce(sum(quantity), 0) as units from stock_levels`);
        started = performance.now();
        await admin.request('POST', `/api/goods-orders/${order.id}/receive`, { items: order.items.map((item) => ({ itemId: item.id, quantity: item.quantity })) });
        const receiveMs = performance.now() - started;

        const [after] = await rows<{ units: number | string }>(handle, sql`select coalesce(sum(quantity), 0) as units from stock_levels`);
        const [ledger] = await rows<{ moves: number; units: number | string; costed: number }>(
          handle,
          sql`select count(*)::int as moves, sum(m.delta) as units, count(*) filter (where m.unit_cost = l.unit_cost)::int as costed
              from stock_movements m join goods_receipt_lines l on l.variant_id = m.variant_id
                join goods_receipts r on r.id = l.goods_receipt_id and r.goods_order_id = m.document_id
              where m.reason = 'received' and m.document_type = 'goods_order' and m.document_id = ${order.id}`,
        );
        const expected = items.reduce((sum, item) => sum + item.quantity, 0);
        const ok = ledger?.moves === lineCount && Number(ledger.units) === expected && ledger.costed === lineCount && Number(after?.units) - Number(before?.units) === expected;
        if (!ok) process.exitCode = 1;
        results.push({ createMs, receiveMs, check: `${ok ? 'OK' : 'FAILED'}: ${ledger?.moves} ledger rows, ${ledger?.units} of ${expected} units` });
      }
    } finally {
      await server.close();
    }

    const table = (label: string, samples: number[]) => {
      const sorted = [...samples].sort((a, b) => a - b);
      const [p50, p95] = [50, 95].map((p) => percentile(sorted, p).toFixed(0));
      return `| ${label} | ${samples.length} | ${p50} | ${p95} | ${sorted[0]!.toFixed(0)} | ${sorted.at(-1)!.toFixed(0)} |`;
    };
    const driverName = values.driver === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)';
    console.log(`\nGoods-orders benchmark — ${new Date().toISOString().slice(0, 16)}Z — ${driverName}, ${lineCount} lines per order, ${Number(values.products).toLocaleString('en')} products, Node ${process.version}, ${os.cpus().length} cores\n`);
    console.log(['| call | rounds | p50 ms | p95 ms | min ms | max ms |', '|---|---:|---:|---:|---:|---:|'].join('\n'));
    console.log(table(`POST /api/goods-orders/create (${lineCount} lines)`, results.map((r) => r.createMs)));
    console.log(table(`**POST /api/goods-orders/{id}/receive (${lineCount} lines)**`, results.map((r) => r.receiveMs)));
    console.log(`\nreceive, each round (ms): ${results.map((r) => r.receiveMs.toFixed(0)).join(', ')}`);
    console.log(`checks: ${results.every((r) => r.check.startsWith('OK')) ? 'all OK' : results.map((r) => r.check).join('; ')} (${results[0]?.check})`);
    const p95 = percentile(
      results.map((r) => r.receiveMs).sort((a, b) => a - b),
      95,
    );
    if (values.driver === 'postgres') console.log(`budget on PostgreSQL: under 1000 ms (p95 ${p95.toFixed(0)} ms: ${p95 < 1000 ? 'holds' : 'MISSED'})`);
  } finally {
    await closeDatabase();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
