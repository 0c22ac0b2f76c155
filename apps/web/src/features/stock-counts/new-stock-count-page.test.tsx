import { defaultShopSettings } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { administrator } from '../../testing/fixtures.ts';
import { landing, renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, pageOf, recordRequests, rest, server } from '../../testing/server.ts';
import { countListItem } from './count.fixtures.ts';
import { NewStockCountPage } from './new-stock-count-page.tsx';
import { StockCountListPage } from './stock-count-list-page.tsx';

function mockChoices() {
  server.use(
    rest.get('/api/settings', () => HttpResponse.json({ data: defaultShopSettings })),
    rest.get('/api/outlets/list', () => HttpResponse.json({ data: [{ id: 1, name: 'Main store' }, { id: 2, name: 'Harbour Road' }] })),
    rest.get('/api/categories/list', () =>
      HttpResponse.json({
        data: [
          { id: 3, name: 'Drinks', parentId: null, depth: 0, colour: null, active: true },
          { id: 4, name: 'Soda', parentId: 3, depth: 1, colour: null, active: true },
        ],
      }),
    ),
    rest.get('/api/products', () => HttpResponse.json(pageOf([], { perPage: 10 }))),
  );
}

const started = { id: 42, number: 'SC-000042', totals: { lines: 120 } };

describe('NewStockCountPage', () => {
  it('starts a count of a category at an outlet and opens its sheet', async () => {
    mockChoices();
    const sent = recordRequests();
    server.use(rest.post('/api/stock-counts/create', () => HttpResponse.json({ data: started }, { status: 201 })));
    const { user } = renderScreen(<NewStockCountPage />, { path: '/stock-counts/new', routes: [landing('/stock-counts/42', 'The sheet of SC-000042')] });
    await screen.findByRole('option', { name: 'Harbour Road' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Outlet' }), 'Harbour Road');
    await user.click(screen.getByRole('radio', { name: /A category/ }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Category' }), await screen.findByRole('option', { name: /Soda/ }));
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Aisle 3');
    await user.click(screen.getByRole('button', { name: 'Start count' }));
    expect(await screen.findByText('The sheet of SC-000042')).toBeTruthy();
    expect(sent.find('POST', '/api/stock-counts/create')?.body).toEqual({ outletId: 2, scope: 'category', categoryId: 4, variantIds: [], note: 'Aisle 3' });
    expect(screen.getByText('SC-000042 started: 120 lines to count.')).toBeTruthy();
  });

  it('asks for what is missing before sending, and keeps what was chosen when the server refuses a product of the list', async () => {
    mockChoices();
    const sent = recordRequests();
    server.use(
      rest.get('/api/products/variants', () =>
        HttpResponse.json({ data: [{ variantId: 91, productId: 9, productTitle: 'Gift card', variantName: '', sku: 'GIFT', barcode: '4006381333931', cost: 0, price: 2000 }] }),
      ),
      rest.post('/api/stock-counts/create', () => invalid({ 'variantIds.0': ['This product does not track stock.'] })),
    );
    const { user } = renderScreen(<NewStockCountPage />, { path: '/stock-counts/new' });
    await screen.findByRole('option', { name: 'Main store' });
    await user.click(screen.getByRole('radio', { name: /A list of products/ }));
    await user.click(screen.getByRole('button', { name: 'Start count' }));
    expect(await screen.findByText('Choose the outlet to count.')).toBeTruthy();
    expect(screen.getByText('Add at least one product to count.')).toBeTruthy();
    expect(sent.find('POST', '/api/stock-counts/create')).toBeUndefined();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Outlet' }), 'Main store');
    await user.type(screen.getByRole('searchbox', { name: 'Add a product to count' }), '4006381333931{Enter}');
    const products = await screen.findByRole('list', { name: 'Products to count' });
    await user.click(screen.getByRole('button', { name: 'Start count' }));
    expect(await within(products).findByText('This product does not track stock.')).toBeTruthy();
    expect(within(products).getByText('Gift card')).toBeTruthy();
    await waitFor(() => expect(sent.find('POST', '/api/stock-counts/create')?.body).toEqual({ outletId: 1, scope: 'list', categoryId: null, variantIds: [91], note: '' }));
  });
});

describe('StockCountListPage', () => {
  const item = { ...countListItem, lineCount: 120, countedCount: 37 };

  it('lists counts with their progress, each opening its sheet, and filters by status and dates', async () => {
    mockChoices();
    const sent = recordRequests();
    server.use(rest.get('/api/stock-counts', () => HttpResponse.json(pageOf([item]))));
    const { user, router } = renderScreen(<StockCountListPage />, { path: '/stock-counts?from=2026-11-01', signedInAs: administrator });
    const link = await screen.findByRole('link', { name: 'SC-000042' });
    expect(link.getAttribute('href')).toBe('/stock-counts/42');
    const row = link.closest('tr') as HTMLElement;
    for (const text of ['Main store', 'Category: Drinks', 'Counting', '37 of 120']) expect(within(row).getByText(text)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start a count' }).getAttribute('href')).toBe('/stock-counts/new');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Applied');
    await waitFor(() => expect(Object.fromEntries(sent.filter('GET', '/api/stock-counts').at(-1)?.search ?? [])).toEqual({ page: '1', perPage: '25', sort: '-createdAt', status: 'applied', from: '2026-11-01' }));
    expect(router.state.location.search).toContain('status=applied');
  });

  it('invites to start the first count when there is none', async () => {
    mockChoices();
    server.use(rest.get('/api/stock-counts', () => HttpResponse.json(pageOf([]))));
    renderScreen(<StockCountListPage />, { path: '/stock-counts', signedInAs: administrator });
    expect(await screen.findByRole('link', { name: 'Start the first count' })).toBeTruthy();
  });
});
