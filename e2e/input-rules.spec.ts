import { expect, test } from '@playwright/test';
import { demo, signIn } from './helpers.ts';

// DESIGN.md §3's input rules as a person meets them: the refusal is on the field, in words.
test.beforeEach(async ({ page }) => {
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a product title with a tab in it is refused on the title field, and nothing is saved', async ({ page }) => {
  const title = `Mug\tLarge ${Date.now().toString(36)}`;
  await page.goto('/products/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Price of the product').fill('4.50');
  await page.getByRole('button', { name: 'Save' }).click();
  const field = page.getByLabel('Title');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('The title may not contain control characters such as tabs.')).toBeVisible();
  await expect(page).toHaveURL(/\/products\/new$/);
});

test('an export with a bad sort or a loose id is a 422 naming the field, never a broken download', async ({ page }) => {
  for (const [url, field] of [
    ['/api/customers/export?sort=bogus', 'sort'],
    ['/api/orders/export?sort=bogus', 'sort'],
    ['/api/products/export?categoryId=1e3', 'categoryId'],
  ] as const) {
    const res = await page.request.get(url);
    expect(res.status(), url).toBe(422);
    expect(Object.keys((await res.json()).errors), url).toEqual([field]);
  }
});
