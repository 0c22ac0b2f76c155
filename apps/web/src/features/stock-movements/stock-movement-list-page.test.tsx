import { defaultShopSettings, type Product, type ProductListItem, type StockLedgerEntry } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, pageOf, recordRequests, rest, server } from '../../testing/server.ts';
import { StockMovementListPage } from './stock-movement-list-page.tsx';

function entry(overrides: Partial<StockLedgerEntry>): StockLedgerEntry {
  return {
    id: 1,
    createdAt: '2026-11-20T09:00:00.000Z',
    outletId: 1,
    outletName: 'Main store',
    variantId: 51,
    productId: 5,
    productTitle: 'Cola',
    variantName: '330ml',
    sku: 'COLA-330',
    delta: -2,
    quantityAfter: 10,
    unitCost: 60,
    reason: 'sale',
    note: null,
    userId: 2,
    userName: 'Carl Cash',
    document: { type: 'order', id: 41, label: 'MAIN-000041', path: '/orders/41' },
    ...overrides,
  };
}

const rows = [
  entry({ id: 3, reason: 'count', delta: 3, quantityAfter: 13, userName: 'Ada Lovelace', note: 'Stock count SC-000042', document: { type: 'stock_count', id: 42, label: 'SC-000042', path: '/stock-counts/42' } }),
  entry({ id: 2, reason: 'adjustment', delta: 1, quantityAfter: 10, note: 'Found in the back', document: null }),
  entry({ id: 1 }),
];

const colaItem = { id: 5, title: 'Cola', sku: 'COLA-330', barcode: null, variantCount: 1, categories: [], stock: 13, stockStatus: 'in', price: 150, priceMax: 150, cost: 60, status: 'active', imageUrl: null, updatedAt: '2026-01-01T00:00:00.000Z' } as ProductListItem;

function renderList(path = '/stock-movements', answer = rows) {
  const sent = recordRequests();
  server.use(
    rest.get('/api/settings', () => HttpResponse.json({ data: defaultShopSettings })),
    rest.get('/api/outlets/list', () => HttpResponse.json({ data: [{ id: 1, name: 'Main store' }, { id: 2, name: 'Harbour Road' }] })),
    rest.get('/api/users', () => HttpResponse.json(pageOf([{ id: 2, name: 'Carl Cash' }]))),
    rest.get('/api/stock-movements', () => HttpResponse.json(pageOf(answer))),
    rest.get('/api/products', () => HttpResponse.json(pageOf([colaItem], { perPage: 8 }))),
    rest.get('/api/products/5/edit', () => HttpResponse.json({ data: { id: 5, title: 'Cola' } as Product })),
  );
  const view = renderScreen(<StockMovementListPage />, { path });
  return { ...view, sent, lastQuery: () => Object.fromEntries(sent.filter('GET', '/api/stock-movements').at(-1)?.search ?? []) };
}

describe('StockMovementListPage', () => {
  it('lists each movement with its change, reason, who and the document it belongs to', async () => {
    renderList();
    const countLink = await screen.findByRole('link', { name: 'SC-000042' });
    expect(countLink.getAttribute('href')).toBe('/stock-counts/42');
    const countRow = countLink.closest('tr') as HTMLElement;
    for (const text of ['Main store', 'Cola', '+3', '13', '$0.60', 'Stock count', 'Ada Lovelace']) expect(within(countRow).getByText(text)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'MAIN-000041' }).getAttribute('href')).toBe('/orders/41');
    const adjustment = screen.getByText('Found in the back').closest('tr') as HTMLElement;
    expect(within(adjustment).getByText('Adjustment')).toBeTruthy();
    expect(within(adjustment).queryByRole('link', { name: /SC-|MAIN-/ })).toBeNull();
    const sale = screen.getByRole('link', { name: 'MAIN-000041' }).closest('tr') as HTMLElement;
    expect(within(sale).getByText('−2')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/stock-movements/export');
  });

  it('sends the filters from the address and keeps new ones there, the export following them', async () => {
    const { user, router, lastQuery } = renderList('/stock-movements?reason=count&from=2026-11-01');
    await screen.findByRole('link', { name: 'SC-000042' });
    expect(lastQuery()).toEqual({ page: '1', perPage: '25', reason: 'count', from: '2026-11-01' });
    await screen.findByRole('option', { name: 'Harbour Road' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Outlet' }), 'Harbour Road');
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', perPage: '25', outletId: '2', reason: 'count', from: '2026-11-01' }));
    await screen.findByRole('option', { name: 'Carl Cash' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'User' }), 'Carl Cash');
    await waitFor(() => expect(lastQuery()).toMatchObject({ userId: '2' }));
    expect(router.state.location.search).toContain('userId=2');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/stock-movements/export?outletId=2&reason=count&userId=2&from=2026-11-01');
  });

  it('narrows to a product found by search, and shows it as a filter that can be cleared', async () => {
    const { user, lastQuery } = renderList();
    await screen.findByRole('link', { name: 'SC-000042' });
    await user.type(screen.getByRole('searchbox', { name: 'Product' }), 'col');
    await user.click(await screen.findByRole('button', { name: /Cola/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ productId: '5' }));
    const clear = await screen.findByRole('button', { name: 'Show every product' });
    await waitFor(() => expect(clear.parentElement?.textContent).toContain('Product: Cola'));
    await user.click(clear);
    await waitFor(() => expect(lastQuery()).not.toHaveProperty('productId'));
  });

  it('says when nothing matches the filters', async () => {
    renderList('/stock-movements?reason=transfer', []);
    expect(await screen.findByText('No stock movements match these filters.')).toBeTruthy();
  });
});
