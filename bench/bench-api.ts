// What the API benchmarks share: the server started in-process, a browser-like HTTP client, percentiles.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { openPglite, type DatabaseHandle } from '../apps/server/src/db/client.ts';
import { upsertUserByUsername } from '../apps/server/src/modules/users/service.ts';
import { createScratchPostgres } from '../apps/server/src/testing/test-database.ts';

export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

/** An answer that was not 2xx: its status and the start of its body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A browser-like client: keeps cookies, echoes XSRF-TOKEN in X-XSRF-TOKEN. */
export class Client {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  async request(method: 'GET' | 'POST', url: string, body?: unknown) {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await res.text();
    if (!res.ok) throw new HttpError(res.status, `${method} ${url} answered ${res.status}: ${text.slice(0, 200)}`);
    return text ? (JSON.parse(text) as unknown) : null;
  }

  async signIn(username: string, password: string) {
    await this.request('GET', '/sanctum/csrf-cookie');
    await this.request('POST', '/api/login', { email: username, password });
  }
}

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

/** The real server in this process (buildApp + listen on a free port), with a scratch media folder removed on close. */
export async function startBenchServer(handle: DatabaseHandle, name: string): Promise<BenchServer> {
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), `tillbook-bench-${name}-`));
  const app = await buildApp({
    database: handle,
    sessionKeys: { secret: `${name}-benchmark-session-secret-0123456789`, lifetimeMs: 60 * 60 * 1000 },
    secureCookies: false,
    webDistDir: path.join(mediaDir, 'no-web-build'),
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
export async function signInAdministrator(handle: DatabaseHandle, address: string): Promise<Client> {
  await upsertUserByUsername(handle.db, { username: BENCH_ADMIN.username, name: 'Benchmark', type: 'administrator', password: BENCH_ADMIN.password });
  const client = new Client(address);
  await client.signIn(BENCH_ADMIN.username, BENCH_ADMIN.password);
  return client;
}
