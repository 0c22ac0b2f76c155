import type { Attribute } from '@tillbook/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http.ts';
import { notify } from '../../lib/notifications.tsx';
import { httpError } from '../../testing/fixtures.ts';
import { AttributeListPage } from './attribute-list-page.tsx';

function attributeOf(id: number, name: string, options: string[], productCount = 0): Attribute {
  return {
    id,
    name,
    options: options.map((o, position) => ({ id: id * 100 + position, attributeId: id, name: o, position, isUsed: false })),
    productCount,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

function page(data: Attribute[]) {
  return { data: { data, meta: { page: 1, perPage: 25, total: data.length, lastPage: 1 } } };
}

function renderList(path = '/products/attributes') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/products/attributes', Component: AttributeListPage }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('AttributeListPage', () => {
  it('shows each attribute with its options as chips and the products using it', async () => {
    const many = Array.from({ length: 15 }, (_, i) => `Shade ${i + 1}`);
    const get = vi.spyOn(http, 'get').mockResolvedValue(page([attributeOf(1, 'Colour', many), attributeOf(2, 'Size', ['S', 'M', 'L'], 4)]));
    renderList();
    const size = await screen.findByRole('list', { name: 'Options of Size' });
    expect(within(size).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['S', 'M', 'L']);
    const colour = screen.getByRole('list', { name: 'Options of Colour' });
    expect(within(colour).getAllByRole('listitem')).toHaveLength(13);
    expect(within(colour).getByText('+3 more')).toBeTruthy();
    const sizeRow = screen.getByRole('link', { name: 'Size' }).closest('tr') as HTMLElement;
    expect(within(sizeRow).getByText('4')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Size' }).getAttribute('href')).toBe('/products/attributes/2/edit');
    expect(get).toHaveBeenCalledWith('/api/attributes', { params: { page: 1, perPage: 25, sort: 'name' } });
  });

  it('invites to add the first attribute when there is none', async () => {
    vi.spyOn(http, 'get').mockResolvedValue(page([]));
    renderList();
    expect(await screen.findByRole('link', { name: 'Add the first one' })).toBeTruthy();
  });

  it('searches through the address', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue(page([]));
    const router = renderList();
    await userEvent.type(screen.getByLabelText('Search attributes'), 'red');
    await waitFor(() => expect(router.state.location.search).toBe('?search=red'));
    await waitFor(() => expect(get).toHaveBeenLastCalledWith('/api/attributes', { params: { page: 1, perPage: 25, search: 'red', sort: 'name' } }));
    expect(await screen.findByText('No attributes match this search.')).toBeTruthy();
  });

  it('asks before deleting and shows the server’s reason when it refuses', async () => {
    vi.spyOn(http, 'get').mockResolvedValue(page([attributeOf(2, 'Size', ['S'], 1)]));
    const message = 'The attribute “Size” is used by 1 product. Remove it from those products before deleting it.';
    const del = vi.spyOn(http, 'delete').mockRejectedValue(httpError(409, { message }));
    const error = vi.spyOn(notify, 'error');
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Size' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this attribute?' });
    expect(del).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(message));
    expect(del).toHaveBeenCalledWith('/api/attributes/2');
  });
});
