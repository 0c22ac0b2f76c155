import { expect, test } from '@playwright/test';
import { demo, signIn } from './helpers.ts';

/** Codes unique to this run, so the spec never depends on data another test left behind. */
const run = Date.now().toString(36).toUpperCase();

test('an administrator creates a coupon limited to a category and sees it in the list with its state', async ({ page }) => {
  const code = `SNACK-${run}`;
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/coupons');
  await expect(page.getByRole('heading', { name: 'Coupons' })).toBeVisible();
  await page.getByRole('button', { name: 'Add New' }).click();
  await expect(page).toHaveURL(/\/coupons\/new$/);

  await page.getByLabel('Code').fill(code);
  await page.getByLabel('Name').fill('Snack deal');
  await page.getByRole('radio', { name: /Fixed amount/ }).check();
  await page.getByLabel('Amount off (USD)').fill('1.50');
  await page.getByLabel('Minimum cart total (USD)').fill('5');
  await page.getByRole('radio', { name: /Chosen categories and products/ }).check();
  await page.getByLabel('Categories: add').selectOption({ label: 'Snacks' });
  await expect(page.getByRole('list', { name: 'Categories' })).toContainText('Snacks');

  await page.getByLabel('Cart total (USD)', { exact: true }).fill('4');
  await expect(page.getByTestId('coupon-try-it')).toHaveText('The cart must total at least $5.00 for this coupon.');
  await page.getByLabel('Cart total (USD)', { exact: true }).fill('10');
  await expect(page.getByTestId('coupon-try-it')).toHaveText('$1.50 off: the customer pays $8.50.');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/coupons$/);
  await expect(page.getByText(`Coupon ${code} created.`)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search coupons' }).fill(code);
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('$1.50');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Snacks');
});

test('a coupon that applies to chosen items without any stays in the form with its message', async ({ page }) => {
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/coupons/new');
  await page.getByLabel('Code').fill(`NONE-${run}`);
  await page.getByLabel('Name').fill('Nothing chosen');
  await page.getByLabel('Percentage off (%)').fill('10');
  await page.getByRole('radio', { name: /Chosen categories and products/ }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Choose at least one category or product.')).toBeVisible();
  await expect(page).toHaveURL(/\/coupons\/new$/);
});
