import { orderAmountsNotEditableMessage } from '@tillbook/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { administrator, cashier, signIn } from '../../testing/fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, recordRequests, rest, server } from '../../testing/server.ts';
import { OrderEditDialog } from './order-edit-dialog.tsx';
import { buildOrder } from '../../testing/orders.fixtures.ts';

function renderDialog(order = buildOrder({ note: 'Gift wrap, please', tags: ['online'] })) {
  renderScreen(<OrderEditDialog order={order} />);
}

describe('OrderEditDialog', () => {
  it('is not offered to a cashier', () => {
    signIn(cashier);
    renderDialog();
    expect(screen.queryByRole('button', { name: 'Edit order' })).toBeNull();
  });

  it('saves the note, a customer picked from the search and the tags', async () => {
    signIn(administrator);
    const sent = recordRequests();
    server.use(
      rest.get('/api/customers', () =>
        HttpResponse.json({ data: [{ id: 12, name: 'Ada Lovelace', email: 'ada@example.com', phone: null, pointsBalance: 0 }], meta: { page: 1, perPage: 10, total: 1, lastPage: 1 } }),
      ),
      rest.put('/api/orders/41/edit', () => HttpResponse.json({ data: buildOrder({ note: 'Paid by invoice', customerId: 12, tags: ['invoice sent'] }) })),
    );
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Edit order' }));

    const note = screen.getByLabelText('Note');
    await userEvent.clear(note);
    await userEvent.type(note, 'Paid by invoice');
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    await userEvent.type(screen.getByLabelText('Search customers'), 'Ada');
    await userEvent.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
    expect(screen.getByLabelText('Customer of the sale').textContent).toBe('Ada Lovelace');

    await userEvent.click(screen.getByRole('button', { name: 'Remove tag online' }));
    await userEvent.type(screen.getByLabelText('Add a tag'), 'invoice sent{Enter}');
    expect(within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['invoice sent']);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(sent.find('PUT', '/api/orders/41/edit')?.body).toEqual({ note: 'Paid by invoice', customerId: 12, tags: ['invoice sent'] }));
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).toBeNull());
  });

  it('shows the server’s 422s on their fields and keeps what was typed', async () => {
    signIn(administrator);
    server.use(
      rest.put('/api/orders/41/edit', () =>
        invalid(
          { 'tags.1': ['A tag may not be longer than 30 characters.'], customerId: ['The chosen customer does not exist.'], total: [orderAmountsNotEditableMessage] },
          'A tag may not be longer than 30 characters.',
        ),
      ),
    );
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Edit order' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A tag may not be longer than 30 characters.')).toBeTruthy();
    expect(screen.getByText('The chosen customer does not exist.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(orderAmountsNotEditableMessage);
    expect((screen.getByLabelText('Note') as HTMLTextAreaElement).value).toBe('Gift wrap, please');
  });
});
