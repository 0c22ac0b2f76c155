import { expect, test } from '@playwright/test';
import { adminApi, demo, signIn } from './helpers.ts';

/** Names unique to this run, so the spec never depends on data another test left behind. */
const run = Date.now().toString(36);

test('an administrator counts a category with one variance, reviews and applies it, and the product shows the counted stock', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);

  // A category of its own with two products at Main store: 10 mugs and 6 saucers.
  const api = await adminApi(page);
  const main = (await api.get<Array<{ id: number; name: string }>>('/api/outlets/list')).find((o) => o.name === 'Main store')!;
  const category = await api.post<{ id: number; name: string }>('/api/categories/create', { name: `Count shelf ${run}` });
  const product = (title: string, sku: string, quantity: number) =>
    api.post<{ id: number }>('/api/products/create', {
      title,
      categoryIds: [category.id],
      variants: [{ sku, price: 900, cost: 350, stock: [{ outletId: main.id, quantity, lowStockThreshold: null }] }],
    });
  await product(`Count mug ${run}`, `CNT-MUG-${run}`.toUpperCase(), 10);
  const saucer = await product(`Count saucer ${run}`, `CNT-SAU-${run}`.toUpperCase(), 6);

  // Start a count of the category at Main store.
  await page.goto('/stock-counts');
  await expect(page.getByRole('heading', { name: 'Stock counts' })).toBeVisible();
  await page.getByRole('button', { name: 'Start a count' }).click();
  await expect(page).toHaveURL(/\/stock-counts\/new$/);
  await page.getByRole('combobox', { name: 'Outlet' }).selectOption({ label: 'Main store' });
  await page.getByRole('radio', { name: /A category/ }).check();
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: `Count shelf ${run}` });
  await page.getByRole('button', { name: 'Start count' }).click();
  await expect(page).toHaveURL(/\/stock-counts\/\d+$/);
  // The address changes before the count's page has replaced the form: wait for its heading.
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Stock count SC-\d{6}$/);
  const number = (await heading.textContent())!.replace('Stock count ', '');
  await expect(page.getByText(`Category: Count shelf ${run}`)).toBeVisible();

  // Type what is on the shelf: every mug is there, two saucers are missing.
  await page.getByLabel(`Counted Count mug ${run}`).fill('10');
  await page.getByLabel(`Counted Count mug ${run}`).press('Enter');
  await page.getByLabel(`Counted Count saucer ${run}`).fill('4');
  await page.getByLabel(`Counted Count saucer ${run}`).press('Enter');

  // The review: both lines counted, one variance of two short, worth 2 × 3.50 at cost.
  const review = page.getByLabel('Review totals');
  await expect(review).toContainText('2 of 2');
  await expect(review).toContainText('Every line counted');
  await expect(review).toContainText('−2');
  await expect(review).toContainText('$7.00 at cost');
  const saucerRow = page.getByRole('row', { name: new RegExp(`Count saucer ${run}`) });
  await expect(saucerRow.getByRole('cell', { name: '−2', exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'With a variance' });
  await expect(page.getByRole('row', { name: new RegExp(`Count mug ${run}`) })).toHaveCount(0);
  await expect(saucerRow).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('stock-count-sheet.png'), fullPage: true });

  // Apply: the confirmation says one adjustment will be posted.
  await page.getByRole('button', { name: 'Apply' }).click();
  const dialog = page.getByRole('dialog', { name: `Apply ${number}?` });
  await expect(dialog).toContainText('1 stock adjustment will be posted at Main store with the reason “count”.');
  await dialog.getByRole('button', { name: 'Post 1 adjustment' }).click();
  await expect(page.getByText(`${number} applied: 1 stock adjustment posted.`)).toBeVisible();
  await expect(page.getByText('1 stock adjustment posted with the reason “count”.')).toBeVisible();
  await expect(page.getByLabel(`Counted Count saucer ${run}`)).toHaveCount(0);

  // The saucer's stock at Main store is what was counted.
  await page.goto(`/products/${saucer.id}/edit`);
  await expect(page.getByRole('button', { name: 'Adjust stock of Default at Main store: 4 on hand' })).toBeVisible();

  // The adjustment is in the stock movements, linked to the count.
  await page.goto('/stock-movements?reason=count');
  const move = page.getByRole('row', { name: new RegExp(`Count saucer ${run}`) });
  await expect(move).toContainText('−2');
  await move.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { name: `Stock count ${number}` })).toBeVisible();
});
