import type { GiftCard } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { administrator } from '../../testing/fixtures.ts';
import { landing, renderScreen } from '../../testing/render.tsx';
import { HttpResponse, recordRequests, rest, server } from '../../testing/server.ts';
import { GiftCardListPage } from './gift-card-list-page.tsx';
import { buildGiftCard, settingsHandler } from './test-data.ts';

const cards: GiftCard[] = [
  buildGiftCard({ id: 7, code: '6200000000000004', loaded: 1500, balance: 1500, status: 'expired', expiresAt: '2026-04-30T12:00:00.000Z', orderId: 50, orderNumber: 'MAIN-000050' }),
  buildGiftCard({ id: 6, code: 'GIFT2026XMAS', loaded: 1000, balance: 0, status: 'used', outletId: null, outletName: null, orderId: null, orderNumber: null }),
  buildGiftCard(),
];

function answer(rows: GiftCard[] = cards, totals = { count: 3, balance: 3500, loaded: 7500 }) {
  server.use(
    settingsHandler,
    rest.get('/api/gift-cards', () => HttpResponse.json({ data: rows, meta: { page: 1, perPage: 25, total: rows.length, lastPage: 1, totals } })),
  );
}

function openList(path = '/gift-cards') {
  return renderScreen(<GiftCardListPage />, { path, signedInAs: administrator, routes: [landing('/gift-cards/:id', 'Gift card screen'), landing('/orders/:id', 'Order screen')] });
}

const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((td) => td.textContent);

describe('GiftCardListPage', () => {
  it('lists the cards with their code in groups of four, state, balance, expiry and where they were sold, and the totals', async () => {
    answer();
    openList();
    const table = await screen.findByRole('table', { name: 'Gift cards' });
    await within(table).findByText('6100 0000 0000 0001');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent?.replace(/[↕▲▼]/g, ''))).toEqual(['Code', 'Status', 'Balance', 'Loaded', 'Expires', 'Sold at', 'Sold', 'Last change']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => cellsOf(row).slice(0, 6))).toEqual([
      ['6200 0000 0000 0004', 'Expired', '$15.00', '$15.00', 'Apr 30, 2026', 'Main storeMAIN-000050'],
      ['GIFT 2026 XMAS', 'Used up', '$0.00', '$10.00', 'Never', '—'],
      ['6100 0000 0000 0001', 'Active', '$20.00', '$50.00', 'Never', 'Main storeMAIN-000042'],
    ]);
    expect(within(rows[2] as HTMLElement).getByRole('link', { name: '6100 0000 0000 0001' }).getAttribute('href')).toBe('/gift-cards/5');
    expect(within(rows[2] as HTMLElement).getByRole('link', { name: 'MAIN-000042' }).getAttribute('href')).toBe('/orders/42');
    expect(screen.getByTestId('gift-card-totals').textContent).toBe('3 cards · $35.00 outstanding · $75.00 loaded');
  });

  it('sends the search, status and sort from the address, newest first by default', async () => {
    answer();
    const sent = recordRequests();
    openList('/gift-cards?search=6100%200000&status=active');
    await screen.findByRole('table', { name: 'Gift cards' });
    await waitFor(() => expect(sent.find('GET', '/api/gift-cards')).toBeDefined());
    const search = sent.find('GET', '/api/gift-cards')!.search;
    expect(Object.fromEntries(search)).toEqual({ page: '1', perPage: '25', search: '6100 0000', sort: '-createdAt', status: 'active' });
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('active');
  });

  it('narrows the list by status from the filter', async () => {
    answer();
    const sent = recordRequests();
    const { user } = openList();
    await screen.findByRole('table', { name: 'Gift cards' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Expired');
    await waitFor(() => expect(sent.filter('GET', '/api/gift-cards').some((r) => r.search.get('status') === 'expired')).toBe(true));
    expect(screen.getByRole('option', { name: 'Used up' })).toBeTruthy();
  });

  it('says how to sell the first card when there are none', async () => {
    answer([], { count: 0, balance: 0, loaded: 0 });
    openList();
    expect(await screen.findByText('No gift cards yet. Sell one at the till: Gift card on the sell screen.')).toBeTruthy();
    expect(screen.getByTestId('gift-card-totals').textContent).toBe('0 cards · $0.00 outstanding · $0.00 loaded');
  });

  it('says when a search matches nothing', async () => {
    answer([], { count: 0, balance: 0, loaded: 0 });
    openList('/gift-cards?search=9999');
    expect(await screen.findByText('No gift cards match this search.')).toBeTruthy();
  });

  it('says when the list could not be loaded and offers to try again', async () => {
    server.use(settingsHandler, rest.get('/api/gift-cards', () => HttpResponse.json({ message: 'Server error.' }, { status: 500 })));
    openList();
    expect(await screen.findByRole('button', { name: /try again/i })).toBeTruthy();
  });
});
