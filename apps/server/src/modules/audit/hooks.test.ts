import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema/index.ts';
import { multipartBody } from '../../testing/multipart.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { addProduct, seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';

/**
 * The audit rows each back-office action writes (issue 16): sign-in and sign-out, stock
 * adjustments and counts, price and cost changes, staff and settings changes, exports of customer
 * data — each with who, from where, what, before → after, and never a secret.
 */

let ctx: TestContext;
let shop: SaleShop;
let admin: TestClient;
let adminName: string;
const clients: TestClient[] = [];

/** Everything typed as a secret in this file: none of it may ever reach the log. */
const secrets = ['secret-password', 'till-password', 'renewed-password-77', 'own-new-password-5', '902817', '650433'];

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  admin = shop.admin;
  admin.remoteAddress = '10.20.30.40';
  clients.push(shop.admin, shop.cashier);
  const [row] = await ctx.database.db.select({ username: users.username }).from(users).where(eq(users.id, shop.adminId));
  adminName = row?.username ?? '';
});
afterAll(() => ctx.close());

type Row = typeof auditLog.$inferSelect;

/** The rows of one action written since `since` (a row id), oldest first. */
async function rowsOf(action: string, since = 0): Promise<Row[]> {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), gt(auditLog.id, since)))
    .orderBy(auditLog.id);
}

async function lastId(): Promise<number> {
  const rows = await ctx.database.db.select({ id: auditLog.id }).from(auditLog);
  return rows.reduce((max, r) => Math.max(max, r.id), 0);
}

/** The one row of an action since `since`, by the administrator from their address. */
async function oneByAdmin(action: string, since: number): Promise<Row> {
  const rows = await rowsOf(action, since);
  expect(rows, action).toHaveLength(1);
  const row = rows[0] as Row;
  expect(row).toMatchObject({ userId: shop.adminId, userName: adminName, ip: '10.20.30.40' });
  return row;
}

function ok(res: { statusCode: number; body: string }, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
}

describe('sign-in and sign-out', () => {
  it('records a sign-in with the user and the address, and the sign-out', async () => {
    const since = await lastId();
    const user = await ctx.createUser('cashier', { username: 'audit.signer' });
    const client = ctx.client();
    clients.push(client);
    client.remoteAddress = '192.0.2.7';
    ok(await client.login('audit.signer', 'secret-password'));
    const [signIn] = await rowsOf('auth.sign_in', since);
    expect(signIn).toMatchObject({ userId: user.id, userName: 'audit.signer', ip: '192.0.2.7', summary: 'Signed in', subjectType: 'user', subjectId: String(user.id) });

    ok(await client.post('/api/logout'), 204);
    const [signOut] = await rowsOf('auth.sign_out', since);
    expect(signOut).toMatchObject({ userId: user.id, userName: 'audit.signer', ip: '192.0.2.7', summary: 'Signed out' });
  });

  it('records a failed sign-in with the name typed (trimmed, at most 120 characters) and no user', async () => {
    const since = await lastId();
    await ctx.createUser('cashier', { username: 'audit.wrong' });
    const client = ctx.client();
    client.remoteAddress = '192.0.2.8';
    expect((await client.login('  audit.wrong  ', 'not-the-secret-password')).statusCode).toBe(422);
    expect((await client.login('x'.repeat(200), 'whatever-1')).statusCode).toBe(422);
    const rows = await rowsOf('auth.sign_in_failed', since);
    expect(rows.map((r) => [r.userId, r.userName, r.ip, r.summary])).toEqual([
      [null, 'audit.wrong', '192.0.2.8', 'Failed sign-in for “audit.wrong”'],
      [null, 'x'.repeat(120), '192.0.2.8', `Failed sign-in for “${'x'.repeat(120)}”`],
    ]);
    expect(JSON.stringify(rows)).not.toContain('not-the-secret-password');
  });

  it('records each failed check, but not the refusals while the sign-in is throttled', async () => {
    const since = await lastId();
    const client = ctx.client();
    client.remoteAddress = '192.0.2.9';
    for (let i = 0; i < 5; i += 1) expect((await client.login('audit.throttled', 'bad-guess')).statusCode).toBe(422);
    expect((await client.login('audit.throttled', 'bad-guess')).statusCode).toBe(429);
    expect((await client.login('audit.throttled', 'bad-guess')).statusCode).toBe(429);
    expect(await rowsOf('auth.sign_in_failed', since)).toHaveLength(5);
  });
});

