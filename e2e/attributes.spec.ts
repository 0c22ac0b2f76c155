import { expect, test } from '@playwright/test';
import { demo, mainNav, signIn } from './helpers.ts';

/** A name no other run has used, so runs never depend on each other's data. */
function uniqueName(base: string) {
  return `${base} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

test('creates "Size" with S, M, L and sees it in the list', async ({ page }) => {
  const name = uniqueName('Size');
  await signIn(page, demo.admin, '/login?redirect_to=/products/attributes');
  await expect(page.getByRole('heading', { level: 1, name: 'Attributes' })).toBeVisible();

  await page.getByRole('button', { name: 'Add New' }).click();
  await expect(page).toHaveURL(/\/products\/attributes\/new$/);
  await page.getByLabel('Name', { exact: true }).fill(name);
  const newOption = page.getByLabel('New option');
  for (const option of ['S', 'M', 'L']) {
    await newOption.fill(option);
    await newOption.press('Enter');
  }
  await expect(page.getByRole('list', { name: 'Options' }).getByRole('textbox')).toHaveCount(3);
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/products\/attributes$/);
  await expect(page.getByText(`Attribute “${name}” created.`)).toBeVisible();
  await page.getByLabel('Search attributes').fill(name);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
  await expect(row.getByRole('list', { name: `Options of ${name}` }).getByRole('listitem')).toHaveText(['S', 'M', 'L']);
  await expect(row.getByRole('cell').nth(2)).toHaveText('None');
});

test('reorders and renames options of an attribute, and refuses a repeated name on its row', async ({ page }) => {
  const name = uniqueName('Colour');
  await signIn(page, demo.admin, '/login?redirect_to=/products/attributes/new');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('New option').fill('Red');
  await page.getByLabel('New option').press('Enter');
  await page.getByLabel('New option').fill('Blue');
  await page.getByLabel('New option').press('Enter');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/products\/attributes$/);

  await page.getByLabel('Search attributes').fill(name);
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit attribute' })).toBeVisible();
  await page.getByRole('button', { name: 'Move Blue up' }).click();
  await page.getByLabel('Option 2').fill('blue');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The option “blue” appears more than once.')).toBeVisible();

  await page.getByLabel('Option 2').fill('Green');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/products\/attributes$/);
  await page.getByLabel('Search attributes').fill(name);
  await expect(page.getByRole('list', { name: `Options of ${name}` }).getByRole('listitem')).toHaveText(['Blue', 'Green']);
});

test('deletes an attribute after asking', async ({ page }) => {
  const name = uniqueName('Fit');
  await signIn(page, demo.admin, '/login?redirect_to=/products/attributes/new');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('New option').fill('Slim');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/products\/attributes$/);

  await page.getByLabel('Search attributes').fill(name);
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Delete this attribute?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Attribute “${name}” deleted.`)).toBeVisible();
  await expect(page.getByText('No attributes match this search.')).toBeVisible();
});

test('is reached from the Products menu', async ({ page }) => {
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  const nav = mainNav(page);
  await nav.getByRole('button', { name: 'Products' }).click();
  await nav.getByRole('link', { name: 'Attributes' }).click();
  await expect(page).toHaveURL(/\/products\/attributes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Attributes' })).toBeVisible();
});
