// Measures the JavaScript the /login route transfers (DESIGN.md §9 budget: at most 80 KB).
// Starts the real server on a scratch database, opens /login in Debian's Chromium and sums the
// bytes of every script as they came over the wire (compressed as the server sent them), beside
// their raw size and, for comparison, their size gzipped at level 9 and what the server sends a
// client that accepts gzip only. Fails when over budget either way, or when a script of 512 bytes
// or more came uncompressed.
//   node bench/login-bundle.mjs        (needs a web build: npm run build)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 3199);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tillbook-bench-'));
const server = spawn('node', ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'bench-password' },
  stdio: 'inherit',
});

async function waitForServer() {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

/** The body's bytes as the server sends them to a client that accepts `encoding` (not unpacked). */
function sentBytes(url, encoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'none' }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

try {
  await waitForServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res);
  });
  await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' });
  await page.getByText('Welcome back!').waitFor();
  let raw = 0;
  let gz = 0;
  let transferred = 0;
  let gzipSent = 0;
  const rows = [];
  const sentRaw = [];
  for (const res of scripts) {
    const body = await res.body();
    const size = gzipSync(body, { level: 9 }).length;
    const { responseBodySize } = await res.request().sizes();
    const encoding = (await res.allHeaders())['content-encoding'] ?? 'none';
    const gzipOnly = await sentBytes(res.url(), 'gzip');
    raw += body.length;
    gz += size;
    transferred += responseBodySize;
    gzipSent += gzipOnly.bytes;
    if (body.length >= 512 && (encoding === 'none' || gzipOnly.encoding === 'none')) sentRaw.push(new URL(res.url()).pathname);
    rows.push(
      `${(responseBodySize / 1024).toFixed(1).padStart(7)} KB sent (${encoding.padEnd(4)}) ${(gzipOnly.bytes / 1024).toFixed(1).padStart(7)} KB to gzip-only ` +
        `${(body.length / 1024).toFixed(1).padStart(7)} KB raw  ${new URL(res.url()).pathname}`,
    );
  }
  await browser.close();
  console.log(rows.join('\n'));
  console.log(
    `login route: ${scripts.length} scripts, ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzip -9, ` +
      `${(transferred / 1024).toFixed(1)} KB transferred to Chromium, ${(gzipSent / 1024).toFixed(1)} KB to a gzip-only client (budget 80 KB transferred)`,
  );
  if (sentRaw.length) console.log(`sent uncompressed: ${sentRaw.join(', ')}`);
  process.exitCode = transferred <= 80 * 1024 && gzipSent <= 80 * 1024 && sentRaw.length === 0 ? 0 : 1;
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
