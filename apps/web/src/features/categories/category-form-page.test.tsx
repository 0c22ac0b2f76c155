import { QueryClientProvider } from '@tanstack/react-query';
import type { Category, CategoryOption } from '@tillbook/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { httpError } from '../../testing/fixtures.ts';
import { CategoryFormPage } from './category-form-page.tsx';

const option = (id: number, name: string, parentId: number | null, depth: number): CategoryOption => ({
  id,
  name,
  parentId,
  depth,
  colour: null,
  active: true,
});

const options = [option(1, 'Drinks', null, 0), option(2, 'Hot drinks', 1, 1), option(3, 'Tea', 2, 2), option(4, 'Snacks', null, 0)];

const hotDrinks: Category = {
  id: 2,
  name: 'Hot drinks',
  parentId: 1,
  parentName: 'Drinks',
  depth: 1,
  colour: '#d97706',
  position: 3,
  active: true,
  productCount: 12,
  childCount: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

function mockGet(extra: Record<string, unknown> = {}) {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/api/categories/list') return { data: { data: options } };
    if (url in extra) return { data: { data: extra[url] } };
    throw httpError(404, { message: 'Not found.' });
  });
}

function renderForm(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/categories/new', Component: CategoryFormPage },
      { path: '/categories/:id/edit', Component: CategoryFormPage },
      { path: '/categories', element: <h1>Categories list</h1> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function parentSelect() {
  return screen.getByLabelText('Parent') as HTMLSelectElement;
}

async function optionsLoaded() {
  await waitFor(() => expect(parentSelect().disabled).toBe(false));
}

describe('CategoryFormPage', () => {
  it('creates a category with a parent, a preset colour and a position', async () => {
    mockGet();
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { data: { ...hotDrinks, id: 9, name: 'Juice' } } });
    const router = renderForm('/categories/new');
    await optionsLoaded();

    await userEvent.type(screen.getByLabelText('Name'), 'Juice');
    await userEvent.selectOptions(parentSelect(), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Teal #0d9488' }));
    const position = screen.getByLabelText('Position');
    await userEvent.clear(position);
    await userEvent.type(position, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/categories'));
    expect(post).toHaveBeenCalledWith('/api/categories/create', { name: 'Juice', parentId: 1, colour: '#0d9488', position: 5, active: true });
  });

  it('checks the fields before sending and keeps what was typed', async () => {
    mockGet();
    const post = vi.spyOn(http, 'post');
    renderForm('/categories/new');
    await optionsLoaded();

    await userEvent.type(screen.getByLabelText('Colour'), '#12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The name field is required.')).toBeTruthy();
    expect(screen.getByText('The colour must be a colour like #4f46e5.')).toBeTruthy();
    expect((screen.getByLabelText('Colour') as HTMLInputElement).value).toBe('#12ab');
    expect(post).not.toHaveBeenCalled();
  });

  it('puts the server’s 422 messages on their fields', async () => {
    mockGet();
    vi.spyOn(http, 'post').mockRejectedValue(
      httpError(422, {
        message: 'A category with this name already exists under this parent.',
        errors: { name: ['A category with this name already exists under this parent.'] },
      }),
    );
    const router = renderForm('/categories/new');
    await optionsLoaded();
    await userEvent.type(screen.getByLabelText('Name'), 'Tea');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const name = screen.getByLabelText('Name') as HTMLInputElement;
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('A category with this name already exists under this parent.')).toBeTruthy();
    expect(name.value).toBe('Tea');
    expect(router.state.location.pathname).toBe('/categories/new');
  });

  it('edits a category, offering as parents everything except itself and its subcategories', async () => {
    mockGet({ '/api/categories/2/edit': hotDrinks });
    const put = vi.spyOn(http, 'put').mockResolvedValue({ data: { data: { ...hotDrinks, parentId: null } } });
    renderForm('/categories/2/edit');

    expect(await screen.findByRole('heading', { name: 'Edit category' })).toBeTruthy();
    expect(screen.getByText('12 products · 1 subcategory · in Drinks')).toBeTruthy();
    await optionsLoaded();
    const choices = within(parentSelect())
      .getAllByRole('option')
      .map((o) => o.textContent?.trim());
    expect(choices).toEqual(['None (top level)', 'Drinks', 'Snacks']);
    expect(parentSelect().value).toBe('1');
    expect((screen.getByLabelText('Colour') as HTMLInputElement).value).toBe('#d97706');

    await userEvent.selectOptions(parentSelect(), '');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/api/categories/2/edit', { name: 'Hot drinks', parentId: null, colour: '#d97706', position: 3, active: true }),
    );
  });

  it('says so when the category does not exist', async () => {
    mockGet();
    renderForm('/categories/77/edit');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Not found.')).toBeTruthy();
  });
});
