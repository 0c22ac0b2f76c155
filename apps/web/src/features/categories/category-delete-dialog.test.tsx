import { QueryClientProvider } from '@tanstack/react-query';
import type { Category, CategoryOption } from '@tillbook/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { httpError } from '../../testing/fixtures.ts';
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
  vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/api/categories/list') return { data: { data: options } };
    return { data: { data: category } };
  });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CategoryDeleteDialog category={category} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

describe('CategoryDeleteDialog', () => {
  it('offers to move the products of a category in use, and sends where they go', async () => {
    const remove = vi.spyOn(http, 'delete').mockResolvedValue({ status: 204 });
    const onClose = setup(dairy);
    expect(screen.getByText('“Dairy” is used by 3 products.')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Move and delete' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const picker = screen.getByLabelText('Move its products to') as HTMLSelectElement;
    await waitFor(() => expect(picker.disabled).toBe(false));
    expect([...picker.options].map((o) => o.textContent)).toEqual(['Choose a category', 'Chilled']);
    await userEvent.selectOptions(picker, '6');
    await userEvent.click(button);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(remove).toHaveBeenCalledWith('/api/categories/5', { params: { moveTo: 6 } });
  });

  it('shows the 409 message when the category became used meanwhile', async () => {
    vi.spyOn(http, 'delete').mockRejectedValue(httpError(409, { message: '“Dairy” is used by 1 product. Move its products to another category before deleting it.' }));
    const onClose = setup({ ...dairy, productCount: 0 });
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/is used by 1 product\. Move its products/)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
