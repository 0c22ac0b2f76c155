// Checkout benchmark (issue 5, docs/performance.md): concurrent sales over HTTP against the real
// server, and on PostgreSQL the same writes run by pgbench on the same database in the same run; on
// PGlite, pgbench's script called directly on the same database in this process (`sellDirect`).
//
//   npm run bench:checkout -- --driver postgres        (a new database on BENCH_POSTGRES_URL, dropped after)
//   npm run bench:checkout -- --driver pglite          (PGlite in memory)
//   options: --products 10000 --concurrency 16 --seconds 20 --rounds 1 (rounds of HTTP then pgbench, each from a checkpoint)
//
// Setup: a generated catalogue (bench/generate-catalogue.ts: inclusive, exclusive and compound
// taxes, a deposit charge), stock at Main store far above what the run sells, a register with an
// open drawer and a signed-in cashier. Each sale is 5 distinct random variants, priced by the
// client with the engine (as the sell screen does from its catalogue copy) and sent to
// POST /api/orders/create with a fresh uuid, cookies and the XSRF header. pgbench runs
// bench/checkout-pgbench.sql: the sale's writes, statement for statement. Afterwards the ledger
// must add up to the stock change for every (outlet, variant), and no uuid may appear twice.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { SaleItem } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { loadSellableVariants } from '../apps/server/src/modules/orders/pricing-source.ts';
import { ensureDefaultReceiptTemplate } from '../apps/server/src/modules/receipts/service.ts';
import { upsertUserByUsername } from '../apps/server/src/modules/users/service.ts';
import type { LoadConfig, LoadResult } from './checkout-load.ts';
import { generateCatalogue } from './generate-catalogue.ts';
import { openBenchDatabase, percentile, startBenchServer } from './bench-api.ts';

const CASHIER = { username: 'bench-cashier', password: 'bench-password-not-secret' };
const STOCK = 1_000_000_000;

async function rows<T>(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}

type Shop = { outletId: number; outletCode: string; registerId: number; sessionId: number; cashierId: number; templateId: number };

async function setUpShop(handle: DatabaseHandle, products: number): Promise<Shop> {
  await migrateDatabase(handle);
  await generateCatalogue(handle, { products, log: () => undefined });
  await ensureDefaultReceiptTemplate(handle.db);
  const [outlet] = await rows<{ id: number; code: string }>(handle, sql`select id, code from outlets where code = 'MAIN'`);
  const [template] = await rows<{ id: number }>(handle, sql`select id from receipt_templates order by id limit 1`);
  if (!outlet || !template) throw new Error('The generated shop has no Main store or receipt template');
  const cashier = await upsertUserByUsername(handle.db, { username: CASHIER.username, name: 'Benchmark cashier', type: 'cashier', password: CASHIER.password, outletId: outlet.id });
  const [register] = await rows<{ id: number }>(
    handle,
    sql`insert into registers (name, slug, outlet_id, receipt_template_id) values ('Bench till', 'main-bench-till', ${outlet.id}, ${template.id}) returning id`,
  );
  const [session] = await rows<{ id: number }>(
    handle,
    sql`insert into cashbox_sessions (register_id, outlet_id, opened_by, opening_float) values (${register!.id}, ${outlet.id}, ${cashier.id}, 20000) returning id`,
  );
  // Every variant in stock at Main store, far above what a run sells: the run measures selling, not refusals.
  await handle.db.execute(sql`insert into stock_levels (outlet_id, variant_id, quantity) select ${outlet.id}, id, ${STOCK} from product_variants
    on conflict (outlet_id, variant_id) do update set quantity = excluded.quantity`);
  await handle.db.execute(sql`update products set status = 'active'`);
  await handle.db.execute(sql`update product_variants set active = true`);
  // Written here outside the ledger: the stock summary per product is recomputed as the server would keep it.
  await handle.db.execute(sql`select rebuild_product_stock()`);
  await handle.db.execute(sql`create table bench_stock_start as select outlet_id, variant_id, quantity from stock_levels`);
  await handle.db.execute(sql`create table bench_ledger_start as select coalesce(max(id), 0) as id from stock_movements`);
  return { outletId: outlet.id, outletCode: outlet.code, registerId: register!.id, sessionId: session!.id, cashierId: cashier.id, templateId: template.id };
}

type Phase = { label: string; orders: number; seconds: number; samples: number[]; errors: string[] };

/**
 * The sales come from a process of their own (bench/checkout-load.ts), as they come from other
 * machines in a shop: the server's event loop serves requests only, like pgbench's server does.
 */
