import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { demo, signIn } from './helpers.ts';

type SyncVariant = { id: number; name: string; barcode: string | null; stock: number | null; active: boolean };
type SyncProduct = { id: number; title: string; status: string; categoryIds: number[]; variants: SyncVariant[] };
type SyncAnswer = { data: { products: SyncProduct[]; categories: Array<{ id: number; name: string }>; hasMore: boolean; nextCursor: string } };

const mailDir = path.join(import.meta.dirname, '.data/mail');

/** The demo catalogue as the cashier's register receives it (GET /api/products/sync). */
async function catalogueOf(page: Page) {
  const products: SyncProduct[] = [];
  let categories: SyncAnswer['data']['categories'];
  let since = '';
  for (;;) {
    const answer = (await (await page.request.get(`/api/products/sync?limit=2000${since ? `&since=${encodeURIComponent(since)}` : ''}`)).json()) as SyncAnswer;
    products.push(...answer.data.products);
    categories = answer.data.categories;
    if (!answer.data.hasMore) break;
    since = answer.data.nextCursor;
  }
  const inStock = (p: SyncProduct) => p.status === 'active' && p.variants.every((v) => v.active && (v.stock ?? 0) > 5);
  const snacks = categories.find((c) => c.name === 'Snacks')!;
  const titles = products.map((p) => p.title);
  const unique = (p: SyncProduct) => titles.filter((t) => t.toLowerCase().includes(p.title.toLowerCase())).length === 1;
  const scanned = products.find((p) => inStock(p) && p.variants.length === 1 && p.variants[0]!.barcode && !p.categoryIds.includes(snacks.id))!;
  const searched = products.find((p) => inStock(p) && p.variants.length === 1 && p.categoryIds.includes(snacks.id) && unique(p))!;
  const withVariants = products.find((p) => p.status === 'active' && p.variants.length > 1 && unique(p) && p.variants.some((v) => v.active && (v.stock ?? 0) > 0))!;
  const variant = withVariants.variants.filter((v) => v.active).sort((a, b) => (b.stock ?? 0) - (a.stock ?? 0))[0]!;
  const held = products.find((p) => inStock(p) && p.variants.length === 1 && unique(p) && p !== scanned && p !== searched)!;
  return { scanned, searched, withVariants, variant, held };
}

