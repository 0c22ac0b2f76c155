import { crc32, deflateSync } from 'node:zlib';
import { expect, request as apiRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ShopSettings } from '@tillbook/contract';
import { demo, signIn } from './helpers.ts';

/** A tiny, valid PNG of one colour (width × height pixels), made here rather than read from a file. */
function makePng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Signs the request context in as the demo administrator; PUT and DELETE send the XSRF token. */
async function adminApi(request: APIRequestContext) {
  await request.get('/sanctum/csrf-cookie');
  const token = async () => {
    const cookie = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
    return decodeURIComponent(cookie?.value ?? '');
  };
  await request.post('/api/login', { data: { email: demo.admin.username, password: demo.admin.password }, headers: { 'X-XSRF-TOKEN': await token() } });
  return {
    settings: async (): Promise<ShopSettings> => (await (await request.get('/api/settings', { headers: { accept: 'application/json' } })).json()).data,
    put: async (url: string, data: unknown) => request.put(url, { data, headers: { 'X-XSRF-TOKEN': await token(), accept: 'application/json' } }),
    delete: async (url: string) => request.delete(url, { headers: { 'X-XSRF-TOKEN': await token(), accept: 'application/json' } }),
  };
}

// Other specs must find the shop as it was (currency, defaults, no logo): put it back afterwards.
let before: ShopSettings;

async function withAdminApi<T>(baseURL: string | undefined, use: (api: Awaited<ReturnType<typeof adminApi>>) => Promise<T>): Promise<T> {
  const request = await apiRequest.newContext({ baseURL });
  try {
    return await use(await adminApi(request));
  } finally {
    await request.dispose();
  }
}

test.beforeEach(async ({ baseURL }) => {
  before = await withAdminApi(baseURL, (api) => api.settings());
});

test.afterEach(async ({ baseURL }) => {
  await withAdminApi(baseURL, async (api) => {
    const { businessName, currency, locale, defaultTaxIds, skuPattern, defaultLowStockThreshold, allowNegativeStock } = before;
    await api.put('/api/settings/general', { businessName, currency, locale });
    await api.put('/api/settings/products', { defaultTaxIds, skuPattern, defaultLowStockThreshold, allowNegativeStock });
    if (before.logoUrl === null) await api.delete('/api/settings/logo');
  });
});

async function openGeneralSettings(page: Page) {
  await signIn(page, demo.admin, '/login?redirect_to=/settings/general');
  await expect(page).toHaveURL(/\/settings\/general$/);
  await expect(page.getByLabel('Business name')).toBeVisible();
}

test('changing the business name and currency updates the preview and survives a reload', async ({ page }) => {
  const name = `Corner Shop ${Date.now()}`;
  await openGeneralSettings(page);
  const preview = page.getByTestId('money-preview');
  await expect(preview).toHaveText('Preview: 1234.5 → $1,234.50');

  await page.getByLabel('Business name').fill(name);
  await page.getByLabel('Currency', { exact: true }).selectOption('EUR');
  await expect(preview).toHaveText('Preview: 1234.5 → €1,234.50');
  await page.getByLabel('Locale').selectOption('de-DE');
  await expect(preview).toHaveText('Preview: 1234.5 → 1.234,50\u00a0€');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('General settings saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Business name')).toHaveValue(name);
  await expect(page.getByLabel('Currency', { exact: true })).toHaveValue('EUR');
  await expect(page.getByLabel('Locale')).toHaveValue('de-DE');
  await expect(preview).toHaveText('Preview: 1234.5 → 1.234,50\u00a0€');
});

test('a currency outside the list is typed as its ISO code, and a wrong code is refused on the field', async ({ page }) => {
  await openGeneralSettings(page);
  await page.getByLabel('Currency', { exact: true }).selectOption('other');
  await page.getByLabel('Currency code').fill('XYZ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The currency must be an ISO 4217 code such as USD, EUR or GBP.')).toBeVisible();
  await expect(page.getByLabel('Currency code')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Currency code').fill('KES');
  await expect(page.getByTestId('money-preview')).toContainText('1,234.50');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('General settings saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Currency code')).toHaveValue('KES');
});

test('an uploaded logo shows in settings and on the login screen after logout', async ({ page }) => {
  const name = `Logo Shop ${Date.now()}`;
  await openGeneralSettings(page);
  await page.getByLabel('Business name').fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('General settings saved.')).toBeVisible();

  // A file that is not an image: the server's 422 message is shown.
  await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
  await expect(page.getByText('The logo must be a PNG, JPEG, WebP or GIF image.')).toBeVisible();

  await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(40, 10, [79, 70, 229]) });
  await expect(page.getByText('Logo uploaded.')).toBeVisible();
  const preview = page.getByRole('img', { name: `${name} logo` });
  await expect(preview).toBeVisible();
  const logoUrl = await preview.getAttribute('src');
  // Shown as its thumbnail, made beside the upload (docs/catalogue.md, Images).
  expect(logoUrl).toMatch(/^\/media\/.+\.thumb\.webp$/);
  await expect(page.getByText('The logo must be a PNG, JPEG, WebP or GIF image.')).toHaveCount(0);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.reload();
  const loginLogo = page.getByRole('img', { name: `${name} logo` });
  await expect(loginLogo).toHaveAttribute('src', logoUrl ?? '');
  expect(await loginLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40);
});

test('removing the logo puts the Tillbook logo back on the login screen', async ({ page }) => {
  await openGeneralSettings(page);
  await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(8, 8, [16, 185, 129]) });
  await expect(page.getByRole('button', { name: 'Remove logo' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove logo' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No logo yet')).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.reload();
  await expect(page.getByRole('img', { name: 'Tillbook logo' })).toBeVisible();
});

test('product settings: the SKU example follows the pattern and the values are kept', async ({ page }) => {
  await signIn(page, demo.admin, '/login?redirect_to=/settings/general');
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/settings\/products$/);
  await expect(page.getByTestId('sku-example')).toHaveText('Example: SKU-{seq:6} → SKU-000042');

  await page.getByLabel('SKU pattern').fill('CS-{seq:4}');
  await expect(page.getByTestId('sku-example')).toHaveText('Example: CS-{seq:4} → CS-0042');
  await page.getByLabel('Default low-stock threshold').fill('3');
  await page.getByRole('checkbox', { name: /^Allow selling below zero stock/ }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product settings saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('SKU pattern')).toHaveValue('CS-{seq:4}');
  await expect(page.getByLabel('Default low-stock threshold')).toHaveValue('3');
  await expect(page.getByRole('checkbox', { name: /^Allow selling below zero stock/ })).toBeChecked();
});
