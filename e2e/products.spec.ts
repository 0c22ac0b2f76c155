import { expect, test, type Page } from '@playwright/test';
import { demo, signIn } from './helpers.ts';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A run-unique token, so tests never trip over each other's data. */
const token = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A valid EAN-13 from 12 digits (GS1 check digit). */
function ean13(first12: string): string {
  const sum = [...first12].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

test.beforeEach(async ({ page }) => {
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
});

async function addChip(page: Page, label: string, option: string) {
  await page.getByLabel(`${label}: add`).selectOption({ label: option });
}

test('create a category, a tax, an attribute and a product with variants and an image; find it by barcode', async ({ page }) => {
  const run = token();
  const category = `Knitwear ${run}`;
  const tax = `Wool tax ${run}`;
  const attribute = `Knit size ${run}`;
  const title = `Merino scarf ${run}`;
  const barcode = ean13(`29${String(Date.now()).slice(-10)}`);

  await page.goto('/categories/new');
  await page.getByLabel('Name').fill(category);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Category “${category}” created.`)).toBeVisible();

  await page.goto('/taxes/new');
  await page.getByLabel('Name').fill(tax);
  await page.getByLabel('Rate (%)').fill('7.5');
  await page.getByRole('radio', { name: /Included in the price/ }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/taxes$/);

  await page.goto('/products/attributes/new');
  await page.getByLabel('Name', { exact: true }).fill(attribute);
  for (const option of ['Short', 'Long']) {
    await page.getByLabel('New option').fill(option);
    await page.getByLabel('New option').press('Enter');
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/products\/attributes$/);

  await page.goto('/products/new');
  await page.getByLabel('Title').fill(title);
  await addChip(page, 'Categories', category);
  await addChip(page, 'Taxes', tax);
  await addChip(page, 'Attributes', attribute);
  await page.getByRole('checkbox', { name: 'Short' }).check();
  await page.getByRole('checkbox', { name: 'Long' }).check();
  await page.getByRole('button', { name: 'Create variants' }).click();
  await page.getByLabel('Price of Short').fill('19.50');
  await page.getByLabel('Price of Long').fill('24');
  await page.getByLabel('Barcode of Short').fill(barcode);
  await page.getByLabel(`Opening quantity of Short at Main store`).fill('8');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Product “${title}” created.`)).toBeVisible();
  await expect(page).toHaveURL(/\/products\/\d+\/edit$/);
  await expect(page.getByRole('heading', { name: 'Edit product' })).toBeVisible();

  await page.getByLabel('Upload images').setInputFiles({ name: 'scarf.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Image 1 (main)' })).toBeVisible();

  await page.goto(`/products?search=${barcode}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: title }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('2 variants');
  await expect(row).toContainText(category);
  await expect(row).toContainText('$19.50 – $24.00');
  await expect(row).toContainText('8');
});

test('a wrong barcode check digit is refused on its field and nothing typed is lost', async ({ page }) => {
  await page.goto('/products/new');
  await page.getByLabel('Title').fill(`Broken barcode ${token()}`);
  await page.getByLabel('Price of the product').fill('1.00');
  await page.getByLabel('Barcode of the product').fill('4006381333932');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/check digit/)).toBeVisible();
  await expect(page.getByLabel('Barcode of the product')).toHaveValue('4006381333932');
  await expect(page.getByLabel('Price of the product')).toHaveValue('1.00');
});

test('adjusting stock asks for a reason and shows in the stock movements', async ({ page }) => {
  await page.goto('/products?search=Croissant single');
  await page.getByRole('link', { name: 'Croissant single' }).click();
  const cell = page.getByRole('button', { name: /Adjust stock of Default at Main store/ });
  const before = Number((await cell.textContent())?.replace(/[^-\d]/g, ''));
  await cell.click();
  await page.getByLabel('Quantity').fill('5');
  await page.getByLabel('Reason').fill('Delivery from the bakery');
  await page.getByRole('button', { name: 'Save adjustment' }).click();
  await expect(page.getByText(`Stock of Default at Main store is now ${before + 5}.`)).toBeVisible();
  await page.getByRole('tab', { name: 'Stock movements' }).click();
  await expect(page.getByText('Delivery from the bakery')).toBeVisible();
});

test('the chosen list columns survive a reload', async ({ page }) => {
  await page.goto('/products');
  const headers = page.getByRole('columnheader');
  await expect(headers.filter({ hasText: /^Barcode$/i })).toHaveCount(1);
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Barcode' }).uncheck();
  await page.getByRole('checkbox', { name: 'Cost' }).check();
  await page.reload();
  await expect(headers.filter({ hasText: /^Cost$/i })).toHaveCount(1);
  await expect(headers.filter({ hasText: /^Barcode$/i })).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('productOptions') ?? 'null'));
  expect(stored.columns).toEqual(['title', 'sku', 'categories', 'stock', 'price', 'cost']);
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('button', { name: 'Reset to default' }).click();
  await expect(headers.filter({ hasText: /^Barcode$/i })).toHaveCount(1);
});

test('bulk archive takes the selected products off the active list', async ({ page }) => {
  const run = token();
  for (const name of ['Bulk one', 'Bulk two']) {
    await page.goto('/products/new');
    await page.getByLabel('Title').fill(`${name} ${run}`);
    await page.getByLabel('Price of the product').fill('2.00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/products\/\d+\/edit$/);
  }
  await page.goto(`/products?search=${run}`);
  await expect(page.getByRole('link', { name: new RegExp(run) })).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('Archived: 2 products.')).toBeVisible();
  await expect(page.getByText('No products match these filters.')).toBeVisible();
  await page.getByLabel('Status').selectOption('archived');
  await expect(page.getByRole('link', { name: new RegExp(run) })).toHaveCount(2);
});
