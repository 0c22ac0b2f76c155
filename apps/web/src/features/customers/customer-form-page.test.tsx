import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { landing, renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, recordRequests, rest, server } from '../../testing/server.ts';
import { CustomerFormPage } from './customer-form-page.tsx';
import { buildCustomer } from './test-data.ts';

const toList = { routes: [landing('/customers', 'Customers list')] };

describe('CustomerFormPage', () => {
  it('shows the customer fields and none of the staff fields', async () => {
    renderScreen(<CustomerFormPage />, { path: '/customers/new' });
    expect(await screen.findByRole('heading', { name: 'New customer' })).toBeTruthy();
    for (const label of ['Name', 'E-mail', 'Phone', 'Address', 'Birthday']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByRole('checkbox', { name: /Agrees to marketing/ })).toBeTruthy();
    expect(screen.queryByLabelText('Username')).toBeNull();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('creates a customer and returns to the list', async () => {
    const sent = recordRequests();
    server.use(rest.post('/api/customers/create', () => HttpResponse.json({ data: buildCustomer({ name: 'Alan Turing' }) }, { status: 201 })));
    const { user, router } = renderScreen(<CustomerFormPage />, { path: '/customers/new', ...toList });
    await user.type(await screen.findByLabelText('Name'), 'Alan Turing');
    await user.type(screen.getByLabelText('Phone'), '555 0100');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Customers list')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/customers');
    expect(screen.getByText('Customer “Alan Turing” created.')).toBeTruthy();
    await waitFor(() =>
      expect(sent.find('POST', '/api/customers/create')?.body).toEqual({
        name: 'Alan Turing',
        email: null,
        phone: '555 0100',
        address: null,
        birthday: null,
        marketingConsent: false,
      }),
    );
  });

  it('puts a duplicate phone on its field and keeps what was typed', async () => {
    server.use(
      rest.post('/api/customers/create', () =>
        invalid({ phone: ['This phone number belongs to Grace Hopper.'] }, 'This phone number belongs to Grace Hopper.'),
      ),
    );
    const { user } = renderScreen(<CustomerFormPage />, { path: '/customers/new' });
    await user.type(await screen.findByLabelText('Name'), 'Alan Turing');
    await user.type(screen.getByLabelText('Phone'), '15550102000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This phone number belongs to Grace Hopper.')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Alan Turing');
  });

  it('loads a customer for editing, titled with their name', async () => {
    server.use(rest.get('/api/customers/7/edit', () => HttpResponse.json({ data: buildCustomer() })));
    renderScreen(<CustomerFormPage />, { path: '/customers/7/edit', pattern: '/customers/:id/edit' });
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeTruthy();
    expect((screen.getByLabelText('Birthday') as HTMLInputElement).value).toBe('1990-12-09');
    expect((screen.getByRole('checkbox', { name: /Agrees to marketing/ }) as HTMLInputElement).checked).toBe(true);
  });
});
