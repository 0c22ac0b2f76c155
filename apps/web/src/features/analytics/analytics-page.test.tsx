import { defaultShopSettings, type AnalyticsReport } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { administrator, cashier, signIn } from '../../testing/fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, pageOf, recordRequests, rest, server } from '../../testing/server.ts';
import { heatmapReport, reportOf, revenueReport, revenueStats } from './analytics.fixtures.ts';
import { AnalyticsPage } from './analytics-page.tsx';

/** The shop is in Auckland: at noon UTC on the 24th it is already the 25th there. */
function answer(report: (url: URL) => AnalyticsReport = () => revenueReport()) {
  server.use(
    rest.get('/api/settings', () => HttpResponse.json({ data: { ...defaultShopSettings, timeZone: 'Pacific/Auckland' } })),
    rest.get('/api/outlets/list', () => HttpResponse.json({ data: [{ id: 1, name: 'Main store' }, { id: 2, name: 'Harbour kiosk' }] })),
    rest.get('/api/registers', () => HttpResponse.json(pageOf([{ id: 4, name: 'Till 1', outletId: 1, outletName: 'Main store' }]))),
    rest.get('/api/users', () => HttpResponse.json(pageOf([{ id: 2, name: 'Carl Cash' }]))),
    rest.get('/api/categories/list', () => HttpResponse.json({ data: [{ id: 3, name: 'Coffee', depth: 0 }] })),
    rest.get('/api/analytics', ({ request }) => HttpResponse.json({ data: report(new URL(request.url)) })),
    rest.get('/api/analytics/stats', () => HttpResponse.json({ data: revenueStats() })),
  );
}

function open(path: string) {
  return renderScreen(<AnalyticsPage />, { path, pattern: '/analytics' });
}

/** The report's rows are on screen. */
const loaded = () => screen.findByText('Nov 23, 2026');

