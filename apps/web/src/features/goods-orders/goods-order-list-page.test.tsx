import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { administrator } from '../../testing/fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, rest, server } from '../../testing/server.ts';
import { GoodsOrderListPage } from './goods-order-list-page.tsx';
import { buildListItem, goodsOrderPageOf, mockGoodsOrderGets } from './goods-orders.fixtures.ts';

function renderList(path = '/goods-orders') {
  return renderScreen(<GoodsOrderListPage />, { path, signedInAs: administrator }).router;
}

const lastQuery = (sent: ReturnType<typeof mockGoodsOrderGets>) => Object.fromEntries(sent.filter('GET', '/api/goods-orders').at(-1)?.search ?? []);

describe('GoodsOrderListPage', () => {
  beforeEach(() => {
    // "Today" in the shop (UTC by default) is Dec 1, 2026: an order expected Nov 30 and still open is overdue.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-01T12:00:00Z') });
  });
  afterEach(() => vi.useRealTimers());

  it('shows each order with its supplier, outlet, status, expected day (overdue marked), units received of ordered and total, and the totals of the filtered set', async () => {
    const sent = mockGoodsOrderGets({
      '/api/goods-orders': goodsOrderPageOf(
        [
          buildListItem({ status: 'partially_received', receivedUnits: 5 }),
          buildListItem({ id: 43, number: 'PO-000043', status: 'draft', supplierName: 'Bean Brothers', outletName: 'Harbour Road', expectedAt: '2026-11-20', itemCount: 1, units: 6, total: 9000 }),
        ],
        { count: 2, total: 12_345_67 },
      ),
    });
    renderList();
    const link = await screen.findByRole('link', { name: 'PO-000042' });
    expect(link.getAttribute('href')).toBe('/goods-orders/42/edit');
    const row = link.closest('tr') as HTMLElement;
    for (const text of ['Fresh Farm Ltd', 'Main store', 'Partially received', 'Overdue', '2 lines · 5 of 15 units', '$56.40']) expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).getByText(/Nov 30, 2026/)).toBeTruthy();
    // A draft is not late: its day is shown without the mark.
    const draft = screen.getByRole('link', { name: 'PO-000043' }).closest('tr') as HTMLElement;
    expect(within(draft).getByText('Draft')).toBeTruthy();
    expect(within(draft).getByText('1 line · 6 units')).toBeTruthy();
    expect(within(draft).queryByText('Overdue')).toBeNull();
    expect(screen.getByTestId('goods-order-totals').textContent).toBe('2 goods orders · worth $12,345.67');
    expect(lastQuery(sent)).toEqual({ page: '1', perPage: '25', sort: '-createdAt' });
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/goods-orders/export?sort=-createdAt');
  });

  it('sends the filters from the address, keeps new ones there, and the export follows them', async () => {
    const sent = mockGoodsOrderGets({ '/api/goods-orders': goodsOrderPageOf([buildListItem()], { count: 1, total: 5640 }) });
    const router = renderList('/goods-orders?status=ordered&from=2026-11-01&to=2026-11-30&search=PO-42');
    await screen.findByRole('link', { name: 'PO-000042' });
    expect(lastQuery(sent)).toEqual({ page: '1', perPage: '25', search: 'PO-42', sort: '-createdAt', status: 'ordered', from: '2026-11-01', to: '2026-11-30' });
    expect((screen.getByLabelText('From date') as HTMLInputElement).value).toBe('2026-11-01');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('ordered');

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Supplier' }), 'Fresh Farm Ltd');
    await waitFor(() => expect(lastQuery(sent)).toMatchObject({ supplierId: '4', status: 'ordered' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Outlet' }), 'Harbour Road');
    await waitFor(() => expect(lastQuery(sent)).toMatchObject({ supplierId: '4', outletId: '2' }));
    expect(router.state.location.search).toContain('supplierId=4');
    expect(router.state.location.search).toContain('outletId=2');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/goods-orders/export?search=PO-42&sort=-createdAt&status=ordered&supplierId=4&outletId=2&from=2026-11-01&to=2026-11-30',
    );
  });

  it('offers to create the first goods order when there are none, and says when filters match nothing', async () => {
    mockGoodsOrderGets({ '/api/goods-orders': goodsOrderPageOf([], { count: 0, total: 0 }) });
    const first = renderScreen(<GoodsOrderListPage />, { path: '/goods-orders', signedInAs: administrator });
    const create = await screen.findByRole('link', { name: 'Create the first goods order' });
    expect(create.getAttribute('href')).toBe('/goods-orders/new');
    first.unmount();

    renderList('/goods-orders?status=cancelled');
    expect(await screen.findByText('No goods orders match these filters.')).toBeTruthy();
    expect(screen.getByTestId('goods-order-totals').textContent).toBe('0 goods orders · worth $0.00');
  });

  it('says when the list cannot be loaded', async () => {
    mockGoodsOrderGets();
    server.use(rest.get('/api/goods-orders', () => HttpResponse.json({ message: 'Server error.' }, { status: 500 })));
    renderList();
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
  });
});
