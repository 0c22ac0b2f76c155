// Reports benchmark (issue 12 "Fast at any size", docs/performance.md "Reports"): a year of a shop
// chain, then every report, its headline figures and the dashboard through the HTTP API.
//
//   npm run bench:reports -- --driver postgres [--lines 10000000] [--requests 20]
//   npm run bench:reports -- --driver pglite   [--lines 1000000]  [--requests 20]
//   --check-only: generate, rebuild and check the summaries, measure nothing
//   --keep-summaries: on a kept database, measure its summaries as they are (no rebuild)
//   --reports products,stock: measure only these reports (all eight and the dashboard by default)
//
// PostgreSQL: DATABASE_URL when set (kept: a database that already holds orders is measured as it
// is, not generated again), else a new database on BENCH_POSTGRES_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), dropped after the run. PGlite: DATA_DIR when set
// (kept the same way), else a temporary folder removed after the run (on files, as the server runs it).
//
// Data: bench/generate-sales.ts (3 outlets, 20,000 variants from bench/generate-catalogue.ts,
// --lines order lines over the year ending today, about 2 % of orders refunded), then
// rebuildSummaries (timed: the summaries, the sealed periods and the windows), then a check that the
// summaries add up to the documents. With --keep-summaries, only what finished since is sealed.
// Measurement: the server in this process (buildApp + listen), an administrator signed in over
// HTTP, one request at a time: GET /api/analytics and GET /api/analytics/stats for each of the
// eight reports over a day (today, by hour), a month (the last 30 days, by day) and the year (the
// last 365 days, by month), each compared with the previous period; GET /api/dashboard for every
// outlet and for one. A call that answers 404 (its route not there yet) is reported as such.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { reportNames } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type DatabaseHandle } from '../apps/server/src/db/client.ts';
import { execute, executeOne } from '../apps/server/src/db/execute.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { sealSummaries } from '../apps/server/src/modules/analytics/sealing.ts';
import { rebuildSummaries } from '../apps/server/src/modules/analytics/summaries.ts';
import { createScratchPostgres } from '../apps/server/src/testing/test-database.ts';
import { checkDocuments, generateSales } from './generate-sales.ts';
import { HttpError, percentile, signInAdministrator, startBenchServer, type Client } from './bench-api.ts';

const VARIANTS = 20_000;

type Database = { handle: DatabaseHandle; where: string; close: () => Promise<void> };

