import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The login route's JavaScript budget (DESIGN.md §9: at most 80 KB transferred), checked on a real
 * production build: the entry chunk index.html loads and every chunk it imports statically — what
 * the browser fetches for /login before anything is pressed — summed as the server sends it, the
 * build's own brotli and gzip copies (vite-precompress.ts). `npm run bench:login` measures the same
 * in Chromium over the wire (docs/performance.md).
 */
const BUDGET = 80 * 1024;
const webRoot = path.resolve(import.meta.dirname, '..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tillbook-login-bundle-'));

/** Packages the sign-in screen does not need: they load with the routed app, after Login. */
const NOT_ON_LOGIN = ['react-router', 'axios', '@tanstack', 'zod', 'recharts', 'dexie', 'bwip-js', 'react-hook-form', '@sentry', 'papaparse'];

let loginChunks: Rollup.OutputChunk[] = [];

beforeAll(async () => {
  // Vitest sets NODE_ENV=test, with which the build would take React's development code and JSX.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let output: Rollup.RollupOutput;
  try {
    output = (await build({
      root: webRoot,
      configFile: path.join(webRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    })) as Rollup.RollupOutput;
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const chunks = new Map(output.output.filter((o): o is Rollup.OutputChunk => o.type === 'chunk').map((c) => [c.fileName, c]));
  const entry = [...chunks.values()].find((c) => c.isEntry);
  if (!entry) throw new Error('the build has no entry chunk');
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const chunk = chunks.get(name);
    if (!chunk) throw new Error(`${name} is not in the build`);
    loginChunks.push(chunk);
    for (const imported of chunk.imports) visit(imported);
  };
  visit(entry.fileName);
}, 180_000);
afterAll(() => {
  fs.rmSync(outDir, { recursive: true, force: true });
  loginChunks = [];
});

/** What the server sends for a built file when the browser accepts `encoding`: the copy beside it, or the file. */
const sentSize = (fileName: string, encoding: 'br' | 'gz') => {
  const file = path.join(outDir, fileName);
  return fs.existsSync(`${file}.${encoding}`) ? fs.statSync(`${file}.${encoding}`).size : fs.statSync(file).size;
};

describe('the login route’s JavaScript', { timeout: 60_000 }, () => {
  it('stays within 80 KB brotli- and gzip-compressed', () => {
    const brotli = loginChunks.reduce((sum, c) => sum + sentSize(c.fileName, 'br'), 0);
    const gzip = loginChunks.reduce((sum, c) => sum + sentSize(c.fileName, 'gz'), 0);
    const raw = loginChunks.reduce((sum, c) => sum + Buffer.byteLength(c.code), 0);
    expect(brotli).toBeLessThanOrEqual(BUDGET);
    expect(gzip).toBeLessThanOrEqual(BUDGET);
    // Only compressed does it fit: raw, React DOM alone is about 200 KB. (/runtime-config.js, written
    // by the server, adds about 0.1 KB.)
    expect(raw).toBeGreaterThan(BUDGET);
  });

  it('leaves the routed app and its libraries out: they load when Login is pressed', () => {
    const packages = loginChunks.flatMap((c) => Object.keys(c.modules)).filter((id) => id.includes('/node_modules/'));
    expect(packages.some((id) => id.includes('/node_modules/react-dom/'))).toBe(true);
    for (const name of NOT_ON_LOGIN) expect(packages.filter((id) => id.includes(`/node_modules/${name}`))).toEqual([]);
    const ownModules = loginChunks.flatMap((c) => Object.keys(c.modules)).filter((id) => !id.includes('/node_modules/'));
    expect(ownModules.some((id) => id.endsWith('/features/auth/login-page.tsx'))).toBe(true);
    expect(ownModules.filter((id) => /\/app\/(router|shell|providers)\.tsx$/.test(id))).toEqual([]);
  });

  it('has brotli and gzip copies that unpack to the very bytes of each chunk', () => {
    for (const chunk of loginChunks) {
      const file = path.join(outDir, chunk.fileName);
      const content = fs.readFileSync(file);
      if (content.length < 512) {
        expect(fs.existsSync(`${file}.br`)).toBe(false);
        continue;
      }
      expect(brotliDecompressSync(fs.readFileSync(`${file}.br`)).equals(content)).toBe(true);
      expect(gunzipSync(fs.readFileSync(`${file}.gz`)).equals(content)).toBe(true);
    }
  });
});
