import { expect, test, type Browser, type Page } from '@playwright/test';
import { adminApi, demo, seriousViolations, shot, signIn } from './helpers.ts';

/** Names unique to this run, so the spec never depends on data another test left behind. */
const run = Date.now().toString(36);
const scarf = { title: `Return scarf ${run}`, sku: `RET-SCF-${run}`.toUpperCase(), price: 1_800 };
const gloves = { title: `Return gloves ${run}`, sku: `RET-GLV-${run}`.toUpperCase(), price: 1_250 };
const registerName = `Returns till ${run}`;
/** A cashier and an approving manager of this spec's own (a cashier holds one open drawer at a time). */
const returnsCashier = { username: `returns-${run}`, password: 'returns-cashier-password' };
const manager = { name: `Morgan Manager ${run}`, username: `manager-${run}`, password: 'returns-manager-password', pin: '4826' };

async function newPerson(browser: Browser, account: { username: string; password: string }, landing: RegExp): Promise<Page> {
  const context = await browser.newContext();
  // The till prints through the browser's print dialog: count the calls instead of opening it.
  await context.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  const page = await context.newPage();
  await signIn(page, account);
  await expect(page).toHaveURL(landing);
  return page;
}

async function scan(page: Page, sku: string, title: string) {
  const search = page.getByLabel('Search products');
  await search.fill(sku);
  await search.press('Enter');
  await expect(page.getByRole('list', { name: 'Sale lines' })).toContainText(title);
}

