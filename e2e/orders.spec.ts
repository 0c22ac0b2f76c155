import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { demo, signIn } from './helpers.ts';

type SyncVariant = { id: number; barcode: string | null; stock: number | null; active: boolean };
type SyncProduct = { id: number; title: string; status: string; trackStock: boolean; variants: SyncVariant[] };

const mailDir = path.join(import.meta.dirname, '.data/mail');

/** Two in-stock single-variant products of the cashier's outlet, with their barcodes. */
async function twoProducts(page: Page): Promise<SyncProduct[]> {
  const answer = await (await page.request.get('/api/products/sync?limit=2000')).json();
  const products = (answer.data.products as SyncProduct[]).filter(
    (p) => p.status === 'active' && p.trackStock && p.variants.length === 1 && p.variants[0]!.barcode && (p.variants[0]!.stock ?? 0) > 5,
  );
  return products.slice(0, 2);
}

/** The Harbour Road cashier sells two of each product at HRB Till 1 and answers the order number. */
async function sellAtHarbour(page: Page, products: SyncProduct[]): Promise<string> {
  await page.getByRole('row').filter({ hasText: 'Till 1' }).getByRole('link', { name: 'Open drawer' }).click();
  await page.getByLabel('Count of $20.00').fill('5');
  await page.getByRole('button', { name: 'Open drawer' }).click();
  await page.getByRole('link', { name: 'Sell', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Categories' })).toBeVisible();
  for (const product of products) {
    for (let i = 0; i < 2; i += 1) {
      await page.getByText('drawer opened by').click();
      await page.keyboard.type(product.variants[0]!.barcode!, { delay: 15 });
      await page.keyboard.press('Enter');
    }
    await expect(page.getByRole('list', { name: 'Sale lines' })).toContainText(product.title);
  }
  await page.keyboard.press('F9');
  const payment = page.getByRole('dialog', { name: 'Take payment' });
  await payment.getByRole('button', { name: 'Exact' }).click();
  await payment.getByRole('button', { name: 'Complete sale' }).click();
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  return /HRB-\d{6}/.exec(await page.getByTestId('receipt-preview').innerText())![0];
}

test('an administrator finds a sale by number, reprints and e-mails its receipt, and refunds one line to stock and one as damaged', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, { username: 'harbour', password: 'password' });
  await expect(page).toHaveURL(/\/registers$/);
  const products = await twoProducts(page);
  expect(products).toHaveLength(2);
  const number = await sellAtHarbour(page, products);
  await page.getByRole('button', { name: 'Logout' }).click();
  // Signed out for good (the stored user gone) before the next person signs in.
  await expect(page).toHaveURL(/\/login$/);

  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/orders');
  await page.getByLabel('Search orders').fill(number);
  // The search box writes the URL after a pause; a click before that would be undone by it.
  await expect(page).toHaveURL(/search=/);
  await page.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { name: new RegExp(number) })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('Paid');

  // Reprint: the copy is marked and the timeline says so.
  const receipt = page.getByRole('complementary', { name: 'Receipt' });
  await expect(receipt).toContainText('COPY');
  await receipt.getByRole('button', { name: 'Reprint receipt' }).click();
  await expect(main).toContainText('Printed (copy)');

  // E-mail it: the message arrives at the e2e server's SMTP listener with the PDF.
  await receipt.getByRole('button', { name: 'E-mail receipt' }).click();
  await receipt.getByLabel('E-mail address').fill('owner@example.test');
  await receipt.getByRole('button', { name: 'Send' }).click();
  await expect(receipt.getByText('Receipt sent to owner@example.test.')).toBeVisible();
  const mail = fs.readdirSync(mailDir).map((file) => fs.readFileSync(path.join(mailDir, file), 'utf8')).find((m) => m.includes(number) && m.includes('owner@example.test'));
  expect(mail).toContain(`receipt-${number}.pdf`);
  await expect(main).toContainText('E-mailed to owner@example.test');

  // Refund one of each line: the first back to stock, the second damaged.
  const [restocked, damaged] = products as [SyncProduct, SyncProduct];
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Refund from ${number}` });
  await dialog.getByLabel(`Quantity to refund of ${restocked.title}`).fill('1');
  await dialog.getByLabel(`Quantity to refund of ${damaged.title}`).fill('1');
  await dialog.getByLabel(`Restock or damaged: ${damaged.title}`).selectOption('damaged');
  await dialog.getByLabel('Reason').fill('Customer changed their mind; one arrived broken.');
  await dialog.getByRole('button', { name: /^Refund \$/ }).click();
  await expect(dialog).toBeHidden();

  await expect(main).toContainText('Partly refunded');
  await expect(main).toContainText(`${number}-R1`);
  await expect(main).toContainText(/Refunded \(/);
  // The stock movements: two sold of each, one of the first back on the shelf, none of the damaged one.
  const movements = page.getByRole('table', { name: 'Stock movements' });
  await expect(movements.getByRole('row').filter({ hasText: restocked.title })).toHaveCount(2);
  await expect(movements.getByRole('row').filter({ hasText: damaged.title })).toHaveCount(1);

  // A second refund: the dialog names the drawer that pays (the sale's own, open) and the
  // administrator records the cash as paid outside a drawer instead; no drawer's expected cash moves.
  const expectedCash = async () =>
    Object.fromEntries(
      ((await (await page.request.get('/api/cashbox?open=1&perPage=100')).json()).data as Array<{ id: number; expectedCash: number }>).map((s) => [s.id, s.expectedCash]),
    );
  const before = await expectedCash();
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const second = page.getByRole('dialog', { name: `Refund from ${number}` });
  await second.getByLabel(`Quantity to refund of ${restocked.title}`).fill('1');
  const drawer = second.getByLabel(/in cash comes out of$/);
  await expect(drawer.locator('option:checked')).toHaveText(/^Till 1 · Harbour Road \(open, /);
  await drawer.selectOption({ label: 'Paid outside a drawer' });
  await second.getByLabel('Reason').fill('Paid back from the office safe.');
  await second.getByRole('button', { name: /^Refund \$/ }).click();
  await expect(second).toBeHidden();
  await expect(main).toContainText(`${number}-R2`);
  expect(await expectedCash()).toEqual(before);
  // The order keeps its total and shows what came back and the net.
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals).toContainText('Refunded (2 refunds)');
  await expect(totals).toContainText('Net after refunds');
});