/** "$1,234.56" → 123456 (the demo shop sells in US dollars). */
function minorOf(text: string): number {
  const match = /\$([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in ${text}`);
  return Number(match[1]!.replace(/,/g, '')) * 100 + Number(match[2]);
}

const dollars = (minor: number) => (minor / 100).toFixed(2);

test('a cashier opens the drawer, holds and resumes a sale, sells three items with a coupon and split payment, and closes 1.00 short', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, demo.cashier);
  await expect(page).toHaveURL(/\/registers$/);
  const catalogue = await catalogueOf(page);

  // Open Till 1 with a float of 150.00 counted note by note.
  const till = page.getByRole('row').filter({ hasText: 'Till 1' });
  await expect(till).toContainText('Closed');
  await till.getByRole('link', { name: 'Open drawer' }).click();
  await expect(page.getByRole('heading', { name: 'Till 1 · Cash drawer' })).toBeVisible();
  await page.getByLabel('Count of $50.00').fill('2');
  await page.getByLabel('Count of $10.00').fill('5');
  await expect(page.getByText('Counted: $150.00')).toBeVisible();
  await page.getByRole('button', { name: 'Open drawer' }).click();
  await page.getByRole('link', { name: 'Sell', exact: true }).click();
  await expect(page).toHaveURL(/\/registers\/\d+\/sell$/);
  const sale = page.getByRole('region', { name: 'Sale' });
  const lines = sale.getByRole('list', { name: 'Sale lines' });
  const search = page.getByLabel('Search products');
  await expect(search).toBeFocused();
  // The register's copy of the catalogue is in once the category tiles show; it is held in a worker, off the page's thread.
  await expect(page.getByRole('group', { name: 'Categories' })).toBeVisible();
  expect(page.workers().map((worker) => new URL(worker.url()).pathname)).toContainEqual(expect.stringMatching(/catalogue-worker/));

  // Hold a sale and resume it.
  await search.fill(catalogue.held.title);
  await search.press('Enter');
  await expect(lines).toContainText(catalogue.held.title);
  await page.keyboard.press('F8');
  await expect(lines).toHaveCount(0);
  await page.getByRole('button', { name: /Held sales \(1\)/ }).click();
  const heldList = page.getByRole('list', { name: 'Held sales' });
  await expect(heldList).toContainText('1 item');
  await heldList.getByRole('button', { name: 'Resume' }).click();
  await expect(lines).toContainText(catalogue.held.title);
  await expect(page.getByRole('button', { name: /Held sales \(0\)/ })).toBeVisible();
  await sale.getByRole('button', { name: `Remove ${catalogue.held.title}` }).click();
  await expect(lines).toHaveCount(0);

  // 1. A scanner types the barcode fast and ends with Enter, wherever the focus is. The page is
  // cross-origin isolated, so the copy answers the scan through shared memory within the Enter.
  expect(await page.evaluate(() => window.crossOriginIsolated)).toBe(true);
  await page.getByText('drawer opened by').click();
  await page.keyboard.type(catalogue.scanned.variants[0]!.barcode!, { delay: 15 });
  await page.keyboard.press('Enter');
  await expect(lines).toContainText(catalogue.scanned.title);
  // 2. Search by name.
  await search.fill(catalogue.searched.title);
  await page.getByRole('list', { name: 'Search results' }).getByRole('button', { name: new RegExp(catalogue.searched.title) }).click();
  await expect(lines).toContainText(catalogue.searched.title);
  // 3. A product with variants asks which one.
  await search.fill(catalogue.withVariants.title);
  await page.getByRole('list', { name: 'Search results' }).getByRole('button', { name: new RegExp(catalogue.withVariants.title) }).click();
  const variant = catalogue.variant;
  await page.getByRole('group', { name: 'Variants' }).getByRole('button', { name: new RegExp(variant.name.replace(/[/]/g, '\\/')) }).click();
  await expect(lines).toContainText(`${catalogue.withVariants.title} · ${variant.name}`);
  await expect(sale).toContainText('Subtotal (3 items)');

  // The coupon takes 2.00 off the snack.
  const totalBefore = minorOf(await sale.getByLabel('Sale total').innerText());
  await page.getByLabel('Coupon code').fill('snacks2');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(sale).toContainText('SNACKS2');
  await expect(sale.getByLabel('Sale total')).toHaveText(`$${dollars(totalBefore - 200)}`);
  const total = totalBefore - 200;

  // Pay 10.00 by card and the rest in cash with a 100.00 note.
  await page.keyboard.press('F9');
  const payment = page.getByRole('dialog', { name: 'Take payment' });
  await payment.getByRole('button', { name: /Card/ }).click();
  await payment.getByLabel('Card amount').fill('10.00');
  await payment.getByLabel('Card amount').press('Enter');
  await payment.getByRole('button', { name: /Cash/ }).click();
  await payment.getByLabel('Cash amount').fill('100.00');
  await payment.getByLabel('Cash amount').press('Enter');
  const change = 100_00 - (total - 10_00);
  await expect(payment).toContainText(`$${dollars(change)}`);
  await payment.getByRole('button', { name: 'Complete sale' }).click();

  // The sale is done: change to give back, and the receipt in the register's template.
  await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
  await expect(page.getByText('Change to give')).toBeVisible();
  await expect(page.getByText(`$${dollars(change)}`).first()).toBeVisible();
  const receipt = page.getByTestId('receipt-preview');
  await expect(receipt).toContainText(/MAIN-\d{6}/);
  await expect(receipt).toContainText(catalogue.scanned.title);
  await expect(receipt).toContainText('SNACKS2');
  await expect(receipt).toContainText('Card');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await expect(receipt).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  // E-mail it: the e2e server's SMTP listener keeps what arrives in e2e/.data/mail.
  const orderNumber = /MAIN-\d{6}/.exec(await receipt.innerText())![0];
  await page.getByRole('button', { name: 'E-mail receipt' }).click();
  await page.getByLabel('E-mail address').fill('shopper@example.test');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Receipt sent to shopper@example.test.')).toBeVisible();
  const mail = fs.readdirSync(mailDir).map((file) => fs.readFileSync(path.join(mailDir, file), 'utf8')).find((m) => m.includes(orderNumber));
  expect(mail).toContain('To: shopper@example.test');
  expect(mail).toContain(`receipt-${orderNumber}.pdf`);
  await page.getByRole('button', { name: 'New sale' }).click();
  await expect(search).toBeVisible();

  // Close the drawer with a count 1.00 short of what it should hold.
  const expectedCash = 150_00 + (total - 10_00);
  await page.goto('/registers');
  await page.getByRole('row').filter({ hasText: 'Till 1' }).getByRole('link', { name: 'Drawer' }).click();
  await page.getByRole('button', { name: 'Close drawer' }).click();
  await page.getByRole('radiogroup', { name: 'Cash in the drawer: how to count' }).getByText('Type the total').click();
  await page.getByLabel('Cash in the drawer: total').fill(dollars(expectedCash - 100));
  await page.getByLabel('Card total').fill('10.00');
  await page.getByRole('button', { name: 'Close drawer' }).click();
  await page.getByRole('button', { name: 'Close and see the report' }).click();

  await expect(page).toHaveURL(/\/drawer\/sessions\/\d+$/);
  await expect(page.getByRole('main')).toContainText('Short −$1.00');
  await expect(page.getByRole('main')).toContainText(`$${dollars(expectedCash)}`);
});
