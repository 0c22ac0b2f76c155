import { expect, test } from '@playwright/test';
import { demo, signIn } from './helpers.ts';

/** Names unique to this run, so the spec never depends on data another test left behind. */
const run = Date.now().toString(36);

test('an administrator creates a 7.5 % inclusive tax and sees it in the taxes list', async ({ page }) => {
  const name = `VAT e2e ${run}`;
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/taxes');
  await expect(page.getByRole('heading', { name: 'Taxes' })).toBeVisible();
  await page.getByRole('button', { name: 'Add New' }).click();
  await expect(page).toHaveURL(/\/taxes\/new$/);

  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Rate (%)').fill('7.5');
  await page.getByRole('radio', { name: /Included in the price/ }).check();
  await expect(page.getByTestId('tax-example')).toHaveText('A $10.00 price → net $9.30 + tax $0.70 = $10.00');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/taxes$/);
  await expect(page.getByText(`Tax “${name}” created.`)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search taxes' }).fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('7.5 %');
  await expect(row).toContainText('Inclusive');
  await expect(row).toContainText('Active');
});

test('a rate that is not a percentage stays in the form with its message', async ({ page }) => {
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/taxes/new');
  await page.getByLabel('Name').fill(`Bad rate ${run}`);
  await page.getByLabel('Rate (%)').fill('7.12345');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The rate must be a percentage between 0 and 100 with at most 4 decimals.')).toBeVisible();
  await expect(page.getByLabel('Rate (%)')).toHaveValue('7.12345');
  await expect(page).toHaveURL(/\/taxes\/new$/);
});

test('an administrator creates a 0.25 per-unit bottle deposit and sees it in the charges list', async ({ page }) => {
  const name = `Bottle deposit ${run}`;
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/products/additional-charges');
  await expect(page.getByRole('heading', { name: 'Additional charges' })).toBeVisible();
  await page.getByRole('button', { name: 'Add New' }).click();
  await expect(page).toHaveURL(/\/products\/additional-charges\/new$/);

  await page.getByLabel('Name').fill(name);
  await page.getByLabel(/^Amount/).fill('0.25');
  await page.getByRole('radio', { name: /Per unit/ }).check();
  await expect(page.getByTestId('charge-example')).toHaveText(`3 × ${name} $0.25 = $0.75 per line`);
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/products\/additional-charges$/);
  await page.getByRole('searchbox', { name: 'Search additional charges' }).fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('$0.25');
  await expect(row).toContainText('Per unit');
  await expect(row).toContainText('Not taxed');
});
