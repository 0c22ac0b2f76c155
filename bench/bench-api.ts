// What the API benchmarks share: the server started in-process, a browser-like HTTP client, percentiles.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { openPglite, type DatabaseHandle } from '../apps/server/src/db/client.ts';
import { upsertUserByUsername } from '../apps/server/src/modules/users/service.ts';
import { HttpClient } from '../apps/server/src/testing/http-client.ts';
import { createScratchPostgres } from '../apps/server/src/testing/test-database.ts';

export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

/** The benchmarks' browser-like client is the tests' (cookies, XSRF header, node:http). */
export { HttpClient as Client, HttpError } from '../apps/server/src/testing/http-client.ts';

export type BenchDatabase = { handle: DatabaseHandle; url: string | null; close(): Promise<void> };

/**
 * A run's own database: `--driver postgres` is a new database on BENCH_POSTGRES_URL (default the
 * local server), dropped by `close()`; anything else is PGlite in memory.
 */
export async function openBenchDatabase(driver: string | undefined, prefix: string): Promise<BenchDatabase> {
  if (driver === 'postgres') {
    const scratch = await createScratchPostgres(process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', prefix);
    return { handle: scratch, url: scratch.url, close: () => scratch.drop() };
  }
  const memory = await openPglite(null);
  return { handle: memory, url: null, close: () => memory.close() };
}

export type BenchServer = { address: string; close(): Promise<void> };

/** The real server in this process (buildApp + listen on a free port), with a scratch media folder removed on close; the web app too when given its build. */
export async function startBenchServer(handle: DatabaseHandle, name: string, options: { webDistDir?: string } = {}): Promise<BenchServer> {
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), `tillbook-bench-${name}-`));
  const app = await buildApp({
    database: handle,
    sessionKeys: { secret: `${name}-benchmark-session-secret-0123456789`, lifetimeMs: 60 * 60 * 1000 },
    secureCookies: false,
    webDistDir: options.webDistDir ?? path.join(mediaDir, 'no-web-build'),
    dataDir: mediaDir,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    address,
    async close() {
      await app.close();
      fs.rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

const BENCH_ADMIN = { username: 'bench-admin', password: 'bench-password-not-secret' };

/** The benchmarks' administrator (created when missing), signed in over HTTP as the web app signs in. */
export async function signInAdministrator(handle: DatabaseHandle, address: string): Promise<HttpClient> {
  await upsertUserByUsername(handle.db, { username: BENCH_ADMIN.username, name: 'Benchmark', type: 'administrator', password: BENCH_ADMIN.password });
  const client = new HttpClient(address);
  await client.signIn(BENCH_ADMIN.username, BENCH_ADMIN.password);
  return client;
}
