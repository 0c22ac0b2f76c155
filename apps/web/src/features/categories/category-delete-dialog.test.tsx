import type { Category, CategoryOption } from '@tillbook/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, recordRequests, rest, server } from '../../testing/server.ts';
import { CategoryDeleteDialog } from './category-delete-dialog.tsx';

const dairy: Category = {
  id: 5,
  name: 'Dairy',
  parentId: null,
  parentName: null,
  depth: 0,
  colour: null,
  position: 0,
  active: true,
  productCount: 3,
  childCount: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

const options: CategoryOption[] = [
  { id: 5, name: 'Dairy', parentId: null, depth: 0, colour: null, active: true },
  { id: 6, name: 'Chilled', parentId: null, depth: 0, colour: null, active: true },
];

function setup(category: Category) {
  server.use(
    rest.get('/api/categories/list', () => HttpResponse.json({ data: options })),
    rest.get('/api/categories/:id/edit', () => HttpResponse.json({ data: category })),
  );
  const onClose = vi.fn();
  const { user } = renderScreen(<CategoryDeleteDialog category={category} onClose={onClose} />);
  return { onClose, user };
}

describe('CategoryDeleteDialog', () => {
  it('offers to move the products of a category in use, and sends where they go', async () => {
    const sent = recordRequests();
    server.use(rest.delete('/api/categories/:id', () => new HttpResponse(null, { status: 204 })));
    const { onClose, user } = setup(dairy);
    expect(await screen.findByText('“Dairy” is used by 3 products.')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Move and delete' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const picker = screen.getByLabelText('Move its products to') as HTMLSelectElement;
    await waitFor(() => expect(picker.disabled).toBe(false));
    expect([...picker.options].map((o) => o.textContent)).toEqual(['Choose a category', 'Chilled']);
    await user.selectOptions(picker, '6');
    await user.click(button);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const request = sent.find('DELETE', '/api/categories/5');
    expect(Object.fromEntries(request?.search ?? [])).toEqual({ moveTo: '6' });
    expect(await screen.findByText('Category “Dairy” deleted; its products moved to “Chilled”.')).toBeTruthy();
  });

  it('shows the 409 message when the category became used meanwhile', async () => {
    server.use(
      rest.delete('/api/categories/:id', () =>
        HttpResponse.json({ message: '“Dairy” is used by 1 product. Move its products to another category before deleting it.' }, { status: 409 }),
      ),
    );
    const { onClose, user } = setup({ ...dairy, productCount: 0 });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/is used by 1 product\. Move its products/)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
