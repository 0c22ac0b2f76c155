import { expect, test } from '@playwright/test';
import { demo, expectSignedInAs, mainNav, signIn } from './helpers.ts';

test('an administrator creates a cashier who then looks after a customer', async ({ page }) => {
  const suffix = Date.now().toString(36);
  const username = `till.${suffix}`;
  const password = 'harbour-pass-1';
  const customerName = `Maya Fisher ${suffix}`;

  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/users/new');
  await expect(page.getByRole('heading', { name: 'New staff user' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(`Harbour Till ${suffix}`);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Type').selectOption('cashier');
  await page.getByLabel('Outlet').selectOption({ label: 'Harbour Road' });
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await page.getByLabel('Search staff users').fill(username);
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('Harbour Road');
  await expect(row).toContainText('Cashier');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, { username, password });
  await expect(page).toHaveURL(/\/registers$/);
  await expectSignedInAs(page, username);
  const nav = mainNav(page);
  await expect(nav.getByText('Registers', { exact: true })).toBeVisible();
  await expect(nav.getByText('Customers', { exact: true })).toBeVisible();
  for (const hidden of ['Dashboard', 'Products', 'Staff', 'Outlets', 'Reports']) {
    await expect(nav.getByText(hidden, { exact: true })).toHaveCount(0);
  }

  await nav.getByText('Customers', { exact: true }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await page.getByRole('button', { name: 'Add New' }).click();
  await page.getByLabel('Name', { exact: true }).fill(customerName);
  await page.getByLabel('Phone', { exact: true }).fill(`+1 555 ${Math.floor(Math.random() * 9_000_000 + 1_000_000)}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/customers$/);

  await page.getByLabel('Search customers').fill(customerName);
  await page.getByRole('link', { name: customerName, exact: true }).click();
  await expect(page.getByRole('heading', { name: customerName })).toBeVisible();
  await page.getByRole('navigation', { name: 'Customer' }).getByRole('link', { name: 'Notes' }).click();
  await page.getByLabel('Note', { exact: true }).fill('Collects orders on Fridays.');
  await page.getByRole('button', { name: 'Add note' }).click();
  const notes = page.getByRole('list', { name: 'Customer notes' });
  await expect(notes).toContainText('Collects orders on Fridays.');
  await expect(notes).toContainText(`Harbour Till ${suffix}`);
});
