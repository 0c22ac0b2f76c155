import {
  defaultCashierRights,
  fallbackReceiptLayout,
  refundReceiptRows,
  type CashierRights,
  type NoReceiptReturnInput,
  type Refund,
  type RefundReceiptDocument,
} from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleRefundReceipt, sampleRefundReceiptDocument } from '../../components/receipt/refund-receipt.fixtures.ts';
import { HttpResponse, invalid, rest, server } from '../../testing/server.ts';
import { dropCatalogues, person, renderSell, searchBox } from './sell-page.fixtures.tsx';

afterEach(async () => {
  vi.restoreAllMocks();
  await dropCatalogues();
});

const format = (minor: number) => `$${(minor / 100).toFixed(2)}`;

/** What the server stored: `total` back as `moneyBack` says, by the till's register 3 and drawer 9. */
function refundOf(body: NoReceiptReturnInput, overrides: Partial<Refund> = {}): Refund {
  const isMoney = body.moneyBack !== 'storeCredit';
  return {
    id: 12, orderId: null, number: 'MAIN-R000001', outletId: 1, registerId: 3, cashboxSessionId: isMoney ? 9 : null, userId: 2, userName: 'Carl Cash',
    reason: body.reason, netTotal: body.total, taxTotal: 0, total: body.total, taxes: [], lines: [],
    payments: isMoney ? [{ id: 1, tender: body.moneyBack as 'cash' | 'card', amount: body.total, reference: body.reference ?? null }] : [],
    points: null, storeCredit: isMoney ? 0 : body.total, giftCard: 0, giftCards: [], exchange: null, approval: null, createdAt: '2026-11-22T11:00:00.000Z',
    ...overrides,
  } as Refund;
}

/** The refund receipt of a return without a receipt: no sale's number on it. */
function receiptWithoutSale(): RefundReceiptDocument {
  const receipt = { ...sampleRefundReceipt, number: 'MAIN-R000001', orderNumber: null, customerName: null };
  return { ...sampleRefundReceiptDocument(format), refundId: 12, receipt, rows: refundReceiptRows(fallbackReceiptLayout, receipt, { businessName: 'Corner Shop', formatMoney: format }) };
}

/**
 * The till with the shop's rule for returns without a receipt; each POST answered by `answer`
 * (the how-manieth it is, from 1). Returns the bodies sent.
 */
function openTill(rights: Partial<CashierRights>, answer: (body: NoReceiptReturnInput, count: number) => Response = (body) => HttpResponse.json({ data: refundOf(body) }, { status: 201 })) {
  const bodies: NoReceiptReturnInput[] = [];
  server.use(
    rest.post('/api/refunds/without-receipt', async ({ request }) => {
      const body = (await request.json()) as NoReceiptReturnInput;
      bodies.push(body);
      return answer(body, bodies.length);
    }),
    rest.get('/api/refunds/12/receipt', () => HttpResponse.json({ data: receiptWithoutSale() })),
    rest.get('/api/approvals/approvers', () => HttpResponse.json({ data: [{ id: 4, name: 'Maria Manager', hasPin: true }] })),
  );
  renderSell({ settings: { cashierRights: { ...defaultCashierRights, ...rights } } });
  return bodies;
}

/** F3, then "No receipt?": the return's dialog with its form for goods without a receipt. */
async function startWithoutReceipt() {
  await screen.findByRole('button', { name: /Wool Scarf/ });
  await userEvent.keyboard('{F3}');
  const dialog = within(await screen.findByRole('dialog', { name: 'Return' }));
  await userEvent.click(dialog.getByRole('button', { name: 'No receipt?' }));
  await dialog.findByRole('form', { name: 'Return without a receipt' });
  return dialog;
}

type Dialog = Awaited<ReturnType<typeof startWithoutReceipt>>;

/** The scarf (18.00, no barcode) found by typing its name and picking it from what is found. */
async function searchScarf(dialog: Dialog) {
  await person().type(dialog.getByRole('searchbox', { name: 'Scan or search products' }), 'scarf');
  await userEvent.click(await within(await dialog.findByRole('list', { name: 'Products found' })).findByRole('button', { name: /Wool Scarf/ }));
}

