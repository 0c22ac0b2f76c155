import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { administrator, cashier } from '../../testing/fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, pageOf, recordRequests, rest, server } from '../../testing/server.ts';
import { CustomerListPage } from './customer-list-page.tsx';
import { buildCustomer, settingsHandler } from './test-data.ts';

function answerCustomers(customers = [buildCustomer()]) {
  server.use(settingsHandler, rest.get('/api/customers', () => HttpResponse.json(pageOf(customers))));
}

function columnHeaders() {
  return within(screen.getByRole('table')).getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim());
}

describe('CustomerListPage', () => {
  it('shows the customer columns with points, money and orders', async () => {
    const sent = recordRequests();
    answerCustomers();
    renderScreen(<CustomerListPage />, { path: '/customers', signedInAs: administrator });
    const link = await screen.findByRole('link', { name: 'Grace Hopper' });
    expect(link.getAttribute('href')).toBe('/customers/7/edit');
    expect(columnHeaders()).toEqual(['Name', 'E-mail', 'Phone', 'Points', 'Total spent', 'Orders', 'Created', 'Actions']);
    const row = link.closest('tr') as HTMLElement;
    expect(await within(row).findByText('$123.45')).toBeTruthy();
    expect(within(row).getByText('120')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Customers' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/customers/export?sort=name');
    expect(Object.fromEntries(sent.find('GET', '/api/customers')?.search ?? [])).toEqual({ page: '1', perPage: '25', sort: 'name' });
  });

  it('hides delete and the export from a cashier', async () => {
    answerCustomers();
    renderScreen(<CustomerListPage />, { path: '/customers', signedInAs: cashier });
    await screen.findByRole('link', { name: 'Grace Hopper' });
    expect(screen.queryByRole('button', { name: 'Delete Grace Hopper' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit Grace Hopper' })).toBeTruthy();
  });

  it('invites to add the first customer when there is none', async () => {
    answerCustomers([]);
    renderScreen(<CustomerListPage />, { path: '/customers', signedInAs: administrator });
    expect(await screen.findByText(/No customers yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add the first one' }).getAttribute('href')).toBe('/customers/new');
  });

  it('sorts by points through the address, most first on the second click', async () => {
    const sent = recordRequests();
    answerCustomers([buildCustomer({ id: 8, name: 'Ada Lovelace', pointsBalance: 900 }), buildCustomer()]);
    const { user, router } = renderScreen(<CustomerListPage />, { path: '/customers?search=a', signedInAs: administrator });
    await screen.findByRole('link', { name: 'Grace Hopper' });
    await user.click(screen.getByRole('button', { name: /Points/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=a&sort=points'));
    expect(screen.getByRole('columnheader', { name: /Points/ }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(screen.getByRole('button', { name: /Points/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=a&sort=-points'));
    await waitFor(() => expect(Object.fromEntries(sent.filter('GET', '/api/customers').at(-1)?.search ?? [])).toEqual({ page: '1', perPage: '25', search: 'a', sort: '-points' }));
    expect(screen.getByRole('columnheader', { name: /Points/ }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/customers/export?search=a&sort=-points');
  });

  it('passes the filters in the address to the API', async () => {
    const sent = recordRequests();
    answerCustomers([]);
    renderScreen(<CustomerListPage />, { path: '/customers?search=grace&marketingConsent=1', signedInAs: administrator });
    expect(await screen.findByText('No customers match this search.')).toBeTruthy();
    expect(Object.fromEntries(sent.find('GET', '/api/customers')?.search ?? [])).toEqual({ page: '1', perPage: '25', search: 'grace', sort: 'name', marketingConsent: '1' });
  });
});
