import { expect, test } from '@playwright/test';
import { demo, expectSignedInAs, fillLogin, mainNav, signIn, storedUser } from './helpers.ts';

test('an administrator signs in and lands on /dashboard', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page.getByRole('img', { name: /logo/i })).toBeVisible();
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectSignedInAs(page, 'admin');
  expect(await storedUser(page)).toMatchObject({ username: 'admin', type: 'administrator' });
  const nav = mainNav(page);
  for (const entry of ['Dashboard', 'Products', 'Outlets', 'Coupons', 'Receipts', 'Registers', 'Taxes', 'Orders',
    'Customers', 'Staff', 'Suppliers', 'Goods Orders', 'Labels', 'Rewards', 'Settings', 'Reports']) {
    await expect(nav.getByText(entry, { exact: true }).first()).toBeVisible();
  }
  const box = await nav.boundingBox();
  expect(box?.width).toBe(240);
});

test('a cashier lands on /registers and sees only Registers and Customers', async ({ page }) => {
  await signIn(page, demo.cashier);
  await expect(page).toHaveURL(/\/registers$/);
  await expectSignedInAs(page, 'cashier');
  const nav = mainNav(page);
  await expect(nav.getByText('Registers', { exact: true })).toBeVisible();
  await expect(nav.getByText('Customers', { exact: true })).toBeVisible();
  for (const hidden of ['Dashboard', 'Products', 'Orders', 'Staff', 'Reports', 'Settings']) {
    await expect(nav.getByText(hidden, { exact: true })).toHaveCount(0);
  }
  const registers = nav.getByRole('button', { name: 'Registers' });
  if ((await registers.getAttribute('aria-expanded')) !== 'true') await registers.click();
  await expect(nav.getByRole('link', { name: 'All Registers' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Add New' })).toHaveCount(0);
});

test('a wrong password shows the 422 message and enables the button again, keeping what was typed', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, 'admin', 'not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('The provided credentials do not match our records.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
  await expect(page.getByLabel('Username')).toHaveValue('admin');
  await expect(page).toHaveURL(/\/login/);
});

test('while signing in the button reads Processing, is disabled and the overlay shows', async ({ page }) => {
  await page.route('**/api/login', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto('/login');
  await fillLogin(page, demo.admin.username, demo.admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  const busy = page.getByRole('button', { name: 'Processing' });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('redirect_to sends the user there after sign-in', async ({ page }) => {
  await signIn(page, demo.admin, '/login?redirect_to=/orders');
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
});

test('redirect_to never sends the user off the site', async ({ page }) => {
  await signIn(page, demo.admin, '/login?redirect_to=//evil.example.com/steal');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
});

test('a signed-in user opening /login goes straight to their home', async ({ page }) => {
  await signIn(page, demo.cashier);
  await expect(page).toHaveURL(/\/registers$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/registers$/);
});

test('nobody signed in: the shell sends the browser to /login', async ({ page }) => {
  await page.goto('/products');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Welcome back!')).toBeVisible();
});

test('a 401 mid-session clears the stored user and goes to /login', async ({ page }) => {
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The session ends on the server side (cookie gone): the next call answers 401.
  await page.context().clearCookies();
  await page.goto('/products');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  // Each of the screen's calls answered 401 and each sends the browser to /login: read the stored
  // user once those loads are over (a read during one of them is asked again).
  await expect.poll(() => storedUser(page).catch(() => 'still loading')).toBeNull();
});

test('logout returns to /login with history replaced and the session ended', async ({ page }) => {
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedUser(page)).toBeNull();
  const status = await page.evaluate(async () => (await fetch('/api/user', { headers: { accept: 'application/json' } })).status);
  expect(status).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});
