import { defaultRewardSettings } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, executeOne } from '../../db/execute.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { adjustPoints, createCustomer, getCustomer } from '../customers/service.ts';
import { writeSetting } from '../settings/service.ts';
import { expirePoints } from './expiry.ts';
import { updateRewardSettings } from './settings.ts';

// PostgreSQL only (vitest.config.ts): a sale and the expiry at the same moment need two connections.
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await writeSetting(database.db, 'shop', { timeZone: 'UTC' });
  await updateRewardSettings(database.db, { ...defaultRewardSettings, expiry: { months: 3 } });
});
afterAll(() => database.drop());

/** Waits until a statement of another connection waits for a row lock. */
async function untilSomeoneWaitsForALock() {
  for (let i = 0; i < 200; i += 1) {
    const row = await executeOne<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (row?.n) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('Nobody waited for a lock');
}

describe('expiring points while the customer redeems', () => {
  it('leaves a customer whose balance changes meanwhile for the next run, which counts the redemption first', async () => {
    const { db } = database;
    const customer = await createCustomer(db, { name: 'Busy Customer', email: null, phone: null, address: null, birthday: null, marketingConsent: false });
    const old = await adjustPoints(db, customer.id, { delta: 100, reason: null, kind: 'earned', userId: null });
    await execute(db, sql`update customer_points set created_at = '2026-01-01T12:00:00Z' where id = ${old.entry.id}`);
    await adjustPoints(db, customer.id, { delta: 50, reason: null, kind: 'earned', userId: null });
    const now = new Date('2026-08-26T12:00:00Z');

    // A redemption of 30 holds the customer's row while the expiry reads the ledger without it.
    let expiring: Promise<{ customers: number; points: number }> | undefined;
    await db.transaction(async (tx) => {
      await adjustPoints(tx, customer.id, { delta: -30, reason: null, kind: 'redeemed', userId: null });
      expiring = expirePoints(db, now);
      await untilSomeoneWaitsForALock();
    });
    expect(await expiring).toEqual({ customers: 0, points: 0 });
    expect((await getCustomer(db, customer.id)).pointsBalance).toBe(120);

    // The 30 came out of the old 100: 70 of them expire, not 100.
    expect(await expirePoints(db, now)).toEqual({ customers: 1, points: 70 });
    expect((await getCustomer(db, customer.id)).pointsBalance).toBe(50);
  });
});
