import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demo, signIn } from './helpers.ts';

/**
 * axe-core on every built screen, as an administrator and as a cashier: no serious or critical
 * violation anywhere (WCAG 2.1 A/AA rules and axe's best practices). The cashier sells a sale at
 * Main store's Till 2 first, so the sell screen, the order, the drawer and its Z report exist.
 */
test.describe.configure({ mode: 'serial' });

type Listed = { id: number; email?: string | null; name?: string; colour?: string | null };

async function listOf(page: Page, url: string): Promise<Listed[]> {
  const answer = await page.request.get(url, { headers: { accept: 'application/json' } });
  expect(answer.ok(), `${url} answers ${answer.status()}`).toBe(true);
  return ((await answer.json()) as { data: Listed[] }).data;
}

async function firstIdOf(page: Page, url: string): Promise<number> {
  const [first] = await listOf(page, url);
  if (!first) throw new Error(`${url} lists nothing`);
  return first.id;
}

/** Waits until the screen has its heading and nothing is loading any more. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

/** Found by the review and fixed: they fail here too although axe rates them moderate or minor. */
const alwaysChecked = ['page-has-heading-one', 'empty-table-header'];

/** "path: rule (impact) at target" for every serious or critical violation on the current screen. */
async function seriousViolations(page: Page, path: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || alwaysChecked.includes(violation.id))
    .flatMap((violation) =>
      violation.nodes.map((node) => `${path}: ${violation.id} (${violation.impact}) at ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`),
    );
}

async function checkScreens(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await settle(page);
    found.push(...(await seriousViolations(page, path)));
  }
  return found;
}

let sale: { registerId: number; orderNumber: string; customerId: number; sessionId: number } | null = null;

test('on the sell screen focus stays on a control after F4 + Enter, choosing a customer and e-mailing the receipt', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, demo.cashier);
  await expect(page).toHaveURL(/\/registers$/);
  const customers = await listOf(page, '/api/customers?perPage=100');
  const customer = customers.find((c) => c.email);
  if (!customer?.name) throw new Error('The demo has no customer with an e-mail address');
  const sync = (await (await page.request.get('/api/products/sync?limit=500')).json()) as {
    data: { products: Array<{ title: string; status: string; variants: Array<{ barcode: string | null; stock: number | null; active: boolean }> }> };
  };
  const product = sync.data.products.find((p) => p.status === 'active' && p.variants.length === 1 && p.variants[0]!.active && p.variants[0]!.barcode && (p.variants[0]!.stock ?? 0) > 5)!;

  // Open Main store's Till 2 with a float of 100.00.
  const till = page.getByRole('row').filter({ hasText: 'Till 2' });
  await till.getByRole('link', { name: 'Open drawer' }).click();
  await expect(page.getByRole('heading', { name: 'Till 2 · Cash drawer' })).toBeVisible();
  await page.getByLabel('Count of $50.00').fill('2');
  await page.getByRole('button', { name: 'Open drawer' }).click();
  await page.getByRole('link', { name: 'Sell', exact: true }).click();
  await expect(page).toHaveURL(/\/registers\/\d+\/sell$/);
  const registerId = Number(/registers\/(\d+)\/sell/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Till 2');
  const search = page.getByLabel('Search products');
  await expect(page.getByRole('group', { name: 'Categories' })).toBeVisible();
  await search.fill(product.variants[0]!.barcode!);
  await search.press('Enter');
  const lines = page.getByRole('list', { name: 'Sale lines' });
  await expect(lines).toContainText(product.title);

  // F4 + a quantity + Enter: back to the search box, ready for the next scan.
  await page.keyboard.press('F4');
  await expect(page.getByLabel(`Quantity of ${product.title}`)).toBeFocused();
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(`Line total of ${product.title}`)).toBeVisible();
  await expect(search).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName)).not.toBe('BODY');

  // Choosing a customer: the dialog closes, "+ Customer" is gone (the name shows instead) and the
  // search box has the focus again.
  await page.getByRole('region', { name: 'Sale' }).getByRole('button', { name: '+ Customer' }).click();
  const picker = page.getByRole('dialog', { name: 'Customer for this sale' });
  await picker.getByLabel('Search customers').fill(customer.name);
  await picker.getByRole('list', { name: 'Customers found' }).getByRole('button').first().click();
  await expect(picker).toBeHidden();
  await expect(search).toBeFocused();

  // Pay in cash, then e-mail the receipt to the customer: the button keeps the focus.
  await page.keyboard.press('F9');
  const payment = page.getByRole('dialog', { name: 'Take payment' });
  await payment.getByRole('button', { name: /Cash/ }).click();
  await payment.getByLabel('Cash amount').press('Enter');
  await payment.getByRole('button', { name: 'Complete sale' }).click();
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  const emailButton = page.getByRole('button', { name: 'E-mail receipt' });
  await emailButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Receipt sent to /)).toBeVisible();
  await expect(emailButton).toBeFocused();
  expect(await seriousViolations(page, 'sale complete')).toEqual([]);

  const orderNumber = /MAIN-\d{6}/.exec(await page.getByTestId('receipt-preview').innerText())![0];
  sale = { registerId, orderNumber, customerId: customer.id, sessionId: 0 };
});

