// A one-line field (DESIGN.md §3) says so on its own field, before anything is sent; a server 422
// about a line break lands on the field it names too.
import { QueryClientProvider } from '@tanstack/react-query';
import type { CategoryOption } from '@tillbook/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { httpError } from '../../testing/fixtures.ts';
import { CategoryFormPage } from './category-form-page.tsx';

const options: CategoryOption[] = [{ id: 1, name: 'Drinks', parentId: null, depth: 0, colour: null, active: true }];

function renderNew() {
  vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/api/categories/list') return { data: { data: options } };
    throw httpError(404, { message: 'Not found.' });
  });
  const router = createMemoryRouter(
    [
      { path: '/categories/new', Component: CategoryFormPage },
      { path: '/categories', element: <h1>Categories list</h1> },
    ],
    { initialEntries: ['/categories/new'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('a one-line name', () => {
  it('with a pasted tab is refused on the name field before sending', async () => {
    const post = vi.spyOn(http, 'post');
    renderNew();
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement;
    await userEvent.click(name);
    await userEvent.paste('Hot\tdrinks');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The name may not contain control characters such as tabs.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.value).toBe('Hot\tdrinks');
    expect(post).not.toHaveBeenCalled();
  });

  it("shows the server's line-break message on the name field", async () => {
    vi.spyOn(http, 'post').mockRejectedValue(httpError(422, { message: 'The name must be on one line.', errors: { name: ['The name must be on one line.'] } }));
    renderNew();
    await userEvent.type(await screen.findByLabelText('Name'), 'Tea');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The name must be on one line.')).toBeTruthy();
  });
});
