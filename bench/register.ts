// Register benchmark (DESIGN.md §9: a register opened cold with 300,000 products finds any barcode
// within 10 s). Opens the sell screen in Debian's Chromium against the real server and measures:
//
//   cold  — a new browser profile (empty IndexedDB) opens the sell screen: until a scanned barcode
//           (of a product the copy brings last) is in the cart, and until the whole copy is in;
//   warm  — the same page reloaded: until the scan is in the cart, and until the copy is read whole;
//   scans  — a basket of 20 barcodes scanned after the reload: from each Enter to its line on screen;
//   paused — 8 scans 1.3 s apart after the typing, while the copy puts its search lists in order;
//   typing — a search typed key by key: from each key to the results on screen;
//   memory — the page's JavaScript heap, the copy's worker's, and what IndexedDB holds.
//
// --trace-pause traces the paused scans and prints what ran on the page and in the copy's worker
// between each Enter and its line; --profile-pause prints the page's functions that took the most
// time over the paused scans (build with `vite build --minify false` for readable names).
// BENCH_TIMELINE=1 logs each scan that did not reach the cart and what the screen said;
// BENCH_SHOTS=<dir> takes a screenshot every 20 scans.
//   npm run build && npx tsx bench/register.ts --driver postgres --products 300000   (DATABASE_URL=postgres://…)
//   npx tsx bench/register.ts --driver pglite --products 100000                       (PGlite in DATA_DIR)
//
// When the database holds fewer products than --products, bench/generate-catalogue.ts tops it up.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';
import { upsertUserByUsername } from '../apps/server/src/modules/users/service.ts';
import { percentile, startBenchServer } from './bench-api.ts';
import { openBenchCatalogue } from './generate-catalogue.ts';

const root = path.resolve(import.meta.dirname, '..');
const CASHIER = { username: 'bench-cashier', password: 'bench-password-not-secret' };

async function rows<T>(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A register at the first outlet for the benchmark's cashier, with no drawer open. */
async function prepare(handle: DatabaseHandle): Promise<{ registerId: number; outletId: number }> {
  const [outlet] = await rows<{ id: number }>(handle, sql`select id from outlets order by id limit 1`);
  const [template] = await rows<{ id: number }>(handle, sql`select id from receipt_templates order by id limit 1`);
  await rows(
    handle,
    sql`insert into registers (name, slug, outlet_id, receipt_template_id) values ('Bench till', 'bench-till', ${outlet!.id}, ${template!.id})
        on conflict (slug) do nothing`,
  );
  const [register] = await rows<{ id: number }>(handle, sql`select id from registers where slug = 'bench-till'`);
  await upsertUserByUsername(handle.db, { username: CASHIER.username, name: 'Bench cashier', type: 'cashier', password: CASHIER.password, outletId: outlet!.id });
  return { registerId: register!.id, outletId: outlet!.id };
}

async function signIn(page: Page, address: string) {
  await page.goto(`${address}/login`);
  await page.getByLabel('Username').fill(CASHIER.username);
  await page.getByLabel('Password').fill(CASHIER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/registers$/);
}

async function openDrawer(page: Page, registerId: number) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const res = await page.request.post('/api/cashbox/status', { data: { registerId, float: { amount: 0, denominations: null } }, headers: { 'x-xsrf-token': xsrf } });
  // A drawer left open by an earlier run is used as it is.
  if (res.status() >= 300 && res.status() !== 409 && res.status() !== 422) throw new Error(`open drawer: ${res.status()} ${await res.text()}`);
}

/** Scans until the barcode's product is in the cart; the time from `started`. */
async function scanUntilInCart(page: Page, barcode: string, title: string, started: number): Promise<number> {
  const lines = page.getByRole('list', { name: 'Sale lines' });
  let scans = 0;
  for (let attempt = 0; ; attempt += 1) {
    if (process.env.BENCH_SHOTS && attempt % 20 === 0) await page.screenshot({ path: `${process.env.BENCH_SHOTS}/scan-${attempt}.png` });
    if (await page.getByLabel('Search products').isVisible().catch(() => false)) {
      scans += 1;
      const typedAt = performance.now();
      await page.keyboard.type(barcode, { delay: 5 });
      const enterAt = performance.now();
      await page.keyboard.press('Enter');
      try {
        await lines.getByText(title).first().waitFor({ timeout: 250 });
        const inCart = performance.now();
        const ms = (at: number) => (at - started).toFixed(0);
        // Where the time went: the page until its search box, the scanner's keys, the lookup until the line.
        console.log(`  search box at ${ms(typedAt)} ms, Enter at ${ms(enterAt)} ms, line at ${ms(inCart)} ms${scans > 1 ? ` (scanned ${scans} times)` : ''}`);
        return inCart - started;
      } catch {
        // Not found yet ("still loading"): scan again.
        if (process.env.BENCH_TIMELINE) {
          const said = (await page.getByRole('status').or(page.getByRole('alert')).allTextContents().catch(() => [])).join(' | ');
          console.log(`  ${(performance.now() - started).toFixed(0)} ms: scan ${scans} not in the cart; the screen says: ${said || '(nothing)'}`);
        }
      }
    } else await page.waitForTimeout(20);
  }
}