function sellOverHttp(address: string, shop: Shop, items: SaleItem[], concurrency: number, seconds: number, label: string): Promise<Phase> {
  const configFile = path.join(os.tmpdir(), `tillbook-checkout-load-${randomBytes(4).toString('hex')}.json`);
  const config: LoadConfig = { address, registerId: shop.registerId, username: CASHIER.username, password: CASHIER.password, items, concurrency, seconds };
  fs.writeFileSync(configFile, JSON.stringify(config));
  const script = path.join(import.meta.dirname, 'checkout-load.ts');
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', script, configFile], { maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      fs.rmSync(configFile, { force: true });
      if (error) return reject(new Error(`The load process failed: ${stderr || error.message}`));
      const result = JSON.parse(stdout) as LoadResult;
      resolve({ label, orders: result.samples.length, seconds: result.seconds, samples: result.samples, errors: result.errors });
    });
  });
}

function runPgbench(url: string, shop: Shop, vmin: number, vstep: number, concurrency: number, seconds: number): Promise<{ tps: number; output: string }> {
  const script = path.join(import.meta.dirname, 'checkout-pgbench.sql');
  const vars = { outlet: shop.outletId, session: shop.sessionId, register: shop.registerId, cashier: shop.cashierId, template: shop.templateId, code: shop.outletCode, vmin, vstep };
  const args = ['-n', '-c', String(concurrency), '-j', '2', '-T', String(seconds), '-f', script, ...Object.entries(vars).flatMap(([k, v]) => ['-D', `${k}=${v}`]), url];
  return new Promise((resolve, reject) => {
    execFile('pgbench', args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`pgbench failed: ${stderr || error.message}`));
      const match = /tps = ([\d.]+)/.exec(stdout);
      if (!match) return reject(new Error(`pgbench printed no tps:\n${stdout}`));
      resolve({ tps: Number(match[1]), output: stdout });
    });
  });
}

/**
 * PGlite's anchor (DESIGN.md §9: at least 0.7 × the same writes called directly on PGlite): pgbench's
 * script (checkout-pgbench.sql), its variables filled in here, run on the same database in this
 * process by `concurrency` callers for `seconds` (PGlite runs one statement at a time). Sales a second.
 */
async function sellDirect(handle: DatabaseHandle, shop: Shop, vmin: number, vstep: number, concurrency: number, seconds: number): Promise<number> {
  const script = fs.readFileSync(path.join(import.meta.dirname, 'checkout-pgbench.sql'), 'utf8');
  const [idStatement = '', saleStatement = ''] = script
    .split('\n')
    .filter((line) => !line.startsWith('--') && !line.startsWith('\\set'))
    .join('\n')
    .split('\\gset');
  const fixed = { outlet: shop.outletId, session: shop.sessionId, register: shop.registerId, cashier: shop.cashierId, template: shop.templateId, code: shop.outletCode };
  // pgbench's own substitution: `:name` anywhere in the text (casts such as `::int` name no variable).
  const fill = (text: string, values: Record<string, string | number>) => text.replace(/:(\w+)/g, (whole, name: string) => String(values[name] ?? whole));
  const variant = (fifth: number) => vmin + fifth * vstep + Math.floor(Math.random() * vstep);
  let sold = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const caller = async () => {
    while (performance.now() < deadline) {
      const [id] = await rows<{ order_id: number }>(handle, sql.raw(idStatement));
      const values = { ...fixed, order_id: id!.order_id, v1: variant(0), v2: variant(1), v3: variant(2), v4: variant(3), v5: variant(4) };
      await handle.db.execute(sql.raw(fill(saleStatement, values)));
      sold += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, caller));
  return sold / ((performance.now() - started) / 1000);
}

/** The run's promises: the ledger adds up to the stock change everywhere, and no sale was stored twice. */
async function checkIntegrity(handle: DatabaseHandle): Promise<string> {
  const [ledger] = await rows<{ wrong: number; moved: number }>(
    handle,
    sql`with moved as (
          select outlet_id, variant_id, sum(delta)::bigint as delta from stock_movements
          where id > (select id from bench_ledger_start) group by outlet_id, variant_id)
        select count(*) filter (where coalesce(m.delta, 0) <> l.quantity - coalesce(b.quantity, 0))::int as wrong, count(m.delta)::int as moved
        from stock_levels l
        left join bench_stock_start b on b.outlet_id = l.outlet_id and b.variant_id = l.variant_id
        left join moved m on m.outlet_id = l.outlet_id and m.variant_id = l.variant_id`,
  );
  const [twice] = await rows<{ n: number }>(handle, sql`select count(*)::int as n from (select uuid from orders group by uuid having count(*) > 1) d`);
  const [orderCount] = await rows<{ n: number }>(handle, sql`select count(*)::int as n from orders`);
  const ok = ledger?.wrong === 0 && twice?.n === 0;
  const verdict = `${ok ? 'OK' : 'FAILED'}: ${orderCount?.n} orders; ${ledger?.moved} (outlet, variant) levels moved, ${ledger?.wrong} whose ledger does not add up; ${twice?.n} uuids stored twice`;
  if (!ok) process.exitCode = 1;
  return verdict;
}