describe('stock', () => {
  it('records a manual adjustment: on hand before and after, the reason and the outlet', async () => {
    const since = await lastId();
    ok(await admin.post(`/api/products/${shop.mug.productId}/stock`, { variantId: shop.mug.variantId, outletId: shop.main.id, mode: 'add', quantity: 3, note: 'Found in the back' }));
    const row = await oneByAdmin('stock.adjust', since);
    expect(row).toMatchObject({ outletId: shop.main.id, subjectType: 'product', subjectId: String(shop.mug.productId) });
    expect(row.summary).toBe('Stock of Mug (MUG-1) at Main store: 5 → 8, Found in the back');
    expect(row.before).toEqual({ sku: 'MUG-1', onHand: 5 });
    expect(row.after).toMatchObject({ sku: 'MUG-1', onHand: 8, reason: 'Found in the back' });
  });

  it('records an applied count: its number, how many lines changed and the differences', async () => {
    const created = await admin.post('/api/stock-counts/create', { outletId: shop.main.id, note: null, scope: 'all' });
    ok(created, 201);
    const count = created.json().data as { id: number; number: string };
    ok(await admin.post(`/api/stock-counts/${count.id}/lines`, { variantId: shop.shirt.variantId, quantity: 7, mode: 'set' }));
    ok(await admin.post(`/api/stock-counts/${count.id}/lines`, { variantId: shop.mug.variantId, quantity: 8, mode: 'set' }));
    const since = await lastId();
    ok(await admin.post(`/api/stock-counts/${count.id}/apply`, {}));
    const row = await oneByAdmin('stock.count', since);
    expect(row.summary).toBe(`Stock count ${count.number} applied at Main store: 1 line changed`);
    expect(row).toMatchObject({ outletId: shop.main.id, subjectType: 'stock_count', subjectId: String(count.id) });
    expect(row.after).toEqual({ number: count.number, linesChanged: 1, differences: [{ sku: 'SHIRT-M-BLUE', counted: 7, change: -3 }] });
  });
});