test('a cashier returns one line by scanning the receipt, a manager approves with a PIN, the refund receipt prints, and the administrator finds it all in the audit log', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await newPerson(browser, demo.admin, /\/dashboard$/);
  const api = await adminApi(admin);

  await test.step('data the spec is not about: a cashier, a manager with a PIN, a register and two products at Main store', async () => {
    const main = (await api.get<Array<{ id: number; name: string }>>('/api/outlets/list')).find((o) => o.name === 'Main store')!;
    await api.post('/api/users/create', {
      name: `Riley Returns ${run}`,
      username: returnsCashier.username,
      type: 'cashier',
      outletId: main.id,
      active: true,
      password: returnsCashier.password,
      passwordConfirmation: returnsCashier.password,
    });
    await api.post('/api/users/create', {
      name: manager.name,
      username: manager.username,
      type: 'administrator',
      outletId: null,
      active: true,
      password: manager.password,
      passwordConfirmation: manager.password,
      pin: manager.pin,
    });
    for (const product of [scarf, gloves]) {
      await api.post('/api/products/create', {
        title: product.title,
        variants: [{ sku: product.sku, price: product.price, cost: 500, stock: [{ outletId: main.id, quantity: 10, lowStockThreshold: null }] }],
      });
    }
    const templates = await api.get<Array<{ id: number; name: string }>>('/api/receipts/list');
    await api.post('/api/registers/create', { name: registerName, outletId: main.id, receiptTemplateId: templates[0]!.id, active: true });
  });

  const cashier = await newPerson(browser, returnsCashier, /\/registers$/);
  let orderNumber = '';

  await test.step('the cashier opens the drawer and sells a scarf and gloves for cash', async () => {
    await cashier.getByRole('row').filter({ hasText: registerName }).getByRole('link', { name: 'Open drawer' }).click();
    await expect(cashier.getByRole('heading', { name: `${registerName} · Cash drawer` })).toBeVisible();
    await cashier.getByLabel('Count of $20.00').fill('5');
    await cashier.getByRole('button', { name: 'Open drawer' }).click();
    await cashier.getByRole('link', { name: 'Sell', exact: true }).click();
    await expect(cashier).toHaveURL(/\/registers\/\d+\/sell$/);
    await expect(cashier.getByRole('group', { name: 'Categories' })).toBeVisible();

    await scan(cashier, scarf.sku, scarf.title);
    await scan(cashier, gloves.sku, gloves.title);
    const sale = cashier.getByRole('region', { name: 'Sale' });
    await expect(sale.getByLabel('Sale total')).toHaveText('$30.50');
    await cashier.keyboard.press('F9');
    const payment = cashier.getByRole('dialog', { name: 'Take payment' });
    await payment.getByRole('button', { name: 'Exact' }).click();
    await payment.getByRole('button', { name: 'Complete sale' }).click();
    await expect(cashier.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
    orderNumber = /MAIN-\d{6}/.exec(await cashier.getByTestId('receipt-preview').innerText())![0];
    await cashier.getByRole('button', { name: 'New sale' }).click();
    await expect(cashier.getByLabel('Search products')).toBeVisible();
  });

  await test.step('Return (F3): the receipt barcode is scanned, the scarf is picked, and a manager approves with a PIN', async () => {
    await cashier.keyboard.press('F3');
    const dialog = cashier.getByRole('dialog', { name: 'Return' });
    const number = dialog.getByLabel('Receipt or order number');
    await expect(number).toBeFocused();
    // A scanner types the barcode's text and Enter, as a keyboard does.
    await number.pressSequentially(orderNumber, { delay: 5 });
    await number.press('Enter');
    const form = dialog.getByRole('form', { name: `Return from ${orderNumber}` });
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: `One more of ${scarf.title}` }).click();
    await expect(form.getByLabel(`Quantity to return of ${scarf.title}`)).toHaveText('1');
    await form.getByRole('group', { name: 'Quick reasons' }).getByRole('button', { name: 'Changed their mind' }).click();
    await form.getByRole('button', { name: 'Refund $18.00' }).click();

    // The shop lets a cashier refund nothing alone (the default): a manager approves on this screen.
    const approval = cashier.getByRole('dialog', { name: 'Manager approval' });
    await expect(approval).toContainText('approval');
    await approval.getByLabel('Approved by').selectOption({ label: manager.name });
    await approval.getByLabel('Their PIN').fill('0000');
    await approval.getByRole('button', { name: 'Approve' }).click();
    await expect(approval.getByText('The PIN does not match.')).toBeVisible();
    await approval.getByLabel('Their PIN').fill(manager.pin);
    await approval.getByRole('button', { name: 'Approve' }).click();
    await expect(approval).toBeHidden();

    await expect(dialog.getByText(`Refund ${orderNumber}-R1: $18.00 back in cash. Approved by ${manager.name}.`)).toBeVisible();
  });

  await test.step('the refund receipt: titled REFUND with the original order number, and it prints', async () => {
    const dialog = cashier.getByRole('dialog', { name: 'Return' });
    const receipt = dialog.getByLabel(`Refund receipt ${orderNumber}-R1`);
    await expect(receipt).toContainText('REFUND');
    await expect(receipt).toContainText(`Original order ${orderNumber}`);
    await expect(receipt).toContainText(scarf.title);
    await expect(receipt).not.toContainText(gloves.title);
    await dialog.getByRole('button', { name: 'Print receipt' }).click();
    await expect.poll(() => cashier.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('Exchange: the gloves come back and pay for a scarf; the customer pays the difference, and the receipt shows the exchange', async () => {
    await cashier.keyboard.press('F3');
    const dialog = cashier.getByRole('dialog', { name: 'Return' });
    const number = dialog.getByLabel('Receipt or order number');
    await number.fill(orderNumber);
    await number.press('Enter');
    const form = dialog.getByRole('form', { name: `Return from ${orderNumber}` });
    await form.getByRole('button', { name: `One more of ${gloves.title}` }).click();
    await form.getByRole('group', { name: 'Quick reasons' }).getByRole('button', { name: 'Wrong size' }).click();
    await form.getByRole('button', { name: 'Exchange' }).click();
    await expect(dialog).toBeHidden();
    await expect(cashier.getByText(`Exchange: 1 item back from ${orderNumber}, worth $12.50.`)).toBeVisible();
    await shot(cashier, 'exchange-banner');
    expect(await seriousViolations(cashier)).toEqual([]);

    await scan(cashier, scarf.sku, scarf.title);
    await cashier.keyboard.press('F9');
    const payment = cashier.getByRole('dialog', { name: 'Take payment' });
    await expect(payment.getByTestId('exchange-pays')).toHaveText(`Returned goods from ${orderNumber} pay $12.50`);
    await expect(payment.getByTestId('still-due')).toHaveText('$5.50');
    await shot(cashier, 'exchange-payment');
    expect(await seriousViolations(cashier)).toEqual([]);
    await payment.getByRole('button', { name: 'Exact' }).click();
    // Nothing goes back in money: no manager is asked, though a cashier may refund nothing alone.
    await payment.getByRole('button', { name: 'Complete exchange' }).click();
    await expect(cashier.getByRole('heading', { name: 'Sale complete' })).toBeVisible();
    const receipt = cashier.getByTestId('receipt-preview');
    await expect(receipt).toContainText(`Exchange ${orderNumber}-R2`);
    await expect(receipt).toContainText('$12.50');
    await shot(cashier, 'exchange-receipt');
    await cashier.getByRole('button', { name: 'New sale' }).click();
    await expect(cashier.getByText(/Exchange: 1 item back/)).toBeHidden();
  });

  await test.step('without a receipt: the shop gives money back up to $20.00; a scarf comes back in cash with the manager’s PIN, and its refund receipt says so', async () => {
    const { cashierRights } = await api.get<{ cashierRights: Record<string, unknown> }>('/api/settings');
    await api.put('/api/settings/cashier-rights', { ...cashierRights, noReceiptReturns: 'money', noReceiptMoneyUpTo: 2_000 });
    // The till reads the shop's rules when it opens.
    await cashier.reload();
    await expect(cashier.getByLabel('Search products')).toBeVisible();
    await cashier.keyboard.press('F3');
    const dialog = cashier.getByRole('dialog', { name: 'Return' });
    await dialog.getByRole('button', { name: 'No receipt?' }).click();
    const form = dialog.getByRole('form', { name: 'Return without a receipt' });
    const search = form.getByLabel('Scan or search products');
    await search.fill(scarf.sku);
    await search.press('Enter');
    await expect(form.getByLabel(`Quantity to return of ${scarf.title}`)).toHaveText('1');
    await expect(form.getByText('Without a receipt, cash or card up to $20.00 a return; store credit for any amount.')).toBeVisible();
    await form.getByRole('radio', { name: /^Cash/ }).check();
    await form.getByRole('group', { name: 'Quick reasons' }).getByRole('button', { name: 'Faulty' }).click();
    await shot(cashier, 'no-receipt-return');
    expect(await seriousViolations(cashier)).toEqual([]);
    await form.getByRole('button', { name: 'Refund $18.00' }).click();

    const approval = cashier.getByRole('dialog', { name: 'Manager approval' });
    await approval.getByLabel('Approved by').selectOption({ label: manager.name });
    await approval.getByLabel('Their PIN').fill(manager.pin);
    await approval.getByRole('button', { name: 'Approve' }).click();
    await expect(approval).toBeHidden();

    const done = dialog.getByText(new RegExp(`^Refund (MAIN-R\\d+): \\$18\\.00 back in cash\\. Approved by ${manager.name}\\.$`));
    await expect(done).toBeVisible();
    const refundNumber = /MAIN-R\d+/.exec((await done.textContent()) ?? '')![0];
    const receipt = dialog.getByLabel(`Refund receipt ${refundNumber}`);
    await expect(receipt).toContainText('REFUND');
    await expect(receipt).toContainText('Returned without a receipt');
    await expect(receipt).toContainText(scarf.title);
    await shot(cashier, 'no-receipt-refund-receipt');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the administrator finds the sign-in, the approved refund and the drawer opening in the audit log', async () => {
    await admin.goto('/settings/audit');
    await expect(admin.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    await admin.getByLabel('Action').selectOption({ label: 'Refunds and returns (all)' });
    const refundRow = admin.getByRole('row').filter({ hasText: `${orderNumber}-R1` });
    await expect(refundRow).toContainText(returnsCashier.username);
    await expect(refundRow).toContainText(manager.name);
    await expect(refundRow).toContainText(registerName);
    await expect(admin.getByRole('row').filter({ hasText: `Exchange ${orderNumber}-R2: $12.50 of goods back` })).toContainText(returnsCashier.username);

    await admin.getByLabel('Action').selectOption({ label: 'Sign-in' });
    await expect(admin.getByRole('row').filter({ hasText: returnsCashier.username }).first()).toContainText('Signed in');
  });
});
