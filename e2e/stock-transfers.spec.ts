import { expect, test, type Page } from '@playwright/test';
import { adminApi, demo, signIn } from './helpers.ts';

/** Names unique to this run, so the spec never depends on data another test left behind. */
const run = Date.now().toString(36);

/** A product of its own with 12 at Main store and none at Harbour Road, made through the API as the signed-in administrator. */
async function seedProduct(page: Page, title: string, sku: string): Promise<number> {
  const { get, post } = await adminApi(page);
  const main = (await get<Array<{ id: number; name: string }>>('/api/outlets/list')).find((o) => o.name === 'Main store')!;
  const product = await post<{ id: number }>('/api/products/create', {
    title,
    variants: [{ sku, price: 1200, cost: 500, stock: [{ outletId: main.id, quantity: 12, lowStockThreshold: null }] }],
  });
  return product.id;
}

/** The product page's stock cell of its one variant at an outlet, as a number. */
async function stockAt(page: Page, outlet: string): Promise<number> {
  const cell = page.getByRole('button', { name: new RegExp(`Adjust stock of Default at ${outlet}`) });
  await expect(cell).toBeVisible();
  return Number((await cell.textContent())?.replace(/[^-\d]/g, ''));
}

test('an administrator transfers 5 units from Main store to Harbour Road: create, send, receive, and both outlets’ stock changes', async ({ page }) => {
  test.setTimeout(90_000);
  const title = `Transfer teapot ${run}`;
  const sku = `TRF-${run}`.toUpperCase();
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  const productId = await seedProduct(page, title, sku);

  await page.goto(`/products/${productId}/edit`);
  expect(await stockAt(page, 'Main store')).toBe(12);
  expect(await stockAt(page, 'Harbour Road')).toBe(0);

  // A new draft: the outlets, and the teapot scanned twice (its SKU and Enter, as a scanner types it), then 5.
  await page.goto('/stock-transfers');
  await expect(page.getByRole('heading', { name: 'Stock transfers' })).toBeVisible();
  await page.getByRole('button', { name: 'Add New' }).click();
  await expect(page).toHaveURL(/\/stock-transfers\/new$/);
  await page.getByLabel('From outlet').selectOption({ label: 'Main store' });
  await page.getByLabel('To outlet').selectOption({ label: 'Harbour Road' });
  const picker = page.getByLabel('Add a product');
  await picker.fill(sku);
  await picker.press('Enter');
  const quantity = page.getByLabel(`Quantity of ${title}`);
  await expect(quantity).toHaveValue('1');
  await picker.fill(sku);
  await picker.press('Enter');
  await expect(quantity).toHaveValue('2');
  await expect(page.getByRole('cell', { name: '12', exact: true })).toBeVisible();
  await quantity.fill('5');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/stock-transfers\/\d+\/edit$/);
  const heading = page.getByRole('heading', { name: /^Transfer TR-\d{6}$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace('Transfer ', '');
  await expect(page.getByText(`Transfer ${number} created.`)).toBeVisible();

  // Sent: the units leave Main store and are in transit.
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(`${number} is on its way: 5 units left Main store.`)).toBeVisible();
  await expect(page.getByText('In transit', { exact: true })).toBeVisible();
  await expect(page.getByLabel(`Received of ${title}`)).toHaveValue('5');

  // Received whole at Harbour Road.
  await page.getByRole('button', { name: 'Receive' }).click();
  await expect(page.getByText(`${number} received at Harbour Road.`)).toBeVisible();
  await expect(page.getByText('Received', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('short-total')).toHaveText('None');

  // The list shows it received; the product shows both outlets' stock changed, and both moves with the transfer's number.
  await page.goto(`/stock-transfers?search=${number}`);
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText('Main store → Harbour Road');
  await expect(row).toContainText('Received');
  await expect(row).toContainText('1 item');
  await expect(row).toContainText('5 units');

  await page.goto(`/products/${productId}/edit`);
  expect(await stockAt(page, 'Main store')).toBe(7);
  expect(await stockAt(page, 'Harbour Road')).toBe(5);
  await page.getByRole('tab', { name: 'Stock movements' }).click();
  await expect(page.getByText(`${number} to Harbour Road`)).toBeVisible();
  await expect(page.getByText(`${number} from Main store`)).toBeVisible();
});
