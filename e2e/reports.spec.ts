import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { adminApi, demo, mainNav, signIn } from './helpers.ts';

test('an administrator sells, sees the sales on the dashboard, and reads every report with its range, a filter and a CSV', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  const { post, get } = await adminApi(page);

  // A product of known price without tax, a register of its own with an open drawer, and two sales.
  const outlets = (await get('/api/outlets/list')) as Array<{ id: number; name: string }>;
  const main = outlets.find((o) => o.name === 'Main store')!;
  const templates = (await get('/api/receipts')) as Array<{ id: number }>;
  const product = await post('/api/products/create', {
    title: 'Report Rooibos',
    variants: [{ sku: 'REPORT-ROOIBOS', price: 500, cost: 200, stock: [{ outletId: main.id, quantity: 50, lowStockThreshold: null }] }],
  });
  const variantId = (product.variants as Array<{ id: number }>)[0]!.id;
  const register = await post('/api/registers/create', { name: 'Reports till', outletId: main.id, receiptTemplateId: templates[0]!.id, active: true });
  await post('/api/cashbox/status', { registerId: register.id, float: { amount: 0 } });
  for (const quantity of [3, 1]) {
    await post('/api/orders/create', {
      uuid: crypto.randomUUID(),
      registerId: register.id,
      lines: [{ variantId, quantity }],
      payments: [{ tender: 'cash', amount: 500 * quantity }],
      total: 500 * quantity,
    });
  }

  // The dashboard shows today's sales: the product among the best sellers, the orders among the last ones.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Report Rooibos').first()).toBeVisible();
  await expect(page.getByText('Reports till').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('dashboard.png'), fullPage: true });

  // Every report opens from the Reports menu.
  for (const name of ['Revenue', 'Orders', 'Products', 'Taxes', 'Stock', 'Profits', 'Refunds', 'Inventory']) {
    const nav = mainNav(page);
    const reports = nav.getByRole('button', { name: 'Reports' });
    if ((await reports.getAttribute('aria-expanded')) !== 'true') await reports.click();
    // The Reports group's own links (the menu has an Orders and a Products area too).
    await nav.locator('a[href^="/analytics"]', { hasText: name }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Table' }).getByRole('table')).toBeVisible();
  }

  // Products today: the product sold 4 units for 20.00 net; a filter on its outlet keeps it.
  const nav = mainNav(page);
  if ((await nav.getByRole('button', { name: 'Reports' }).getAttribute('aria-expanded')) !== 'true') await nav.getByRole('button', { name: 'Reports' }).click();
  await nav.locator('a[href^="/analytics"]', { hasText: 'Products' }).click();
  // As a person does: the Products report is on screen before its range is chosen.
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await page.getByLabel('Date range').selectOption({ label: 'Today' });
  await expect(page).toHaveURL(/range=today/);
  await page.getByLabel('Outlet').selectOption({ label: 'Main store' });
  await expect(page).toHaveURL(new RegExp(`outlet=${main.id}`));
  const row = page.getByRole('region', { name: 'Table' }).getByRole('row').filter({ hasText: 'Report Rooibos' });
  await expect(row).toContainText('4');
  await expect(row).toContainText('$20.00');
  await page.screenshot({ path: test.info().outputPath('products-report.png'), fullPage: true });

  // The CSV is what the table shows.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = readFileSync(file!, 'utf8');
  expect(csv.split('\n')[0]).toContain('Product');
  expect(csv).toContain('Report Rooibos');
});
