import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sessionCookieName, xsrfCookieName } from '@tillbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type DatabaseHandle } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { HttpClient } from '../../testing/http-client.ts';
import { startServerProcess, type ServerProcess } from '../../testing/server-process.ts';
import { createScratchPostgres, testDriver } from '../../testing/test-database.ts';
import { gapFreeNumbers, seedSellingShop, sellUntilRefused, storedSales, type SellingShop } from './selling.fixtures.ts';

// A real server process under a sale load is sent SIGTERM (then, started again, SIGINT): every
// sale it answered is stored, the others are not, and no request is cut (docs/operations.md,
// Stopping). Its log, of real sign-ins and sales, holds no session id and no password.
// On PGlite the database is closed between the runs (the process holds DATA_DIR), and reopened to check.
const ADMIN_PASSWORD = 'first-admin-password-4Kw';
let shop: SellingShop;
let env: Record<string, string>;
let openForChecks: () => Promise<DatabaseHandle>;
let cleanUp: () => Promise<void>;
const logs: string[] = [];
const secrets = new Set<string>();

beforeAll(async () => {
  if (testDriver === 'postgres') {
    const database = await createScratchPostgres(process.env.TEST_DATABASE_URL!, 'tillbook_stop');
    await migrateDatabase(database);
    shop = await seedSellingShop(database.db);
    env = { DATABASE_URL: database.url };
    openForChecks = async () => ({ ...database, close: async () => undefined });
    cleanUp = () => database.drop();
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tillbook-stop-'));
    const database = await openPglite(dataDir);
    await migrateDatabase(database);
    shop = await seedSellingShop(database.db);
    await database.close();
    env = { DATA_DIR: dataDir };
    openForChecks = () => openPglite(dataDir);
    cleanUp = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  env.ADMIN_PASSWORD = ADMIN_PASSWORD;
  secrets.add(ADMIN_PASSWORD).add(shop.cashier.password);
}, 60_000);
afterAll(() => cleanUp());

let storedBefore = 0;

async function sellThenStop(signal: NodeJS.Signals) {
  const server: ServerProcess = await startServerProcess(env);
  try {
    const client = new HttpClient(server.address, { connections: 8 });
    await client.signIn(shop.cashier.username, shop.cashier.password);
    for (const name of [sessionCookieName, xsrfCookieName]) {
      const value = client.cookies.get(name)!;
      secrets.add(value).add(decodeURIComponent(value));
    }
    const { outcomes, done } = sellUntilRefused(client, shop, 8);
    // Once sales are flowing, the signal arrives in the middle of them.
    const started = Date.now();
    while (Date.now() - started < 20_000 && outcomes.filter((o) => o.status === 201).length < 30) await new Promise((resolve) => setTimeout(resolve, 20));
    const signalledAt = performance.now();
    server.kill(signal);
    await done;
    const exit = await server.exited;
    logs.push(server.output());
    client.close();
    return { outcomes, exit, signalledAt, address: server.address };
  } catch (error) {
    server.kill('SIGKILL');
    throw error;
  }
}

describe.each(['SIGTERM', 'SIGINT'] as const)('%s under a sale load', (signal) => {
  it('answers every sale in flight and stores exactly those, cuts no request, closes the database and exits 0', async () => {
    const { outcomes, exit, signalledAt, address } = await sellThenStop(signal);
    expect(exit).toEqual({ code: 0, signal: null });

    // No request was cut: each got an answer — 201 for a sale, 503 once the server was stopping — or,
    // sent after it stopped listening (a client stalled past the drain), found nobody there. No reset.
    const ended = outcomes.filter((o) => o.status !== 201);
    expect(ended.filter((o) => o.status !== 503 && o.error !== 'ECONNREFUSED')).toEqual([]);
    expect(ended.some((o) => o.status === 503)).toBe(true);
    const sold = outcomes.filter((o) => o.status === 201);
    // Sales sent before the signal and answered after it: they were in flight and completed.
    expect(sold.filter((o) => o.sentAt < signalledAt && o.answeredAt > signalledAt).length).toBeGreaterThan(0);

    const database = await openForChecks();
    try {
      const stored = await storedSales(database.db, shop);
      const soldNow = stored.uuids.slice(storedBefore);
      expect(new Set(soldNow)).toEqual(new Set(sold.map((o) => o.uuid)));
      expect(stored.numbers).toEqual(gapFreeNumbers(stored.numbers.length));
      expect(stored.stockLeft).toBe(shop.stock - stored.ledgerSold);
      storedBefore = stored.uuids.length;
    } finally {
      await database.close();
    }
    // Stopped: nothing listens any more.
    await expect(fetch(`${address}/healthz`)).rejects.toThrow();
  }, 90_000);
});

describe('the log of those runs', () => {
  it('has the requests, and no password, session id or XSRF token', () => {
    const log = logs.join('\n');
    expect(logs).toHaveLength(2);
    expect(log).toContain('"url":"/api/login"');
    expect(log).toContain('"url":"/api/orders/create"');
    expect(log).toContain('Stopped cleanly');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
