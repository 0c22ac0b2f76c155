// The psql anchor of bench/catalogue.ts (issue 17): the statements the product list runs for each of
// the benchmark's searches (and for any list queries given), captured in-process, then run again by
// psql with \timing against the same database; a request's figure is the sum of its statements.
// What psql measures is the SQL alone; the gap to bench/catalogue.ts's figure is the server's.
//
//   DATABASE_URL=postgres://… npx tsx bench/catalogue-anchor.ts ["stockStatus=low" …]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { productListQuery } from '@tillbook/contract';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { readColumns } from '../apps/server/src/db/execute.ts';
import { listProducts } from '../apps/server/src/modules/products/list.ts';
import { firstPageAsk, searchFirstColumn } from '../apps/server/src/modules/products/search.ts';
import { firstFrom } from '../apps/server/src/modules/products/search-terms.ts';
import { shopSettingsColumn, shopSettingsOf } from '../apps/server/src/modules/settings/service.ts';
import { percentile } from './bench-api.ts';
import { searchTerms } from './catalogue-terms.ts';

/** A statement with its parameters written in as literals, for psql. */
function literalSql(text: string, params: unknown[]): string {
  const literal = (v: unknown) => (v === null || v === undefined ? 'null' : typeof v === 'number' || typeof v === 'boolean' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1])).replace(/\s+/g, ' ');
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is needed');
  const handle = openPostgres(url);
  const db = handle.db;
  const terms = await searchTerms(handle, 100);
  const kinds: Array<[string, string[]]> = [
    ['title words', terms.words.map((w) => `search=${encodeURIComponent(w)}`)],
    ['SKU prefix', terms.skus.map((w) => `search=${encodeURIComponent(w)}`)],
    ['barcode prefix', terms.barcodes.map((w) => `search=${encodeURIComponent(w)}`)],
    ...process.argv.slice(2).map((q): [string, string[]] => [q, Array.from({ length: 10 }, () => q)]),
  ];
  // Every statement reaches the driver through the session's prepareQuery, `db.execute` and
  // `executePrepared` (named statements, decision 035) alike. psql runs each as it would be sent
  // unnamed, parsed and planned every time: for the statements the server keeps prepared, an upper bound.
  type Built = { sql: string; params: unknown[] };
  const session = (db as unknown as { session: { prepareQuery(query: Built, ...rest: unknown[]): unknown } }).session;
  const prepareQuery = session.prepareQuery.bind(session);
  let captured: string[] = [];
  session.prepareQuery = (query: Built, ...rest: unknown[]) => {
    captured.push(literalSql(query.sql, query.params));
    return prepareQuery(query, ...rest);
  };
  const script = ['\\timing on', '\\o /dev/null'];
  const owner: Array<[string, number]> = [];
  for (const [kind, queries] of kinds) {
    for (const [i, query] of queries.entries()) {
      captured = [];
      // As GET /api/products runs them: the shop's settings and the search's first page with its
      // terms in one statement (search_first, decision 034; the session's read aside), then the rest.
      const filters = productListQuery.parse(Object.fromEntries(new URLSearchParams(query)));
      const ask = filters.search ? firstPageAsk(filters, filters.outletId ?? 0) : null;
      const first = await readColumns(db, { shop: shopSettingsColumn(), terms: filters.search ? searchFirstColumn(filters.search, ask) : undefined });
      const terms = filters.search ? firstFrom(filters.search, first.terms, ask) : undefined;
      await listProducts(db, filters, shopSettingsOf(first.shop).defaultLowStockThreshold, { withCost: true, ...(terms && { terms }) });
      for (const statement of captured) {
        script.push(`${statement};`);
        owner.push([kind, i]);
      }
    }
  }
  await handle.close();
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'anchor-')), 'anchor.sql');
  // Every statement twice in one session, the first pass unmeasured: as on the server's long-lived
  // connections, the database functions are compiled and their plans made before the measured pass.
  const statements = script.slice(2);
  writeFileSync(file, `${[...script, ...statements].join('\n')}\n`);
  const out = execFileSync('psql', [url, '-X', '-f', file], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const times = [...out.matchAll(/Time: ([\d.]+) ms/g)].map((m) => Number(m[1])).slice(statements.length);
  const sums = new Map<string, number[]>();
  times.forEach((t, i) => {
    const [kind, n] = owner[i] ?? ['?', 0];
    const list = sums.get(kind) ?? [];
    list[n] = (list[n] ?? 0) + t;
    sums.set(kind, list);
  });
  console.log('| psql, same statements | requests | p50 ms | p95 ms | p99 ms |\n|---|---:|---:|---:|---:|');
  for (const [kind, list] of sums) {
    const sorted = list.filter((t) => t !== undefined).sort((a, b) => a - b);
    console.log(`| ${kind} | ${sorted.length} | ${[50, 95, 99].map((p) => percentile(sorted, p).toFixed(1)).join(' | ')} |`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
