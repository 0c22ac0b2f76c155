import type { CategoryBulkResult, CategoryOption } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, recordRequests, rest, server } from '../../testing/server.ts';
import { CategoryBulkBar } from './category-bulk-bar.tsx';

const options: CategoryOption[] = [
  { id: 5, name: 'Dairy', parentId: null, depth: 0, colour: null, active: true },
  { id: 6, name: 'Chilled', parentId: null, depth: 0, colour: null, active: true },
  { id: 7, name: 'Cheese', parentId: 5, depth: 1, colour: null, active: true },
];

function setup(answer: CategoryBulkResult) {
  server.use(
    rest.get('/api/categories/list', () => HttpResponse.json({ data: options })),
    rest.post('/api/categories/update', () => HttpResponse.json({ data: answer })),
  );
  const sent = recordRequests();
  const onDone = vi.fn();
  const { user } = renderScreen(<CategoryBulkBar selected={new Set([5, 7])} onDone={onDone} />);
  return { sent, onDone, user, bar: screen.getByRole('region', { name: 'Bulk actions' }) };
}

describe('CategoryBulkBar', () => {
  it('moves the selected categories under another, offering only the ones not selected', async () => {
    const { sent, onDone, user, bar } = setup({ affected: 2, failed: [] });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    const move = within(bar).getByRole('combobox', { name: 'Move selected under' });
    await waitFor(() => expect(within(move).getByRole('option', { name: 'Chilled' })).toBeTruthy());
    expect(within(move).queryByRole('option', { name: /Cheese/ })).toBeNull();

    await user.selectOptions(move, 'Chilled');

    expect(await screen.findByText('2 categories moved.')).toBeTruthy();
    expect(sent.find('POST', '/api/categories/update')?.body).toEqual({ ids: [5, 7], action: 'setParent', values: { parentId: 6 } });
    expect(onDone).toHaveBeenCalled();
  });

  it('deletes after asking, and names the categories that were kept and why', async () => {
    const { sent, user, bar } = setup({ affected: 1, failed: [{ id: 5, name: 'Dairy', message: 'Dairy still has products.' }] });
    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 categories?' });
    expect(within(dialog).getByText(/Categories that products or subcategories still use are kept/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('1 category deleted.')).toBeTruthy();
    expect(screen.getByText('1 category not deleted: Dairy still has products.')).toBeTruthy();
    expect(sent.find('POST', '/api/categories/update')?.body).toEqual({ ids: [5, 7], action: 'delete' });
  });

  it('activates the selection and says how many', async () => {
    const { sent, user, bar } = setup({ affected: 2, failed: [] });
    await user.click(within(bar).getByRole('button', { name: 'Activate' }));

    expect(await screen.findByText('2 categories activated.')).toBeTruthy();
    expect(sent.find('POST', '/api/categories/update')?.body).toEqual({ ids: [5, 7], action: 'activate' });
  });
});
