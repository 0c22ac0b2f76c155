import { defaultShopSettings, type Dashboard } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { administrator, cashier, signIn } from '../../testing/fixtures.ts';
import { landing, renderScreen } from '../../testing/render.tsx';
import { HttpResponse, recordRequests, rest, server } from '../../testing/server.ts';
import { dashboardRefreshMs } from './api.ts';
import { busyDay, newShop } from './dashboard.fixtures.ts';
import { DashboardPage } from './dashboard-page.tsx';

function answer(dashboard: Dashboard) {
  server.use(
    rest.get('/api/settings', () => HttpResponse.json({ data: defaultShopSettings })),
    rest.get('/api/outlets/list', () => HttpResponse.json({ data: [{ id: 1, name: 'Main store' }, { id: 2, name: 'Harbour kiosk' }] })),
    rest.get('/api/dashboard', () => HttpResponse.json({ data: dashboard })),
  );
}

const block = (name: string) => within(screen.getByRole('region', { name }));

describe('DashboardPage', () => {
  it('shows today’s figures against the same weekday last week, the hours, the best sellers, low stock, open drawers and the last orders', async () => {
    signIn(administrator);
    answer(busyDay);
    renderScreen(<DashboardPage />, { path: '/dashboard', routes: [landing('/orders/:id', 'Order page'), landing('/products/:id/edit', 'Product form')] });

    const netSales = within(await screen.findByRole('listitem', { name: 'Net sales' }));
    expect(netSales.getByText('$12,345.50')).toBeTruthy();
    expect(netSales.getByText('+12.23 %').className).toContain('text-green-700');
    expect(netSales.getByText('$11,000.00')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Orders' })).getByText('1,234')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Orders' })).getByText('−5.08 %').className).toContain('text-red-700');
    // More refunds is bad news.
    expect(within(screen.getByRole('listitem', { name: 'Refunds' })).getByText('+200.00 %').className).toContain('text-red-700');
    expect(within(screen.getByRole('listitem', { name: 'Gross profit' })).getByText('2 products have no cost')).toBeTruthy();
    expect(screen.getAllByText(/Wednesday last week/).length).toBeGreaterThan(0);

    const hours = within(screen.getByRole('table', { name: 'Net sales by hour' }));
    expect(hours.getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['09:00$120.00$100.00', '14:00$305.50$0.00']);

    expect(block('Top products').getByText('Flat white').closest('tr')?.textContent).toBe('Flat white1,520$4,560.00');
    expect(block('Top categories').getByText('Coffee').closest('tr')?.textContent).toBe('Coffee2,100$6,300.00');
    expect(block('Low stock').getByRole('link', { name: /Oat milk — 1 l/ }).getAttribute('href')).toBe('/products/12/edit');
    const drawer = block('Open cash drawers').getByText('Till 1').closest('tr') as HTMLElement;
    for (const text of ['Main store', 'Carl Cash', '$250.75']) expect(within(drawer).getByText(text)).toBeTruthy();
    expect(within(drawer).getByText(/Nov 25, 2026/)).toBeTruthy();
    expect(block('Last orders').getByRole('link', { name: 'MAIN-000041' }).getAttribute('href')).toBe('/orders/41');
    expect(block('Last orders').getByText('Grace Hopper')).toBeTruthy();
  });

  it('reads well on a new shop', async () => {
    signIn(administrator);
    answer(newShop);
    renderScreen(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByText(/No sales yet today/)).toBeTruthy();
    expect(block('Top products').getByText('No products sold yet today.')).toBeTruthy();
    expect(block('Low stock').getByText('Nothing is running low.')).toBeTruthy();
    expect(block('Open cash drawers').getByText('No cash drawer is open.')).toBeTruthy();
    expect(block('Last orders').getByText(/No orders yet/)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Net sales by hour' })).toBeNull();
  });

  it('asks for the outlet chosen, keeping it in the address', async () => {
    signIn(administrator);
    answer(busyDay);
    const sent = recordRequests();
    const { router, user } = renderScreen(<DashboardPage />, { path: '/dashboard' });
    await screen.findByRole('listitem', { name: 'Net sales' });
    expect(sent.find('GET', '/api/dashboard')?.search.get('outlet')).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Outlet' }), await screen.findByRole('option', { name: 'Harbour kiosk' }));
    await waitFor(() => expect(sent.filter('GET', '/api/dashboard').at(-1)?.search.get('outlet')).toBe('2'));
    expect(router.state.location.search).toBe('?outlet=2');
    // The figures stay on screen while the outlet's load.
    expect(screen.getByRole('listitem', { name: 'Net sales' })).toBeTruthy();
  });

  it('refreshes by itself every minute', async () => {
    signIn(administrator);
    answer(busyDay);
    const { client } = renderScreen(<DashboardPage />, { path: '/dashboard' });
    await screen.findByRole('listitem', { name: 'Net sales' });
    const query = client.getQueryCache().find({ queryKey: ['dashboard', 'detail', 'all'] });
    expect(query?.observers[0]?.options.refetchInterval).toBe(60_000);
    expect(dashboardRefreshMs).toBe(60_000);
    // A refresh replaces the figures in place: the old ones stay until the new ones are there.
    answer({ ...busyDay, cards: busyDay.cards.map((c) => (c.key === 'orders' ? { ...c, value: 1240 } : c)) });
    await query?.fetch();
    expect(await within(screen.getByRole('listitem', { name: 'Orders' })).findByText('1,240')).toBeTruthy();
  });

  it('says when the figures could not be loaded', async () => {
    signIn(administrator);
    server.use(
      rest.get('/api/settings', () => HttpResponse.json({ data: defaultShopSettings })),
      rest.get('/api/outlets/list', () => HttpResponse.json({ data: [] })),
      rest.get('/api/dashboard', () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })),
    );
    renderScreen(<DashboardPage />, { path: '/dashboard' });
    expect((await screen.findByRole('alert')).textContent).toContain('The dashboard could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('tells a cashier it is not theirs, without asking for the figures', async () => {
    signIn(cashier);
    const sent = recordRequests();
    renderScreen(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'You are not allowed to open this page' })).toBeTruthy();
    expect(sent.find('GET', '/api/dashboard')).toBeUndefined();
  });
});
