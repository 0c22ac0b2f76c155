import { expect, test } from '@playwright/test';
import { demo, signIn } from './helpers.ts';

/** Names unique to this run, so the spec never depends on data another test left behind. */
const run = Date.now().toString(36);

test('an administrator creates a supplier linked to a product and sees it in the list with 1 product', async ({ page }) => {
  const company = `Fizz Wholesale ${run}`;
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/suppliers');
  await expect(page.getByRole('heading', { name: 'Suppliers' })).toBeVisible();
  await page.getByRole('button', { name: 'Add New' }).click();
  await expect(page).toHaveURL(/\/suppliers\/new$/);

  await page.getByLabel('Company name').fill(company);
  await page.getByLabel('Contact person').fill('Sam Fizz');
  await page.getByLabel('E-mail').fill(`orders-${run}@fizz.example`);
  await page.getByLabel('Payment terms').fill('Net 14');

  await page.getByLabel('Add a product').fill('Cola 330ml');
  await page.getByRole('list', { name: 'Matching products' }).getByRole('button', { name: /^Cola 330ml/ }).first().click();
  await page.getByLabel(/^Supplier SKU for Cola 330ml/).fill('FZ-COLA-330');
  const cost = page.getByLabel(/^Supplier cost for Cola 330ml/);
  await cost.fill('0.45');
  await expect(page.getByTestId('margin-0')).toContainText('%');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/suppliers$/);
  await expect(page.getByText(`Supplier “${company}” created.`)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search suppliers' }).fill(company);
  const row = page.getByRole('row', { name: new RegExp(company) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Sam Fizz');
  await expect(row).toContainText('Net 14');
  await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
  await expect(row).toContainText('Active');

  await row.getByRole('link', { name: company }).click();
  await expect(page.getByLabel(/^Supplier SKU for Cola 330ml/)).toHaveValue('FZ-COLA-330');
  await expect(page.getByLabel(/^Supplier cost for Cola 330ml/)).toHaveValue('0.45');
});

test('a duplicate company name stays in the form with its message', async ({ page }) => {
  const company = `Twice Supply ${run}`;
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const attempt of [1, 2]) {
    await page.goto('/suppliers/new');
    await page.getByLabel('Company name').fill(attempt === 1 ? company : company.toUpperCase());
    await page.getByRole('button', { name: 'Save' }).click();
    if (attempt === 1) await expect(page).toHaveURL(/\/suppliers$/);
  }
  await expect(page.getByText('A supplier with this company name already exists.')).toBeVisible();
  await expect(page.getByLabel('Company name')).toHaveValue(company.toUpperCase());
});
