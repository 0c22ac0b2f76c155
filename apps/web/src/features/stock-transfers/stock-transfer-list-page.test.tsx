import { defaultShopSettings, type StockTransferListItem } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, pageOf, recordRequests, rest, server } from '../../testing/server.ts';
import { StockTransferListPage } from './stock-transfer-list-page.tsx';
import { sent } from './stock-transfers.fixtures.ts';

const { items: _items, createdBy: _c, sentBy: _s, receivedBy: _r, updatedAt: _u, value: _v, shortValue: _sv, ...header } = sent;
const received: StockTransferListItem = {
  ...header,
  id: 12,
  number: 'TR-000012',
  status: 'received',
  unitCount: 9,
  receivedUnitCount: 7,
  receivedAt: '2026-11-21T10:00:00.000Z',
};
const draft: StockTransferListItem = { ...received, id: 13, number: 'TR-000013', status: 'draft', itemCount: 1, unitCount: 1, receivedUnitCount: null, sentAt: null, receivedAt: null };

function renderList(rows: StockTransferListItem[], path = '/stock-transfers') {
  server.use(
    rest.get('/api/settings', () => HttpResponse.json({ data: defaultShopSettings })),
    rest.get('/api/outlets/list', () => HttpResponse.json({ data: [{ id: 1, name: 'Main store' }, { id: 2, name: 'Harbour Road' }] })),
    rest.get('/api/stock-transfers', () => HttpResponse.json(pageOf(rows))),
  );
  return renderScreen(<StockTransferListPage />, { path, pattern: '/stock-transfers' });
}

describe('StockTransferListPage', () => {
  it('lists transfers with their route, status, units and shortfall; only a draft offers Delete', async () => {
    renderList([draft, received]);
    const row = (await screen.findByRole('link', { name: 'TR-000012' })).closest('tr')!;
    expect(within(row).getByText('Received')).toBeTruthy();
    expect(within(row).getByRole('cell', { name: /^2 items\s*9 units/ })).toBeTruthy();
    expect(within(row).getByText('2 short')).toBeTruthy();
    expect(row.textContent).toContain('Main store → Harbour Road');
    expect(within(row).queryByRole('button', { name: 'Delete TR-000012' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete TR-000013' })).toBeTruthy();
  });

  it('sends the status, outlet, days and number searched, newest first', async () => {
    const sent = recordRequests();
    renderList([draft]);
    await screen.findByRole('link', { name: 'TR-000013' });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'In transit');
    await userEvent.selectOptions(screen.getByLabelText('Outlet'), 'Harbour Road');
    await userEvent.type(screen.getByLabelText('Search stock transfers'), 'TR-12');
    await waitFor(() => {
      const search = sent.filter('GET', '/api/stock-transfers').at(-1)!.search;
      expect(Object.fromEntries(search)).toMatchObject({ status: 'sent', outletId: '2', search: 'TR-12', sort: '-createdAt' });
    });
  });

  it('says so when there are no transfers yet', async () => {
    renderList([]);
    expect(await screen.findByText(/No stock transfers yet\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add the first one' }).getAttribute('href')).toBe('/stock-transfers/new');
  });
});
