import { defaultCashierRights } from '@tillbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';

/** What a cashier may do without an administrator's approval (issue 16): Settings › Cashier rights. */
let ctx: TestContext;
let admin: TestClient;
let cashier: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.signIn('administrator')).client;
  cashier = (await ctx.signIn('cashier')).client;
});
afterAll(() => ctx.close());

const rights = { refundUpTo: 2_500, discountUpToE4: 150_000, priceOverride: true, noSale: true, closeDifferenceUpTo: 1_000, noReceiptReturns: 'money', noReceiptMoneyUpTo: 2_000 };

describe('cashier rights', () => {
  it('starts with the shop’s defaults', async () => {
    const res = await admin.get('/api/settings');
    expect(res.json().data.cashierRights).toEqual(defaultCashierRights);
  });

  it('are saved by an administrator and read back by everyone', async () => {
    const saved = await admin.put('/api/settings/cashier-rights', rights);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.cashierRights).toEqual(rights);
    const read = await cashier.get('/api/settings');
    expect(read.statusCode).toBe(200);
    expect(read.json().data.cashierRights).toEqual(rights);
  });

  it('cannot be changed by a cashier', async () => {
    const refused = await cashier.put('/api/settings/cashier-rights', { ...rights, refundUpTo: 1_000_000 });
    expect(refused.statusCode).toBe(403);
    expect((await admin.get('/api/settings')).json().data.cashierRights.refundUpTo).toBe(2_500);
  });

  it('refuses bad values with a message on each field, and keeps what was saved', async () => {
    const refused = await admin.put('/api/settings/cashier-rights', {
      refundUpTo: -1,
      discountUpToE4: 1_000_001,
      priceOverride: 'yes',
      noSale: null,
      closeDifferenceUpTo: 1.5,
      noReceiptReturns: 'always',
      noReceiptMoneyUpTo: -5,
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual([
      'closeDifferenceUpTo',
      'discountUpToE4',
      'noReceiptMoneyUpTo',
      'noReceiptReturns',
      'noSale',
      'priceOverride',
      'refundUpTo',
    ]);
    expect(refused.json().errors.noReceiptReturns).toEqual(['Returns without a receipt must be not taken, store credit only, or store credit or money.']);
    expect(refused.json().errors.priceOverride).toEqual(['The price override field must be true or false.']);
    expect((await admin.get('/api/settings')).json().data.cashierRights).toEqual(rights);
  });

  it('refuses a missing field', async () => {
    const { noSale: _omitted, ...withoutNoSale } = rights;
    const refused = await admin.put('/api/settings/cashier-rights', withoutNoSale);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.noSale).toBeDefined();
  });
});
