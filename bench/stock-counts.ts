// Stock count benchmark (issue 13): start a count, count on it, review it and apply it, through the
// HTTP API with a signed-in administrator, against a generated catalogue. Budget: applying a count
// of 10,000 lines under 5 s on PostgreSQL.
//
//   npx tsx bench/stock-counts.ts --driver postgres --lines 10000   (a scratch database on BENCH_POSTGRES_URL, dropped after)
//   npx tsx bench/stock-counts.ts --driver pglite --lines 10000     (PGlite in memory)
//
// A catalogue is generated (bench/generate-catalogue.ts) with more variants than --lines. Each run starts a count of all products at the first outlet over HTTP (timed: the sheet
// freezes every line in one insert…select), trims the sheet to exactly --lines lines, counts every
// line in SQL — one in three over by one, one in three short by one, the rest as expected, so two
// thirds of the lines are variances — and counts 300 lines over HTTP as a scanner would (each an
// "add" of 1). Then it reads the review and a page of variances, and applies the count (timed: one
// move_stock call posting every variance). The server runs in this process (buildApp + listen).
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';
import { execute } from '../apps/server/src/db/execute.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { openBenchDatabase, percentile, signInAdministrator, startBenchServer, type Client } from './bench-api.ts';
import { generateCatalogue } from './generate-catalogue.ts';

type StockCountAnswer = { data: { id: number; number: string; status: string; adjustments: number; totals: { lines: number; varianceLines: number } } };

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

async function scalar(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await execute<{ v: number }>(handle.db, query);
  return Number(row?.v ?? 0);
}

type Run = { create: number; sheetLines: number; scans: number[]; review: number; variancePage: number; apply: number; lines: number; adjustments: number };

async function oneRun(handle: DatabaseHandle, client: Client, outletId: number, lines: number, scans: number): Promise<Run> {
  const create = await timed(() => client.request('POST', '/api/stock-counts/create', { outletId, scope: 'all', note: 'Benchmark' }) as Promise<StockCountAnswer>);
  const countId = create.result.data.id;
  // Exactly --lines lines, every one counted: a third over by one, a third short by one.
  await handle.db.execute(sql`delete from stock_count_lines where stock_count_id = ${countId}
    and variant_id not in (select variant_id from stock_count_lines where stock_count_id = ${countId} order by variant_id limit ${lines})`);
  await handle.db.execute(sql`update stock_count_lines set counted = greatest(expected + (variant_id % 3) - 1, 0), counted_at = now()
    where stock_count_id = ${countId}`);
  const variantIds = (await execute<{ variant_id: number }>(handle.db, sql`select variant_id from stock_count_lines where stock_count_id = ${countId} order by variant_id limit ${scans}`)).map((r) => r.variant_id);
  const scanTimes: number[] = [];
  for (const variantId of variantIds) {
    scanTimes.push((await timed(() => client.request('POST', `/api/stock-counts/${countId}/lines`, { variantId, quantity: 1, mode: 'add' }))).ms);
  }
  const review = await timed(() => client.request('GET', `/api/stock-counts/${countId}/edit`) as Promise<StockCountAnswer>);
  const variancePage = await timed(() => client.request('GET', `/api/stock-counts/${countId}/lines?filter=variance&page=20&perPage=50`));
  const apply = await timed(() => client.request('POST', `/api/stock-counts/${countId}/apply`, { uncounted: 'skip' }) as Promise<StockCountAnswer>);
  if (apply.result.data.status !== 'applied') throw new Error(`${apply.result.data.number} was not applied`);
  const posted = await scalar(handle, sql`select count(*)::int as v from stock_movements where document_type = 'stock_count' and document_id = ${countId}`);
  if (posted !== review.result.data.totals.varianceLines) throw new Error(`posted ${posted} moves for ${review.result.data.totals.varianceLines} variances`);
  return {
    create: create.ms,
    sheetLines: create.result.data.totals.lines,
    scans: scanTimes,
    review: review.ms,
    variancePage: variancePage.ms,
    apply: apply.ms,
    lines: review.result.data.totals.lines,
    adjustments: apply.result.data.adjustments,
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      driver: { type: 'string', default: 'pglite' },
      lines: { type: 'string', default: '10000' },
      runs: { type: 'string', default: '3' },
      scans: { type: 'string', default: '300' },
    },
  });
  const lines = Number(values.lines);
  const runs = Number(values.runs);
  const scans = Number(values.scans);
  const database = await openBenchDatabase(values.driver, 'stock_counts');
  const { handle } = database;
  const where = database.url ? 'PostgreSQL (a scratch database)' : 'PGlite (in memory)';
  await migrateDatabase(handle);
  const tracked = () => scalar(handle, sql`select count(*)::int as v from product_variants v join products p on p.id = v.product_id where p.track_stock and p.status = 'active'`);
  const have = await tracked();
  if (have < lines) {
    // About 1.4 variants per generated product.
    const products = Math.ceil((lines - have) / 1.3) + 100;
    console.log(`${where} holds ${have.toLocaleString('en')} counted variants; generating ${products.toLocaleString('en')} more products…`);
    await generateCatalogue(handle, { products });
  }
  const outletId = await scalar(handle, sql`select min(id) as v from outlets`);

  const server = await startBenchServer(handle, 'stock-counts');
  const results: Run[] = [];
  try {
    const client = await signInAdministrator(handle, server.address);
    for (let i = 0; i < runs; i += 1) {
      const run = await oneRun(handle, client, outletId, lines, scans);
      results.push(run);
      console.log(`run ${i + 1}: start ${run.create.toFixed(0)} ms, apply ${run.apply.toFixed(0)} ms (${run.adjustments.toLocaleString('en')} adjustments of ${run.lines.toLocaleString('en')} lines)`);
    }
  } finally {
    await server.close();
    await database.close();
  }

  const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
  const allScans = results.flatMap((r) => r.scans).sort((a, b) => a - b);
  const first = results[0];
  console.log(`\nStock count benchmark — ${new Date().toISOString().slice(0, 10)} — ${where}, ${(first?.lines ?? 0).toLocaleString('en')} lines a count, ${runs} runs, Node ${process.version}\n`);
  console.log('| measurement | median ms | each run ms |\n|---|---:|---|');
  const row = (label: string, pick: (r: Run) => number) => console.log(`| ${label} | ${median(results.map(pick)).toFixed(0)} | ${results.map((r) => pick(r).toFixed(0)).join(', ')} |`);
  row(`start a count of all products (${(first?.sheetLines ?? 0).toLocaleString('en')} lines frozen in one insert…select)`, (r) => r.create);
  row('review (GET /edit: totals over the sheet)', (r) => r.review);
  row('a page of variances (filter=variance, page 20)', (r) => r.variancePage);
  row(`**apply** (${(first?.adjustments ?? 0).toLocaleString('en')} adjustments in one move_stock call)`, (r) => r.apply);
  console.log(`\n| a scan (POST /lines, add 1) | requests | p50 ms | p95 ms | max ms |\n|---|---:|---:|---:|---:|\n| | ${allScans.length} | ${percentile(allScans, 50).toFixed(1)} | ${percentile(allScans, 95).toFixed(1)} | ${(allScans.at(-1) ?? 0).toFixed(1)} |`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
