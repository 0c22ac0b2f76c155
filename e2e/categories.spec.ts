import { expect, test, type Page } from '@playwright/test';
import { demo, signIn } from './helpers.ts';

/** A name no other test (or earlier run on the same data) uses. */
function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

async function createCategory(page: Page, name: string, parent?: string) {
  await page.goto('/categories/new');
  await page.getByLabel('Name').fill(name);
  if (parent) await page.getByLabel('Parent').selectOption({ label: parent });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/categories$/);
  await expect(page.getByText(`Category “${name}” created.`)).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a child category shows indented under its parent in the list', async ({ page }) => {
  const token = unique('t').split(' ')[1] as string;
  const parent = `Drinks ${token}`;
  const child = `Hot drinks ${token}`;
  await createCategory(page, parent);
  await createCategory(page, child, parent);

  await page.getByLabel('Search categories').fill(token);
  const parentLink = page.getByRole('link', { name: parent, exact: true });
  const childLink = page.getByRole('link', { name: child, exact: true });
  await expect(parentLink).toBeVisible();
  await expect(childLink).toBeVisible();
  await expect(parentLink).toHaveAttribute('data-depth', '0');
  await expect(childLink).toHaveAttribute('data-depth', '1');

  // The child's row comes right after its parent's and sits further right.
  const names = await page.getByRole('row').evaluateAll((rows) => rows.map((row) => row.querySelector('a')?.textContent ?? ''));
  expect(names.indexOf(child)).toBe(names.indexOf(parent) + 1);
  const parentBox = await parentLink.boundingBox();
  const childBox = await childLink.boundingBox();
  expect((childBox?.x ?? 0) - (parentBox?.x ?? 0)).toBeGreaterThan(20);
});

test('a form with bad input shows each message on its field and keeps what was typed', async ({ page }) => {
  await page.goto('/categories/new');
  await page.getByLabel('Colour', { exact: true }).fill('#12');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The name field is required.')).toBeVisible();
  await expect(page.getByText('The colour must be a colour like #4f46e5.')).toBeVisible();
  await expect(page.getByLabel('Colour', { exact: true })).toHaveValue('#12');
});

test('deleting a parent category asks first and moves its subcategories up', async ({ page }) => {
  const parent = unique('Pantry');
  const child = unique('Spices');
  await createCategory(page, parent);
  await createCategory(page, child, parent);
  await page.getByLabel('Search categories').fill(parent);
  await page.getByRole('button', { name: `Delete ${parent}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`“${parent}” has 1 subcategory.`)).toBeVisible();
  await expect(dialog.getByText('Its subcategories move up one level, to the top level.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Move and delete' }).click();
  await expect(page.getByText(`Category “${parent}” deleted.`)).toBeVisible();
  await page.getByLabel('Search categories').fill(child);
  await expect(page.getByRole('link', { name: child, exact: true })).toHaveAttribute('data-depth', '0');
});
