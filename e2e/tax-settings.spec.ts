import { expect, test } from '@playwright/test';
import { demo, signIn } from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('Settings › General explains tax rounding with the worked example and switches it per sale and back', async ({ page }) => {
  await page.goto('/settings/general');
  const group = page.getByRole('group', { name: 'Tax rounding' });
  await expect(group).toBeVisible();
  await expect(group.getByRole('radio', { name: /Round on each line/ })).toBeChecked();
  await expect(group).toContainText('Ten items at $0.99 including 20 % VAT: $1.70 of VAT.');
  await expect(group).toContainText('The same ten items: $1.65 of VAT.');
  await group.getByRole('radio', { name: /Round once per sale/ }).check();
  await expect(page.getByText('Taxes are now rounded once per sale.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: /Round once per sale/ })).toBeChecked();
  await page.getByRole('group', { name: 'Tax rounding' }).scrollIntoViewIfNeeded();
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/tax-rounding.png`, fullPage: true });
  // Other specs sell with the shop as it was.
  await page.getByRole('radio', { name: /Round on each line/ }).check();
  await expect(page.getByText('Taxes are now rounded on each line.')).toBeVisible();
});

test("a new product starts with the shop's default tax and asks before it is saved without one", async ({ page }) => {
  await page.goto('/products/new');
  await expect(page.getByRole('list', { name: 'Taxes' })).toContainText('VAT 20 %');
  await page.getByLabel('Title').fill(`Postage stamp ${Date.now()}`);
  await page.getByLabel('Price of the product').fill('1.10');
  await page.getByRole('button', { name: 'Remove VAT 20 %' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save without tax?' });
  await expect(dialog).toBeVisible();
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/save-without-tax.png` });
  await dialog.getByRole('button', { name: 'Save without tax' }).click();
  await expect(page).toHaveURL(/\/products\/\d+\/edit$/);
  await expect(page.getByRole('list', { name: 'Taxes' })).toBeHidden();
});
