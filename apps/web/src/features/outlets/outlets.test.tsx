import type { Outlet } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { landing, renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, pageOf, recordRequests, rest, server } from '../../testing/server.ts';
import { OutletFormPage } from './outlet-form-page.tsx';
import { OutletListPage } from './outlet-list-page.tsx';

function outletOf(id: number, name: string, overrides: Partial<Outlet> = {}): Outlet {
  return {
    id,
    name,
    code: name.slice(0, 4).toUpperCase(),
    address: null,
    phone: null,
    email: null,
    taxNumber: null,
    active: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  } as Outlet;
}

describe('OutletListPage', () => {
  it('lists outlets with the filters of the address and deletes one after asking', async () => {
    const sent = recordRequests();
    let outlets = [outletOf(1, 'Main store'), outletOf(2, 'Harbour kiosk', { active: false })];
    server.use(
      rest.get('/api/outlets', () => HttpResponse.json(pageOf(outlets))),
      rest.delete('/api/outlets/:id', ({ params }) => {
        outlets = outlets.filter((o) => o.id !== Number(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderScreen(<OutletListPage />, { path: '/outlets?active=1' });
    const row = (await screen.findByRole('link', { name: 'Harbour kiosk' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Inactive')).toBeTruthy();
    expect(sent.find('GET', '/api/outlets')?.search.get('active')).toBe('1');

    await user.click(within(row).getByRole('button', { name: 'Delete Harbour kiosk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this outlet?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Outlet “Harbour kiosk” deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Harbour kiosk' })).toBeNull());
    expect(sent.find('DELETE', '/api/outlets/2')).toBeTruthy();
  });

  it('invites to add the first outlet when there is none', async () => {
    server.use(rest.get('/api/outlets', () => HttpResponse.json(pageOf([]))));
    renderScreen(<OutletListPage />, { path: '/outlets' });
    expect((await screen.findByRole('link', { name: 'Add the first one' })).getAttribute('href')).toBe('/outlets/new');
    expect(screen.getByRole('button', { name: 'Add New' }).getAttribute('href')).toBe('/outlets/new');
  });
});

describe('OutletFormPage', () => {
  it('puts the server’s 422 on its field and keeps what was typed', async () => {
    server.use(rest.post('/api/outlets/create', () => invalid({ code: ['The code has already been taken.'] })));
    const { user } = renderScreen(<OutletFormPage />, { path: '/outlets/new' });
    await user.type(screen.getByLabelText('Name'), 'Second store');
    await user.type(screen.getByLabelText('Code'), 'MAIN');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The code has already been taken.')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Second store');
  });

  it('loads the outlet, saves it and goes back to the list', async () => {
    const sent = recordRequests();
    server.use(
      rest.get('/api/outlets/3/edit', () => HttpResponse.json({ data: outletOf(3, 'Station shop') })),
      rest.put('/api/outlets/3/edit', async ({ request }) => HttpResponse.json({ data: { ...outletOf(3, 'x'), ...((await request.json()) as object) } })),
      rest.get('/api/outlets', () => HttpResponse.json(pageOf([]))),
    );
    const { user } = renderScreen(<OutletFormPage />, { path: '/outlets/3/edit', pattern: '/outlets/:id/edit', routes: [landing('/outlets', 'Outlets list')] });
    const name = await screen.findByLabelText('Name');
    expect((name as HTMLInputElement).value).toBe('Station shop');
    await user.clear(name);
    await user.type(name, 'Station kiosk');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Outlets list')).toBeTruthy();
    expect(sent.find('PUT', '/api/outlets/3/edit')?.body).toMatchObject({ name: 'Station kiosk', code: 'STAT' });
  });

  it('says so when the outlet cannot be loaded', async () => {
    server.use(rest.get('/api/outlets/9/edit', () => HttpResponse.json({ message: 'Not found.' }, { status: 404 })));
    renderScreen(<OutletFormPage />, { path: '/outlets/9/edit', pattern: '/outlets/:id/edit' });
    expect(await screen.findByText('Not found.')).toBeTruthy();
  });
});
