import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { administrator, cashier, signIn } from '../../testing/fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { OrderListPage } from './order-list-page.tsx';
import { buildListItem, mockOrderGets, orderPageOf } from '../../testing/orders.fixtures.ts';

function renderList(path = '/orders') {
  return renderScreen(<OrderListPage />, { path }).router;
}

const nothingBack = (total: number, taxTotal: number) => ({ refunded: { count: 0, total: 0, taxTotal: 0 }, netOfRefunds: { total, taxTotal } });
const totals = { count: 124, total: 340_210, taxTotal: 51_200, discountTotal: 0, ...nothingBack(340_210, 51_200) };

describe('OrderListPage', () => {
  it('shows each sale and the filtered set’s totals, and links to the order', async () => {
    signIn(administrator);
    const sent = mockOrderGets({ '/api/orders': orderPageOf([buildListItem()], totals) });
    renderList();
    const link = await screen.findByRole('link', { name: 'MAIN-000041' });
    expect(link.getAttribute('href')).toBe('/orders/41');
    const row = link.closest('tr') as HTMLElement;
    for (const text of ['Main store', 'Till 1', 'Carl Cash', 'Grace Hopper', 'Paid', 'Cash + Card', '$61.20']) expect(within(row).getByText(text)).toBeTruthy();
    expect(screen.getByTestId('order-totals').textContent).toBe('124 orders · sold $3,402.10 · tax $512.00');
    expect(Object.fromEntries(sent.find('GET', '/api/orders')?.search ?? [])).toEqual({ page: '1', perPage: '25', sort: '-createdAt' });
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/orders/export?sort=-createdAt');
  });

  it('sends the filters from the address and keeps new ones there, the export following them', async () => {
    signIn(administrator);
    const sent = mockOrderGets({ '/api/orders': orderPageOf([buildListItem()], totals) });
    const router = renderList('/orders?from=2026-11-01&to=2026-11-22&status=paid&search=grace');
    await screen.findByRole('link', { name: 'MAIN-000041' });
    expect(Object.fromEntries(sent.find('GET', '/api/orders')?.search ?? [])).toEqual({ page: '1', perPage: '25', search: 'grace', sort: '-createdAt', from: '2026-11-01', to: '2026-11-22', status: 'paid' });
    const lastList = () => Object.fromEntries(sent.filter('GET', '/api/orders').at(-1)?.search ?? []);

    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Tender' }), 'card');
    await waitFor(() =>
      expect(lastList()).toEqual({ page: '1', perPage: '25', search: 'grace', sort: '-createdAt', from: '2026-11-01', to: '2026-11-22', status: 'paid', tender: 'card' }),
    );
    expect(router.state.location.search).toContain('tender=card');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Register' }), 'Till 1');
    await waitFor(() => expect(lastList()).toMatchObject({ registerId: '2', tender: 'card' }));
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/orders/export?search=grace&sort=-createdAt&from=2026-11-01&to=2026-11-22&registerId=2&status=paid&tender=card',
    );
  });

  it('says when no sale matches, and leaves the export to administrators', async () => {
    signIn(cashier);
    mockOrderGets({ '/api/orders': orderPageOf([], { count: 0, total: 0, taxTotal: 0, discountTotal: 0, ...nothingBack(0, 0) }) });
    renderList('/orders?status=refunded');
    expect(await screen.findByText('No orders match these filters.')).toBeTruthy();
    expect(screen.getByTestId('order-totals').textContent).toBe('0 orders · sold $0.00 · tax $0.00');
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
  });

  it('shows what came back: refunded and net beside the sold totals, and the refunded part on a row', async () => {
    signIn(administrator);
    const refunded = { count: 3, total: 12_000, taxTotal: 2000 };
    mockOrderGets({
      '/api/orders': orderPageOf([buildListItem({ status: 'partially_refunded', refunded: { count: 1, total: 3000, taxTotal: 500 } })], {
        ...totals,
        refunded,
        netOfRefunds: { total: 328_210, taxTotal: 49_200 },
      }),
    });
    renderList();
    const link = await screen.findByRole('link', { name: 'MAIN-000041' });
    expect(within(link.closest('tr') as HTMLElement).getByText('−$30.00 refunded')).toBeTruthy();
    expect(screen.getByTestId('order-totals').textContent).toBe(
      '124 orders · sold $3,402.10 · tax $512.00 · refunded −$120.00 (tax −$20.00) · net $3,282.10 · net tax $492.00',
    );
  });
});
