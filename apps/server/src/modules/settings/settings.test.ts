import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { multipartBody } from '../../testing/multipart.ts';
import { eq, sql } from 'drizzle-orm';
import { canonicalTimeZone, systemTimeZone } from '@tillbook/contract';
import { settings, taxes } from '../../db/schema/index.ts';
import { execute } from '../../db/execute.ts';
import { ensureShopTimeZone } from './service.ts';

let ctx: TestContext;
let admin: TestClient;
let cashier: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.signIn('administrator')).client;
  cashier = (await ctx.signIn('cashier')).client;
});
afterAll(() => ctx.close());

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('shop settings', () => {
  it('has sensible defaults every signed-in user can read', async () => {
    const res = await cashier.get('/api/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ businessName: 'Tillbook', currency: 'USD', locale: 'en-US', allowNegativeStock: false });
  });

  it('changes the general settings, checking currency and locale', async () => {
    const bad = await admin.put('/api/settings/general', { businessName: '', currency: 'XYZ1', locale: 'not a locale!' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['businessName', 'currency', 'locale']);
    const ok = await admin.put('/api/settings/general', { businessName: 'Corner Shop', currency: 'eur', locale: 'de-DE' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ businessName: 'Corner Shop', currency: 'EUR', locale: 'de-DE' });
  });

  it('changes the product settings and refuses a SKU pattern without {seq}', async () => {
    const bad = await admin.put('/api/settings/products', { defaultTaxIds: [], skuPattern: 'ABC', defaultLowStockThreshold: -1, allowNegativeStock: true });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.skuPattern[0]).toMatch(/\{seq\}/);
    expect(bad.json().errors.defaultLowStockThreshold[0]).toBe('The default low-stock threshold must be at least 0.');
    const ok = await admin.put('/api/settings/products', { defaultTaxIds: [], skuPattern: 'CS-{seq:5}', defaultLowStockThreshold: 3, allowNegativeStock: true });
    expect(ok.json().data).toMatchObject({ skuPattern: 'CS-{seq:5}', defaultLowStockThreshold: 3, allowNegativeStock: true });
  });

  it('keeps default taxes that exist, once each, and refuses ids that name no tax', async () => {
    const [vat] = await ctx.database.db.insert(taxes).values({ name: 'Settings VAT', rateE4: 200_000 }).returning();
    const base = { skuPattern: 'SKU-{seq:6}', defaultLowStockThreshold: 5, allowNegativeStock: false };
    const bad = await admin.put('/api/settings/products', { ...base, defaultTaxIds: [vat!.id, 999_999] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.defaultTaxIds).toEqual(['The selected default taxes do not exist.']);
    const ok = await admin.put('/api/settings/products', { ...base, defaultTaxIds: [vat!.id, vat!.id] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.defaultTaxIds).toEqual([vat!.id]);
    expect((await cashier.get('/api/settings')).json().data.defaultTaxIds).toEqual([vat!.id]);
  });

  it('refuses product settings from a cashier', async () => {
    const res = await cashier.put('/api/settings/products', { defaultTaxIds: [], skuPattern: 'SKU-{seq}', defaultLowStockThreshold: 1, allowNegativeStock: true });
    expect(res.statusCode).toBe(403);
  });

  it('turns the blind close of the cash drawer on for administrators only', async () => {
    expect((await cashier.get('/api/settings')).json().data.blindClose).toBe(false);
    expect((await cashier.put('/api/settings/cashbox', { blindClose: true })).statusCode).toBe(403);
    const bad = await admin.put('/api/settings/cashbox', { blindClose: 'yes' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ blindClose: ['The blind close field must be true or false.'] });
    const ok = await admin.put('/api/settings/cashbox', { blindClose: true });
    expect(ok.statusCode).toBe(200);
    expect((await cashier.get('/api/settings')).json().data.blindClose).toBe(true);
    await admin.put('/api/settings/cashbox', { blindClose: false });
  });

  it('sets above which quantity the sell screen asks, for administrators only, within what a sale line may hold', async () => {
    expect((await cashier.get('/api/settings')).json().data.confirmQuantityAbove).toBe(100);
    expect((await cashier.put('/api/settings/selling', { confirmQuantityAbove: 20 })).statusCode).toBe(403);
    for (const [value, message] of [
      [0, 'The quantity to confirm above must be at least 1.'],
      [100_001, 'The quantity to confirm above may not be greater than 100000.'],
      [1.5, 'The quantity to confirm above must be a whole number.'],
      ['1e3', 'The quantity to confirm above must be a whole number.'],
    ] as const) {
      const bad = await admin.put('/api/settings/selling', { confirmQuantityAbove: value });
      expect(bad.statusCode, String(value)).toBe(422);
      expect(bad.json().errors).toEqual({ confirmQuantityAbove: [message] });
    }
    const ok = await admin.put('/api/settings/selling', { confirmQuantityAbove: 20 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await cashier.get('/api/settings')).json().data).toMatchObject({ confirmQuantityAbove: 20, blindClose: false });
    await admin.put('/api/settings/selling', { confirmQuantityAbove: 100 });
  });

  it('removes the logo and its file; the login screen falls back to the default', async () => {
    const upload = multipartBody('logo', 'logo.png', 'image/png', png);
    const logoUrl: string = (await admin.request('POST', '/api/settings/logo', upload.body, upload.headers)).json().data.logoUrl;
    expect((await cashier.delete('/api/settings/logo')).statusCode).toBe(403);
    const res = await admin.delete('/api/settings/logo');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.logoUrl).toBeNull();
    expect(fs.existsSync(path.join(ctx.dataDir, 'media', logoUrl.replace('/media/', '')))).toBe(false);
    expect((await ctx.client().get('/runtime-config.js')).body).toContain('"logoUrl":null');
  });

  it('stores an uploaded logo under DATA_DIR, serves it publicly and puts it on the login screen', async () => {
    const upload = multipartBody('logo', 'logo.png', 'image/png', png);
    const res = await admin.request('POST', '/api/settings/logo', upload.body, upload.headers);
    expect(res.statusCode).toBe(200);
    const logoUrl: string = res.json().data.logoUrl;
    expect(logoUrl).toMatch(/^\/media\/.+\.png$/);
    expect(fs.existsSync(path.join(ctx.dataDir, 'media', logoUrl.replace('/media/', '')))).toBe(true);
    const served = await ctx.client().get(logoUrl);
    expect(served.statusCode).toBe(200);
    const runtime = await ctx.client().get('/runtime-config.js');
    expect(runtime.body).toContain(`"logoUrl":"${logoUrl}"`);
    expect(runtime.body).toContain('"businessName":"Corner Shop"');
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    const upload = multipartBody('logo', 'logo.png', 'image/png', Buffer.from('<svg onload="alert(1)"></svg>'));
    const res = await admin.request('POST', '/api/settings/logo', upload.body, upload.headers);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.logo).toEqual(['The logo must be a PNG, JPEG, WebP or GIF image.']);
  });

  it('keeps settings changes for administrators', async () => {
    expect((await cashier.put('/api/settings/general', { businessName: 'X', currency: 'USD', locale: 'en-US' })).statusCode).toBe(403);
    const upload = multipartBody('logo', 'logo.png', 'image/png', png);
    expect((await cashier.request('POST', '/api/settings/logo', upload.body, upload.headers)).statusCode).toBe(403);
  });

  it('accepts only active taxes as default taxes, with 422 on defaultTaxIds', async () => {
    const base = { skuPattern: 'SKU-{seq:6}', defaultLowStockThreshold: 5, allowNegativeStock: false };
    const tax = { rate: '5', isInclusive: false, isCompound: false };
    const active = (await admin.post('/api/taxes/create', { ...tax, name: 'Default-able GST', active: true })).json().data;
    const retired = (await admin.post('/api/taxes/create', { ...tax, name: 'Retired levy', active: false })).json().data;
    const bad = await admin.put('/api/settings/products', { ...base, defaultTaxIds: [active.id, retired.id] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ defaultTaxIds: ['Only active taxes can be default taxes: Retired levy is inactive.'] });
    const ok = await admin.put('/api/settings/products', { ...base, defaultTaxIds: [active.id] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.defaultTaxIds).toEqual([active.id]);
    await admin.put('/api/settings/products', { ...base, defaultTaxIds: [] });
  });
});

describe('the shop time zone', () => {
  /** What the database reads: `settings.value->>'timeZone'` under the key 'shop'. */
  async function storedZone(): Promise<string | null> {
    const [row] = await execute<{ zone: string | null }>(ctx.database.db, sql`select value->>'timeZone' as zone from settings where key = 'shop'`);
    return row?.zone ?? null;
  }
  const general = { businessName: 'Corner Shop', currency: 'EUR', locale: 'de-DE' };

  it("is the server's zone until one is chosen, and is written to the database on start-up", async () => {
    expect((await cashier.get('/api/settings')).json().data.timeZone).toBe(systemTimeZone());
    expect(await storedZone()).toBe(systemTimeZone());
  });

  it('is changed with the general settings, in its canonical name, and kept when left out', async () => {
    const ok = await admin.put('/api/settings/general', { ...general, timeZone: 'america/new_york' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ ...general, timeZone: 'America/New_York' });
    expect(await storedZone()).toBe('America/New_York');
    const without = await admin.put('/api/settings/general', general);
    expect(without.json().data.timeZone).toBe('America/New_York');
    expect((await cashier.get('/api/settings')).json().data.timeZone).toBe('America/New_York');
    expect((await cashier.put('/api/settings/general', { ...general, timeZone: 'UTC' })).statusCode).toBe(403);
  });

  it('refuses a name that is no IANA zone with a message on the field, never a 500', async () => {
    for (const timeZone of ['Europe/Atlantis', '+05:00', '', 42, 'a'.repeat(5000)]) {
      const bad = await admin.put('/api/settings/general', { ...general, timeZone });
      expect(bad.statusCode, String(timeZone)).toBe(422);
      expect(bad.json().errors).toEqual({ timeZone: ['Choose a time zone from the list.'] });
    }
    expect(await storedZone()).toBe('America/New_York');
  });

  it("fills a stored shop that names no zone with the server's on start-up, keeping the rest, and never overwrites a chosen one", async () => {
    const [before] = await ctx.database.db.select().from(settings).where(eq(settings.key, 'shop'));
    const { timeZone: _zone, ...withoutZone } = before!.value as Record<string, unknown>;
    await ctx.database.db.update(settings).set({ value: withoutZone }).where(eq(settings.key, 'shop'));
    expect(await storedZone()).toBeNull();
    expect((await cashier.get('/api/settings')).json().data).toMatchObject({ businessName: 'Corner Shop', timeZone: systemTimeZone() });

    await ensureShopTimeZone(ctx.database.db);
    expect(await storedZone()).toBe(systemTimeZone());
    expect((await cashier.get('/api/settings')).json().data.businessName).toBe('Corner Shop');

    await admin.put('/api/settings/general', { ...general, timeZone: 'Asia/Kolkata' });
    await ensureShopTimeZone(ctx.database.db);
    expect(await storedZone()).toBe(canonicalTimeZone('Asia/Kolkata'));
  });
});