describe('prices and costs', () => {
  it('records a product edit: one row for the price and one for the cost, per changed variant', async () => {
    const tea = await addProduct(ctx.database.db, { title: 'Green tea', variantName: '', sku: 'TEA-1', price: 450, cost: 200, taxIds: [], stock: [] });
    const since = await lastId();
    const edit = { title: 'Green tea', description: null, categoryIds: [], taxIds: [], trackStock: true, variants: [{ id: tea.variantId, sku: 'TEA-1', barcode: null, price: 495, cost: 210, stock: [] }] };
    ok(await admin.put(`/api/products/${tea.productId}/edit`, edit));
    const price = await oneByAdmin('product.price', since);
    expect(price.summary).toBe('Price of Green tea (TEA-1): $4.50 → $4.95 (product form)');
    expect([price.before, price.after]).toEqual([[{ sku: 'TEA-1', price: 450 }], [{ sku: 'TEA-1', price: 495 }]]);
    expect(price).toMatchObject({ subjectType: 'product', subjectId: String(tea.productId) });
    const cost = await oneByAdmin('product.cost', since);
    expect([cost.before, cost.after]).toEqual([[{ sku: 'TEA-1', cost: 200 }], [{ sku: 'TEA-1', cost: 210 }]]);

    // Saving the form again without a change writes nothing.
    const again = await lastId();
    ok(await admin.put(`/api/products/${tea.productId}/edit`, edit));
    expect(await rowsOf('product.price', again)).toEqual([]);
    expect(await rowsOf('product.cost', again)).toEqual([]);
  });

  it('records a bulk price change per product', async () => {
    const a = await addProduct(ctx.database.db, { title: 'Bulk jam', variantName: '', sku: 'JAM-1', price: 1000, cost: 400, taxIds: [], stock: [] });
    const b = await addProduct(ctx.database.db, { title: 'Bulk honey', variantName: '', sku: 'HONEY-1', price: 2000, cost: 900, taxIds: [], stock: [] });
    const since = await lastId();
    ok(await admin.post('/api/products/update', { ids: [a.productId, b.productId], action: 'changePrice', values: { percent: '10' } }));
    const rows = await rowsOf('product.price', since);
    expect(rows.map((r) => [r.subjectId, r.summary, r.before, r.after])).toEqual(
      expect.arrayContaining([
        [String(a.productId), 'Price of Bulk jam (JAM-1): $10.00 → $11.00 (bulk +10%)', [{ sku: 'JAM-1', price: 1000 }], [{ sku: 'JAM-1', price: 1100 }]],
        [String(b.productId), 'Price of Bulk honey (HONEY-1): $20.00 → $22.00 (bulk +10%)', [{ sku: 'HONEY-1', price: 2000 }], [{ sku: 'HONEY-1', price: 2200 }]],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.userId === shop.adminId && r.ip === '10.20.30.40')).toBe(true);
  });

  it('records price and cost changes from a CSV import, and none from a dry run', async () => {
    const p = await addProduct(ctx.database.db, { title: 'CSV soap', variantName: '', sku: 'SOAP-1', price: 300, cost: 100, taxIds: [], stock: [] });
    const upload = (query: string) => {
      const body = multipartBody('file', 'products.csv', 'text/csv', Buffer.from('sku,price,cost\nSOAP-1,3.50,1.20\n', 'utf8'));
      return admin.request('POST', `/api/products/upload${query}`, body.body, body.headers);
    };
    const before = await lastId();
    ok(await upload('?dryRun=true'));
    expect(await rowsOf('product.price', before)).toEqual([]);
    ok(await upload(''));
    const price = await oneByAdmin('product.price', before);
    expect(price).toMatchObject({ subjectId: String(p.productId), summary: 'Price of CSV soap (SOAP-1): $3.00 → $3.50 (CSV import)' });
    expect(price.after).toEqual([{ sku: 'SOAP-1', price: 350 }]);
    const cost = await oneByAdmin('product.cost', before);
    expect([cost.before, cost.after]).toEqual([[{ sku: 'SOAP-1', cost: 100 }], [{ sku: 'SOAP-1', cost: 120 }]]);
  });
});

describe('staff', () => {
  let createdId: number;

  it('records a new staff member without the password or PIN', async () => {
    const since = await lastId();
    const body = { name: 'Audit Till', username: 'audit.till', email: 'audit.till@shop.test', type: 'cashier', outletId: shop.main.id, active: true, password: 'till-password', passwordConfirmation: 'till-password', pin: '902817' };
    const res = await admin.post('/api/users/create', body);
    ok(res, 201);
    createdId = res.json().data.id;
    const row = await oneByAdmin('user.create', since);
    expect(row).toMatchObject({ summary: 'Created staff user “audit.till” (cashier)', subjectType: 'user', subjectId: String(createdId) });
    expect(row.after).toEqual({ username: 'audit.till', name: 'Audit Till', email: 'audit.till@shop.test', type: 'cashier', outletId: shop.main.id, active: true, 'PIN set': true });
  });

  it('records only the changed fields: the type (a change of rights), and that the password and PIN changed', async () => {
    const since = await lastId();
    const body = { name: 'Audit Till', username: 'audit.till', email: 'audit.till@shop.test', type: 'administrator', outletId: shop.main.id, active: true, password: 'renewed-password-77', passwordConfirmation: 'renewed-password-77', pin: '650433' };
    ok(await admin.put(`/api/users/${createdId}/edit`, body));
    const row = await oneByAdmin('user.update', since);
    expect(row.summary).toBe('Updated staff user “audit.till”: type cashier → administrator, password changed, PIN changed');
    expect(row.before).toEqual({ type: 'cashier' });
    expect(row.after).toEqual({ type: 'administrator', 'password changed': true, 'PIN changed': true });

    const renamed = await lastId();
    ok(await admin.put(`/api/users/${createdId}/edit`, { ...body, name: 'Audit Manager', active: false, password: '', passwordConfirmation: '', pin: undefined }));
    const second = await oneByAdmin('user.update', renamed);
    expect([second.before, second.after]).toEqual([{ name: 'Audit Till', active: true }, { name: 'Audit Manager', active: false }]);
  });

  it('records a deletion', async () => {
    const since = await lastId();
    ok(await admin.delete(`/api/users/${createdId}`), 204);
    const row = await oneByAdmin('user.delete', since);
    expect(row).toMatchObject({ summary: 'Deleted staff user “audit.till” (administrator)', subjectId: String(createdId) });
    expect(row.before).toMatchObject({ username: 'audit.till', type: 'administrator' });
  });

  it('records a change of one’s own profile', async () => {
    const { client, user } = await ctx.signIn('cashier', { username: 'audit.self', password: 'secret-password' });
    clients.push(client);
    client.remoteAddress = '192.0.2.44';
    const since = await lastId();
    const res = await client.put('/api/users/edit', { name: 'Self Renamed', email: null, currentPassword: 'secret-password', password: 'own-new-password-5', passwordConfirmation: 'own-new-password-5' });
    ok(res);
    const [row] = await rowsOf('user.update', since);
    expect(row).toMatchObject({ userId: user.id, userName: 'audit.self', ip: '192.0.2.44', subjectId: String(user.id) });
    expect(row?.summary).toBe('Changed own profile (“audit.self”): name, password changed');
    expect(row?.after).toEqual({ name: 'Self Renamed', 'password changed': true });
  });
});

describe('settings', () => {
  it('records each section saved, with only the changed keys before and after', async () => {
    const current = (await admin.get('/api/settings')).json().data;
    const saves: Array<[string, string, unknown, unknown, unknown]> = [
      ['general', '/api/settings/general', { businessName: 'Audited Shop', currency: current.currency, locale: current.locale }, { businessName: current.businessName }, { businessName: 'Audited Shop' }],
      [
        'products',
        '/api/settings/products',
        { defaultTaxIds: current.defaultTaxIds, skuPattern: 'AUD-{seq:5}', defaultLowStockThreshold: current.defaultLowStockThreshold, allowNegativeStock: current.allowNegativeStock },
        { skuPattern: current.skuPattern },
        { skuPattern: 'AUD-{seq:5}' },
      ],
      ['cashbox', '/api/settings/cashbox', { blindClose: !current.blindClose }, { blindClose: current.blindClose }, { blindClose: !current.blindClose }],
      ['selling', '/api/settings/selling', { confirmQuantityAbove: 37 }, { confirmQuantityAbove: current.confirmQuantityAbove }, { confirmQuantityAbove: 37 }],
      ['taxes', '/api/settings/taxes', { taxRounding: current.taxRounding === 'sale' ? 'line' : 'sale' }, { taxRounding: current.taxRounding }, { taxRounding: current.taxRounding === 'sale' ? 'line' : 'sale' }],
      [
        'cashier-rights',
        '/api/settings/cashier-rights',
        { ...current.cashierRights, refundUpTo: current.cashierRights.refundUpTo + 1234 },
        { refundUpTo: current.cashierRights.refundUpTo },
        { refundUpTo: current.cashierRights.refundUpTo + 1234 },
      ],
    ];
    for (const [section, url, body, before, after] of saves) {
      const since = await lastId();
      ok(await admin.put(url, body));
      const row = await oneByAdmin('settings.update', since);
      expect(row, section).toMatchObject({ subjectType: 'settings', subjectId: section, before, after });
      expect(row.summary, section).toMatch(/^Changed .+: /);
      // The same save again changes nothing and writes nothing.
      const again = await lastId();
      ok(await admin.put(url, body));
      expect(await rowsOf('settings.update', again), section).toEqual([]);
    }
  });

  it('records the logo uploaded and removed', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const since = await lastId();
    const upload = multipartBody('logo', 'logo.png', 'image/png', png);
    ok(await admin.request('POST', '/api/settings/logo', upload.body, upload.headers));
    const added = await oneByAdmin('settings.update', since);
    expect(added).toMatchObject({ subjectId: 'logo', before: { logoFile: null }, summary: 'Changed business logo: logoFile' });
    const removed = await lastId();
    ok(await admin.delete('/api/settings/logo'));
    const gone = await oneByAdmin('settings.update', removed);
    expect(gone).toMatchObject({ subjectId: 'logo', after: { logoFile: null } });
  });

  it('records the reward rules changed, down to the changed entries', async () => {
    const since = await lastId();
    const rules = {
      earning: { enabled: true, points: 1, perAmount: 100, excludedCategoryIds: [], excludedProductIds: [], minimumOrder: null },
      redemption: { enabled: false, points: 100, value: 100, minimumBalance: 0, maxShare: '100', payDiscountedItems: true },
      expiry: { months: 6 },
    };
    ok(await admin.put('/api/settings/rewards', rules));
    const row = await oneByAdmin('settings.update', since);
    expect(row).toMatchObject({ subjectType: 'settings', subjectId: 'rewards', summary: 'Changed reward settings: earning, expiry' });
    expect(row.before).toEqual({ earning: { enabled: false }, expiry: { months: null } });
    expect(row.after).toEqual({ earning: { enabled: true }, expiry: { months: 6 } });
  });
});