async function copyDone(page: Page, started: number): Promise<number> {
  await page.getByRole('group', { name: 'Categories' }).waitFor({ timeout: 600_000 });
  await page.getByRole('progressbar').waitFor({ state: 'detached', timeout: 600_000 });
  return performance.now() - started;
}

async function clearCart(page: Page) {
  const remove = page.getByRole('region', { name: 'Sale' }).getByRole('button', { name: /^Remove / });
  while ((await remove.count()) > 0) await remove.first().click();
}

/** Types each search key by key and times each key to the next change of the results on screen. */
async function typing(page: Page, words: string[]): Promise<number[]> {
  const samples: number[] = [];
  const search = page.getByLabel('Search products');
  for (const word of words) {
    await search.fill('');
    await page.waitForTimeout(150);
    for (const key of word) {
      const timing = page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const products = document.querySelector('section[aria-label="Products"]')!;
            let pressed = 0;
            const onKey = () => (pressed = performance.now());
            document.addEventListener('keydown', onKey, { capture: true, once: true });
            const observer = new MutationObserver(() => {
              if (!pressed) return;
              // The results are on screen at the next frame.
              requestAnimationFrame(() => {
                observer.disconnect();
                resolve(performance.now() - pressed);
              });
            });
            observer.observe(products, { childList: true, subtree: true, characterData: true });
            setTimeout(() => {
              observer.disconnect();
              resolve(-1);
            }, 2000);
          }),
      );
      await page.waitForTimeout(10);
      await page.keyboard.press(key);
      const ms = await timing;
      if (ms >= 0) samples.push(ms);
      // Slower than a scanner: each key is a person's.
      await page.waitForTimeout(150);
    }
  }
  return samples;
}

/**
 * Scans each barcode at a scanner's pace and times each from its Enter to its line in the cart on
 * screen (the next frame's start, which waits up to one frame interval for the display: DESIGN.md
 * §9, a scan's line within one frame, 16 ms), and to the line in the document (the work alone).
 */
async function scanTimes(page: Page, barcodes: string[], pauseMs = 200): Promise<{ frame: number[]; document: number[] }> {
  const samples: number[] = [];
  const inDocument: number[] = [];
  for (const barcode of barcodes) {
    const timing = page.evaluate(
      () =>
        new Promise<{ frame: number; document: number }>((resolve) => {
          const sale = document.querySelector('section[aria-label="Sale"]') ?? document.body;
          const count = () => document.querySelectorAll('[aria-label="Sale lines"] > li').length;
          const before = count();
          // Set by a listener installed before the app's (the scanner's handler stops the key).
          const page = window as unknown as { lastEnterAt?: number };
          const since = performance.now();
          const done = (frame: number, inDocument: number) => {
            observer.disconnect();
            resolve({ frame, document: inDocument });
          };
          const observer = new MutationObserver(() => {
            const entered = page.lastEnterAt ?? 0;
            if (entered > since && count() > before) {
              const inDocument = performance.now() - entered;
              performance.mark('scan-line');
              observer.disconnect();
              requestAnimationFrame(() => done(performance.now() - entered, inDocument));
            }
          });
          observer.observe(sale, { childList: true, subtree: true });
          setTimeout(() => done(-1, -1), 3000);
        }),
    );
    await page.waitForTimeout(10);
    await page.keyboard.type(barcode, { delay: 5 });
    await page.keyboard.press('Enter');
    const { frame: ms, document: work } = await timing;
    if (ms >= 0) {
      samples.push(ms);
      inDocument.push(work);
    } else {
      console.log(`  the scan of ${barcode} put no line in the cart within 3 s`);
      if (process.env.BENCH_SHOTS) await page.screenshot({ path: `${process.env.BENCH_SHOTS}/scan-missed-${barcode}.png` });
    }
    // A cashier's next item.
    await page.waitForTimeout(pauseMs);
  }
  return { frame: samples, document: inDocument };
}