describe('Return without a receipt at the till', () => {
  it('is not offered when the shop does not take such returns', async () => {
    openTill({ noReceiptReturns: 'never' });
    await searchBox();
    await userEvent.keyboard('{F3}');
    const dialog = within(await screen.findByRole('dialog', { name: 'Return' }));
    expect(dialog.getByRole('textbox', { name: 'Receipt or order number' })).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'No receipt?' })).toBeNull();
  });

  it('takes a scanned shirt back as store credit for the customer picked, and shows the refund receipt without a sale', async () => {
    const bodies = openTill({ noReceiptReturns: 'storeCredit' });
    server.use(
      rest.get('/api/customers', () =>
        HttpResponse.json({
          data: [{ id: 7, name: 'Ada Lovelace', email: 'ada@example.com', phone: null, address: null, birthday: null, marketingConsent: false, pointsBalance: 0, totalSpent: 0, orderCount: 0, createdAt: '', updatedAt: '' }],
          meta: { page: 1, perPage: 10, total: 1, lastPage: 1 },
        }),
      ),
    );
    const dialog = await startWithoutReceipt();
    expect(dialog.getByText('Nothing yet: scan the items brought back, or search for them above.')).toBeTruthy();
    expect((dialog.getByRole('button', { name: 'Refund $0.00' }) as HTMLButtonElement).disabled).toBe(true);
    // A scanner's burst, wherever the focus is.
    await userEvent.setup({ delay: null }).keyboard('4006381333931{Enter}');
    expect(await dialog.findByRole('status', { name: 'Quantity to return of Linen Shirt · M / Red' })).toBeTruthy();
    expect(dialog.getByText('As store credit: this shop gives store credit only for returns without a receipt.')).toBeTruthy();
    expect(dialog.queryByRole('radio', { name: /Cash/ })).toBeNull();

    await userEvent.click(dialog.getByRole('button', { name: 'Refund $25.00' }));
    expect(dialog.getByText('The reason field is required.')).toBeTruthy();
    expect(dialog.getByText('Store credit needs a customer: choose who it goes to.')).toBeTruthy();
    expect(bodies).toEqual([]);

    await userEvent.click(dialog.getByRole('button', { name: 'Changed their mind' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Choose customer' }));
    const picker = within(await screen.findByRole('dialog', { name: 'Customer for the store credit' }));
    await person().type(picker.getByRole('searchbox', { name: 'Search customers' }), 'Ada');
    await userEvent.click(await picker.findByRole('button', { name: /Ada Lovelace/ }));
    expect(dialog.getByRole('group', { name: 'Store credit customer' }).textContent).toContain('Store credit for Ada Lovelace');
    await userEvent.click(dialog.getByRole('button', { name: 'Refund $25.00' }));

    expect(await dialog.findByText('Refund MAIN-R000001: $25.00 as store credit.')).toBeTruthy();
    expect(bodies).toEqual([
      { registerId: 3, lines: [{ variantId: 11, quantity: 1, restock: true }], reason: 'Changed their mind', moneyBack: 'storeCredit', customerId: 7, total: 2500 },
    ]);
    const receipt = await dialog.findByLabelText('Refund receipt MAIN-R000001');
    expect(receipt.textContent).toContain('Returned without a receipt');
    expect(receipt.textContent).not.toContain('Original order');
  });

  it('gives cash back within the shop’s limit, and puts the server’s refusal above it on the money back', async () => {
    const bodies = openTill({ noReceiptReturns: 'money', noReceiptMoneyUpTo: 2000 }, (body, count) =>
      count === 1 ? HttpResponse.json({ data: refundOf(body) }, { status: 201 }) : invalid({ moneyBack: ['Money back without a receipt is at most $20.00: give the rest as store credit.'] }),
    );
    let dialog = await startWithoutReceipt();
    await searchScarf(dialog);
    expect(dialog.getByText('Without a receipt, cash or card up to $20.00 a return; store credit for any amount.')).toBeTruthy();
    await userEvent.click(dialog.getByRole('radio', { name: /^Cash/ }));
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Restock or damaged: Wool Scarf' }), 'damaged');
    await userEvent.click(dialog.getByRole('button', { name: 'Faulty' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Refund $18.00' }));
    expect(await dialog.findByText('Refund MAIN-R000001: $18.00 back in cash.')).toBeTruthy();
    expect(bodies[0]).toEqual({ registerId: 3, lines: [{ variantId: 31, quantity: 1, restock: false }], reason: 'Faulty', moneyBack: 'cash', total: 1800 });

    await userEvent.click(dialog.getByRole('button', { name: 'Another return' }));
    await userEvent.click(dialog.getByRole('button', { name: 'No receipt?' }));
    dialog = within(screen.getByRole('dialog', { name: 'Return' }));
    await searchScarf(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'One more of Wool Scarf' }));
    await userEvent.click(dialog.getByRole('radio', { name: /^Cash/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Wrong size' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Refund $36.00' }));
    const moneyBack = dialog.getByRole('group', { name: 'Money back' });
    expect(await within(moneyBack).findByText('Money back without a receipt is at most $20.00: give the rest as store credit.')).toBeTruthy();
    expect(bodies[1]).toEqual({ registerId: 3, lines: [{ variantId: 31, quantity: 2, restock: true }], reason: 'Wrong size', moneyBack: 'cash', total: 3600 });
    // What was chosen stays for the cashier to change.
    expect(dialog.getByRole('status', { name: 'Quantity to return of Wool Scarf' }).textContent).toBe('2');
    expect((dialog.getByRole('radio', { name: /^Cash/ }) as HTMLInputElement).checked).toBe(true);
    expect((dialog.getByRole('textbox', { name: 'Reason' }) as HTMLTextAreaElement).value).toBe('Wrong size');
  });

  it('asks for a manager’s PIN when the refund is above the cashier’s right, and sends the card’s reference', async () => {
    const bodies = openTill({ noReceiptReturns: 'money', noReceiptMoneyUpTo: 5000 }, (body) => {
      if (!body.approval) return invalid({ approval: ['Refunds above $10.00 need a manager’s approval.'] });
      if (body.approval.pin !== '1234') return invalid({ 'approval.pin': ['The PIN does not match.'] });
      return HttpResponse.json({ data: refundOf(body, { approval: { id: 4, approverName: 'Maria Manager', method: 'pin', createdAt: '2026-11-22T11:00:00.000Z' } }) }, { status: 201 });
    });
    const dialog = await startWithoutReceipt();
    await searchScarf(dialog);
    await userEvent.click(dialog.getByRole('radio', { name: /^Card/ }));
    await person().type(dialog.getByRole('textbox', { name: 'Card refund reference (optional)' }), 'AUTH 77');
    await userEvent.click(dialog.getByRole('button', { name: 'Wrong size' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Refund $18.00' }));

    const approval = within(await screen.findByRole('dialog', { name: 'Manager approval' }));
    expect(approval.getByText('Refunds above $10.00 need a manager’s approval.')).toBeTruthy();
    await userEvent.type(approval.getByLabelText('Their PIN'), '9999');
    await userEvent.click(approval.getByRole('button', { name: 'Approve' }));
    expect(await approval.findByText('The PIN does not match.')).toBeTruthy();
    await userEvent.clear(approval.getByLabelText('Their PIN'));
    await userEvent.type(approval.getByLabelText('Their PIN'), '1234');
    await userEvent.click(approval.getByRole('button', { name: 'Approve' }));

    expect(await dialog.findByText('Refund MAIN-R000001: $18.00 back to the card (reference AUTH 77). Approved by Maria Manager.')).toBeTruthy();
    const first = { registerId: 3, lines: [{ variantId: 31, quantity: 1, restock: true }], reason: 'Wrong size', moneyBack: 'card', reference: 'AUTH 77', total: 1800 };
    expect(bodies).toEqual([first, { ...first, approval: { approverId: 4, pin: '9999' } }, { ...first, approval: { approverId: 4, pin: '1234' } }]);
  });

  it('shows the server’s refusals where they belong: the shop’s rule, a line, the total', async () => {
    openTill({ noReceiptReturns: 'storeCredit' }, (_body, count) =>
      count === 1
        ? HttpResponse.json({ message: 'This shop does not take returns without a receipt.' }, { status: 403 })
        : invalid({ 'lines.0.variantId': ['Wool Scarf is no longer sold.'], total: ['The prices have changed: the total is now $19.00.'] }),
    );
    server.use(
      rest.get('/api/customers', () =>
        HttpResponse.json({ data: [{ id: 7, name: 'Ada Lovelace', email: null, phone: null, address: null, birthday: null, marketingConsent: false, pointsBalance: 0, totalSpent: 0, orderCount: 0, createdAt: '', updatedAt: '' }], meta: { page: 1, perPage: 10, total: 1, lastPage: 1 } }),
      ),
    );
    const dialog = await startWithoutReceipt();
    await searchScarf(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Faulty' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Choose customer' }));
    const picker = within(await screen.findByRole('dialog', { name: 'Customer for the store credit' }));
    await person().type(picker.getByRole('searchbox', { name: 'Search customers' }), 'Ada');
    await userEvent.click(await picker.findByRole('button', { name: /Ada Lovelace/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Refund $18.00' }));
    expect(await dialog.findByText('This shop does not take returns without a receipt.')).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Refund $18.00' }));
    expect(await dialog.findByText('Wool Scarf is no longer sold.')).toBeTruthy();
    expect(dialog.getByText('The prices have changed: the total is now $19.00.')).toBeTruthy();
    expect(dialog.queryByText('This shop does not take returns without a receipt.')).toBeNull();
  });

  it('says plainly that a return needs the server while the till is offline', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    openTill({ noReceiptReturns: 'storeCredit' });
    const dialog = await startWithoutReceipt();
    expect(dialog.getByText('A return needs the connection to the server: take it when the till is online again.')).toBeTruthy();
  });

  it('goes back to finding the sale by its receipt', async () => {
    openTill({ noReceiptReturns: 'storeCredit' });
    const dialog = await startWithoutReceipt();
    await userEvent.click(dialog.getByRole('button', { name: 'Find the sale instead' }));
    expect(dialog.getByRole('textbox', { name: 'Receipt or order number' })).toBeTruthy();
    await waitFor(() => expect(dialog.queryByRole('form', { name: 'Return without a receipt' })).toBeNull());
  });
});
