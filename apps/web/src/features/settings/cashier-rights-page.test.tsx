import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CashierRights } from '@tillbook/contract';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, recordRequests, rest, server } from '../../testing/server.ts';
import { CashierRightsPage } from './cashier-rights-page.tsx';
import { buildSettings } from './settings.fixtures.tsx';

const rights = {
  refundUpTo: 0,
  discountUpToE4: 100_000,
  priceOverride: false,
  noSale: false,
  closeDifferenceUpTo: 500,
  noReceiptReturns: 'never',
  noReceiptMoneyUpTo: 0,
} as const;

async function openRights(saved: Partial<CashierRights> = {}) {
  server.use(rest.get('/api/settings', () => HttpResponse.json({ data: buildSettings({ cashierRights: { ...rights, ...saved } }) })));
  renderScreen(<CashierRightsPage />, { path: '/settings/cashier-rights' });
  await screen.findByLabelText('Refund up to (USD)');
}

const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;

async function retype(label: string | RegExp, text: string) {
  await userEvent.clear(input(label));
  if (text) await userEvent.type(input(label), text);
}

describe('CashierRightsPage', () => {
  it('is a settings tab and shows the saved rights', async () => {
    await openRights();
    const tabs = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(tabs).getByRole('link', { name: 'Cashier rights' }).getAttribute('aria-current')).toBe('page');
    expect(input('Refund up to (USD)').value).toBe('0.00');
    expect(screen.getByText('0 = every refund needs a manager.')).toBeTruthy();
    expect(input('Discounts up to (%)').value).toBe('10');
    expect(input(/^May change prices at the till/).checked).toBe(false);
    expect(input(/^May open the drawer without a sale \(No sale\)/).checked).toBe(false);
    expect(input('Close a drawer with a difference up to (USD)').value).toBe('5.00');
  });

  it('sends minor units, the percentage as rateE4 and the two rights', async () => {
    await openRights();
    const sent = recordRequests();
    const saved: CashierRights = {
      refundUpTo: 2_550,
      discountUpToE4: 125_000,
      priceOverride: true,
      noSale: true,
      closeDifferenceUpTo: 1_000,
      noReceiptReturns: 'never',
      noReceiptMoneyUpTo: 0,
    };
    server.use(rest.put('/api/settings/cashier-rights', () => HttpResponse.json({ data: buildSettings({ cashierRights: saved }) })));
    await retype('Refund up to (USD)', '25.50');
    await retype('Discounts up to (%)', '12.5');
    await userEvent.click(input(/^May change prices at the till/));
    await userEvent.click(input(/^May open the drawer without a sale/));
    await retype('Close a drawer with a difference up to (USD)', '10');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.find('PUT', '/api/settings/cashier-rights')?.body).toEqual(saved));
    expect(await screen.findByText('Cashier rights saved.')).toBeTruthy();
  });

  it('says what cannot be read before sending anything', async () => {
    await openRights();
    const sent = recordRequests();
    await retype('Refund up to (USD)', 'lots');
    await retype('Discounts up to (%)', '120');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a percentage from 0 to 100, like 10 or 12.5.')).toBeTruthy();
    expect(sent.find('PUT', '/api/settings/cashier-rights')).toBeUndefined();
  });

  it('puts the server’s messages on their fields and keeps what was typed', async () => {
    await openRights();
    server.use(
      rest.put('/api/settings/cashier-rights', () =>
        invalid({ closeDifferenceUpTo: ['The drawer difference limit is too large.'], refundUpTo: ['The refund limit is too large.'] }),
      ),
    );
    await retype('Refund up to (USD)', '99999');
    await retype('Close a drawer with a difference up to (USD)', '88888');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The drawer difference limit is too large.')).toBeTruthy();
    expect(screen.getByText('The refund limit is too large.')).toBeTruthy();
    expect(input('Refund up to (USD)').value).toBe('99999');
    expect(input('Close a drawer with a difference up to (USD)').value).toBe('88888');
  });

  it('takes returns without a receipt as store credit or money up to an amount, the amount asked only for money', async () => {
    await openRights();
    const group = screen.getByRole('group', { name: 'Returns without a receipt' });
    expect((within(group).getByRole('radio', { name: /^Not taken/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('Money back without a receipt up to (USD)')).toBeNull();
    await userEvent.click(within(group).getByRole('radio', { name: /^As store credit only/ }));
    expect(screen.queryByLabelText('Money back without a receipt up to (USD)')).toBeNull();
    await userEvent.click(within(group).getByRole('radio', { name: /^As store credit, or money back up to an amount/ }));
    await retype('Money back without a receipt up to (USD)', '20');
    const sent = recordRequests();
    const saved: CashierRights = { ...rights, noReceiptReturns: 'money', noReceiptMoneyUpTo: 2_000 };
    server.use(rest.put('/api/settings/cashier-rights', () => HttpResponse.json({ data: buildSettings({ cashierRights: saved }) })));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.find('PUT', '/api/settings/cashier-rights')?.body).toEqual(saved));
    expect(await screen.findByText('Cashier rights saved.')).toBeTruthy();
    expect(input('Money back without a receipt up to (USD)').value).toBe('20.00');
  });

  it('sends store credit only without an amount, and shows a saved amount', async () => {
    await openRights({ noReceiptReturns: 'money', noReceiptMoneyUpTo: 1_500 });
    expect(input('Money back without a receipt up to (USD)').value).toBe('15.00');
    const sent = recordRequests();
    server.use(rest.put('/api/settings/cashier-rights', () => HttpResponse.json({ data: buildSettings({ cashierRights: rights }) })));
    await userEvent.click(screen.getByRole('radio', { name: /^As store credit only/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent.find('PUT', '/api/settings/cashier-rights')?.body).toEqual({ ...rights, noReceiptReturns: 'storeCredit', noReceiptMoneyUpTo: 0 }),
    );
  });

  it('puts an unreadable amount and the server’s messages on the no-receipt fields', async () => {
    await openRights({ noReceiptReturns: 'money', noReceiptMoneyUpTo: 1_500 });
    const sent = recordRequests();
    await retype('Money back without a receipt up to (USD)', 'plenty');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('“plenty” is not an amount. Enter an amount like 1,234.50.')).toBeTruthy();
    expect(sent.find('PUT', '/api/settings/cashier-rights')).toBeUndefined();
    server.use(
      rest.put('/api/settings/cashier-rights', () =>
        invalid({
          noReceiptReturns: ['Returns without a receipt must be not taken, store credit only, or store credit or money.'],
          noReceiptMoneyUpTo: ['The money back without a receipt is too large.'],
        }),
      ),
    );
    await retype('Money back without a receipt up to (USD)', '99999999');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The money back without a receipt is too large.')).toBeTruthy();
    expect(screen.getByText('Returns without a receipt must be not taken, store credit only, or store credit or money.')).toBeTruthy();
    expect(input('Money back without a receipt up to (USD)').value).toBe('99999999');
  });
});
