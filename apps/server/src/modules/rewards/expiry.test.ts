import { defaultRewardSettings, type PointsEntry } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { execute, executeOne } from '../../db/execute.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { adjustPoints, createCustomer, getCustomer, listPoints } from '../customers/service.ts';
import { writeSetting } from '../settings/service.ts';
import { EXPIRE_FIRST_AFTER_MS, expirePoints, keepExpiringPoints } from './expiry.ts';
import { updateRewardSettings } from './settings.ts';

let database: TestDatabase;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  // The shop's days are New York's: 03:00 UTC on 26 August is still 25 August there.
  await writeSetting(db(), 'shop', { timeZone: 'America/New_York' });
});
afterAll(() => database.drop());
beforeEach(async () => {
  await execute(db(), sql`delete from customers`);
  await expireAfter(3);
});

async function expireAfter(months: number | null) {
  await updateRewardSettings(db(), { ...defaultRewardSettings, expiry: { months } });
}

/** 25 August 2026, 23:00 in New York: with 3 months, points earned before 25 May (04:00 UTC) expire. */
const NOW = new Date('2026-08-26T03:00:00Z');

type Use = [delta: number, kind: 'earned' | 'redeemed' | 'adjusted', at: string];

let counter = 0;
/** A customer whose ledger holds these entries, each dated as given, through the customers service. */
async function customerWith(...entries: Use[]): Promise<number> {
  counter += 1;
  const customer = await createCustomer(db(), { name: `Customer ${counter}`, email: null, phone: null, address: null, birthday: null, marketingConsent: false });
  for (const [delta, kind, at] of entries) {
    const { entry } = await adjustPoints(db(), customer.id, { delta, reason: null, kind, userId: null });
    await execute(db(), sql`update customer_points set created_at = ${at}::timestamptz where id = ${entry.id}`);
  }
  return customer.id;
}

async function balanceOf(customerId: number): Promise<number> {
  return (await getCustomer(db(), customerId)).pointsBalance;
}

async function ledgerOf(customerId: number): Promise<PointsEntry[]> {
  return (await listPoints(db(), customerId, { page: 1, perPage: 50 })).data;
}

async function expiredEntriesOf(customerId: number) {
  return (await ledgerOf(customerId)).filter((e) => e.kind === 'expired').map(({ delta, balanceAfter, reason }) => ({ delta, balanceAfter, reason }));
}

