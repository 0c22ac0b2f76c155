import { expect, test } from '@playwright/test';
import { demo, signIn } from './helpers.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test('an administrator makes a receipt template from a copy, then a register that prints with it', async ({ page }) => {
  const id = unique();
  const templateName = `Narrow ${id}`;
  const registerName = `Till E2E ${id}`;
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/receipts/new');
  await expect(page.getByRole('heading', { name: 'New receipt template' })).toBeVisible();
  await page.getByLabel('Start from a copy of…').selectOption({ label: 'Standard 80 mm (80 mm)' });
  const preview = page.getByTestId('receipt-preview');
  await expect(preview).toHaveAttribute('data-width', '48');
  const wide = (await preview.boundingBox())?.width ?? 0;
  await page.getByRole('radio', { name: /58 mm/ }).check();
  await expect(preview).toHaveAttribute('data-width', '32');
  const narrow = (await preview.boundingBox())?.width ?? 0;
  expect(narrow).toBeLessThan(wide);
  await page.getByRole('radio', { name: /80 mm/ }).check();
  await expect(preview).toHaveAttribute('data-width', '48');
  await page.getByRole('radio', { name: /58 mm/ }).check();
  await page.getByLabel('Name', { exact: true }).fill(templateName);
  await page.getByLabel('Footer').fill(`Thanks from ${id}`);
  await expect(preview).toContainText(`Thanks from ${id}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/receipts$/);
  await expect(page.getByRole('cell', { name: templateName, exact: true })).toBeVisible();

  await page.goto('/registers/new');
  await page.getByLabel('Name', { exact: true }).fill(registerName);
  await page.getByLabel('Outlet').selectOption({ label: 'Main store' });
  await expect(page.getByLabel('Slug')).toHaveAttribute('placeholder', `main-till-e2e-${id}`);
  await page.getByLabel('Receipt template').selectOption({ label: `${templateName} (58 mm)` });
  await page.getByRole('button', { name: 'Preview this template' }).click();
  await expect(page.getByTestId('receipt-preview')).toContainText(`Thanks from ${id}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/registers$/);
  const row = page.getByRole('row').filter({ hasText: registerName });
  await expect(row).toContainText(`main-till-e2e-${id}`);
  await expect(row).toContainText('Main store');
  await expect(row).toContainText(templateName);
});

test('the demo cashier sees only the registers of Main store, with no Add New, edit or delete', async ({ page }) => {
  await signIn(page, demo.cashier);
  await expect(page).toHaveURL(/\/registers$/);
  await expect(page.getByRole('heading', { name: 'Registers' })).toBeVisible();
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows.first()).toContainText('Main store');
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) await expect(rows.nth(i)).toContainText('Main store');
  await expect(page.getByText('Harbour', { exact: false })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add New' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});
