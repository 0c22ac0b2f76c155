import type { Attribute } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, pageOf, recordRequests, rest, server } from '../../testing/server.ts';
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

/** The list answering `attributes`; the requests it sent are recorded. */
function renderList(attributes: Attribute[]) {
  const sent = recordRequests();
  server.use(rest.get('/api/attributes', () => HttpResponse.json(pageOf(attributes))));
  const { router } = renderScreen(<AttributeListPage />, { path: '/products/attributes' });
  return { router, sent };
}

const paramsOf = (search: URLSearchParams | undefined) => Object.fromEntries(search ?? []);

describe('AttributeListPage', () => {
  it('shows each attribute with its options as chips and the products using it', async () => {
    const many = Array.from({ length: 15 }, (_, i) => `Shade ${i + 1}`);
    const { sent } = renderList([attributeOf(1, 'Colour', many), attributeOf(2, 'Size', ['S', 'M', 'L'], 4)]);
    const size = await screen.findByRole('list', { name: 'Options of Size' });
    expect(within(size).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['S', 'M', 'L']);
    const colour = screen.getByRole('list', { name: 'Options of Colour' });
    expect(within(colour).getAllByRole('listitem')).toHaveLength(13);
    expect(within(colour).getByText('+3 more')).toBeTruthy();
    const sizeRow = screen.getByRole('link', { name: 'Size' }).closest('tr') as HTMLElement;
    expect(within(sizeRow).getByText('4')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Size' }).getAttribute('href')).toBe('/products/attributes/2/edit');
    expect(paramsOf(sent.find('GET', '/api/attributes')?.search)).toEqual({ page: '1', perPage: '25', sort: 'name' });
  });

  it('invites to add the first attribute when there is none', async () => {
    renderList([]);
    expect(await screen.findByRole('link', { name: 'Add the first one' })).toBeTruthy();
  });

  it('searches through the address', async () => {
    const { router, sent } = renderList([]);
    await userEvent.type(screen.getByLabelText('Search attributes'), 'red');
    await waitFor(() => expect(router.state.location.search).toBe('?search=red'));
    await waitFor(() => expect(paramsOf(sent.filter('GET', '/api/attributes').at(-1)?.search)).toEqual({ page: '1', perPage: '25', search: 'red', sort: 'name' }));
    expect(await screen.findByText('No attributes match this search.')).toBeTruthy();
  });

  it('asks before deleting and shows the server’s reason when it refuses', async () => {
    const message = 'The attribute “Size” is used by 1 product. Remove it from those products before deleting it.';
    server.use(rest.delete('/api/attributes/:id', () => HttpResponse.json({ message }, { status: 409 })));
    const { sent } = renderList([attributeOf(2, 'Size', ['S'], 1)]);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Size' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this attribute?' });
    expect(sent.find('DELETE', '/api/attributes/2')).toBeUndefined();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(sent.find('DELETE', '/api/attributes/2')).toBeTruthy();
  });
});
