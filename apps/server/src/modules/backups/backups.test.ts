import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backups } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { testDriver } from '../../testing/test-database.ts';
import { backupFileName, pruneBackups } from './files.ts';
import { nextBackupAt } from './schedule.ts';
import { recordBackup } from './service.ts';

const DAY = 24 * 60 * 60 * 1000;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ backups: { directory: '/srv/tillbook/backups', time: '03:00', keep: 14 } });
});
afterAll(() => ctx.close());

async function statusAsAdmin() {
  const { client } = await ctx.signIn('administrator');
  const res = await client.get('/api/backups');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('GET /api/backups (Settings › Backups)', () => {
  it('is for administrators only: a cashier gets 403, a visitor 401', async () => {
    const { client } = await ctx.signIn('cashier');
    expect((await client.get('/api/backups')).statusCode).toBe(403);
    expect((await ctx.client().get('/api/backups')).statusCode).toBe(401);
  });

  it('shows the daily plan and, on the embedded database, warns while there is no backup yet', async () => {
    await ctx.database.db.delete(backups);
    const status = await statusAsAdmin();
    expect(status.last).toBeNull();
    if (testDriver === 'pglite') {
      expect(status.warning).toBe('none');
      expect(status.automatic).toMatchObject({ time: '03:00', keep: 14, directory: '/srv/tillbook/backups' });
      expect(new Date(status.automatic.nextAt).getHours()).toBe(3);
    } else {
      // On PostgreSQL backups are pg_dump's or the provider's: nothing runs daily in the server.
      expect(status.warning).toBeNull();
      expect(status.automatic).toBeNull();
    }
  });

  it("shows the last backup's time and size, and warns when it is over two days old", async () => {
    await ctx.database.db.delete(backups);
    const threeDaysAgo = new Date(Date.now() - 3 * DAY);
    await recordBackup(ctx.database.db, { startedAt: threeDaysAgo, trigger: 'automatic', status: 'succeeded', file: '/b/old.tar.gz', bytes: 5_000_000 });
    await ctx.database.db.update(backups).set({ finishedAt: threeDaysAgo });
    let status = await statusAsAdmin();
    expect(status.last).toMatchObject({ status: 'succeeded', bytes: 5_000_000, file: '/b/old.tar.gz', finishedAt: threeDaysAgo.toISOString() });
    expect(status.warning).toBe(testDriver === 'pglite' ? 'stale' : null);

    await recordBackup(ctx.database.db, { startedAt: new Date(), trigger: 'manual', status: 'succeeded', file: '/b/new.tar.gz', bytes: 6_000_000 });
    status = await statusAsAdmin();
    expect(status.last).toMatchObject({ trigger: 'manual', bytes: 6_000_000 });
    expect(status.warning).toBeNull();
  });

  it('warns when the last backup failed, and still shows the last good one', async () => {
    await recordBackup(ctx.database.db, { startedAt: new Date(), trigger: 'automatic', status: 'failed', error: 'ENOSPC: no space left on device' });
    const status = await statusAsAdmin();
    expect(status.warning).toBe('failed');
    expect(status.last).toMatchObject({ status: 'failed', error: 'ENOSPC: no space left on device', file: null });
    expect(status.lastSucceeded).toMatchObject({ file: '/b/new.tar.gz' });
  });
});

describe('the daily backup', () => {
  it('runs next at BACKUP_TIME, today when it is still ahead, else tomorrow', () => {
    const morning = new Date(2026, 10, 24, 1, 30);
    expect(nextBackupAt(morning, '03:00')).toEqual(new Date(2026, 10, 24, 3, 0));
    expect(nextBackupAt(new Date(2026, 10, 24, 3, 0), '03:00')).toEqual(new Date(2026, 10, 25, 3, 0));
    expect(nextBackupAt(new Date(2026, 11, 31, 23, 59), '00:15')).toEqual(new Date(2027, 0, 1, 0, 15));
  });

  it('keeps the newest BACKUP_KEEP files of its own naming and leaves other files alone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tillbook-prune-'));
    try {
      const names = Array.from({ length: 5 }, (_, day) => backupFileName(new Date(Date.UTC(2026, 10, 20 + day, 3)), '.tar.gz'));
      names.forEach((name, i) => {
        fs.writeFileSync(path.join(dir, name), 'x');
        fs.utimesSync(path.join(dir, name), new Date(Date.UTC(2026, 10, 20 + i, 3)), new Date(Date.UTC(2026, 10, 20 + i, 3)));
      });
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
      pruneBackups(dir, 3);
      expect(fs.readdirSync(dir).sort()).toEqual([...names.slice(2), 'notes.txt'].sort());
      expect(names[0]).toBe('tillbook-2026-11-20T03-00-00Z.tar.gz');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
