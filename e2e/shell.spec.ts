import { expect, test } from '@playwright/test';
import { demo, mainNav, signIn } from './helpers.ts';

test('navigation groups open one at a time', async ({ page }) => {
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  const nav = mainNav(page);
  const products = nav.getByRole('button', { name: 'Products' });
  const outlets = nav.getByRole('button', { name: 'Outlets' });

  await products.click();
  await expect(products).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'All Products' })).toBeVisible();

  await outlets.click();
  await expect(outlets).toHaveAttribute('aria-expanded', 'true');
  await expect(products).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'All Products' })).toHaveCount(0);

  await outlets.click();
  await expect(outlets).toHaveAttribute('aria-expanded', 'false');
});

test('the group of the current route starts open and its entries lead to their screens', async ({ page }) => {
  await signIn(page, demo.admin, '/login?redirect_to=/products/attributes');
  await expect(page).toHaveURL(/\/products\/attributes$/);
  const nav = mainNav(page);
  await expect(nav.getByRole('button', { name: 'Products' })).toHaveAttribute('aria-expanded', 'true');

  await nav.getByRole('button', { name: 'Reports' }).click();
  await nav.getByRole('link', { name: 'Taxes' }).click();
  await expect(page).toHaveURL(/\/analytics\?path=taxes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Taxes' })).toBeVisible();
});

test('an unknown address shows the 404 page inside the app', async ({ page }) => {
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/no-such-screen');
  await expect(page.getByText('Page not found')).toBeVisible();
});
