import type { GiftCardDetail } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { administrator } from '../../testing/fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, recordRequests, rest, server } from '../../testing/server.ts';
import { GiftCardPage } from './gift-card-page.tsx';
import { buildDetail, buildEntry, settingsHandler } from './test-data.ts';

function answer(card: GiftCardDetail = buildDetail()) {
  server.use(settingsHandler, rest.get('/api/gift-cards/5', () => HttpResponse.json({ data: card })));
}

function openCard() {
  return renderScreen(<GiftCardPage />, { path: '/gift-cards/5', pattern: '/gift-cards/:id', signedInAs: administrator });
}

const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((td) => td.textContent);
const factOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const messageOf = (control: HTMLElement) => document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

async function openAdjust() {
  await userEvent.click(await screen.findByRole('button', { name: 'Adjust balance' }));
  return screen.getByRole('dialog', { name: 'Adjust gift card' });
}

describe('GiftCardPage', () => {
  it('shows the card and its history newest first: sales open their order, with the outlet and who', async () => {
    answer();
    openCard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Gift card 6100 0000 0000 0001' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Gift cards' }).getAttribute('href')).toBe('/gift-cards');
    expect(factOf('Balance')).toBe('$20.00');
    expect(factOf('Loaded')).toBe('$50.00');
    expect(factOf('Status')).toBe('Active');
    expect(factOf('Expires')).toBe('Never');
    expect(factOf('Sold at')).toBe('Main store');
    const table = screen.getByRole('table', { name: 'Gift card history' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => cellsOf(row).slice(1))).toEqual([
      ['Spent', 'HRB-000007', 'Harbour Road', '\u2212$30.00', '$20.00', 'Ada Lovelace'],
      ['Sold', 'MAIN-000042', 'Main store', '+$50.00', '$50.00', 'Carl Cash'],
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'HRB-000007' }).getAttribute('href')).toBe('/orders/43');
  });

  it('says an expired card is refused at the till and shows an adjustment’s reason', async () => {
    answer(
      buildDetail({
        status: 'expired',
        expiresAt: '2026-04-30T12:00:00.000Z',
        entries: [buildEntry({ id: 3, kind: 'adjusted', delta: 500, balanceAfter: 2500, orderId: null, orderNumber: null, outletName: null, reason: 'Damaged card replaced', userName: 'Ada Lovelace' })],
      }),
    );
    openCard();
    expect(await screen.findByText('This card has expired: the till refuses it. Its balance stays on record until it is adjusted.')).toBeTruthy();
    expect(factOf('Status')).toBe('Expired');
    expect(factOf('Expires')).toBe('Apr 30, 2026');
    const row = within(screen.getByRole('table', { name: 'Gift card history' })).getAllByRole('row')[1] as HTMLElement;
    expect(cellsOf(row).slice(1)).toEqual(['Adjusted', 'Damaged card replaced', '—', '+$5.00', '$25.00', 'Ada Lovelace']);
  });

  it('says when the card cannot be found', async () => {
    server.use(settingsHandler, rest.get('/api/gift-cards/5', () => HttpResponse.json({ message: 'Not found.' }, { status: 404 })));
    openCard();
    expect(await screen.findByText('Not found.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Gift card' })).toBeTruthy();
  });

  it('takes money off the card with a reason and shows the new balance', async () => {
    answer();
    openCard();
    const sent = recordRequests();
    const adjusted = buildDetail({ balance: 1500, entries: [buildEntry({ id: 9, kind: 'adjusted', delta: -500, balanceAfter: 1500, orderId: null, orderNumber: null, outletName: null, reason: 'Typed twice' })] });
    server.use(rest.post('/api/gift-cards/5/adjust', () => HttpResponse.json({ data: adjusted })));
    const dialog = await openAdjust();
    expect(within(dialog).getByText('Balance now: $20.00')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Take from the card/ }));
    await userEvent.type(within(dialog).getByLabelText('Amount (USD)'), '5');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Typed twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    await waitFor(() => expect(sent.find('POST', '/api/gift-cards/5/adjust')?.body).toEqual({ delta: -500, reason: 'Typed twice' }));
    expect(await screen.findByText('Gift card adjusted. New balance: $15.00.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(factOf('Balance')).toBe('$15.00');
  });

  it('refuses taking more than the balance, an empty amount or reason before sending, and shows the server’s message on the amount', async () => {
    answer();
    openCard();
    const sent = recordRequests();
    const dialog = await openAdjust();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect(messageOf(within(dialog).getByLabelText('Amount (USD)'))).toBe('Enter an amount greater than zero, like 1,234.50.');
    expect(messageOf(within(dialog).getByLabelText('Reason'))).toBe('Say why, e.g. Damaged card replaced.');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Take from the card/ }));
    await userEvent.type(within(dialog).getByLabelText('Amount (USD)'), '20.01');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Paid out');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    expect(messageOf(within(dialog).getByLabelText('Amount (USD)'))).toBe('The balance is only $20.00: the adjustment may take at most that.');
    expect(sent.find('POST', '/api/gift-cards/5/adjust')).toBeUndefined();

    // Another till spent the card meanwhile: the server's message lands on the amount.
    server.use(rest.post('/api/gift-cards/5/adjust', () => invalid({ delta: ['The balance is only $5.00: the adjustment may take at most that.'] })));
    await userEvent.clear(within(dialog).getByLabelText('Amount (USD)'));
    await userEvent.type(within(dialog).getByLabelText('Amount (USD)'), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Adjust' }));
    await waitFor(() => expect(messageOf(within(dialog).getByLabelText('Amount (USD)'))).toBe('The balance is only $5.00: the adjustment may take at most that.'));
  });
});
