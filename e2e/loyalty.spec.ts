import { expect, test, type Browser, type Page } from '@playwright/test';
import { adminApi, demo, signIn } from './helpers.ts';

/** Names unique to this run, so the spec never depends on data another test left behind. */
const run = Date.now().toString(36);
const coffee = { title: `Loyalty coffee ${run}`, sku: `LOY-COF-${run}`.toUpperCase(), price: 300 };
const hamper = { title: `Gift hamper ${run}`, sku: `LOY-HAM-${run}`.toUpperCase(), price: 12_500 };
const templateName = `Loyalty receipt ${run}`;
const registerName = `Loyalty till ${run}`;
const customerName = `Rosa Pointer ${run}`;
/** A cashier of this spec's own: a cashier may hold one open drawer, and other specs open Till 1 as the demo cashier. */
const loyaltyCashier = { username: `loyalty-${run}`, password: 'loyalty-cashier-password' };

/**
 * The figures, worked out from the prices (no tax on either product; 1 point per 1.00 spent,
 * 100 points = 1.00, "Free coffee" for 50 points):
 * - sale 1: 2 hampers, 250.00 in cash → earns 250; balance 250.
 * - sale 2: 1 hamper + the free coffee (3.00 − 3.00), total 125.00; 150 points pay 1.50, cash
 *   123.50. Redeemed 50 + 150 = 200; earned on the 123.50 paid in money: 123; balance
 *   250 − 200 + 123 = 173.
 * - refund of sale 2 (all of it): the 200 points come back, the 123 earned go; balance 250.
 */
const sale2 = { redeemed: 200, earned: 123, balanceAfter: 173 };

async function newPerson(browser: Browser, account: { username: string; password: string }, landing: RegExp): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, account);
  await expect(page).toHaveURL(landing);
  return page;
}

/** The receipt row with a label and its figure at the paper's edge ("Points earned      250"). */
function receiptRow(page: Page, label: string, figure: string) {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByTestId('receipt-preview').getByText(new RegExp(`^${escape(label)}\\s+${escape(figure)}$`));
}

async function scan(page: Page, sku: string, title: string) {
  const search = page.getByLabel('Search products');
  await search.fill(sku);
  await search.press('Enter');
  await expect(page.getByRole('list', { name: 'Sale lines' })).toContainText(title);
}