/** The renderer main thread's top-level events of a trace, summed by name (self time of the outermost only). */
function summariseTrace(buffer: Buffer) {
  type TraceEvent = { name: string; ph: string; dur?: number; tid: number; pid: number; ts: number; args?: { name?: string } };
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return;
  const byName = new Map<string, number>();
  for (const e of events) {
    if (e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X' || !e.dur) continue;
    byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur / 1000);
  }
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 15);
  console.log(top.map(([name, ms]) => `  ${name}: ${ms.toFixed(0)} ms`).join('\n'));
}

const PAUSE_TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.gc',
  'blink.user_timing',
  'toplevel',
  'input',
  'scheduler',
];

/**
 * For each scan of a trace (from the page's "scan-enter" mark to its "scan-line" mark): the events
 * of 0.2 ms or more on the page's main thread and in each worker that overlap it, nested by time.
 */
function printScanTraces(buffer: Buffer) {
  type TraceEvent = { name: string; cat: string; ph: string; dur?: number; tid: number; pid: number; ts: number; args?: { name?: string } };
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const names = new Map<string, string>();
  for (const e of events) if (e.name === 'thread_name' && e.args?.name) names.set(`${e.pid}:${e.tid}`, e.args.name);
  const threadOf = (e: TraceEvent) => names.get(`${e.pid}:${e.tid}`) ?? `${e.pid}:${e.tid}`;
  const marks = events.filter((e) => e.name === 'scan-enter' || e.name === 'scan-line').sort((a, b) => a.ts - b.ts);
  const wanted = (e: TraceEvent) => ['CrRendererMain', 'DedicatedWorker thread'].includes(threadOf(e)) && e.ph === 'X' && (e.dur ?? 0) >= 200;
  const complete = events.filter(wanted).sort((a, b) => a.ts - b.ts);
  for (let i = 0; i < marks.length; i += 1) {
    const enter = marks[i]!;
    const line = marks[i + 1];
    if (enter.name !== 'scan-enter' || line?.name !== 'scan-line') continue;
    // From 30 ms before the Enter: the scan's digits and what was running as they came.
    const from = enter.ts - 30_000;
    console.log(`  scan at ${(enter.ts / 1000).toFixed(1)} ms: Enter → line ${((line.ts - enter.ts) / 1000).toFixed(1)} ms`);
    const open = new Map<string, TraceEvent[]>();
    for (const e of complete) {
      if (e.ts > line.ts || e.ts + (e.dur ?? 0) < from) continue;
      const stack = open.get(threadOf(e)) ?? [];
      open.set(threadOf(e), stack);
      while (stack.length > 0 && stack.at(-1)!.ts + (stack.at(-1)!.dur ?? 0) <= e.ts) stack.pop();
      const depth = stack.length;
      stack.push(e);
      if (depth > 3) continue;
      const at = ((e.ts - enter.ts) / 1000).toFixed(1);
      console.log(`    ${threadOf(e) === 'CrRendererMain' ? 'page  ' : 'worker'} ${at.padStart(7)} ms ${'  '.repeat(depth)}${e.name} ${((e.dur ?? 0) / 1000).toFixed(1)} ms`);
    }
  }
}

type CpuProfile = {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>;
  samples: number[];
  timeDeltas: number[];
};

/** A CPU profile's functions by self time and by total time (each function counted once per sample), idle left out. */
function printProfile(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const nameOf = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    return `${functionName || '(anonymous)'} ${url.split('/').at(-1) ?? ''}:${lineNumber + 1}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const name = nameOf(id);
    if (name.startsWith('(idle)') || name.startsWith('(program)')) return;
    self.set(name, (self.get(name) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = nameOf(at);
      if (seen.has(frame)) continue;
      seen.add(frame);
      total.set(frame, (total.get(frame) ?? 0) + ms);
    }
  });
  const top = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([name, ms]) => `    ${ms.toFixed(1).padStart(7)} ms  ${name}`).join('\n');
  console.log(`  the page's functions over the paused scans, self time:\n${top(self)}\n  total time:\n${top(total)}`);
}