describe('expirePoints', () => {
  it('expires nothing while points never expire', async () => {
    await expireAfter(null);
    const id = await customerWith([100, 'earned', '2024-01-01T12:00:00Z']);
    expect(await expirePoints(db(), NOW)).toEqual({ customers: 0, points: 0 });
    expect(await balanceOf(id)).toBe(100);
    expect(await expiredEntriesOf(id)).toEqual([]);
  });

  it('expires what is left of the points earned before the cutoff, oldest first', async () => {
    // Earned 100 long ago and 50 lately, spent 30: the 30 came out of the old 100, so 70 of them expire.
    const partlyUsed = await customerWith([100, 'earned', '2026-05-01T12:00:00Z'], [50, 'earned', '2026-07-01T12:00:00Z'], [-30, 'redeemed', '2026-07-15T12:00:00Z']);
    // 23:59 on 24 May in New York is before the cutoff; midnight on 25 May is not.
    const atTheCutoff = await customerWith([40, 'earned', '2026-05-25T03:59:00Z'], [60, 'earned', '2026-05-25T04:00:00Z']);
    const allSpent = await customerWith([100, 'earned', '2026-04-01T12:00:00Z'], [-100, 'redeemed', '2026-06-01T12:00:00Z']);
    // A negative adjustment spends the oldest points too.
    const adjustedDown = await customerWith([80, 'adjusted', '2026-03-01T12:00:00Z'], [-20, 'adjusted', '2026-08-01T12:00:00Z']);
    const allRecent = await customerWith([200, 'earned', '2026-08-01T12:00:00Z']);

    expect(await expirePoints(db(), NOW)).toEqual({ customers: 3, points: 170 });
    const reason = 'Points earned before 25 May 2026 expired';
    expect(await expiredEntriesOf(partlyUsed)).toEqual([{ delta: -70, balanceAfter: 50, reason }]);
    expect(await expiredEntriesOf(atTheCutoff)).toEqual([{ delta: -40, balanceAfter: 60, reason }]);
    expect(await expiredEntriesOf(adjustedDown)).toEqual([{ delta: -60, balanceAfter: 0, reason }]);
    expect(await expiredEntriesOf(allSpent)).toEqual([]);
    expect(await expiredEntriesOf(allRecent)).toEqual([]);
    expect([await balanceOf(partlyUsed), await balanceOf(atTheCutoff), await balanceOf(adjustedDown), await balanceOf(allSpent), await balanceOf(allRecent)]).toEqual([
      50, 60, 0, 0, 200,
    ]);
    // The newest entry of the ledger is the expiry, made by nobody, for no sale.
    expect((await ledgerOf(partlyUsed))[0]).toMatchObject({ kind: 'expired', delta: -70, balanceAfter: 50, orderId: null, refundId: null, userName: null });
  });

  it('expires nothing more when run again; later uses come out of the newer points', async () => {
    const id = await customerWith([100, 'earned', '2026-05-01T12:00:00Z'], [50, 'earned', '2026-07-01T12:00:00Z'], [-30, 'redeemed', '2026-07-15T12:00:00Z']);
    expect(await expirePoints(db(), NOW)).toEqual({ customers: 1, points: 70 });
    expect(await expirePoints(db(), NOW)).toEqual({ customers: 0, points: 0 });
    expect(await balanceOf(id)).toBe(50);

    await adjustPoints(db(), id, { delta: -20, reason: null, kind: 'redeemed', userId: null });
    expect(await expirePoints(db(), NOW)).toEqual({ customers: 0, points: 0 });
    expect(await balanceOf(id)).toBe(30);

    // In October the July points are due too: 150 earned, 120 gone (30 spent, 70 expired, 20 spent).
    expect(await expirePoints(db(), new Date('2026-10-02T12:00:00Z'))).toEqual({ customers: 1, points: 30 });
    expect(await expiredEntriesOf(id)).toEqual([
      { delta: -30, balanceAfter: 0, reason: 'Points earned before 2 July 2026 expired' },
      { delta: -70, balanceAfter: 50, reason: 'Points earned before 25 May 2026 expired' },
    ]);
    expect(await balanceOf(id)).toBe(0);
  });

  it('never takes a balance below zero', async () => {
    const id = await customerWith([100, 'earned', '2026-01-01T12:00:00Z']);
    // The balance holds less than the ledger says (set by hand in the database).
    await execute(db(), sql`update customers set points_balance = 25 where id = ${id}`);
    expect(await expirePoints(db(), NOW)).toEqual({ customers: 1, points: 25 });
    expect(await expiredEntriesOf(id)).toEqual([{ delta: -25, balanceAfter: 0, reason: 'Points earned before 25 May 2026 expired' }]);
    expect(await expirePoints(db(), NOW)).toEqual({ customers: 0, points: 0 });
    expect(await balanceOf(id)).toBe(0);
  });

  it('goes through every customer, a batch at a time', async () => {
    await execute(
      db(),
      sql`with made as (
            insert into customers (name, points_balance) select 'Bulk ' || n, 10 from generate_series(1, 1200) n returning id
          )
          insert into customer_points (customer_id, delta, balance_after, kind, created_at)
          select id, 10, 10, 'earned', '2026-01-01T12:00:00Z' from made`,
    );
    expect(await expirePoints(db(), NOW)).toEqual({ customers: 1200, points: 12_000 });
    const left = await executeOne<{ balance: string; expired: string }>(
      db(),
      sql`select (select sum(points_balance) from customers)::text as balance, (select count(*) from customer_points where kind = 'expired')::text as expired`,
    );
    expect(left).toEqual({ balance: '0', expired: '1200' });
  });
});

describe('keepExpiringPoints', () => {
  it('expires points shortly after the start, and stops', async () => {
    const id = await customerWith([100, 'earned', '2020-01-01T12:00:00Z']);
    const log = { info: vi.fn(), error: vi.fn() };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const stop = keepExpiringPoints(db(), log);
    vi.advanceTimersByTime(EXPIRE_FIRST_AFTER_MS);
    vi.useRealTimers();
    await vi.waitFor(() => expect(log.info).toHaveBeenCalledWith('Expired 100 points of 1 customer'));
    stop();
    expect(await balanceOf(id)).toBe(0);
    expect(log.error).not.toHaveBeenCalled();
  });
});