function report(phase: Phase): string {
  const sorted = [...phase.samples].sort((a, b) => a - b);
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(sorted, p).toFixed(1));
  return `| ${phase.label} | ${phase.orders.toLocaleString('en')} | ${(phase.orders / phase.seconds).toFixed(0)} | ${p50} | ${p95} | ${p99} | ${phase.errors.length} |`;
}

async function main() {
  const { values } = parseArgs({
    options: {
      driver: { type: 'string', default: 'postgres' },
      products: { type: 'string', default: '10000' },
      concurrency: { type: 'string', default: '16' },
      seconds: { type: 'string', default: '20' },
      // Rounds of HTTP then pgbench, each ratio printed: the budget asks for three in a row.
      rounds: { type: 'string', default: '1' },
    },
  });
  const rounds = Number(values.rounds);
  const concurrency = Number(values.concurrency);
  const seconds = Number(values.seconds);
  const { handle, url, close: closeDatabase } = await openBenchDatabase(values.driver, 'tillbook_bench_checkout');

  try {
    const shop = await setUpShop(handle, Number(values.products));
    const [range] = await rows<{ vmin: number; vmax: number }>(handle, sql`select min(id)::int as vmin, max(id)::int as vmax from product_variants`);
    const items = [...(await loadSellableVariants(handle.db, Array.from({ length: range!.vmax - range!.vmin + 1 }, (_, i) => range!.vmin + i))).values()].map((v) => v.item);
    const driverName = values.driver === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)';
    const lines = ['| run | orders | orders/s | p50 ms | p95 ms | p99 ms | errors |', '|---|---:|---:|---:|---:|---:|---:|'];
    const checks: string[] = [];
    const ratios: string[] = [];
    // Each round starts both runs from a checkpoint, so neither pays for the other's dirty pages.
    const checkpoint = () => (url ? handle.db.execute(sql`checkpoint`) : Promise.resolve());
    for (let round = 1; round <= rounds; round += 1) {
      const label = rounds > 1 ? ` (round ${round})` : '';
      await checkpoint();
      const server = await startBenchServer(handle, 'checkout');
      let http: Phase;
      try {
        http = await sellOverHttp(server.address, shop, items, concurrency, seconds, `HTTP POST /api/orders/create on ${driverName}${label}`);
        lines.push(report(http));
      } finally {
        await server.close();
      }
      checks.push(`after HTTP${label}: ${await checkIntegrity(handle)}`);
      if (http.errors.length) checks.push(`first error: ${http.errors[0]}`);
      if (url) {
        await checkpoint();
        const vstep = Math.floor((range!.vmax - range!.vmin + 1) / 5);
        const bench = await runPgbench(url, shop, range!.vmin, vstep, concurrency, seconds);
        lines.push(`| pgbench, same writes (-c ${concurrency} -j 2 -T ${seconds})${label} | | ${bench.tps.toFixed(0)} | | | | |`);
        ratios.push(`HTTP / pgbench${label} = ${(http.orders / http.seconds / bench.tps).toFixed(2)} (budget ≥ 0.60, DESIGN.md §9)`);
        checks.push(`after pgbench${label}: ${await checkIntegrity(handle)}`);
      } else {
        const vstep = Math.floor((range!.vmax - range!.vmin + 1) / 5);
        const direct = await sellDirect(handle, shop, range!.vmin, vstep, concurrency, seconds);
        lines.push(`| the same writes called directly on PGlite (${concurrency} callers, ${seconds} s)${label} | | ${direct.toFixed(0)} | | | | |`);
        ratios.push(`HTTP / direct${label} = ${(http.orders / http.seconds / direct).toFixed(2)} (budget ≥ 0.70, DESIGN.md §9)`);
        checks.push(`after the direct writes${label}: ${await checkIntegrity(handle)}`);
      }
    }
    const ratio = ratios.join('\n');
    console.log(`\nCheckout benchmark — ${new Date().toISOString().slice(0, 16)}Z — ${driverName}, ${items.length.toLocaleString('en')} variants, ${concurrency} concurrent clients, ${seconds} s, Node ${process.version}, ${os.cpus().length} cores\n`);
    console.log(lines.join('\n'));
    console.log(`\n${ratio}\n${checks.join('\n')}`);
  } finally {
    await closeDatabase();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