/** The used JavaScript heap of each dedicated worker in the browser (the register copy's), through the browser's DevTools protocol. */
async function workerHeapMb(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: Array<{ targetId: string; type: string }> };
    let total = 0;
    for (const target of targetInfos.filter((t) => t.type === 'worker')) {
      const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })) as { sessionId: string };
      const answer = new Promise<number>((resolve) => {
        cdp.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
          const message = JSON.parse(event.message) as { id?: number; result?: { usedSize: number } };
          if (event.sessionId === sessionId && message.id === 1) resolve(message.result?.usedSize ?? 0);
        });
      });
      await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: 1, method: 'Runtime.getHeapUsage' }) });
      total += await answer;
      await cdp.send('Target.detachFromTarget', { sessionId });
    }
    return total / 1e6;
  } finally {
    await cdp.detach();
  }
}

async function memory(page: Page, browser: Browser) {
  const cdp = await page.context().newCDPSession(page);
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
  const storage = await page.evaluate(() => navigator.storage.estimate());
  // The copy's worker has a heap of its own.
  const workerMb = await workerHeapMb(browser);
  return { heapMb: heap.usedSize / 1e6 + workerMb, workerMb, storageMb: (storage.usage ?? 0) / 1e6 };
}

async function main() {
  const { values } = parseArgs({
    options: {
      driver: { type: 'string', default: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
      products: { type: 'string', default: '100000' },
      runs: { type: 'string', default: '1' },
      trace: { type: 'boolean', default: false },
      'trace-pause': { type: 'boolean', default: false },
      'profile-pause': { type: 'boolean', default: false },
    },
  });
  const wanted = Number(values.products);
  const { handle, where, products } = await openBenchCatalogue(values.driver, wanted);
  const { registerId } = await prepare(handle);
  // The product the copy brings last (its newest change), so a cold scan cannot be served by the first pages.
  const [last] = await rows<{ barcode: string; title: string }>(
    handle,
    sql`select v.barcode, p.title from products p join product_variants v on v.product_id = p.id
        where p.status = 'active' and v.active and v.barcode is not null order by p.change_xid desc, p.id desc limit 1`,
  );
  // Twenty products spread over the catalogue, each scanned once (a basket).
  const basket = (
    await rows<{ barcode: string }>(
      handle,
      sql`select v.barcode from products p join product_variants v on v.product_id = p.id
          where p.status = 'active' and v.active and v.barcode is not null and p.id % 15000 = 11 order by p.id limit 20`,
    )
  ).map((r) => r.barcode);
  const words = (await rows<{ title: string }>(handle, sql`select title from products where id % 50000 = 7 order by id limit 6`)).map((r) =>
    r.title.split(' ').slice(0, 2).join(' '),
  );

  const server = await startBenchServer(handle, 'register', { webDistDir: path.join(root, 'apps/web/dist') });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // BENCH_CHROMIUM_ARGS adds switches, to compare the browser's own scheduling choices.
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', ...(process.env.BENCH_CHROMIUM_ARGS?.split(' ').filter(Boolean) ?? [])],
  });
  const results: string[] = [];
  try {
    for (let run = 1; run <= Number(values.runs); run += 1) {
      // A new profile: nothing stored, as a till opened for the first time.
      const context = await browser.newContext({ baseURL: server.address, viewport: { width: 1280, height: 800 } });
      // tsx names functions with a helper the page does not have: the page gets a stand-in.
      await context.addInitScript({ content: 'window.__name = (f) => f;' });
      // When each Enter was pressed, seen before any of the page's own listeners.
      await context.addInitScript({ content: "window.addEventListener('keydown', (e) => { if (e.key === 'Enter') { window.lastEnterAt = performance.now(); performance.mark('scan-enter'); } }, true);" });
      const page = await context.newPage();
      await signIn(page, server.address);
      await openDrawer(page, registerId);
      const sellUrl = `/registers/${registerId}/sell`;

      // The page's main thread: how much of the cold open it spent running script and tasks.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      let started = performance.now();
      if (values.trace) await browser.startTracing(page, { categories: ['devtools.timeline', 'v8', 'disabled-by-default-devtools.timeline'] });
      await page.goto(sellUrl);
      if (values.trace) {
        // Where the page's main thread spends the first 15 s of a cold open, by kind of work.
        await page.waitForTimeout(15_000);
        summariseTrace(await browser.stopTracing());
      }
      const coldScan = await scanUntilInCart(page, last!.barcode, last!.title, started);
      const coldWhole = await copyDone(page, started);
      const coldMemory = await memory(page, browser);
      const metrics = Object.fromEntries(((await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> }).metrics.map((m) => [m.name, m.value]));
      console.log(
        `run ${run}: main thread during the cold open: tasks ${metrics.TaskDuration?.toFixed(1)} s, of which script ${metrics.ScriptDuration?.toFixed(1)} s, ` +
          `style ${metrics.RecalcStyleDuration?.toFixed(1)} s, layout ${metrics.LayoutDuration?.toFixed(1)} s; JS heap ${((metrics.JSHeapUsedSize ?? 0) / 1e6).toFixed(0)} MB`,
      );
      console.log(`run ${run}: cold scan ${(coldScan / 1000).toFixed(2)} s, whole copy ${(coldWhole / 1000).toFixed(2)} s, heap ${coldMemory.heapMb.toFixed(0)} MB (worker ${coldMemory.workerMb.toFixed(0)} MB); this process (the server, in-process) RSS ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
      await clearCart(page);

      started = performance.now();
      await page.reload();
      const warmScan = await scanUntilInCart(page, last!.barcode, last!.title, started);
      const warmWhole = await copyDone(page, started);
      console.log(`run ${run}: warm scan ${(warmScan / 1000).toFixed(2)} s, copy read ${(warmWhole / 1000).toFixed(2)} s`);
      await clearCart(page);
      // The first basket after the reload: each scan from its Enter to its line on screen.
      const { frame: scans, document: scansInDocument } = await scanTimes(page, basket);
      const scanSorted = [...scans].sort((a, b) => a - b);
      const inDocumentSorted = [...scansInDocument].sort((a, b) => a - b);
      console.log(`run ${run}: scan → line in the cart, first basket after the reload: ${scans.map((ms) => ms.toFixed(0)).join(' ')} ms`);
      console.log(
        `run ${run}: scan → line in the document (before the frame): ${scansInDocument.map((ms) => ms.toFixed(0)).join(' ')} ms; p50 ${percentile(inDocumentSorted, 50).toFixed(1)} / max ${(inDocumentSorted.at(-1) ?? 0).toFixed(1)}`,
      );
      await clearCart(page);
      const keys = await typing(page, words);
      // Scans after pauses long enough for the copy to put its search lists in order meanwhile.
      await clearCart(page);
      if (values['trace-pause']) await browser.startTracing(page, { categories: PAUSE_TRACE_CATEGORIES });
      if (values['profile-pause']) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
      }
      const { frame: paused, document: pausedInDocument } = await scanTimes(page, basket.slice(0, 8), 1300);
      if (values['trace-pause']) printScanTraces(await browser.stopTracing());
      if (values['profile-pause']) printProfile(((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile);
      console.log(
        `run ${run}: scan → line after a pause of 1.3 s (the copy preparing its lists): ${paused.map((ms) => ms.toFixed(0)).join(' ')} ms; in the document ${pausedInDocument.map((ms) => ms.toFixed(0)).join(' ')} ms`,
      );
      const warmMemory = await memory(page, browser);
      const sorted = [...keys].sort((a, b) => a - b);
      results.push(
        `| ${run} | ${(coldScan / 1000).toFixed(2)} | ${(coldWhole / 1000).toFixed(2)} | ${(warmScan / 1000).toFixed(2)} | ${(warmWhole / 1000).toFixed(2)} | ${percentile(scanSorted, 50).toFixed(1)} / ${(scanSorted.at(-1) ?? 0).toFixed(1)} (${scans.length} scans) | ${Math.max(...paused).toFixed(1)} | ${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 95).toFixed(1)} (${keys.length} keys) | ${coldMemory.heapMb.toFixed(0)} / ${warmMemory.heapMb.toFixed(0)} MB | ${warmMemory.storageMb.toFixed(0)} MB |`,
      );
      console.log(results.at(-1));
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
    await handle.close();
  }
  console.log(`\nRegister benchmark — ${new Date().toISOString().slice(0, 10)} — ${where}, ${products.toLocaleString('en')} products, Node ${process.version}\n`);
  console.log('| run | cold: scan in cart, s | cold: whole copy in, s | warm: scan in cart, s | warm: copy read, s | scan → line, p50 / max ms | scan after a pause, max ms | typing, per key p50 / p95 ms | JS heap cold / warm | IndexedDB |');
  console.log('|---|---:|---:|---:|---:|---|---:|---|---|---|');
  for (const line of results) console.log(line);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
