import type { RegisterListItem } from '@tillbook/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http.ts';
import { administrator, cashier, signIn } from '../../testing/fixtures.ts';
import { RegisterListPage } from './register-list-page.tsx';

const row: RegisterListItem = {
  id: 1,
  name: 'Till 1',
  slug: 'main-till-1',
  outletId: 1,
  receiptTemplateId: 1,
  active: true,
  createdAt: '',
  updatedAt: '',
  outletName: 'Main store',
  receiptTemplateName: 'Standard 80 mm',
  drawer: null,
};

function renderList(rows: RegisterListItem[], entry = '/registers') {
  const get = vi.spyOn(http, 'get').mockImplementation((url: string) => {
    if (url === '/api/registers') return Promise.resolve({ data: { data: rows, meta: { page: 1, perPage: 25, total: rows.length, lastPage: 1 } } });
    if (url === '/api/outlets/list') return Promise.resolve({ data: { data: [{ id: 1, name: 'Main store' }] } });
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/registers', Component: RegisterListPage }], { initialEntries: [entry] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return get;
}

describe('RegisterListPage', () => {
  it('lets an administrator add, edit and delete registers', async () => {
    signIn(administrator);
    renderList([row]);
    expect(await screen.findByRole('link', { name: 'Till 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add New' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByLabelText('Outlet')).toBeTruthy();
  });

  it('passes the template filter from the receipts list to the API', async () => {
    signIn(administrator);
    const get = renderList([row], '/registers?receiptTemplateId=4');
    await screen.findByRole('link', { name: 'Till 1' });
    expect(get).toHaveBeenCalledWith('/api/registers', { params: expect.objectContaining({ receiptTemplateId: '4' }) });
  });

  it('shows a cashier their outlet’s registers with no Add New, edit or delete', async () => {
    signIn(cashier);
    renderList([row]);
    expect(await screen.findByText('Till 1')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Till 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add New' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByLabelText('Outlet')).toBeNull();
  });

  it('tells a cashier whose outlet has no registers what to do', async () => {
    signIn(cashier);
    renderList([]);
    expect(await screen.findByText(/Your outlet has no active registers/)).toBeTruthy();
  });

  it('shows each drawer’s state with Open drawer, or Sell and Drawer while it is open, to a cashier', async () => {
    signIn(cashier);
    const open = { ...row, id: 2, name: 'Till 2', slug: 'main-till-2', drawer: { isOpen: true as const, sessionId: 7, openedByName: 'Sam Carter', openedAt: '2026-11-22T09:02:00.000Z' } };
    renderList([row, open]);
    const closedRow = (await screen.findByText('Till 1')).closest('tr')!;
    expect(within(closedRow).getByText('Closed')).toBeTruthy();
    expect(within(closedRow).getByRole('link', { name: 'Open drawer' }).getAttribute('href')).toBe('/registers/1/drawer');
    expect(within(closedRow).queryByRole('link', { name: 'Sell' })).toBeNull();
    const openRow = screen.getByText('Till 2').closest('tr')!;
    expect(within(openRow).getByText(/Sam Carter since/)).toBeTruthy();
    expect(within(openRow).getByRole('link', { name: 'Sell' }).getAttribute('href')).toBe('/registers/2/sell');
    expect(within(openRow).getByRole('link', { name: 'Drawer' }).getAttribute('href')).toBe('/registers/2/drawer');
  });

  it('offers no drawer on an inactive register to an administrator', async () => {
    signIn(administrator);
    renderList([{ ...row, active: false }]);
    await screen.findByRole('link', { name: 'Till 1' });
    expect(screen.queryByRole('link', { name: 'Open drawer' })).toBeNull();
  });
});
