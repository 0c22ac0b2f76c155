// A one-line field (DESIGN.md §3) says so on its own field, before anything is sent; a server 422
// about a line break lands on the field it names too.
import type { CategoryOption } from '@tillbook/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { landing, renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, recordRequests, rest, server } from '../../testing/server.ts';
import { CategoryFormPage } from './category-form-page.tsx';

const options: CategoryOption[] = [{ id: 1, name: 'Drinks', parentId: null, depth: 0, colour: null, active: true }];

function renderNew() {
  server.use(rest.get('/api/categories/list', () => HttpResponse.json({ data: options })));
  return renderScreen(<CategoryFormPage />, { path: '/categories/new', routes: [landing('/categories', 'Categories list')] });
}

describe('a one-line name', () => {
  it('with a pasted tab is refused on the name field before sending', async () => {
    const sent = recordRequests();
    const { user } = renderNew();
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement;
    await user.click(name);
    await user.paste('Hot\tdrinks');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The name may not contain control characters such as tabs.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.value).toBe('Hot\tdrinks');
    expect(sent.filter('POST', '/api/categories/create')).toHaveLength(0);
  });

  it("shows the server's line-break message on the name field", async () => {
    server.use(rest.post('/api/categories/create', () => invalid({ name: ['The name must be on one line.'] }, 'The name must be on one line.')));
    const { user } = renderNew();
    await user.type(await screen.findByLabelText('Name'), 'Tea');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The name must be on one line.')).toBeTruthy();
  });
});