async function openBenchDatabase(driver: string): Promise<Database> {
  if (driver === 'postgres') {
    if (process.env.DATABASE_URL) {
      const handle = openPostgres(process.env.DATABASE_URL);
      return { handle, where: 'PostgreSQL (DATABASE_URL, kept)', close: () => handle.close() };
    }
    const scratch = await createScratchPostgres(process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'tillbook_bench_reports');
    return { handle: scratch, where: 'PostgreSQL (a new database, dropped after)', close: () => scratch.drop() };
  }
  if (driver !== 'pglite') throw new Error('--driver must be postgres or pglite');
  // On files, as the server runs PGlite: a year of data held in memory would crowd the machine.
  if (process.env.DATA_DIR) {
    const dataDir = path.resolve(process.env.DATA_DIR);
    const handle = await openPglite(dataDir);
    return { handle, where: `PGlite in ${dataDir} (kept)`, close: () => handle.close() };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tillbook-bench-reports-pglite-'));
  const handle = await openPglite(dataDir);
  return {
    handle,
    where: 'PGlite in a temporary folder (removed after)',
    async close() {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The summaries against the documents they come from: every sum the reports read must equal the
 * same sum over orders, lines, payments, refunds and the ledger; and the ledger must add up to the
 * stock levels. Answers the check line and whether it held.
 */
async function checkSummaries(handle: DatabaseHandle): Promise<{ ok: boolean; line: string }> {
  const db = handle.db;
  const pairs = await executeOne<Record<string, string>>(
    db,
    sql`select
      (select count(*) from orders)::text as orders_docs, (select coalesce(sum(orders), 0) from sales_by_hour)::text as orders_sum,
      (select coalesce(sum(total), 0) from orders)::text as total_docs, (select coalesce(sum(total), 0) from sales_by_hour)::text as total_sum,
      (select coalesce(sum(net), 0) from order_lines)::text as net_docs, (select coalesce(sum(net), 0) from sales_by_hour)::text as net_sum,
      (select coalesce(sum(net), 0) from order_lines)::text as vnet_docs, (select coalesce(sum(net), 0) from sales_by_variant)::text as vnet_sum,
      (select coalesce(sum(quantity), 0) from order_lines)::text as units_docs, (select coalesce(sum(units), 0) from sales_by_variant)::text as units_sum,
      (select coalesce(sum(tax_total), 0) from orders)::text as tax_docs, (select coalesce(sum(amount), 0) from sales_by_tax)::text as tax_sum,
      (select coalesce(sum(amount), 0) from order_payments)::text as paid_docs, (select coalesce(sum(cash + card + other), 0) from sales_by_hour)::text as paid_sum,
      (select coalesce(sum(unit_cost * quantity) filter (where unit_cost > 0), 0) from order_lines)::text as cost_docs,
      (select coalesce(sum(cost), 0) from sales_by_hour)::text as cost_sum,
      (select count(*) from refunds)::text as refunds_docs, (select coalesce(sum(refunds), 0) from sales_by_hour)::text as refunds_sum,
      (select coalesce(sum(total), 0) from refunds)::text as rtotal_docs, (select coalesce(sum(refund_total), 0) from sales_by_hour)::text as rtotal_sum,
      (select coalesce(sum(quantity), 0) from refund_lines)::text as runits_docs, (select coalesce(sum(refund_units), 0) from sales_by_variant)::text as runits_sum,
      (select coalesce(sum(tax_total), 0) from refunds)::text as rtax_docs, (select coalesce(sum(refund_amount), 0) from sales_by_tax)::text as rtax_sum,
      (select coalesce(sum(delta), 0) from stock_movements)::text as moved_docs, (select coalesce(sum(units_in - units_out), 0) from stock_moves_by_day)::text as moved_sum,
      (select coalesce(sum(quantity), 0) from stock_levels)::text as stock_docs, (select coalesce(sum(delta), 0) from stock_movements)::text as stock_sum`,
  );
  const [ledger] = await execute<{ wrong: number; orders: number; lines: number }>(
    db,
    sql`select (select count(*) from stock_levels l
                left join (select outlet_id, variant_id, sum(delta) as d from stock_movements group by 1, 2) m
                  on m.outlet_id = l.outlet_id and m.variant_id = l.variant_id
                where coalesce(m.d, 0) <> l.quantity)::int as wrong,
               (select count(*) from orders)::int as orders, (select count(*) from order_lines)::int as lines`,
  );
  const names = ['orders', 'total', 'net', 'vnet', 'units', 'tax', 'paid', 'cost', 'refunds', 'rtotal', 'runits', 'rtax', 'moved', 'stock'];
  const wrong = names.filter((n) => pairs?.[`${n}_docs`] !== pairs?.[`${n}_sum`]).map((n) => `${n}: documents ${pairs?.[`${n}_docs`]}, summaries ${pairs?.[`${n}_sum`]}`);
  const ok = wrong.length === 0 && ledger?.wrong === 0;
  const line = ok
    ? `summaries add up: ${names.length} sums equal over ${ledger?.orders.toLocaleString('en')} orders and ${ledger?.lines.toLocaleString('en')} lines (orders, totals, net, units, taxes, tenders, cost, refunds, stock moves); ledger adds up to every stock level`
    : `summaries DO NOT add up: ${[...wrong, `${ledger?.wrong} stock levels whose ledger does not add up`].join('; ')}`;
  return { ok, line };
}

type Row = { label: string; range: string; samples: number[]; error?: string };

/** `count` requests of `url` one at a time (after two not measured); a refusal is kept as the row's error. */
async function measure(client: Client, label: string, range: string, url: string, count: number): Promise<Row> {
  const samples: number[] = [];
  try {
    for (let i = 0; i < 2; i += 1) await client.request('GET', url);
    for (let i = 0; i < count; i += 1) {
      const started = performance.now();
      await client.request('GET', url);
      samples.push(performance.now() - started);
    }
    return { label, range, samples };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return { label, range, samples, error: `404: ${url.split('?')[0]} is not on this build` };
    return { label, range, samples, error: error instanceof Error ? error.message : String(error) };
  }
}

function table(rows: Row[], budget: number): string {
  const lines = [`| call | range | requests | p50 ms | p95 ms | p99 ms | max ms | p95 < ${budget} ms |`, '|---|---|---:|---:|---:|---:|---:|---|'];
  for (const row of rows) {
    if (row.error) {
      lines.push(`| ${row.label} | ${row.range} | — | — | — | — | — | ${row.error} |`);
      continue;
    }
    const sorted = [...row.samples].sort((a, b) => a - b);
    const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(sorted, p));
    const cells = [p50, p95, p99, sorted.at(-1) ?? 0].map((v) => (v ?? 0).toFixed(1));
    lines.push(`| ${row.label} | ${row.range} | ${row.samples.length} | ${cells.join(' | ')} | ${(p95 ?? 0) < budget ? 'yes' : '**no**'} |`);
  }
  return lines.join('\n');
}

async function main() {
  const { values } = parseArgs({
    options: {
      driver: { type: 'string', default: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
      lines: { type: 'string' },
      requests: { type: 'string', default: '20' },
      'check-only': { type: 'boolean', default: false },
      'keep-summaries': { type: 'boolean', default: false },
      reports: { type: 'string' },
    },
  });
  const driver = values.driver ?? 'pglite';
  const lines = Number(values.lines ?? (driver === 'postgres' ? 10_000_000 : 1_000_000));
  const requests = Number(values.requests);
  if (!Number.isSafeInteger(lines) || lines < 1) throw new Error('--lines must be a whole number above 0');
  if (!Number.isSafeInteger(requests) || requests < 1) throw new Error('--requests must be a whole number above 0');
  const database = await openBenchDatabase(driver);
  const { handle } = database;
  try {
    await migrateDatabase(handle);
    const existing = await executeOne<{ n: number }>(handle.db, sql`select count(*)::int as n from order_lines`);
    let generated = `${existing?.n.toLocaleString('en')} order lines already there: measured as they are`;
    if (!existing?.n) {
      console.log(`Generating ${lines.toLocaleString('en')} order lines in ${database.where}…`);
      const result = await generateSales(handle, { lines, variants: VARIANTS });
      generated = `generated ${result.orders.toLocaleString('en')} orders, ${result.lines.toLocaleString('en')} lines, ${result.refunds.toLocaleString('en')} refunds, ${result.moves.toLocaleString('en')} ledger rows in ${result.seconds.toFixed(1)} s`;
      console.log(generated);
    }
    const started = performance.now();
    const keep = values['keep-summaries'] && Boolean(existing?.n);
    if (keep) await sealSummaries(handle.db);
    else await rebuildSummaries(handle.db);
    const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
    const rebuild = keep
      ? `summaries kept as they were (--keep-summaries: not rebuilt, not checked again), sealed up to date in ${took}`
      : `summaries rebuilt, sealed periods and windows included, in ${took}`;
    await handle.db.execute(sql`analyze`);
    console.log(rebuild);
    const documents = keep ? { ok: true, line: '' } : await checkDocuments(handle.db);
    const summaries = keep ? { ok: true, line: '' } : await checkSummaries(handle);
    const check = { line: `${documents.line}\n${summaries.line}`.trim() };
    console.log(check.line);
    if (!documents.ok || !summaries.ok) process.exitCode = 1;
    if (values['check-only']) return;

    const server = await startBenchServer(handle, 'reports');
    const rows: Row[] = [];
    try {
      const client = await signInAdministrator(handle, server.address);
      const days = await executeOne<{ today: string; month: string; year: string; outlet: number }>(
        handle.db,
        sql`select to_char(d, 'YYYY-MM-DD') as today, to_char(d - 29, 'YYYY-MM-DD') as month, to_char(d - 364, 'YYYY-MM-DD') as year,
              (select id from outlets where code = 'MAIN') as outlet
            from (select (now() at time zone shop_time_zone())::date as d) t`,
      );
      if (!days) throw new Error('No shop date');
      const ranges = [
        { name: 'day', from: days.today, groupBy: 'hour' },
        { name: 'month (30 days)', from: days.month, groupBy: 'day' },
        { name: 'year (365 days)', from: days.year, groupBy: 'month' },
      ];
      const only = values.reports?.split(',');
      rows.push(await measure(client, 'baseline: GET /api/user', '', '/api/user', requests));
      if (!only) {
        rows.push(await measure(client, 'GET /api/dashboard', 'today', '/api/dashboard', requests));
        rows.push(await measure(client, 'GET /api/dashboard?outlet=', 'today', `/api/dashboard?outlet=${days.outlet}`, requests));
      }
      for (const report of reportNames.filter((r) => !only || only.includes(r))) {
        for (const range of ranges) {
          const query = `report=${report}&from=${range.from}&to=${days.today}&groupBy=${range.groupBy}&compare=previous`;
          rows.push(await measure(client, `analytics: ${report}`, range.name, `/api/analytics?${query}`, requests));
          rows.push(await measure(client, `analytics/stats: ${report}`, range.name, `/api/analytics/stats?${query}`, requests));
        }
      }
    } finally {
      await server.close();
    }
    const budget = driver === 'postgres' ? 200 : 500;
    console.log(`\nReports benchmark — ${new Date().toISOString().slice(0, 16)}Z — ${database.where}, Node ${process.version}, ${os.cpus().length} cores`);
    console.log(`${generated}\n${rebuild}\n${check.line}\n`);
    console.log(table(rows, budget));
    const missing = rows.filter((r) => r.error?.startsWith('404'));
    if (missing.length) console.log(`\n${missing.length} calls answered 404: their routes are not on this build (run the benchmark after they are merged).`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
