import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { administrator } from '../../testing/fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, pageOf, rest, server } from '../../testing/server.ts';
import { buildStaffUser, pickerHandlers } from './test-data.ts';
import { UserListPage } from './user-list-page.tsx';

function columnHeaders() {
  return within(screen.getByRole('table')).getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim());
}

describe('UserListPage', () => {
  it('shows the staff columns with the type badge, outlet name and status', async () => {
    const users = [buildStaffUser(), buildStaffUser({ id: 1, name: 'Ada Lovelace', username: 'ada', type: 'administrator', outletId: null })];
    server.use(...pickerHandlers, rest.get('/api/users', () => HttpResponse.json(pageOf(users))));
    renderScreen(<UserListPage />, { path: '/users', signedInAs: administrator });
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
    server.use(...pickerHandlers, rest.get('/api/users', () => HttpResponse.json(pageOf([]))));
    renderScreen(<UserListPage />, { path: '/users', signedInAs: administrator });
    expect(await screen.findByRole('combobox', { name: 'Type' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Outlet' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Marketing consent' })).toBeNull();
  });
});
