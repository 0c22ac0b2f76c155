import { orderAmountsNotEditableMessage } from '@tillbook/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http.ts';
import { administrator, cashier, httpError, signIn } from '../../testing/fixtures.ts';
import { OrderEditDialog } from './order-edit-dialog.tsx';
import { buildOrder } from './test-data.ts';

function renderDialog(order = buildOrder({ note: 'Gift wrap, please', tags: ['online'] })) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OrderEditDialog order={order} />
    </QueryClientProvider>,
  );
}

describe('OrderEditDialog', () => {
  it('is not offered to a cashier', () => {
    signIn(cashier);
    renderDialog();
    expect(screen.queryByRole('button', { name: 'Edit order' })).toBeNull();
  });

  it('saves the note, a customer picked from the search and the tags', async () => {
    signIn(administrator);
    vi.spyOn(http, 'get').mockResolvedValue({
      data: { data: [{ id: 12, name: 'Ada Lovelace', email: 'ada@example.com', phone: null, pointsBalance: 0 }], meta: { page: 1, perPage: 10, total: 1, lastPage: 1 } },
    });
    const put = vi.spyOn(http, 'put').mockResolvedValue({ data: { data: buildOrder({ note: 'Paid by invoice', customerId: 12, tags: ['invoice sent'] }) } });
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
    expect(put).toHaveBeenCalledWith('/api/orders/41/edit', { note: 'Paid by invoice', customerId: 12, tags: ['invoice sent'] });
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).toBeNull());
  });

  it('shows the server’s 422s on their fields and keeps what was typed', async () => {
    signIn(administrator);
    vi.spyOn(http, 'put').mockRejectedValue(
      httpError(422, {
        message: 'A tag may not be longer than 30 characters.',
        errors: { 'tags.1': ['A tag may not be longer than 30 characters.'], customerId: ['The chosen customer does not exist.'], total: [orderAmountsNotEditableMessage] },
      }),
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