test('an administrator sets up points and a Free coffee reward; a cashier earns, redeems and pays with points; a refund brings the balance back', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await newPerson(browser, demo.admin, /\/dashboard$/);
  const api = await adminApi(admin);
  const xsrf = (await admin.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  // Other specs must find the shop's reward settings as they were: put them back afterwards.
  const settingsBefore = await api.get<SavedRewardSettings>('/api/settings/rewards');

  try {
    await test.step('data the spec is not about: a cashier at Main store, two products without tax in stock there', async () => {
      const main = (await api.get<Array<{ id: number; name: string }>>('/api/outlets/list')).find((o) => o.name === 'Main store')!;
      await api.post('/api/users/create', {
        name: `Lou Loyalty ${run}`,
        username: loyaltyCashier.username,
        type: 'cashier',
        outletId: main.id,
        active: true,
        password: loyaltyCashier.password,
        passwordConfirmation: loyaltyCashier.password,
      });
      for (const product of [coffee, hamper]) {
        await api.post('/api/products/create', {
          title: product.title,
          variants: [{ sku: product.sku, price: product.price, cost: 100, stock: [{ outletId: main.id, quantity: 20, lowStockThreshold: null }] }],
        });
      }
    });

    await test.step('Settings › Rewards: 1 point per 1.00 spent, and 100 points pay 1.00', async () => {
      await admin.goto('/settings/rewards?tab=points');
      await expect(admin.getByRole('heading', { name: 'Reward settings', level: 1 })).toBeVisible();
      await expect(admin.getByRole('heading', { name: 'Earning points' })).toBeVisible();
      await admin.getByRole('checkbox', { name: /^Customers earn points/ }).check();
      await admin.getByLabel('Points earned').fill('1');
      await admin.getByLabel('For every (USD)').fill('1.00');
      await expect(admin.getByTestId('earning-example')).toHaveText('1 point for every $1.00: goods of $25.00 earn 25 points.');
      await admin.getByRole('button', { name: 'Save' }).click();
      await expect(admin.getByText('Reward settings saved.')).toBeVisible();

      await admin.getByRole('link', { name: 'Paying with points' }).click();
      await expect(admin).toHaveURL(/tab=redemption/);
      const pays = admin.getByRole('checkbox', { name: /^Customers can pay with points/ });
      await expect(pays).toBeVisible();
      await pays.check();
      await admin.getByLabel('Points', { exact: true }).fill('100');
      await admin.getByLabel('Are worth (USD)').fill('1.00');
      await expect(admin.getByTestId('redemption-example')).toContainText('100 points are worth $1.00.');
      await admin.getByRole('button', { name: 'Save' }).click();
      await expect(admin.getByText('Reward settings saved.').first()).toBeVisible();

      // Both tabs keep what was saved (saving one tab does not undo the other).
      await admin.goto('/settings/rewards?tab=points');
      await expect(admin.getByRole('checkbox', { name: /^Customers earn points/ })).toBeChecked();
      await expect(admin.getByLabel('Points earned')).toHaveValue('1');
      await expect(admin.getByLabel('For every (USD)')).toHaveValue('1.00');
      await admin.getByRole('link', { name: 'Paying with points' }).click();
      await expect(admin.getByRole('checkbox', { name: /^Customers can pay with points/ })).toBeChecked();
      await expect(admin.getByLabel('Points', { exact: true })).toHaveValue('100');
      await expect(admin.getByLabel('Are worth (USD)')).toHaveValue('1.00');
    });

    await test.step('a "Free coffee" reward for 50 points, active in the list', async () => {
      await admin.goto('/rewards/new');
      await expect(admin.getByRole('heading', { name: 'New reward', level: 1 })).toBeVisible();
      await admin.getByLabel('Name', { exact: true }).fill('Free coffee');
      await admin.getByRole('radio', { name: /A product free/ }).check();
      await admin.getByLabel('Find the product').fill(coffee.title);
      await admin.getByRole('list', { name: 'Matching products' }).getByRole('button', { name: new RegExp(coffee.title) }).click();
      await expect(admin.getByTestId('reward-product')).toContainText(coffee.title);
      await expect(admin.getByTestId('reward-product')).toContainText('One unit, sold today at $3.00.');
      await admin.getByLabel('Points needed').fill('50');
      await expect(admin.getByRole('checkbox', { name: /^Active/ })).toBeChecked();
      await admin.getByRole('button', { name: 'Save' }).click();
      await expect(admin).toHaveURL(/\/rewards$/);
      await expect(admin.getByText('Reward “Free coffee” created.')).toBeVisible();
      await admin.getByRole('searchbox', { name: 'Search rewards' }).fill('Free coffee');
      const row = admin.getByRole('row').filter({ hasText: `Free: ${coffee.title}` });
      await expect(row).toContainText('Free coffee');
      await expect(row).toContainText('50');
      await expect(row).toContainText('Active');
    });

    await test.step('a receipt template that prints the points, on a register of its own at Main store', async () => {
      // Templates never change once made: a copy of the standard one with the points on.
      await admin.goto('/receipts/new');
      await expect(admin.getByRole('heading', { name: 'New receipt template' })).toBeVisible();
      await admin.getByLabel('Start from a copy of…').selectOption({ label: 'Standard 80 mm (80 mm)' });
      await expect(admin.getByLabel('Name', { exact: true })).toHaveValue('Standard 80 mm (copy)');
      await admin.getByLabel('Name', { exact: true }).fill(templateName);
      const points = admin.getByRole('checkbox', { name: /^Loyalty points/ });
      await expect(points).not.toBeChecked();
      await points.check();
      await expect(receiptRow(admin, 'Points earned', '14')).toBeVisible();
      await admin.getByRole('button', { name: 'Save' }).click();
      await expect(admin).toHaveURL(/\/receipts$/);
      await expect(admin.getByRole('cell', { name: templateName, exact: true })).toBeVisible();

      await admin.goto('/registers/new');
      await expect(admin.getByRole('heading', { name: 'New register', level: 1 })).toBeVisible();
      await admin.getByLabel('Name', { exact: true }).fill(registerName);
      await admin.getByLabel('Outlet').selectOption({ label: 'Main store' });
      await admin.getByLabel('Receipt template').selectOption({ label: `${templateName} (80 mm)` });
      await admin.getByRole('button', { name: 'Save' }).click();
      await expect(admin).toHaveURL(/\/registers$/);
      await expect(admin.getByRole('row').filter({ hasText: registerName })).toContainText(templateName);
    });

    const cashier = await newPerson(browser, loyaltyCashier, /\/registers$/);

    await test.step('the cashier opens the drawer and sells two hampers to a new customer: 250 points earned', async () => {
      await cashier.getByRole('row').filter({ hasText: registerName }).getByRole('link', { name: 'Open drawer' }).click();
      await expect(cashier.getByRole('heading', { name: `${registerName} · Cash drawer` })).toBeVisible();
      await cashier.getByLabel('Count of $20.00').fill('5');
      await expect(cashier.getByText('Counted: $100.00')).toBeVisible();
      await cashier.getByRole('button', { name: 'Open drawer' }).click();
      await cashier.getByRole('link', { name: 'Sell', exact: true }).click();
      await expect(cashier).toHaveURL(/\/registers\/\d+\/sell$/);
      await expect(cashier.getByRole('heading', { level: 1 })).toHaveText(registerName);
      // The register's copy of the catalogue is in once the category tiles show.
      await expect(cashier.getByRole('group', { name: 'Categories' })).toBeVisible();

      // A new customer, made from the sale: no points yet, the Free coffee 50 points away.
      const sale = cashier.getByRole('region', { name: 'Sale' });
      await sale.getByRole('button', { name: '+ Customer' }).click();
      await cashier.getByRole('dialog', { name: 'Customer for this sale' }).getByRole('button', { name: 'New customer' }).click();
      const quick = cashier.getByRole('dialog', { name: 'New customer' });
      await quick.getByLabel('Name').fill(customerName);
      await quick.getByLabel('Phone (optional)').fill(`+1 555 ${Math.floor(Math.random() * 9_000_000 + 1_000_000)}`);
      await quick.getByRole('button', { name: 'Add to the sale' }).click();
      await expect(quick).toBeHidden();
      await expect(sale).toContainText(customerName);
      const points = sale.getByRole('region', { name: 'Points' });
      await expect(points).toContainText('0 points');
      await expect(points).toContainText('Next reward: Free coffee in 50 points');

      await scan(cashier, hamper.sku, hamper.title);
      await scan(cashier, hamper.sku, hamper.title);
      await expect(cashier.getByLabel(`Quantity of ${hamper.title}`)).toHaveValue('2');
      await expect(sale.getByLabel('Sale total')).toHaveText('$250.00');

      await cashier.keyboard.press('F9');
      const payment = cashier.getByRole('dialog', { name: 'Take payment' });
      await payment.getByRole('button', { name: 'Exact' }).click();
      await payment.getByRole('button', { name: 'Complete sale' }).click();
      await expect(cashier.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
      await expect(cashier.getByTestId('sale-points')).toHaveText('Points earned: 250 · Points balance: 250');
      await expect(receiptRow(cashier, 'Points earned', '250')).toBeVisible();
      await expect(receiptRow(cashier, 'Points balance', '250')).toBeVisible();
      await cashier.getByRole('button', { name: 'New sale' }).click();
      await expect(cashier.getByLabel('Search products')).toBeVisible();
    });

    let orderNumber = '';
    await test.step('next sale: the cashier takes the Free coffee and pays 1.50 with points, the rest in cash', async () => {
      const sale = cashier.getByRole('region', { name: 'Sale' });
      await sale.getByRole('button', { name: '+ Customer' }).click();
      const picker = cashier.getByRole('dialog', { name: 'Customer for this sale' });
      await picker.getByLabel('Search customers').fill(customerName);
      await picker.getByRole('list', { name: 'Customers found' }).getByRole('button', { name: new RegExp(customerName) }).click();
      await expect(picker).toBeHidden();
      const points = sale.getByRole('region', { name: 'Points' });
      await expect(points).toContainText('250 points · worth $2.50');
      const within = points.getByRole('list', { name: 'Rewards within reach' });
      await expect(within.getByRole('listitem').filter({ hasText: 'Free coffee' })).toContainText('50 points');

      await scan(cashier, hamper.sku, hamper.title);
      await points.getByRole('button', { name: 'Take Free coffee' }).click();
      const lines = sale.getByRole('list', { name: 'Sale lines' });
      await expect(lines).toContainText(coffee.title);
      await expect(lines).toContainText('Reward: Free coffee −$3.00');
      await expect(points).toContainText('On the sale');
      await expect(sale.getByLabel('Sale total')).toHaveText('$125.00');

      await cashier.keyboard.press('F9');
      const payment = cashier.getByRole('dialog', { name: 'Take payment' });
      await payment.getByRole('group', { name: 'Tender' }).getByRole('button', { name: /^Points/ }).click();
      // The reward's 50 points are spoken for: 200 are left, worth 2.00.
      await expect(payment).toContainText('Balance 250 points · up to $2.00 of this sale');
      await payment.getByLabel('Points amount').fill('1.50');
      await expect(payment.getByTestId('points-conversion')).toHaveText('150 points = $1.50');
      await payment.getByLabel('Points amount').press('Enter');
      const paid = payment.getByRole('list', { name: 'Payments' });
      await expect(paid.getByRole('listitem').filter({ hasText: '150 points' })).toContainText('$1.50');
      await expect(paid.getByRole('button', { name: 'Remove Points $1.50' })).toBeVisible();
      await expect(payment.getByTestId('still-due')).toHaveText('$123.50');
      await payment.getByRole('button', { name: 'Exact' }).click();
      await expect(payment.getByTestId('still-due')).toHaveText('$0.00');
      await payment.getByRole('button', { name: 'Complete sale' }).click();

      await expect(cashier.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
      await expect(cashier.getByTestId('sale-points')).toHaveText(
        `Reward: Free coffee −$3.00 · Paid with points: $1.50 · Points earned: ${sale2.earned} · Points balance: ${sale2.balanceAfter}`,
      );
      const receipt = cashier.getByTestId('receipt-preview');
      await expect(receipt).toContainText(coffee.title);
      await expect(receipt.getByText(/^\s*Reward: Free coffee\s+[−-]\$3\.00$/).first()).toBeVisible();
      await expect(receiptRow(cashier, 'Cash', '$123.50')).toBeVisible();
      await expect(receiptRow(cashier, 'Paid with points: 150 points', '$1.50')).toBeVisible();
      await expect(receiptRow(cashier, 'Points earned', String(sale2.earned))).toBeVisible();
      await expect(receiptRow(cashier, 'Points balance', String(sale2.balanceAfter))).toBeVisible();
      orderNumber = /MAIN-\d{6}/.exec(await receipt.innerText())![0];
    });

    await test.step('the administrator refunds that whole sale: the 200 points come back, the 123 earned go', async () => {
      await admin.goto('/orders');
      await expect(admin.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
      await admin.getByLabel('Search orders').fill(orderNumber);
      // The search box writes the URL after a pause; a click before that would be undone by it.
      await expect(admin).toHaveURL(/search=/);
      await admin.getByRole('link', { name: orderNumber }).click();
      await expect(admin.getByRole('heading', { name: `Order ${orderNumber}`, level: 1 })).toBeVisible();
      const main = admin.getByRole('main');
      const orderPoints = main.getByRole('list', { name: 'Points' });
      await expect(orderPoints).toContainText('Reward: Free coffee (50 points, $3.00 off)');
      await expect(orderPoints).toContainText('Paid with 150 points: $1.50');
      await expect(orderPoints).toContainText(`Earned ${sale2.earned} points`);
      await expect(orderPoints).toContainText(`Balance after the sale: ${sale2.balanceAfter} points`);

      await main.getByRole('button', { name: 'Refund', exact: true }).click();
      const dialog = admin.getByRole('dialog', { name: `Refund from ${orderNumber}` });
      await dialog.getByLabel(`Quantity to refund of ${hamper.title}`).fill('1');
      await dialog.getByLabel(`Quantity to refund of ${coffee.title}`).fill('1');
      const note = dialog.getByRole('list', { name: 'Points' });
      await expect(note).toContainText(`${sale2.redeemed} points the sale redeemed go back to the customer: $1.50 of the refund is paid back in points.`);
      await expect(note).toContainText(`${sale2.earned} points the sale earned are taken back, as far as the balance allows.`);
      await expect(dialog.getByLabel('Cash', { exact: true })).toHaveValue('123.50');
      await dialog.getByLabel('Reason').fill('The customer changed their mind.');
      await dialog.getByRole('button', { name: 'Refund $125.00' }).click();
      await expect(dialog).toBeHidden();
      const refund = main.getByRole('listitem', { name: `Refund ${orderNumber}-R1` });
      await expect(refund).toContainText('Paid back: Cash $123.50');
      await expect(refund).toContainText(`Points: ${sale2.redeemed} points given back; ${sale2.earned} earned points taken back.`);
    });

    await test.step("the customer's Points tab shows the balance back at 250", async () => {
      const main = admin.getByRole('main');
      await main.getByRole('link', { name: customerName }).click();
      await expect(admin).toHaveURL(/\/customers\/\d+\/edit$/);
      await expect(admin.getByRole('heading', { name: customerName, level: 1 })).toBeVisible();
      await admin.getByRole('navigation', { name: 'Customer' }).getByRole('link', { name: 'Points' }).click();
      await expect(admin).toHaveURL(/tab=points/);
      await expect(main).toContainText('Balance: 250 points');
      await expect(main).toContainText('Worth $2.50 when paying with points (100 points = $1.00).');
      // The refund's two entries: the points given back, then the earned ones taken back.
      const history = main.getByRole('table', { name: 'Points history' });
      const refundRows = history.getByRole('row').filter({ hasText: `${orderNumber}-R1` });
      await expect(refundRows).toHaveCount(2);
      const givenBack = refundRows.filter({ has: admin.getByRole('cell', { name: `+${sale2.redeemed}`, exact: true }) });
      await expect(givenBack.getByRole('cell', { name: String(sale2.balanceAfter + sale2.redeemed), exact: true })).toBeVisible();
      const takenBack = refundRows.filter({ has: admin.getByRole('cell', { name: `\u2212${sale2.earned}`, exact: true }) });
      await expect(takenBack.getByRole('cell', { name: '250', exact: true })).toBeVisible();
      await admin.screenshot({ path: test.info().outputPath('customer-points.png'), fullPage: true });
    });
  } finally {
    const put = await admin.request.put('/api/settings/rewards', { data: inputOf(settingsBefore), headers: { 'x-xsrf-token': xsrf } });
    expect(put.status(), await put.text()).toBeLessThan(300);
    expect(await api.get('/api/settings/rewards')).toMatchObject(settingsBefore);
  }
});

type SavedRewardSettings = {
  earning: { enabled: boolean; points: number; perAmount: number; excludedCategoryIds: number[]; excludedProductIds: number[]; minimumOrder: number | null };
  redemption: { enabled: boolean; points: number; value: number; minimumBalance: number; maxShareE4: number; payDiscountedItems: boolean };
  expiry: { months: number | null };
};

/** The saved settings as PUT /api/settings/rewards takes them: the largest share as percent text ("100", "12.5"). */
function inputOf(saved: SavedRewardSettings) {
  const { maxShareE4, ...redemption } = saved.redemption;
  const whole = Math.floor(maxShareE4 / 10_000);
  const fraction = String(maxShareE4 % 10_000).padStart(4, '0').replace(/0+$/, '');
  return { earning: saved.earning, expiry: saved.expiry, redemption: { ...redemption, maxShare: fraction ? `${whole}.${fraction}` : String(whole) } };
}
