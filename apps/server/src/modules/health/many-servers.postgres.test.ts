import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/migrate.ts';
import { HttpClient } from '../../testing/http-client.ts';
import { startServerProcess, type ServerProcess } from '../../testing/server-process.ts';
import { createScratchPostgres, type TestDatabase } from '../../testing/test-database.ts';
import { gapFreeNumbers, mugSale, seedSellingShop, storedSales, type SellingShop } from './selling.fixtures.ts';

// Several real server processes on one PostgreSQL (docs/operations.md, Several server processes):
// they start together on an empty database, then one client sells through two of them.
let database: TestDatabase & { url: string };
let servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createScratchPostgres(process.env.TEST_DATABASE_URL!, 'tillbook_many');
}, 30_000);
afterAll(async () => {
  for (const server of servers) server.kill('SIGKILL');
  await database.drop();
});

const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('three servers starting at once on an empty database', () => {
  it('all serve, and each migration is applied once', async () => {
    const env = { DATABASE_URL: database.url, ADMIN_PASSWORD: 'first-admin-password-9Tz' };
    servers = await Promise.all([1, 2, 3].map(() => startServerProcess(env, 90_000)));
    for (const server of servers) {
      const ready = await fetch(`${server.address}/readyz`);
      expect(await ready.json()).toEqual({ status: 'ready', database: 'postgres', databaseAnswers: true, migrated: true });
    }
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const applied = await rows<{ hash: string }>(sql`select hash from drizzle.__drizzle_migrations`);
    expect(applied).toHaveLength(journal.entries.length);
    expect(new Set(applied.map((r) => r.hash)).size).toBe(journal.entries.length);
    // The first start's work was done once too: one administrator, one session secret.
    expect(await rows(sql`select id from users where type = 'administrator'`)).toHaveLength(1);
  }, 120_000);
});

describe('one client selling through two servers', () => {
  let shop: SellingShop;
  beforeAll(async () => {
    shop = await seedSellingShop(database.db);
  });

  it('leaves exact stock, gap-free numbers and one order per uuid', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    // One browser's cookies, its requests landing on either server (no sticky sessions).
    const viaA = new HttpClient(a.address, { connections: 4 });
    await viaA.signIn(shop.cashier.username, shop.cashier.password);
    const viaB = new HttpClient(b.address, { connections: 4, cookies: viaA.cookies });

    const quantities = Array.from({ length: 60 }, (_, i) => (i % 3) + 1);
    const sales = quantities.map((quantity) => mugSale(shop, quantity));
    const answered: number[] = [];
    // Four at a time on each server, alternating: both servers write the same stock row and number sequence.
    for (let at = 0; at < sales.length; at += 8) {
      const batch = sales.slice(at, at + 8);
      const answers = await Promise.all(batch.map((sale, i) => (i % 2 ? viaB : viaA).send('POST', '/api/orders/create', sale)));
      answered.push(...answers.map((res) => res.status));
    }
    expect(answered).toEqual(sales.map(() => 201));

    // The same sale sent five times to each server at once: one order, the others answer it (200).
    const uuid = randomUUID();
    const twice = mugSale(shop, 2, uuid);
    const repeats = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? viaB : viaA).send('POST', '/api/orders/create', twice)));
    expect(repeats.map((res) => res.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(repeats.map((res) => (res.json() as { data: { id: number } }).data.id)).size).toBe(1);

    const sold = quantities.reduce((sum, q) => sum + q, 0) + 2;
    const stored = await storedSales(database.db, shop);
    expect(stored.stockLeft).toBe(shop.stock - sold);
    expect(stored.ledgerSold).toBe(sold);
    expect(stored.numbers).toEqual(gapFreeNumbers(sales.length + 1));
    expect(new Set(stored.uuids)).toEqual(new Set([...sales.map((s) => s.uuid), uuid]));
    viaA.close();
    viaB.close();
  }, 60_000);

  it('stop cleanly on SIGTERM', async () => {
    for (const server of servers) server.kill('SIGTERM');
    const exits = await Promise.all(servers.map((server) => server.exited));
    expect(exits).toEqual(servers.map(() => ({ code: 0, signal: null })));
    expect(servers.every((server) => server.output().includes('Stopped cleanly'))).toBe(true);
    servers = [];
  }, 30_000);
});
