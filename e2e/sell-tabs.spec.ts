import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

type SyncVariant = { id: number; barcode: string | null; stock: number | null; active: boolean; price: number };
type SyncProduct = { id: number; title: string; status: string; trackStock: boolean; variants: SyncVariant[] };

const market = { username: 'market', password: 'password' };

/** Two products the Market Square register can sell by barcode, with stock to spare. */
async function twoProducts(page: Page): Promise<SyncProduct[]> {
  const answer = (await (await page.request.get('/api/products/sync?limit=2000')).json()) as { data: { products: SyncProduct[] } };
  return answer.data.products
    .filter((p) => p.status === 'active' && p.trackStock && p.variants.length === 1 && p.variants[0]!.active && p.variants[0]!.barcode && (p.variants[0]!.stock ?? 0) > 5)
    .slice(0, 2);
}

async function scan(page: Page, product: SyncProduct) {
  await page.getByText('drawer opened by').click();
  await page.keyboard.type(product.variants[0]!.barcode!, { delay: 15 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Sale lines' })).toContainText(product.title);
}

async function payExactly(page: Page): Promise<string> {
  await page.keyboard.press('F9');
  const payment = page.getByRole('dialog', { name: 'Take payment' });
  await payment.getByRole('button', { name: 'Exact' }).click();
  await payment.getByRole('button', { name: 'Complete sale' }).click();
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  return /[A-Z]+-\d{6}/.exec(await page.getByTestId('receipt-preview').innerText())![0];
}

test('a register open in two tabs sells in one of them only, each sale with its own id', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const first = await context.newPage();
  await signIn(first, market);
  await expect(first).toHaveURL(/\/registers$/);
  const [cola, other] = await twoProducts(first);

  await first.getByRole('row').filter({ hasText: 'Till 1' }).getByRole('link', { name: 'Open drawer' }).click();
  await first.getByLabel('Count of $20.00').fill('5');
  await first.getByRole('button', { name: 'Open drawer' }).click();
  await first.getByRole('link', { name: 'Sell', exact: true }).click();
  await expect(first.getByRole('group', { name: 'Categories' })).toBeVisible();
  await scan(first, cola!);

  // The same register in a second tab of the same browser: it says so and shows no cart.
  const second = await context.newPage();
  await second.goto(first.url());
  const paused = second.getByRole('alert');
  await expect(paused).toContainText('Till 1 is open in another tab.');
  await expect(paused).toContainText('Selling here is paused');
  await expect(second.getByRole('list', { name: 'Sale lines' })).toHaveCount(0);
  await second.screenshot({ path: test.info().outputPath('second-tab-paused.png') });

  // The first tab sells; its stored sale leaves the register's cart to a new sale at once.
  const firstNumber = await payExactly(first);

  // The second tab takes the register over: an empty cart, a sale of its own; the first tab pauses.
  await second.getByRole('button', { name: 'Sell in this tab instead' }).click();
  await expect(second.getByText('Scan or search to add items')).toBeVisible();
  await expect(first.getByRole('alert')).toContainText('Till 1 is open in another tab.');
  await expect(second.getByRole('group', { name: 'Categories' })).toBeVisible();
  await scan(second, other!);
  // "1e3" is no quantity; more than the outlet holds is refused at once (the demo shop does not sell below zero).
  const quantity = second.getByLabel(`Quantity of ${other!.title}`);
  await quantity.fill('1e3');
  await quantity.press('Enter');
  await expect(second.getByRole('alert').filter({ hasText: '“1e3” is not a quantity' })).toBeVisible();
  await expect(quantity).toHaveValue('1');
  await quantity.fill('999');
  await quantity.press('Enter');
  await expect(second.getByText(`Only ${other!.variants[0]!.stock} of ${other!.title} in stock at this outlet: this shop does not sell below zero.`)).toBeVisible();
  await expect(quantity).toHaveValue('1');
  const secondNumber = await payExactly(second);
  expect(secondNumber).not.toBe(firstNumber);

  // Both sales are stored, each under its own id; the first id with a different sale is refused.
  const orders = (await (await second.request.get('/api/orders?perPage=100')).json()) as { data: Array<{ id: number; number: string; uuid: string }> };
  const sold = orders.data.filter((o) => o.number === firstNumber || o.number === secondNumber);
  expect(sold).toHaveLength(2);
  expect(new Set(sold.map((o) => o.uuid)).size).toBe(2);
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const firstOrder = sold.find((o) => o.number === firstNumber)!;
  const detail = (await (await second.request.get(`/api/orders/${firstOrder.id}`)).json()) as { data: { registerId: number; total: number } };
  const reused = await second.request.post('/api/orders/create', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
    data: {
      uuid: firstOrder.uuid,
      registerId: detail.data.registerId,
      lines: [{ variantId: other!.variants[0]!.id, quantity: 1 }],
      payments: [{ tender: 'cash', amount: other!.variants[0]!.price * 2 }],
      total: other!.variants[0]!.price,
    },
  });
  expect(reused.status()).toBe(409);
  await context.close();
});
