import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { demo, signIn } from './helpers.ts';

/** GS1 check digit of an EAN-13's first 12 digits. */
function ean13(first12: string): string {
  const sum = [...first12].reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 3 : 1), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

/** 1,000 products with unique names for this run; row 501 of the file has a mistyped barcode. */
function catalogueCsv(tag: string): string {
  const rows = ['title,sku,barcode,price,cost,stock'];
  const base = Date.now() % 10_000_000;
  for (let i = 1; i <= 1000; i += 1) {
    let barcode = ean13(`29${String(base * 1000 + i).padStart(10, '0').slice(-10)}`);
    if (i === 500) barcode = `${barcode.slice(0, 12)}${(Number(barcode.at(-1)) + 1) % 10}`;
    rows.push(`${tag} item ${i},${tag}-${i},${barcode},${(i % 40) + 1}.49,0.80,${i % 30}`);
  }
  return `${rows.join('\n')}\n`;
}

test('import a CSV of 1,000 products: the bad row is reported by row and column, the others import', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = `CSV${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/products');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await page.getByLabel('CSV file').setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(catalogueCsv(tag)) });

  await expect(page.getByText('The file is checked. Nothing has been imported yet.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Importing it will create 999 products and update 0.')).toBeVisible();
  const problems = page.getByRole('table', { name: 'Rows with problems' });
  await expect(problems.getByRole('row')).toHaveCount(2);
  await expect(problems.getByRole('row').nth(1)).toContainText('501');
  await expect(problems.getByRole('row').nth(1)).toContainText('barcode');
  await expect(problems.getByRole('row').nth(1)).toContainText("The barcode's check digit is wrong");
  await expect(page.getByText('catalogue.csv · 1,000 rows', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'Import 999 rows' }).click();
  await expect(page.getByText('Import finished', { exact: true })).toBeVisible({ timeout: 60_000 });
  const summary = page.getByRole('definition');
  await expect(summary).toHaveText(['999', '0', '1']);

  await page.getByLabel('Search products').fill(`${tag}-7`);
  await expect(page.getByRole('link', { name: `${tag} item 7`, exact: true })).toBeVisible();
  await page.getByLabel('Search products').fill(`${tag} item 500`);
  await expect(page.getByText('No products match')).toBeVisible();
});

test('export the filtered list as CSV, with the columns the import reads', async ({ page }) => {
  const tag = `EXP${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/products');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const csv = `title,sku,price,stock\n${tag} cocoa,${tag}-1,3.20,7\n${tag} tea,${tag}-2,2.10,4\n`;
  await page.getByLabel('CSV file').setInputFiles({ name: 'two.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page.getByText('Import finished', { exact: true })).toBeVisible();

  await page.getByLabel('Search products').fill(tag);
  await expect(page.getByRole('link', { name: `${tag} cocoa` })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^products-\d{8}\.csv$/);
  const text = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const lines = text.trim().split('\r\n');
  expect(lines[0]).toBe('title,variant,sku,barcode,price,cost,categories,taxes,description,track_stock,stock,low_stock_threshold,status');
  expect(lines.slice(1).map((line) => line.split(',').slice(0, 5).join(','))).toEqual([`${tag} cocoa,,${tag}-1,,3.20`, `${tag} tea,,${tag}-2,,2.10`]);
});
