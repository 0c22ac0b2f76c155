import type { CustomerNote } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { administrator, cashier } from '../../testing/fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, pageOf, recordRequests, rest, server } from '../../testing/server.ts';
import { CustomerEditPage } from './customer-edit-page.tsx';
import { CustomerOrdersPage } from './customer-orders-page.tsx';
import { buildCustomer, settingsHandler } from './test-data.ts';

function note(overrides: Partial<CustomerNote>): CustomerNote {
  return { id: 1, customerId: 7, body: 'Prefers paper bags.', printOnReceipt: false, userId: 1, userName: 'Ada Lovelace', createdAt: '2026-01-02T10:00:00.000Z', ...overrides };
}

function answerCustomer() {
  server.use(settingsHandler, rest.get('/api/customers/7/edit', () => HttpResponse.json({ data: buildCustomer() })));
}

describe('customer page tabs', () => {
  it('shows Details, Notes, Points, Store credit and Orders tabs above the details form', async () => {
    answerCustomer();
    renderScreen(<CustomerEditPage />, { path: '/customers/7/edit', pattern: '/customers/:id/edit' });
    const tabs = await screen.findByRole('navigation', { name: 'Customer' });
    expect(within(tabs).getAllByRole('link').map((a) => a.textContent)).toEqual(['Details', 'Notes', 'Points', 'Store credit', 'Orders']);
    expect(within(tabs).getByRole('link', { name: 'Details' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByLabelText('Name')).toBeTruthy();
  });

  it('lets a cashier add a note and delete only their own', async () => {
    const sent = recordRequests();
    answerCustomer();
    server.use(
      rest.get('/api/customers/7/notes', () =>
        HttpResponse.json({ data: [note({ id: 1, userId: 1, body: 'From the office.' }), note({ id: 2, userId: cashier.id, userName: 'Carl Cash', body: 'From the till.' })] }),
      ),
      rest.post('/api/customers/7/notes', () => HttpResponse.json({ data: note({ id: 3, body: 'Allergic to nuts.' }) }, { status: 201 })),
    );
    const { user } = renderScreen(<CustomerEditPage />, { path: '/customers/7/edit?tab=notes', pattern: '/customers/:id/edit', signedInAs: cashier });
    const list = await screen.findByRole('list', { name: 'Customer notes' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0] as HTMLElement).queryByRole('button', { name: 'Delete note' })).toBeNull();
    expect(within(items[1] as HTMLElement).getByRole('button', { name: 'Delete note' })).toBeTruthy();
    // Print on receipt follows the same rule: an administrator's note is theirs to change.
    expect((within(items[0] as HTMLElement).getByRole('checkbox', { name: 'Print on receipt' }) as HTMLInputElement).disabled).toBe(true);
    expect((within(items[1] as HTMLElement).getByRole('checkbox', { name: 'Print on receipt' }) as HTMLInputElement).disabled).toBe(false);
    await user.type(screen.getByLabelText('Note'), 'Allergic to nuts.');
    await user.click(screen.getByRole('checkbox', { name: /Print on receipt.*Shows/ }));
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note added.')).toBeTruthy();
    await waitFor(() => expect(sent.find('POST', '/api/customers/7/notes')?.body).toEqual({ body: 'Allergic to nuts.', printOnReceipt: true }));
  });

  it('offers the points adjustment to administrators only', async () => {
    answerCustomer();
    server.use(
      rest.get('/api/customers/7/points', () => HttpResponse.json(pageOf([]))),
      rest.get('/api/customers/7/rewards', () => HttpResponse.json(pageOf([]))),
      rest.get('/api/settings/rewards', () => HttpResponse.json({ message: 'This action is unauthorized.' }, { status: 403 })),
    );
    renderScreen(<CustomerEditPage />, { path: '/customers/7/edit?tab=points', pattern: '/customers/:id/edit', signedInAs: administrator });
    expect(await screen.findByRole('button', { name: 'Adjust points' })).toBeTruthy();
    expect(await screen.findByText(/No points yet/)).toBeTruthy();
  });

  it('says honestly that there are no orders yet', async () => {
    answerCustomer();
    server.use(rest.get('/api/customers/7/orders', () => HttpResponse.json(pageOf([]))));
    renderScreen(<CustomerOrdersPage />, { path: '/customers/7/orders', pattern: '/customers/:id/orders' });
    expect(await screen.findByText('No orders yet — sales rung up for this customer appear here.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page');
  });
});
