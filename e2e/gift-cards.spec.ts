import { expect, test, type Browser, type Page } from '@playwright/test';
import { adminApi, demo, seriousViolations, shot, signIn } from './helpers.ts';

/** Names unique to this run, so the spec never depends on data another test left behind. */
const run = Date.now().toString(36);
const candle = { title: `Gift candle ${run}`, sku: `GFT-CDL-${run}`.toUpperCase(), price: 1_200 };
const registerName = `Gift till ${run}`;
/** A card code of this run: 16 digits, typed with spaces as a person reads it off the card. */
const digits = `6${Date.now()}`.padEnd(16, '7').slice(0, 16);
const spaced = digits.replace(/(.{4})(?=.)/g, '$1 ');
/** A cashier of this spec's own (a person holds one open drawer at a time; other specs open the administrator's). */
const giftCashier = { username: `gift-${run}`, password: 'gift-cashier-password' };

async function newPerson(browser: Browser, account: { username: string; password: string }, landing: RegExp): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    window.print = () => undefined;
  });
  const page = await context.newPage();
  await signIn(page, account);
  await expect(page).toHaveURL(landing);
  return page;
}



test('a gift card sold on its own is spent in part on the next sale, and the administrator sees its balance, ledger and adjusts it', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await newPerson(browser, demo.admin, /\/dashboard$/);
  const api = await adminApi(admin);
  let page = admin;
  let till = admin;

  await test.step('data the spec is not about: a cashier, a register and a candle at Main store', async () => {
    const main = (await api.get<Array<{ id: number; name: string }>>('/api/outlets/list')).find((o) => o.name === 'Main store')!;
    await api.post('/api/users/create', {
      name: `Gale Giftcard ${run}`,
      username: giftCashier.username,
      type: 'cashier',
      outletId: main.id,
      active: true,
      password: giftCashier.password,
      passwordConfirmation: giftCashier.password,
    });
    await api.post('/api/products/create', {
      title: candle.title,
      variants: [{ sku: candle.sku, price: candle.price, cost: 400, stock: [{ outletId: main.id, quantity: 10, lowStockThreshold: null }] }],
    });
    const templates = await api.get<Array<{ id: number; name: string }>>('/api/receipts/list');
    await api.post('/api/registers/create', { name: registerName, outletId: main.id, receiptTemplateId: templates[0]!.id, active: true });
  });

  await test.step('the cashier opens the drawer and sells a 50.00 card on its own, paid in cash', async () => {
    page = await newPerson(browser, giftCashier, /\/registers$/);
    till = page;
    await page.getByRole('row').filter({ hasText: registerName }).getByRole('link', { name: 'Open drawer' }).click();
    await page.getByLabel('Count of $20.00').fill('5');
    await page.getByRole('button', { name: 'Open drawer' }).click();
    await page.getByRole('link', { name: 'Sell', exact: true }).click();
    await expect(page.getByRole('group', { name: 'Categories' })).toBeVisible();

    await page.keyboard.press('F1');
    const dialog = page.getByRole('dialog', { name: 'Sell a gift card' });
    await dialog.getByLabel('Gift card code').fill(spaced);
    await dialog.getByLabel('Amount').fill('50');
    await shot(page, 'gift-1-sell-dialog');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add to the sale' }).click();
    await expect(page.getByRole('list', { name: 'Gift cards sold' })).toContainText(`Gift card ${spaced}`);
    await shot(page, 'gift-2-cart');
    await page.getByRole('button', { name: /^Pay \$50\.00/ }).click();
    const payment = page.getByRole('dialog', { name: 'Take payment' });
    await payment.getByRole('button', { name: 'Exact' }).click();
    await payment.getByRole('button', { name: 'Complete sale' }).click();
    await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
    await expect(page.getByTestId('receipt-preview')).toContainText(`Gift card ${spaced}`);
    await shot(page, 'gift-3-sold-receipt');
    await page.getByRole('button', { name: 'New sale' }).click();
  });

  await test.step('the next sale: a candle, 12.00 paid with the card (F7), which keeps 38.00', async () => {
    const search = page.getByLabel('Search products');
    await search.fill(candle.sku);
    await search.press('Enter');
    await expect(page.getByRole('list', { name: 'Sale lines' })).toContainText(candle.title);
    await page.keyboard.press('F9');
    const payment = page.getByRole('dialog', { name: 'Take payment' });
    await page.keyboard.press('F7');
    const code = payment.getByLabel('Gift card code');
    await expect(code).toBeFocused();
    await code.fill(spaced);
    await code.press('Enter');
    await expect(payment.getByText(/\$50\.00\s*left/)).toBeVisible();
    await expect(payment.getByLabel('Gift card amount')).toHaveValue('12.00');
    await shot(page, 'gift-4-tender');
    expect(await seriousViolations(page)).toEqual([]);
    await payment.getByLabel('Gift card amount').press('Enter');
    await expect(payment.getByTestId('still-due')).toHaveText('$0.00');
    await payment.getByRole('button', { name: 'Complete sale' }).click();
    await expect(page.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
    const receipt = page.getByTestId('receipt-preview');
    await expect(receipt).toContainText(`Gift card •••• ${digits.slice(-4)}`);
    await expect(receipt).toContainText(/Balance left\s+\$38\.00/);
    await shot(page, 'gift-5-spent-receipt');
  });

  await test.step('the administrator finds the card, its ledger, and takes 8.00 off with a reason', async () => {
    page = admin;
    await page.goto('/gift-cards');
    await page.getByLabel('Search gift cards').fill(spaced.slice(-9));
    const row = page.getByRole('row').filter({ hasText: spaced });
    await expect(row).toContainText('$38.00');
    await shot(page, 'gift-6-list');
    await row.getByRole('link', { name: spaced }).click();
    await expect(page.getByRole('heading', { name: `Gift card ${spaced}` })).toBeVisible();
    const history = page.getByRole('table');
    await expect(history).toContainText('Sold');
    await expect(history).toContainText('Spent');
    await page.getByRole('button', { name: 'Adjust balance' }).click();
    const adjust = page.getByRole('dialog', { name: 'Adjust gift card' });
    await adjust.getByRole('radio', { name: /Take from the card/ }).check();
    await adjust.getByLabel(/Amount/).fill('80');
    await adjust.getByLabel('Reason').fill('Card damaged');
    await adjust.getByRole('button', { name: 'Adjust', exact: true }).click();
    await expect(adjust.getByText(/The balance is only \$38\.00/)).toBeVisible();
    await adjust.getByLabel(/Amount/).fill('8');
    await adjust.getByRole('button', { name: 'Adjust', exact: true }).click();
    await expect(adjust).toBeHidden();
    await expect(page.getByText('$30.00').first()).toBeVisible();
    await expect(history).toContainText('Card damaged');
    await shot(page, 'gift-7-detail');
    expect(await seriousViolations(page)).toEqual([]);
  });

  // Neither person's screens stay open (and polling) under the specs after this one.
  await till.context().close();
  await admin.context().close();
});
