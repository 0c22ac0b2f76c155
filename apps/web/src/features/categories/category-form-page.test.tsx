import type { Category, CategoryOption } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { landing, renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, recordRequests, rest, server } from '../../testing/server.ts';
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
  server.use(
    rest.get('/api/categories/list', () => HttpResponse.json({ data: options })),
    rest.get('/api/categories/:id/edit', ({ request }) => {
      const found = extra[new URL(request.url).pathname];
      return found ? HttpResponse.json({ data: found }) : HttpResponse.json({ message: 'Not found.' }, { status: 404 });
    }),
  );
}

function renderForm(path: string) {
  return renderScreen(<CategoryFormPage />, {
    path,
    pattern: path === '/categories/new' ? path : '/categories/:id/edit',
    routes: [landing('/categories', 'Categories list')],
  });
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
    const sent = recordRequests();
    server.use(rest.post('/api/categories/create', () => HttpResponse.json({ data: { ...hotDrinks, id: 9, name: 'Juice' } })));
    const { user, router } = renderForm('/categories/new');
    await optionsLoaded();

    await user.type(screen.getByLabelText('Name'), 'Juice');
    await user.selectOptions(parentSelect(), '1');
    await user.click(screen.getByRole('button', { name: 'Teal #0d9488' }));
    const position = screen.getByLabelText('Position');
    await user.clear(position);
    await user.type(position, '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/categories'));
    expect(sent.find('POST', '/api/categories/create')?.body).toEqual({ name: 'Juice', parentId: 1, colour: '#0d9488', position: 5, active: true });
  });

  it('checks the fields before sending and keeps what was typed', async () => {
    mockGet();
    const sent = recordRequests();
    const { user } = renderForm('/categories/new');
    await optionsLoaded();

    await user.type(screen.getByLabelText('Colour'), '#12ab');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The name field is required.')).toBeTruthy();
    expect(screen.getByText('The colour must be a colour like #4f46e5.')).toBeTruthy();
    expect((screen.getByLabelText('Colour') as HTMLInputElement).value).toBe('#12ab');
    expect(sent.filter('POST', '/api/categories/create')).toHaveLength(0);
  });

  it('puts the server’s 422 messages on their fields', async () => {
    mockGet();
    server.use(
      rest.post('/api/categories/create', () =>
        invalid({ name: ['A category with this name already exists under this parent.'] }, 'A category with this name already exists under this parent.'),
      ),
    );
    const { user, router } = renderForm('/categories/new');
    await optionsLoaded();
    await user.type(screen.getByLabelText('Name'), 'Tea');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const name = screen.getByLabelText('Name') as HTMLInputElement;
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('A category with this name already exists under this parent.')).toBeTruthy();
    expect(name.value).toBe('Tea');
    expect(router.state.location.pathname).toBe('/categories/new');
  });

  it('edits a category, offering as parents everything except itself and its subcategories', async () => {
    mockGet({ '/api/categories/2/edit': hotDrinks });
    const sent = recordRequests();
    server.use(rest.put('/api/categories/2/edit', () => HttpResponse.json({ data: { ...hotDrinks, parentId: null } })));
    const { user } = renderForm('/categories/2/edit');

    expect(await screen.findByRole('heading', { name: 'Edit category' })).toBeTruthy();
    expect(screen.getByText('12 products · 1 subcategory · in Drinks')).toBeTruthy();
    await optionsLoaded();
    const choices = within(parentSelect())
      .getAllByRole('option')
      .map((o) => o.textContent?.trim());
    expect(choices).toEqual(['None (top level)', 'Drinks', 'Snacks']);
    expect(parentSelect().value).toBe('1');
    expect((screen.getByLabelText('Colour') as HTMLInputElement).value).toBe('#d97706');

    await user.selectOptions(parentSelect(), '');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Categories list')).toBeTruthy();
    expect(sent.find('PUT', '/api/categories/2/edit')?.body).toEqual({ name: 'Hot drinks', parentId: null, colour: '#d97706', position: 3, active: true });
  });

  it('says so when the category does not exist', async () => {
    mockGet();
    renderForm('/categories/77/edit');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Not found.')).toBeTruthy();
  });
});
