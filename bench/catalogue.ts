// Catalogue benchmark (DESIGN.md §9): product search, list pages and a full register sync, through
// the HTTP API with a signed-in administrator, against a generated catalogue.
//
//   npm run bench:catalogue -- --driver pglite --products 100000
//   npm run bench:catalogue -- --driver postgres --products 100000     (DATABASE_URL=postgres://…)
//   (until the script exists: npx tsx bench/catalogue.ts --driver … --products …)
//
// The database is PGlite in DATA_DIR (default ./bench-data) or PostgreSQL at DATABASE_URL. When it
// holds fewer products than --products, bench/generate-catalogue.ts tops it up first. The server
// runs in this process (buildApp + listen on a free port); requests go one at a time over real
// HTTP with cookies and the XSRF header, as the web app sends them. Budget on PostgreSQL at 100k
// products: search p95 under 20 ms, full sync under 10 s.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openBenchCatalogue } from './generate-catalogue.ts';
import { percentile, signInAdministrator, startBenchServer, type Client } from './bench-api.ts';
import { searchTerms } from './catalogue-terms.ts';

type Timing = { label: string; samples: number[] };

async function timeRequests(client: Client, label: string, urls: string[]): Promise<Timing> {
  const samples: number[] = [];
  for (const url of urls) {
    const started = performance.now();
    await client.request('GET', url);
    samples.push(performance.now() - started);
  }
  // BENCH_SLOWEST=n: the n slowest requests of each measurement, to see which terms cost most.
  const slowest = Number(process.env.BENCH_SLOWEST ?? 0);
  if (slowest > 0) {
    const ranked = urls.map((url, i) => ({ url: decodeURIComponent(url), ms: samples[i] ?? 0 })).sort((a, b) => b.ms - a.ms);
    for (const { url, ms } of ranked.slice(0, slowest)) console.log(`${label}: ${ms.toFixed(1)} ms ${url}`);
  }
  return { label, samples };
}

/** Every prefix from two letters of the first 20 two-word searches. */
function typedLetters(words: string[]): string[] {
  const pairs = words.filter((w) => w.includes(' ')).slice(0, 20);
  return pairs.flatMap((pair) => Array.from({ length: pair.length - 1 }, (_, i) => pair.slice(0, i + 2)));
}

function table(timings: Timing[]): string {
  const lines = ['| measurement | requests | p50 ms | p95 ms | p99 ms | max ms |', '|---|---:|---:|---:|---:|---:|'];
  for (const t of timings) {
    const sorted = [...t.samples].sort((a, b) => a - b);
    const cells = [50, 95, 99].map((p) => percentile(sorted, p).toFixed(1));
    lines.push(`| ${t.label} | ${t.samples.length} | ${cells.join(' | ')} | ${(sorted.at(-1) ?? 0).toFixed(1)} |`);
  }
  return lines.join('\n');
}

