import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demo, signIn } from './helpers.ts';

/** Names and codes unique to this run, so the spec never depends on data another test left behind. */
const run = Date.now().toString(36);
const mailDir = path.join(import.meta.dirname, '.data/mail');

/** A valid EAN-13 from twelve digits: the check digit added. */
function ean13(twelve: string): string {
  const sum = [...twelve].reduce((n, digit, i) => n + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

/** The calls an administrator's page makes, with the XSRF header the server asks of every write. */
async function api(page: Page) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const request: APIRequestContext = page.request;
  const post = async (url: string, data: unknown) => {
    const res = await request.post(url, { data, headers: { 'x-xsrf-token': xsrf } });
    expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  };
  const get = async (url: string) => ((await (await request.get(url)).json()) as { data: unknown }).data;
  return { post, get };
}

test('an administrator orders a supplier’s low-stock items, downloads the PO, receives it in two deliveries by scanning, and sees stock and cost change', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, demo.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  const { post, get } = await api(page);

  // Two products low at Main store (2 of 10 and 1 of 5), and a supplier that delivers both.
  const outlets = (await get('/api/outlets/list')) as Array<{ id: number; name: string }>;
  const main = outlets.find((o) => o.name === 'Main store')!;
  const digits = String(Date.now()).slice(-9);
  const oat = { title: `PO Oat Drink ${run}`, barcode: ean13(`200${digits}`) };
  const beans = { title: `PO Beans ${run}`, barcode: ean13(`210${digits}`) };
  const created = [];
  for (const [product, cost, quantity, threshold] of [
    [oat, 100, 2, 10],
    [beans, 1000, 1, 5],
  ] as const) {
    created.push(
      await post('/api/products/create', {
        title: product.title,
        variants: [{ barcode: product.barcode, price: cost * 3, cost, stock: [{ outletId: main.id, quantity, lowStockThreshold: threshold }] }],
      }),
    );
  }
  const [oatProduct, beansProduct] = created as Array<{ id: number; variants: Array<{ id: number }> }>;
  const supplierName = `Harvest Wholesale ${run}`;
  await post('/api/suppliers/create', {
    companyName: supplierName,
    email: `orders-${run}@harvest.example`,
    active: true,
    products: [
      { variantId: oatProduct!.variants[0]!.id, supplierSku: 'HW-OAT', cost: 160 },
      { variantId: beansProduct!.variants[0]!.id, supplierSku: 'HW-BEAN', cost: 1000 },
    ],
  });

  // A new goods order filled from low stock: each line up to its reorder level.
  await page.goto('/goods-orders');
  await expect(page.getByRole('heading', { name: 'Goods orders' })).toBeVisible();
  await page.getByRole('button', { name: 'New goods order' }).click();
  await expect(page).toHaveURL(/\/goods-orders\/new$/);
  // The form's lists loaded before choosing: under load, a supplier chosen while they still came in
  // was once found unchosen again (the outlet kept), and the fill below waited for it in vain.
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Supplier').selectOption({ label: supplierName });
  await page.getByLabel('Deliver to outlet').selectOption({ label: 'Main store' });
  await expect(page.getByLabel('Supplier').locator('option:checked')).toHaveText(supplierName);
  await expect(page.getByRole('button', { name: 'Add low-stock items' })).toBeEnabled();
  await page.getByRole('button', { name: 'Add low-stock items' }).click();
  await expect(page.getByText('Added 2 low-stock items, each up to its reorder level.')).toBeVisible();
  await expect(page.getByLabel(`Quantity of ${oat.title}`)).toHaveValue('8');
  await expect(page.getByLabel(`Quantity of ${beans.title}`)).toHaveValue('4');
  await expect(page.getByLabel(`Supplier SKU for ${oat.title}`)).toHaveValue('HW-OAT');
  await expect(page.getByLabel(`Unit cost of ${oat.title}`)).toHaveValue('1.60');
  await expect(page.getByText('On hand 2 · on order 0 · reorder level 10')).toBeVisible();
  // 8 × 1.60 + 4 × 10.00
  await expect(page.getByTestId('draft-totals')).toContainText('Total$52.80');

  // Placed: the draft is saved first, then ordered; the address becomes the order's.
  await page.getByRole('button', { name: 'Mark as ordered' }).click();
  await expect(page.getByRole('heading', { name: 'Receive a delivery' })).toBeVisible();
  await expect(page).toHaveURL(/\/goods-orders\/\d+\/edit$/);
  const number = /PO-\d{6}/.exec(await page.getByRole('heading', { level: 1 }).innerText())![0];
  await expect(page.getByText(`Goods order ${number} is ordered from ${supplierName}.`)).toBeVisible();

  // The purchase order as a PDF: its bytes, and its number in the text.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  expect(text).toContain(number);
  expect(text).toContain('HW-OAT');
  await expect(page.getByRole('list', { name: 'Goods order timeline' })).toContainText('PDF downloaded by');

  // E-mailed to the supplier: the message reaches the e2e server's SMTP listener.
  await page.getByRole('button', { name: 'E-mail to supplier' }).click();
  const dialog = page.getByRole('dialog', { name: `E-mail ${number} to ${supplierName}` });
  await expect(dialog.getByLabel('To')).toHaveValue(`orders-${run}@harvest.example`);
  await dialog.getByLabel('Message (optional)').fill('Please deliver before Friday.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(`Purchase order ${number} sent to orders-${run}@harvest.example.`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Goods order timeline' })).toContainText(`E-mailed to orders-${run}@harvest.example`);
  const mail = fs.readdirSync(mailDir).map((f) => fs.readFileSync(path.join(mailDir, f), 'utf8')).find((m) => m.includes(`orders-${run}@harvest.example`));
  expect(mail).toContain(number);

  // The first delivery, scanned: three oat drinks and one bag of beans.
  const scan = page.getByRole('searchbox', { name: 'Scan to receive' });
  for (const code of [oat.barcode, oat.barcode, oat.barcode, beans.barcode]) {
    await scan.fill(code);
    await scan.press('Enter');
    await expect(scan).toHaveValue('');
  }
  await expect(page.getByLabel(`Receiving now of ${oat.title}`)).toHaveValue('3');
  await expect(page.getByLabel(`Receiving now of ${beans.title}`)).toHaveValue('1');
  await expect(page.getByText('5 still to come')).toBeVisible();
  await page.getByRole('button', { name: 'Receive 4 units' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Received 4 units into Main store. 8 still to come.' }).first()).toBeVisible();
  await expect(page.getByText('Partially received').first()).toBeVisible();
  // 2 on hand at 1.00 and 3 arriving at 1.60: (2 × 1.00 + 3 × 1.60) ÷ 5 = 1.36.
  await expect(page.getByRole('table', { name: 'This delivery' })).toContainText('$1.00 → $1.36');

  // The rest: everything outstanding at once.
  await page.getByRole('button', { name: 'Receive all outstanding' }).click();
  await expect(page.getByLabel(`Receiving now of ${oat.title}`)).toHaveValue('5');
  await page.getByRole('button', { name: 'Receive 8 units' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Received 8 units into Main store. Everything ordered has arrived.' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Receive a delivery' })).toBeHidden();
  await expect(page.getByRole('list', { name: 'Deliveries' }).getByRole('heading')).toHaveCount(2);
  // 5 on hand at 1.36 and 5 arriving at 1.60: 1.48.
  await expect(page.getByRole('table', { name: 'Delivery 2' })).toContainText('$1.36 → $1.48');

  // The product's page: 10 on hand at Main store, at the new cost.
  await page.goto(`/products/${oatProduct!.id}/edit`);
  await expect(page.getByRole('button', { name: /Adjust stock of Default at Main store: 10 on hand/ })).toBeVisible();
  await expect(page.getByLabel('Cost of the product')).toHaveValue('1.48');

  // The list finds it by its number, received, with its units.
  await page.goto('/goods-orders');
  await page.getByRole('searchbox', { name: 'Search goods orders' }).fill(number);
  await expect(page).toHaveURL(/search=/);
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText('Received');
  await expect(row).toContainText('2 lines · 12 of 12 units');
  await expect(row).toContainText(supplierName);
});
