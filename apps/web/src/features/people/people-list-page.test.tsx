import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { administrator, cashier, signIn } from '../../testing/fixtures.ts';
import { CustomerListPage, UserListPage } from './people-list-page.tsx';
import { buildCustomer, buildStaffUser, mockPeopleGets, pageOf } from './test-data.ts';

function renderList(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/customers', Component: CustomerListPage },
      { path: '/users', Component: UserListPage },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

function columnHeaders() {
  return within(screen.getByRole('table')).getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim());
}

afterEach(() => window.localStorage.clear());

describe('PeopleListPage in customers mode', () => {
  it('shows the customer columns with points, money and orders', async () => {
    signIn(administrator);
    const get = mockPeopleGets({ '/api/customers': pageOf([buildCustomer()]).data });
    renderList('/customers');
    const link = await screen.findByRole('link', { name: 'Grace Hopper' });
    expect(link.getAttribute('href')).toBe('/customers/7/edit');
    expect(columnHeaders()).toEqual(['Name', 'E-mail', 'Phone', 'Points', 'Total spent', 'Orders', 'Created', 'Actions']);
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('$123.45')).toBeTruthy();
    expect(within(row).getByText('120')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Customers' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/customers/export?sort=name');
    expect(get).toHaveBeenCalledWith('/api/customers', { params: { page: 1, perPage: 25, sort: 'name' } });
  });

  it('hides delete and the export from a cashier', async () => {
    signIn(cashier);
    mockPeopleGets({ '/api/customers': pageOf([buildCustomer()]).data });
    renderList('/customers');
    await screen.findByRole('link', { name: 'Grace Hopper' });
    expect(screen.queryByRole('button', { name: 'Delete Grace Hopper' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit Grace Hopper' })).toBeTruthy();
  });

  it('invites to add the first customer when there is none', async () => {
    signIn(administrator);
    mockPeopleGets({ '/api/customers': pageOf([]).data });
    renderList('/customers');
    expect(await screen.findByText(/No customers yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add the first one' }).getAttribute('href')).toBe('/customers/new');
  });

  it('passes the filters in the address to the API', async () => {
    signIn(administrator);
    const get = mockPeopleGets({ '/api/customers': pageOf([]).data });
    renderList('/customers?search=grace&marketingConsent=1');
    expect(await screen.findByText('No customers match this search.')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/api/customers', { params: { page: 1, perPage: 25, search: 'grace', sort: 'name', marketingConsent: '1' } });
  });
});

describe('PeopleListPage in users mode', () => {
  it('shows the staff columns with the type badge, outlet name and status', async () => {
    signIn(administrator);
    mockPeopleGets({ '/api/users': pageOf([buildStaffUser(), buildStaffUser({ id: 1, name: 'Ada Lovelace', username: 'ada', type: 'administrator', outletId: null })]).data });
    renderList('/users');
    const link = await screen.findByRole('link', { name: 'Hana Harbour' });
    expect(link.getAttribute('href')).toBe('/users/9/edit');
    expect(columnHeaders()).toEqual(['Name', 'Username', 'Type', 'Outlet', 'E-mail', 'Status', 'Actions']);
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('Cashier')).toBeTruthy();
    expect(await within(row).findByText('Harbour Road')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Staff' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
    // Nobody deletes themselves.
    expect(screen.getByRole('button', { name: 'Delete Hana Harbour' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Ada Lovelace' })).toBeNull();
  });

  it('filters by type, outlet and status', async () => {
    signIn(administrator);
    mockPeopleGets({ '/api/users': pageOf([]).data });
    renderList('/users');
    expect(await screen.findByRole('combobox', { name: 'Type' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Outlet' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Marketing consent' })).toBeNull();
  });
});