async function main() {
  const { values } = parseArgs({
    options: {
      driver: { type: 'string', default: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
      products: { type: 'string', default: '100000' },
      searches: { type: 'string', default: '100' },
      'sync-limit': { type: 'string', default: '2000' },
      // The searches and lists alone (the full sync of a million products takes minutes).
      'skip-sync': { type: 'boolean', default: false },
      // The searches alone: no lists, no sync.
      'search-only': { type: 'boolean', default: false },
      // Requests per list measurement (a slow list at 1M products takes seconds each).
      'list-requests': { type: 'string', default: '30' },
    },
  });
  const wanted = Number(values.products);
  const perKind = Number(values.searches);
  const syncLimit = Number(values['sync-limit']);
  const { handle, where, products } = await openBenchCatalogue(values.driver, wanted);

  const server = await startBenchServer(handle, 'catalogue');
  try {
    const client = await signInAdministrator(handle, server.address);
    const terms = await searchTerms(handle, perKind);
    const search = (term: string) => `/api/products?search=${encodeURIComponent(term)}`;
    // Warm-up: the first requests compile routes and fill caches; they are not measured.
    await timeRequests(client, 'warm-up', [...terms.words.slice(0, 10), ...terms.skus.slice(0, 5)].map(search));

    const timings: Timing[] = [];
    // The floor under every figure below: a signed-in request that reads only the session.
    timings.push(await timeRequests(client, 'baseline: GET /api/user', Array.from({ length: 100 }, () => '/api/user')));
    timings.push(await timeRequests(client, 'search: title words', terms.words.map(search)));
    timings.push(await timeRequests(client, 'search: SKU prefix', terms.skus.map(search)));
    timings.push(await timeRequests(client, 'search: barcode prefix', terms.barcodes.map(search)));
    timings.push({ label: '**search: all**', samples: timings.filter((t) => t.label.startsWith('search')).flatMap((t) => t.samples) });
    // The title words again, after every shape of statement has run more than five times on the
    // pool's connections: PostgreSQL then runs a named statement with the generic plan it keeps
    // (docs/decisions/035), which must not read more than the plan made for each search did.
    timings.push(await timeRequests(client, 'again: title words, plans kept', [...terms.words, ...terms.words].map(search)));
    // Two words as the list's search box sends them while they are typed: from the second letter,
    // every letter ("Qu", "Qua", … "Quarry W", "Quarry Wi", …), the last word mostly the start of several.
    timings.push(await timeRequests(client, 'typed: two words, letter by letter', typedLetters(terms.words).map(search)));
    if (values['search-only']) {
      console.log(`\nCatalogue search — ${new Date().toISOString().slice(0, 10)} — ${where}, ${products.toLocaleString('en')} products, Node ${process.version}\n`);
      console.log(table(timings));
      console.log(`\nServer (in this process) RSS after the requests: ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
      return;
    }

    const listRequests = Number(values['list-requests']);
    const times = (url: string) => Array.from({ length: listRequests }, () => url);
    const page = (query: string) => times(`/api/products?${query}`);
    const lastPage = Math.max(1, Math.floor(products / 25));
    const categoryId = Number(
      ((await handle.db.execute(sql`select id from categories where parent_id is not null order by id limit 1`)) as unknown as { rows: Array<{ id: number }> }).rows[0]?.id ?? 1,
    );
    timings.push(await timeRequests(client, 'list: page 1 (by title)', page('page=1')));
    timings.push(await timeRequests(client, `list: deep page (${Math.floor(lastPage / 2).toLocaleString('en')})`, page(`page=${Math.floor(lastPage / 2)}`)));
    timings.push(await timeRequests(client, 'list: category filter', page(`categoryId=${categoryId}`)));
    // Stock status (docs/catalogue.md): every outlet summed, and one outlet (the last: it holds the fewest).
    const outletId = Number(
      ((await handle.db.execute(sql`select max(id) as id from outlets`)) as unknown as { rows: Array<{ id: number }> }).rows[0]?.id ?? 1,
    );
    timings.push(await timeRequests(client, 'list: stock status low', page('stockStatus=low')));
    timings.push(await timeRequests(client, 'list: stock status out', page('stockStatus=out')));
    timings.push(await timeRequests(client, 'list: stock status in', page('stockStatus=in')));
    timings.push(await timeRequests(client, 'list: stock low at one outlet', page(`stockStatus=low&outletId=${outletId}`)));
    timings.push(await timeRequests(client, 'list: stock out at one outlet', page(`stockStatus=out&outletId=${outletId}`)));
    timings.push(await timeRequests(client, 'list: stock low, deep page (20)', page('stockStatus=low&page=20')));
    timings.push(await timeRequests(client, 'list: stock low by price', page('stockStatus=low&sort=price')));
    timings.push(await timeRequests(client, 'list: stock low + category', page(`stockStatus=low&categoryId=${categoryId}`)));
    timings.push(await timeRequests(client, 'count: stock status low', times('/api/products/count?stockStatus=low')));
    timings.push(await timeRequests(client, 'list: search + stock out', page(`search=${encodeURIComponent(terms.words[0] ?? 'Tea')}&stockStatus=out`)));
    timings.push(await timeRequests(client, 'dashboard (its low-stock list)', times('/api/dashboard')));
    timings.push(await timeRequests(client, 'dashboard at one outlet', times(`/api/dashboard?outlet=${outletId}`)));

    let pages = 0;
    let synced = 0;
    let cursor: string | undefined;
    const started = performance.now();
    while (!values['skip-sync']) {
      const url = `/api/products/sync?limit=${syncLimit}${cursor ? `&since=${encodeURIComponent(cursor)}` : ''}`;
      const answer = (await client.request('GET', url)) as { data: { products: unknown[]; nextCursor: string; hasMore: boolean } };
      pages += 1;
      synced += answer.data.products.length;
      cursor = answer.data.nextCursor;
      if (!answer.data.hasMore) break;
    }
    const syncSeconds = (performance.now() - started) / 1000;

    console.log(`\nCatalogue benchmark — ${new Date().toISOString().slice(0, 10)} — ${where}, ${products.toLocaleString('en')} products, Node ${process.version}\n`);
    console.log(table(timings));
    console.log(`\nServer (in this process) RSS after the requests: ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
    if (values['skip-sync']) return;
    console.log(
      `\n| full sync (limit ${syncLimit}) | pages | products | seconds | products/s |\n|---|---:|---:|---:|---:|\n| /api/products/sync | ${pages} | ${synced.toLocaleString('en')} | ${syncSeconds.toFixed(2)} | ${Math.round(synced / syncSeconds).toLocaleString('en')} |`,
    );
  } finally {
    await server.close();
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