test('a cashier meets no serious accessibility violation on the screens a cashier opens', async ({ page }) => {
  test.setTimeout(180_000);
  if (!sale) throw new Error('The sale of the first test is needed');
  await signIn(page, demo.cashier);
  await expect(page).toHaveURL(/\/registers$/);
  const found = await checkScreens(page, [
    '/registers',
    `/registers/${sale.registerId}/drawer`,
    `/registers/${sale.registerId}/sell`,
    '/customers',
    '/customers/new',
    `/customers/${sale.customerId}/edit`,
  ]);

  // Close the drawer: the Z report is the last screen of a shift.
  await page.goto(`/registers/${sale.registerId}/drawer`);
  await page.getByRole('button', { name: 'Close drawer' }).click();
  await page.getByRole('radiogroup', { name: 'Cash in the drawer: how to count' }).getByText('Type the total').click();
  await page.getByLabel('Cash in the drawer: total').fill('100.00');
  await page.getByRole('button', { name: 'Close drawer' }).click();
  await page.getByRole('button', { name: 'Close and see the report' }).click();
  await expect(page).toHaveURL(/\/drawer\/sessions\/\d+$/);
  sale.sessionId = Number(/sessions\/(\d+)$/.exec(page.url())![1]);
  await settle(page);
  found.push(...(await seriousViolations(page, 'Z report')));
  expect(found).toEqual([]);
});

test('an administrator meets no serious accessibility violation on any screen', async ({ page }) => {
  test.setTimeout(600_000);
  if (!sale) throw new Error('The sale of the first test is needed');
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  const ids = {
    // A category with a tile colour, so its tile preview is checked too.
    category: (await listOf(page, '/api/categories?perPage=100')).find((c) => c.colour)?.id ?? (await firstIdOf(page, '/api/categories')),
    coupon: await firstIdOf(page, '/api/coupons'),
    product: await firstIdOf(page, '/api/products'),
    charge: await firstIdOf(page, '/api/products/charges'),
    attribute: await firstIdOf(page, '/api/attributes'),
    tax: await firstIdOf(page, '/api/taxes'),
    outlet: await firstIdOf(page, '/api/outlets'),
    user: await firstIdOf(page, '/api/users'),
    supplier: await firstIdOf(page, '/api/suppliers'),
    order: await firstIdOf(page, `/api/orders?search=${sale.orderNumber}`),
    // The demo's goods orders (a half-received one and a draft) and its transfer in transit.
    goodsOrders: (await listOf(page, '/api/goods-orders')).map((o) => o.id),
    transfer: await firstIdOf(page, '/api/stock-transfers'),
    reward: await firstIdOf(page, '/api/rewards'),
  };
  const found = await checkScreens(page, [
    '/dashboard',
    '/categories',
    '/categories/new',
    `/categories/${ids.category}/edit`,
    '/coupons',
    '/coupons/new',
    `/coupons/${ids.coupon}/edit`,
    '/products',
    '/products/new',
    `/products/${ids.product}/edit`,
    '/products/additional-charges',
    '/products/additional-charges/new',
    `/products/additional-charges/${ids.charge}/edit`,
    '/products/attributes',
    '/products/attributes/new',
    `/products/attributes/${ids.attribute}/edit`,
    '/receipts',
    '/receipts/new',
    '/taxes',
    '/taxes/new',
    `/taxes/${ids.tax}/edit`,
    '/orders',
    `/orders/${ids.order}`,
    '/registers',
    '/registers/new',
    `/registers/${sale.registerId}/edit`,
    `/registers/${sale.registerId}/drawer`,
    `/registers/${sale.registerId}/drawer/sessions/${sale.sessionId}`,
    '/outlets',
    '/outlets/new',
    `/outlets/${ids.outlet}/edit`,
    '/customers',
    '/customers/new',
    `/customers/${sale.customerId}/edit`,
    `/customers/${sale.customerId}/orders`,
    `/customers/${sale.customerId}/edit?tab=points`,
    `/customers/${sale.customerId}/edit?tab=store-credit`,
    '/users',
    '/users/new',
    `/users/${ids.user}/edit`,
    '/suppliers',
    '/suppliers/new',
    `/suppliers/${ids.supplier}/edit`,
    '/settings/general',
    '/settings/products',
    '/settings/rewards?tab=points',
    '/settings/rewards?tab=redemption',
    '/settings/cashier-rights',
    '/settings/gift-cards',
    '/settings/audit',
    '/gift-cards',
    '/printing-labels',
    '/rewards',
    '/rewards/new',
    `/rewards/${ids.reward}/edit`,
    '/goods-orders',
    '/goods-orders/new',
    ...ids.goodsOrders.map((id) => `/goods-orders/${id}/edit`),
    '/stock-transfers',
    '/stock-transfers/new',
    `/stock-transfers/${ids.transfer}/edit`,
    '/stock-counts',
    '/stock-counts/new',
    '/stock-movements',
    '/analytics?path=revenue',
  ]);
  expect(found).toEqual([]);
});

test('the login screen has no serious accessibility violation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await seriousViolations(page, '/login')).toEqual([]);
});
