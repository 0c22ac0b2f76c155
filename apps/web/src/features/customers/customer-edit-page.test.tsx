import type { CustomerNote } from '@tillbook/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http.ts';
import { administrator, cashier, signIn } from '../../testing/fixtures.ts';
import { buildCustomer, mockPeopleGets, pageOf } from '../people/test-data.ts';
import { CustomerEditPage } from './customer-edit-page.tsx';
import { CustomerOrdersPage } from './customer-orders-page.tsx';

function note(overrides: Partial<CustomerNote>): CustomerNote {
  return { id: 1, customerId: 7, body: 'Prefers paper bags.', printOnReceipt: false, userId: 1, userName: 'Ada Lovelace', createdAt: '2026-01-02T10:00:00.000Z', ...overrides };
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/customers/:id/edit', Component: CustomerEditPage },
      { path: '/customers/:id/orders', Component: CustomerOrdersPage },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => window.localStorage.clear());

describe('customer page tabs', () => {
  it('shows Details, Notes, Points and Orders tabs above the details form', async () => {
    mockPeopleGets({ '/api/customers/7/edit': { data: buildCustomer() } });
    renderAt('/customers/7/edit');
    const tabs = await screen.findByRole('navigation', { name: 'Customer' });
    expect(within(tabs).getAllByRole('link').map((a) => a.textContent)).toEqual(['Details', 'Notes', 'Points', 'Orders']);
    expect(within(tabs).getByRole('link', { name: 'Details' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByLabelText('Name')).toBeTruthy();
  });

  it('lets a cashier add a note and delete only their own', async () => {
    signIn(cashier);
    mockPeopleGets({
      '/api/customers/7/edit': { data: buildCustomer() },
      '/api/customers/7/notes': { data: [note({ id: 1, userId: 1, body: 'From the office.' }), note({ id: 2, userId: cashier.id, userName: 'Carl Cash', body: 'From the till.' })] },
    });
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { data: note({ id: 3, body: 'Allergic to nuts.' }) } });
    renderAt('/customers/7/edit?tab=notes');
    const list = await screen.findByRole('list', { name: 'Customer notes' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0] as HTMLElement).queryByRole('button', { name: 'Delete note' })).toBeNull();
    expect(within(items[1] as HTMLElement).getByRole('button', { name: 'Delete note' })).toBeTruthy();
    // Print on receipt follows the same rule: an administrator's note is theirs to change.
    expect((within(items[0] as HTMLElement).getByRole('checkbox', { name: 'Print on receipt' }) as HTMLInputElement).disabled).toBe(true);
    expect((within(items[1] as HTMLElement).getByRole('checkbox', { name: 'Print on receipt' }) as HTMLInputElement).disabled).toBe(false);
    await userEvent.type(screen.getByLabelText('Note'), 'Allergic to nuts.');
    await userEvent.click(screen.getByRole('checkbox', { name: /Print on receipt.*Shows/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/customers/7/notes', { body: 'Allergic to nuts.', printOnReceipt: true }));
  });

  it('offers the points adjustment to administrators only', async () => {
    signIn(administrator);
    mockPeopleGets({
      '/api/customers/7/edit': { data: buildCustomer() },
      '/api/customers/7/points': pageOf([]).data,
    });
    renderAt('/customers/7/edit?tab=points');
    expect(await screen.findByRole('button', { name: 'Adjust points' })).toBeTruthy();
    expect(await screen.findByText(/No points yet/)).toBeTruthy();
  });

  it('says honestly that there are no orders yet', async () => {
    mockPeopleGets({ '/api/customers/7/edit': { data: buildCustomer() }, '/api/customers/7/orders': pageOf([]).data });
    renderAt('/customers/7/orders');
    expect(await screen.findByText('No orders yet — sales rung up for this customer appear here.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page');
  });
});
