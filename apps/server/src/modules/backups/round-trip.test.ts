import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { users } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { createScratchPostgres, testDriver, type TestDatabase } from '../../testing/test-database.ts';
import { openDrawer, saleBody, seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';
import { serveBackupRequests } from './control-socket.ts';
import { runCommand, snapshotOf } from './round-trip.fixtures.ts';

// Issue 18: make sales, back up, restore into a fresh place, start the server on it — every table is
// identical. On PGlite the server (this process) holds DATA_DIR, so `npm run backup` asks it over
// its socket; on PostgreSQL it is pg_dump and pg_restore.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tillbook-backup-'));
const sourceDir = path.join(scratch, 'source');
const restoredDir = path.join(scratch, 'restored');
const backupDir = path.join(scratch, 'backups');
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
let source: TestContext;
let shop: SaleShop;
let restored: TestContext | null = null;
let restoredDb: (TestDatabase & { url?: string }) | null = null;
let stopSocket: () => Promise<void> = async () => undefined;
let backupFile = '';
/** The environment that points the commands at the source or at the restored database. */
let sourceEnv: Record<string, string>;
let restoredEnv: Record<string, string>;

async function openSource(): Promise<TestDatabase> {
  if (testDriver === 'pglite') {
    const handle = await openPglite(sourceDir);
    await migrateDatabase(handle);
    sourceEnv = { DATA_DIR: sourceDir };
    return { ...handle, drop: () => handle.close() };
  }
  const db = await createScratchPostgres(adminUrl, 'tillbook_backup_source');
  await migrateDatabase(db);
  sourceEnv = { DATABASE_URL: db.url };
  return db;
}

beforeAll(async () => {
  source = await createTestContext({ database: await openSource(), dataDir: testDriver === 'pglite' ? sourceDir : undefined });
  shop = await seedSaleShop(source);
  await openDrawer(source.database.db, shop.till, shop.main.id, shop.cashierId);
  if (testDriver === 'pglite') stopSocket = await serveBackupRequests(source.database, sourceDir, source.app.log);
  if (testDriver === 'postgres') {
    restoredDb = await createScratchPostgres(adminUrl, 'tillbook_backup_restored');
    restoredEnv = { DATABASE_URL: restoredDb.url ?? '' };
  } else {
    restoredEnv = { DATA_DIR: restoredDir };
  }
});

afterAll(async () => {
  await stopSocket();
  await restored?.close();
  if (!restored) await restoredDb?.drop();
  await source.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe(`backup and restore on ${testDriver}`, () => {
  it('backs up a shop that has sold, names the file with the date and says where it went', async () => {
    const shirts = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.shirt.variantId, 2]], 6000));
    expect(shirts.statusCode, shirts.body).toBe(201);
    const mugs = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 3]], 2400, { payments: [{ tender: 'card', amount: 2400 }] }));
    expect(mugs.statusCode, mugs.body).toBe(201);
    const line = mugs.json().data.lines[0];
    const refund = await shop.admin.post(`/api/orders/${mugs.json().data.id}/refunds`, { reason: 'Chipped', lines: [{ orderLineId: line.id, quantity: 1, restock: true }] });
    expect(refund.statusCode, refund.body).toBe(201);

    const backup = await runCommand('backup', [backupDir], sourceEnv);
    expect(backup.code, backup.stderr).toBe(0);
    const written = /^Backup written to (\S+) \(/.exec(backup.stdout);
    expect(written).not.toBeNull();
    backupFile = written?.[1] ?? '';
    const today = new Date().toISOString().slice(0, 10);
    expect(path.basename(backupFile)).toMatch(new RegExp(`^tillbook-${today}T\\d{2}-\\d{2}-\\d{2}Z\\.(tar\\.gz|dump)$`));
    expect(path.dirname(backupFile)).toBe(backupDir);
    expect(fs.statSync(backupFile).size).toBeGreaterThan(0);
  });

  it('restores into an empty place, then refuses to overwrite it without --force', async () => {
    const first = await runCommand('restore', [backupFile], restoredEnv);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`Restored ${backupFile}`);

    const again = await runCommand('restore', [backupFile], restoredEnv);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(testDriver === 'pglite' ? /already holds a database.*--force/ : /is not empty.*--force/);
  });

  it('starts a server on the restored database with every table as it was', async () => {
    const handle = testDriver === 'pglite' ? await openPglite(restoredDir) : openPostgres(restoredDb?.url ?? '');
    const database: TestDatabase = { ...handle, drop: () => (restoredDb ? restoredDb.drop() : handle.close()) };
    await migrateDatabase(database);
    restored = await createTestContext({ database, dataDir: testDriver === 'pglite' ? restoredDir : undefined });

    // `backups` gains the backup's own row after the dump was taken: the restored copy has it not.
    const before = await snapshotOf(source.database.db, ['backups']);
    const after = await snapshotOf(restored.database.db, ['backups']);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    expect(Object.keys(before).length).toBeGreaterThan(50);
    expect(before['public.orders']).toHaveLength(2);
    expect(before['public.refunds']).toHaveLength(1);

    // The shop's people sign in as before and see the same sales.
    const [admin] = await restored.database.db.select({ username: users.username }).from(users).where(eq(users.id, shop.adminId));
    const client = restored.client();
    expect((await client.login(admin?.username ?? '', 'secret-password')).statusCode).toBe(200);
    const orders = (await client.get('/api/orders')).json().data.map((o: { number: string; total: number }) => [o.number, o.total]);
    const sourceOrders = (await shop.admin.get('/api/orders')).json().data.map((o: { number: string; total: number }) => [o.number, o.total]);
    expect(orders).toEqual(sourceOrders);
  });
});