const sentQuery = (sent: ReturnType<typeof recordRequests>) => Object.fromEntries(sent.filter('GET', '/api/analytics').at(-1)?.search ?? []);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
  signIn(administrator);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AnalyticsPage', () => {
  it('shows the report’s cards, table with its totals and notes, asking for the last 7 days of the shop by default', async () => {
    const sent = recordRequests();
    answer();
    open('/analytics?path=revenue');
    expect(await screen.findByRole('heading', { level: 1, name: 'Revenue' })).toBeTruthy();
    await loaded();
    const table = within(screen.getByRole('table', { name: 'Revenue' }));
    const [, first, second, totals] = table.getAllByRole('row');
    expect(first?.textContent).toBe('Nov 23, 20261,204$1,200.0025.34 %');
    expect(second?.textContent).toBe('Nov 24, 2026980$980.50—');
    expect(totals?.textContent).toBe('Total2,184$2,180.5025.00 %');
    expect(screen.getByText('Refunds count on the day they happen.')).toBeTruthy();
    const netSales = within(screen.getByRole('listitem', { name: 'Net sales' }));
    expect(netSales.getByText('$2,180.50')).toBeTruthy();
    expect(netSales.getByText('+9.03 %')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Refunds' })).getByText('−50.00 %').className).toContain('text-green-700');
    expect(sentQuery(sent)).toEqual({ report: 'revenue', from: '2026-11-19', to: '2026-11-25', groupBy: 'day', page: '1', perPage: '25' });
    expect(Object.fromEntries(sent.find('GET', '/api/analytics/stats')?.search ?? [])).toEqual({ report: 'revenue', from: '2026-11-19', to: '2026-11-25', groupBy: 'day' });
    expect(within(screen.getByRole('table', { name: 'Chart figures' })).getByText('$980.50')).toBeTruthy();
  });

  it('follows the report named in the address: report wins over SPEC’s path', async () => {
    const sent = recordRequests();
    answer((url) => reportOf((url.searchParams.get('report') ?? 'revenue') as AnalyticsReport['report']));
    const { router } = open('/analytics?report=taxes&path=stock');
    expect(await screen.findByRole('heading', { level: 1, name: 'Taxes' })).toBeTruthy();
    await waitFor(() => expect(sentQuery(sent).report).toBe('taxes'));
    await router.navigate('/analytics?path=profits');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profits' })).toBeTruthy();
    await waitFor(() => expect(sentQuery(sent).report).toBe('profits'));
    // The taxes report has no cashier filter; the profits report has a category filter.
    expect(screen.queryByRole('combobox', { name: 'Cashier' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Category' })).toBeTruthy();
  });

  it('asks for the dates of the preset chosen, in the shop’s time zone, and keeps it in the address', async () => {
    const sent = recordRequests();
    answer();
    const { router, user } = open('/analytics?report=revenue');
    await loaded();
    const preset = screen.getByRole('combobox', { name: 'Date range' });

    await user.selectOptions(preset, 'Yesterday');
    await waitFor(() => expect(sentQuery(sent)).toMatchObject({ from: '2026-11-24', to: '2026-11-24', groupBy: 'hour' }));
    expect(router.state.location.search).toBe('?report=revenue&range=yesterday');

    await user.selectOptions(preset, 'Last month');
    await waitFor(() => expect(sentQuery(sent)).toMatchObject({ from: '2026-10-01', to: '2026-10-31', groupBy: 'day' }));

    await user.selectOptions(preset, 'Custom');
    await waitFor(() => expect(router.state.location.search).toBe('?report=revenue&range=custom&from=2026-10-01&to=2026-10-31'));
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-10-01');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Group by' }), 'Week');
    await user.click(screen.getByRole('checkbox', { name: 'Compare with previous period' }));
    await waitFor(() => expect(sentQuery(sent)).toMatchObject({ from: '2026-10-01', to: '2026-10-31', groupBy: 'week', compare: 'previous' }));
  });

  it('puts a filter in the address and in the request, and the CSV link follows', async () => {
    const sent = recordRequests();
    answer();
    const { router, user } = open('/analytics?report=revenue&range=this-month&sort=-netSales');
    await loaded();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Outlet' }), await screen.findByRole('option', { name: 'Harbour kiosk' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tender' }), 'Card');
    await waitFor(() => expect(sentQuery(sent)).toMatchObject({ outlet: '2', tender: 'card', from: '2026-11-01', to: '2026-11-25', sort: '-netSales' }));
    expect(router.state.location.search).toBe('?report=revenue&range=this-month&sort=-netSales&outlet=2&tender=card');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/analytics?report=revenue&from=2026-11-01&to=2026-11-25&groupBy=day&outlet=2&tender=card&sort=-netSales&format=csv',
    );
  });

  it('limits a report to a product named in the address, by its title, and drops filters the report does not take', async () => {
    const sent = recordRequests();
    answer();
    server.use(rest.get('/api/products/7/edit', () => HttpResponse.json({ data: { id: 7, title: 'Flat white' } })));
    const { router, user } = open('/analytics?report=products&product=7&cashier=2');
    await loaded();
    const product = within(screen.getByRole('group', { name: 'Product' }));
    expect(await product.findByText('Flat white')).toBeTruthy();
    expect(sentQuery(sent)).toMatchObject({ report: 'products', product: '7' });
    expect(sentQuery(sent).cashier).toBeUndefined();
    await user.click(product.getByRole('button', { name: 'All products' }));
    await waitFor(() => expect(sentQuery(sent).product).toBeUndefined());
    expect(router.state.location.search).toBe('?report=products&cashier=2');
    expect(product.getByRole('searchbox', { name: 'Find a product' })).toBeTruthy();
  });

  it('sorts by a column from its header, the sort in the address', async () => {
    const sent = recordRequests();
    answer();
    const { router, user } = open('/analytics?report=revenue');
    await loaded();
    const table = within(screen.getByRole('table', { name: 'Revenue' }));
    expect(table.queryByRole('button', { name: /Margin/ })).toBeNull();
    await user.click(table.getByRole('button', { name: /Orders/ }));
    await waitFor(() => expect(sentQuery(sent).sort).toBe('orders'));
    expect(router.state.location.search).toBe('?report=revenue&sort=orders');
    await user.click(table.getByRole('button', { name: /Orders/ }));
    await waitFor(() => expect(sentQuery(sent).sort).toBe('-orders'));
    expect(table.getByRole('columnheader', { name: /Orders/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it.each([
    ['the range, beside the dates', '/analytics?report=revenue&from=2026-11-20&to=2026-11-10', 'to', 'To', 'The end date must be on or after the start date.'],
    ['an inventory option, on its field', '/analytics?report=inventory&deadDays=0', 'deadDays', 'Dead stock after (days)', 'The days without a sale must be between 1 and 3650.'],
  ])('shows the server’s refusal of %s', async (_case, path, name, label, message) => {
    answer();
    server.use(
      rest.get('/api/analytics', () => invalid({ [name]: [message] })),
      rest.get('/api/analytics/stats', () => invalid({ [name]: [message] })),
    );
    open(path);
    const field = await screen.findByLabelText(label);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
    expect(screen.queryByRole('table', { name: /Revenue|Inventory/ })).toBeNull();
  });

  it('says on paper which rows of how many a printed page holds', async () => {
    answer(() => revenueReport({ meta: { page: 2, perPage: 25, total: 20_000, lastPage: 800 } }));
    open('/analytics?report=revenue&page=2');
    await loaded();
    expect(screen.getByText('Rows 26–50 of 20,000. Export CSV holds every row.').className).toContain('print:block');
  });

  it('says when the report could not be loaded, with a way to try again', async () => {
    answer();
    server.use(rest.get('/api/analytics', () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })));
    open('/analytics?report=revenue');
    const table = within(await screen.findByRole('table', { name: 'Revenue' }));
    expect((await table.findByRole('alert')).textContent).toBe('Something went wrong. Please try again.');
    expect(table.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('draws the orders heat map with its figures as text', async () => {
    answer(() => heatmapReport);
    open('/analytics?report=orders');
    const heatmap = within(await screen.findByRole('table', { name: 'Heat map' }));
    expect(heatmap.getByRole('row', { name: /Mon/ }).textContent).toBe('Mon121,450');
    expect(heatmap.getByRole('columnheader', { name: '10' })).toBeTruthy();
  });

  it('tells a cashier the reports are not theirs, without asking for them', async () => {
    signIn(cashier);
    const sent = recordRequests();
    open('/analytics?report=revenue');
    expect(await screen.findByRole('heading', { level: 1, name: 'You are not allowed to open this page' })).toBeTruthy();
    expect(sent.find('GET', '/api/analytics')).toBeUndefined();
  });
});
