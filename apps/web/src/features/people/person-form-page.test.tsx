import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http.ts';
import { administrator, httpError, signIn } from '../../testing/fixtures.ts';
import { CustomerFormPage, UserFormPage } from './person-form-page.tsx';
import { buildCustomer, buildStaffUser, mockPeopleGets } from './test-data.ts';

function renderForm(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/customers/new', Component: CustomerFormPage },
      { path: '/customers/:id/edit', Component: CustomerFormPage },
      { path: '/customers', element: <h1>Customers list</h1> },
      { path: '/users/new', Component: UserFormPage },
      { path: '/users/:id/edit', Component: UserFormPage },
      { path: '/users', element: <h1>Staff list</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => window.localStorage.clear());

describe('PersonFormPage in customers mode', () => {
  it('shows the customer fields and none of the staff fields', async () => {
    mockPeopleGets();
    renderForm('/customers/new');
    expect(await screen.findByRole('heading', { name: 'New customer' })).toBeTruthy();
    for (const label of ['Name', 'E-mail', 'Phone', 'Address', 'Birthday']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByRole('checkbox', { name: /Agrees to marketing/ })).toBeTruthy();
    expect(screen.queryByLabelText('Username')).toBeNull();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('creates a customer and returns to the list', async () => {
    mockPeopleGets();
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { data: buildCustomer({ name: 'Alan Turing' }) } });
    const router = renderForm('/customers/new');
    await userEvent.type(await screen.findByLabelText('Name'), 'Alan Turing');
    await userEvent.type(screen.getByLabelText('Phone'), '555 0100');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
    expect(post).toHaveBeenCalledWith('/api/customers/create', {
      name: 'Alan Turing',
      email: null,
      phone: '555 0100',
      address: null,
      birthday: null,
      marketingConsent: false,
    });
  });

  it('puts a duplicate phone on its field and keeps what was typed', async () => {
    mockPeopleGets();
    vi.spyOn(http, 'post').mockRejectedValue(
      httpError(422, { message: 'This phone number belongs to Grace Hopper.', errors: { phone: ['This phone number belongs to Grace Hopper.'] } }),
    );
    renderForm('/customers/new');
    await userEvent.type(await screen.findByLabelText('Name'), 'Alan Turing');
    await userEvent.type(screen.getByLabelText('Phone'), '15550102000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This phone number belongs to Grace Hopper.')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Alan Turing');
  });

  it('loads a customer for editing, titled with their name', async () => {
    mockPeopleGets({ '/api/customers/7/edit': { data: buildCustomer() } });
    renderForm('/customers/7/edit');
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeTruthy();
    expect((screen.getByLabelText('Birthday') as HTMLInputElement).value).toBe('1990-12-09');
    expect((screen.getByRole('checkbox', { name: /Agrees to marketing/ }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('PersonFormPage in users mode', () => {
  it('shows the staff fields: type and outlet pickers, password, confirmation and PIN', async () => {
    signIn(administrator);
    mockPeopleGets();
    renderForm('/users/new');
    expect(await screen.findByRole('heading', { name: 'New staff user' })).toBeTruthy();
    for (const label of ['Name', 'Username', 'E-mail', 'Type', 'Outlet', 'Password', 'Confirm password', 'PIN']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByRole('checkbox', { name: /Active/ })).toBeTruthy();
    expect(screen.queryByLabelText('Phone')).toBeNull();
    expect(await screen.findByRole('option', { name: 'Harbour Road' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Administrator' })).toBeTruthy();
  });

  it('asks for an outlet for a cashier and a matching confirmation before sending', async () => {
    mockPeopleGets();
    const post = vi.spyOn(http, 'post');
    renderForm('/users/new');
    await userEvent.type(await screen.findByLabelText('Name'), 'Hana Harbour');
    await userEvent.type(screen.getByLabelText('Username'), 'harbour');
    await userEvent.type(screen.getByLabelText('Password'), 'till-password');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'till-passwort');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A cashier must work at an outlet.')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Outlet'), 'Harbour Road');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The password confirmation does not match.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('creates a cashier for an outlet', async () => {
    mockPeopleGets();
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { data: buildStaffUser() } });
    const router = renderForm('/users/new');
    await userEvent.type(await screen.findByLabelText('Name'), 'Hana Harbour');
    await userEvent.type(screen.getByLabelText('Username'), 'Harbour');
    await screen.findByRole('option', { name: 'Harbour Road' });
    await userEvent.selectOptions(screen.getByLabelText('Outlet'), 'Harbour Road');
    await userEvent.type(screen.getByLabelText('Password'), 'till-password');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'till-password');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(post).toHaveBeenCalledWith(
      '/api/users/create',
      expect.objectContaining({ name: 'Hana Harbour', username: 'harbour', type: 'cashier', outletId: 2, password: 'till-password', pin: null }),
    );
  });

  it('keeps the password and PIN when left empty on edit, and can remove the PIN', async () => {
    mockPeopleGets({ '/api/users/9/edit': { data: buildStaffUser() } });
    const put = vi.spyOn(http, 'put').mockResolvedValue({ data: { data: buildStaffUser({ hasPin: false }) } });
    renderForm('/users/9/edit');
    expect(await screen.findByRole('heading', { name: 'Edit staff user' })).toBeTruthy();
    expect(screen.getByText('Leave empty to keep the current password.')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Outlet') as HTMLSelectElement).value).toBe('2'));
    await userEvent.click(screen.getByLabelText('Remove the PIN'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put).toHaveBeenCalledWith('/api/users/9/edit', expect.objectContaining({ username: 'harbour', password: null, pin: null, outletId: 2 }));
    expect(put.mock.calls[0]?.[1]).not.toHaveProperty('removePin');
  });

  it('shows the last-administrator rule on the type field', async () => {
    mockPeopleGets({ '/api/users/1/edit': { data: buildStaffUser({ id: 1, type: 'administrator', outletId: null }) } });
    vi.spyOn(http, 'put').mockRejectedValue(
      httpError(422, { message: 'x', errors: { type: ['This is the last active administrator: make someone else an administrator first.'] } }),
    );
    renderForm('/users/1/edit');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This is the last active administrator: make someone else an administrator first.')).toBeTruthy();
  });

  it('keeps an administrator from deactivating or demoting themselves, still saving their own name', async () => {
    signIn(administrator);
    mockPeopleGets({ [`/api/users/${administrator.id}/edit`]: { data: buildStaffUser({ id: administrator.id, type: 'administrator', outletId: null, username: 'ada' }) } });
    const put = vi.spyOn(http, 'put').mockResolvedValue({ data: { data: buildStaffUser({ id: administrator.id, type: 'administrator' }) } });
    renderForm(`/users/${administrator.id}/edit`);
    const type = (await screen.findByLabelText('Type')) as HTMLSelectElement;
    await waitFor(() => expect(type.value).toBe('administrator'));
    expect(type.disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: /Active/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('You cannot deactivate your own account.')).toBeTruthy();
    expect(screen.getByText('Your own account: another administrator can change its type or deactivate it.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put).toHaveBeenCalledWith(`/api/users/${administrator.id}/edit`, expect.objectContaining({ type: 'administrator', active: true }));
  });

  it('leaves type and Active open on another staff member’s form', async () => {
    signIn(administrator);
    mockPeopleGets({ '/api/users/9/edit': { data: buildStaffUser() } });
    renderForm('/users/9/edit');
    const type = (await screen.findByLabelText('Type')) as HTMLSelectElement;
    expect(type.disabled).toBe(false);
    expect((screen.getByRole('checkbox', { name: /Active/ }) as HTMLInputElement).disabled).toBe(false);
  });
});