describe('exports of customer data', () => {
  it('records the customers export with its filters and number of rows', async () => {
    for (const name of ['Audit Maya', 'Audit Noor', 'Other Person']) {
      ok(await admin.post('/api/customers/create', { name, email: null, phone: null, address: null, birthday: null, marketingConsent: true }), 201);
    }
    const since = await lastId();
    ok(await admin.get('/api/customers/export?search=Audit&marketingConsent=true&page=2'));
    const row = await oneByAdmin('customer.export', since);
    expect(row.summary).toBe('Exported 2 customers to CSV');
    expect(row.after).toMatchObject({ export: 'customers', filters: { search: 'Audit', marketingConsent: true }, rows: 2 });
    expect(Object.keys((row.after as { filters: object }).filters)).not.toContain('page');
  });

  it('records the orders export, which names customers', async () => {
    const since = await lastId();
    ok(await admin.get(`/api/orders/export?outletId=${shop.harbour.id}`));
    const row = await oneByAdmin('customer.export', since);
    expect(row.summary).toBe('Exported 0 sales with their customers to CSV');
    expect(row.after).toMatchObject({ export: 'orders', filters: { outletId: shop.harbour.id }, rows: 0 });
  });

  it('writes nothing when the export is refused', async () => {
    const since = await lastId();
    expect((await shop.cashier.get('/api/customers/export')).statusCode).toBe(403);
    expect((await admin.get('/api/orders/export?sort=nonsense')).statusCode).toBe(422);
    expect(await rowsOf('customer.export', since)).toEqual([]);
  });
});

describe('secrets', () => {
  it('no row anywhere holds a password, a PIN, a password or PIN hash, a session id or a cookie', async () => {
    const text = JSON.stringify(await ctx.database.db.select().from(auditLog));
    const hashes = await ctx.database.db.select({ password: users.passwordHash, pin: users.pinHash }).from(users);
    const sessionIds = (await ctx.database.db.select({ id: sessions.id }).from(sessions)).map((s) => s.id);
    const cookies = clients.flatMap((c) => [...c.cookies.values()]);
    const forbidden = [...secrets, ...hashes.flatMap((h) => [h.password, h.pin]), ...sessionIds, ...cookies].filter((v): v is string => !!v);
    expect(forbidden.length).toBeGreaterThan(10);
    for (const value of forbidden) expect(text.includes(value), value).toBe(false);
  });
});
