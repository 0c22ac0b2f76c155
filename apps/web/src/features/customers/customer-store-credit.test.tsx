import type { StoreCreditEntry } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { administrator, cashier } from '../../testing/fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, pageOf, recordRequests, rest, server } from '../../testing/server.ts';
import { CustomerEditPage } from './customer-edit-page.tsx';
import { buildCustomer, settingsHandler } from './test-data.ts';

function entry(overrides: Partial<StoreCreditEntry>): StoreCreditEntry {
  return {
    id: 1,
    delta: 1000,
    balanceAfter: 1000,
    kind: 'adjusted',
    reason: null,
    orderId: null,
    orderNumber: null,
    refundId: null,
    refundNumber: null,
    userName: null,
    createdAt: '2026-05-02T10:00:00.000Z',
    ...overrides,
  };
}

const ledger: StoreCreditEntry[] = [
  entry({ id: 4, kind: 'sale', delta: -800, balanceAfter: 1250, orderId: 42, orderNumber: 'MAIN-000042', userName: 'Carl Cash' }),
  entry({ id: 3, kind: 'adjusted', delta: -450, balanceAfter: 2050, reason: 'Paid out in cash', userName: 'Ada Lovelace' }),
  entry({ id: 2, kind: 'refund', delta: 1500, balanceAfter: 2500, orderId: 41, orderNumber: 'MAIN-000041', refundId: 4, refundNumber: 'MAIN-000041-R1', userName: 'Carl Cash' }),
  entry({ id: 1, kind: 'adjusted', delta: 1000, balanceAfter: 1000, reason: 'Goodwill for a late delivery', userName: 'Ada Lovelace' }),
];

function answer(entries: StoreCreditEntry[] = ledger, meta: Parameters<typeof pageOf>[1] = {}) {
  server.use(
    settingsHandler,
    rest.get('/api/customers/7/edit', () => HttpResponse.json({ data: buildCustomer({ storeCredit: 1250 }) })),
    rest.get('/api/customers/7/store-credit', () => HttpResponse.json(pageOf(entries, meta))),
  );
}

function openTab(signedInAs = cashier) {
  return renderScreen(<CustomerEditPage />, { path: '/customers/7/edit?tab=store-credit', pattern: '/customers/:id/edit', signedInAs });
}

const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((td) => td.textContent);
/** The message under a field (its hint or error). */
const messageOf = (control: HTMLElement) => document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

describe('the Store credit tab', () => {
  it('shows the balance and the ledger: refunds and sales open their sale, adjustments show the reason and who', async () => {
    answer();
    openTab();
    expect(await screen.findByRole('link', { name: 'Store credit' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Store credit history' });
    await within(table).findByRole('link', { name: 'MAIN-000041-R1' });
    expect(screen.getByText(/^Balance:/).textContent).toBe('Balance: $12.50');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['When', 'Kind', 'Details', 'Amount', 'Balance after', 'By']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => cellsOf(row).slice(1))).toEqual([
      ['Sale', 'MAIN-000042', '\u2212$8.00', '$12.50', 'Carl Cash'],
      ['Adjusted', 'Paid out in cash', '\u2212$4.50', '$20.50', 'Ada Lovelace'],
      ['Refund', 'MAIN-000041-R1', '+$15.00', '$25.00', 'Carl Cash'],
      ['Adjusted', 'Goodwill for a late delivery', '+$10.00', '$10.00', 'Ada Lovelace'],
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'MAIN-000042' }).getAttribute('href')).toBe('/orders/42');
    expect(within(rows[2] as HTMLElement).getByRole('link', { name: 'MAIN-000041-R1' }).getAttribute('href')).toBe('/orders/41');
    expect(within(rows[1] as HTMLElement).queryByRole('link')).toBeNull();
    // Cashiers see the credit but do not adjust it.
    expect(screen.queryByRole('button', { name: 'Adjust' })).toBeNull();
  });

  it('says plainly when there is no store credit yet', async () => {
    answer([]);
    openTab(administrator);
    expect(await screen.findByText('No store credit yet. Refunds paid as store credit and adjustments appear here.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Adjust' })).toBeTruthy();
  });

  it('pages through a long ledger', async () => {
    const sent = recordRequests();
    server.use(
      settingsHandler,
      rest.get('/api/customers/7/edit', () => HttpResponse.json({ data: buildCustomer({ storeCredit: 1250 }) })),
      rest.get('/api/customers/7/store-credit', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        const entries = page === 2 ? [entry({ id: 1, reason: 'The oldest adjustment' })] : [entry({ id: 2, reason: 'The newest adjustment' })];
        return HttpResponse.json(pageOf(entries, { page, perPage: 25, total: 26, lastPage: 2 }));
      }),
    );
    const { user } = openTab();
    expect(await screen.findByText('The newest adjustment')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The oldest adjustment')).toBeTruthy();
    expect(sent.filter('GET', '/api/customers/7/store-credit').map((r) => r.search.get('page'))).toEqual(['1', '2']);
  });

  it('lets an administrator take credit with a reason, sending a negative amount', async () => {
    answer();
    const sent = recordRequests();
    server.use(
      rest.post('/api/customers/7/store-credit', () =>
        HttpResponse.json({ data: { entry: entry({ id: 5, delta: -500, balanceAfter: 750, reason: 'Paid out in cash' }), storeCredit: 750 } }),
      ),
    );
    const { user } = openTab(administrator);
    await user.click(await screen.findByRole('button', { name: 'Adjust' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust store credit' });
    await user.click(within(dialog).getByRole('radio', { name: /Take credit/ }));
    await user.type(within(dialog).getByLabelText(/^Amount/), '5.00');
    await user.type(within(dialog).getByLabelText('Reason'), 'Paid out in cash');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect(await screen.findByText('Store credit adjusted. New balance: $7.50.')).toBeTruthy();
    expect(sent.find('POST', '/api/customers/7/store-credit')?.body).toEqual({ amount: -500, reason: 'Paid out in cash' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Adjust store credit' })).toBeNull());
  });

  it('shows the form’s and the server’s messages on their fields', async () => {
    answer();
    const sent = recordRequests();
    server.use(rest.post('/api/customers/7/store-credit', () => invalid({ amount: ['The store credit is only $9.00.'] })));
    const { user } = openTab(administrator);
    await user.click(await screen.findByRole('button', { name: 'Adjust' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust store credit' });
    const amount = within(dialog).getByLabelText(/^Amount/);
    const reason = within(dialog).getByLabelText('Reason');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect(messageOf(amount)).toBe('Enter an amount greater than zero, like 1,234.50.');
    expect(messageOf(reason)).toBe('Say why, e.g. Goodwill for a late delivery.');
    // More than the balance is refused before it is sent…
    await user.click(within(dialog).getByRole('radio', { name: /Take credit/ }));
    await user.type(amount, '20');
    await user.type(reason, 'Typed twice');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect(messageOf(amount)).toBe('The store credit is only $12.50.');
    expect(sent.find('POST', '/api/customers/7/store-credit')).toBeUndefined();
    // …and the server's refusal (the balance changed meanwhile) lands on the amount too.
    await user.clear(amount);
    await user.type(amount, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    await waitFor(() => expect(sent.find('POST', '/api/customers/7/store-credit')?.body).toEqual({ amount: -1000, reason: 'Typed twice' }));
    await waitFor(() => expect(messageOf(amount)).toBe('The store credit is only $9.00.'));
    expect(messageOf(reason)).toBeNull();
  });
});
