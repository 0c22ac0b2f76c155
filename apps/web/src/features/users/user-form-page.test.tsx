import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { administrator } from '../../testing/fixtures.ts';
import { landing, renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, recordRequests, rest, server } from '../../testing/server.ts';
import { buildStaffUser, pickerHandlers } from './test-data.ts';
import { UserFormPage } from './user-form-page.tsx';

function renderForm(path: string) {
  const pattern = path === '/users/new' ? path : '/users/:id/edit';
  return renderScreen(<UserFormPage />, { path, pattern, routes: [landing('/users', 'Staff list')] });
}

function answerUser(user = buildStaffUser()) {
  server.use(...pickerHandlers, rest.get(`/api/users/${user.id}/edit`, () => HttpResponse.json({ data: user })));
}

/** Answers a save with the user as sent (over `base`). */
function echoSave(method: 'post' | 'put', path: string, base = buildStaffUser()) {
  return rest[method](path, async ({ request }) => HttpResponse.json({ data: { ...base, ...((await request.json()) as object) } }));
}

describe('UserFormPage', () => {
  it('shows the staff fields: type and outlet pickers, password, confirmation and PIN', async () => {
    server.use(...pickerHandlers);
    renderScreen(<UserFormPage />, { path: '/users/new', signedInAs: administrator });
    expect(await screen.findByRole('heading', { name: 'New staff user' })).toBeTruthy();
    for (const label of ['Name', 'Username', 'E-mail', 'Type', 'Outlet', 'Password', 'Confirm password', 'PIN']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByRole('checkbox', { name: /Active/ })).toBeTruthy();
    expect(screen.queryByLabelText('Phone')).toBeNull();
    expect(await screen.findByRole('option', { name: 'Harbour Road' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Administrator' })).toBeTruthy();
  });

  it('asks for an outlet for a cashier and a matching confirmation before sending', async () => {
    const sent = recordRequests();
    server.use(...pickerHandlers);
    const { user } = renderForm('/users/new');
    await user.type(await screen.findByLabelText('Name'), 'Hana Harbour');
    await user.type(screen.getByLabelText('Username'), 'harbour');
    await user.type(screen.getByLabelText('Password'), 'till-password');
    await user.type(screen.getByLabelText('Confirm password'), 'till-passwort');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A cashier must work at an outlet.')).toBeTruthy();
    await screen.findByRole('option', { name: 'Harbour Road' });
    await user.selectOptions(screen.getByLabelText('Outlet'), 'Harbour Road');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The password confirmation does not match.')).toBeTruthy();
    expect(sent.find('POST', '/api/users/create')).toBeUndefined();
  });

  it('creates a cashier for an outlet', async () => {
    const sent = recordRequests();
    server.use(...pickerHandlers, echoSave('post', '/api/users/create'));
    const { user, router } = renderForm('/users/new');
    await user.type(await screen.findByLabelText('Name'), 'Hana Harbour');
    await user.type(screen.getByLabelText('Username'), 'Harbour');
    await screen.findByRole('option', { name: 'Harbour Road' });
    await user.selectOptions(screen.getByLabelText('Outlet'), 'Harbour Road');
    await user.type(screen.getByLabelText('Password'), 'till-password');
    await user.type(screen.getByLabelText('Confirm password'), 'till-password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Staff list')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/users');
    expect(sent.find('POST', '/api/users/create')?.body).toMatchObject({
      name: 'Hana Harbour',
      username: 'harbour',
      type: 'cashier',
      outletId: 2,
      password: 'till-password',
      pin: null,
    });
  });

  it('keeps the password and PIN when left empty on edit, and can remove the PIN', async () => {
    const sent = recordRequests();
    answerUser();
    server.use(echoSave('put', '/api/users/9/edit', buildStaffUser({ hasPin: false })));
    const { user } = renderForm('/users/9/edit');
    expect(await screen.findByRole('heading', { name: 'Edit staff user' })).toBeTruthy();
    expect(screen.getByText('Leave empty to keep the current password.')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Outlet') as HTMLSelectElement).value).toBe('2'));
    await user.click(screen.getByLabelText('Remove the PIN'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Staff list')).toBeTruthy();
    const body = sent.find('PUT', '/api/users/9/edit')?.body;
    expect(body).toMatchObject({ username: 'harbour', password: null, pin: null, outletId: 2 });
    expect(body).not.toHaveProperty('removePin');
  });

  it('shows the last-administrator rule on the type field', async () => {
    answerUser(buildStaffUser({ id: 1, type: 'administrator', outletId: null }));
    server.use(rest.put('/api/users/1/edit', () => invalid({ type: ['This is the last active administrator: make someone else an administrator first.'] }, 'x')));
    const { user } = renderForm('/users/1/edit');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This is the last active administrator: make someone else an administrator first.')).toBeTruthy();
  });

  it('keeps an administrator from deactivating or demoting themselves, still saving their own name', async () => {
    const sent = recordRequests();
    const self = buildStaffUser({ id: administrator.id, type: 'administrator', outletId: null, username: 'ada' });
    answerUser(self);
    server.use(echoSave('put', `/api/users/${administrator.id}/edit`, self));
    const { user } = renderScreen(<UserFormPage />, {
      path: `/users/${administrator.id}/edit`,
      pattern: '/users/:id/edit',
      routes: [landing('/users', 'Staff list')],
      signedInAs: administrator,
    });
    const type = (await screen.findByLabelText('Type')) as HTMLSelectElement;
    await waitFor(() => expect(type.value).toBe('administrator'));
    expect(type.disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: /Active/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('You cannot deactivate your own account.')).toBeTruthy();
    expect(screen.getByText('Your own account: another administrator can change its type or deactivate it.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Staff list')).toBeTruthy();
    expect(sent.find('PUT', `/api/users/${administrator.id}/edit`)?.body).toMatchObject({ type: 'administrator', active: true });
  });

  it('leaves type and Active open on another staff member’s form', async () => {
    answerUser();
    renderScreen(<UserFormPage />, { path: '/users/9/edit', pattern: '/users/:id/edit', signedInAs: administrator });
    const type = (await screen.findByLabelText('Type')) as HTMLSelectElement;
    expect(type.disabled).toBe(false);
    expect((screen.getByRole('checkbox', { name: /Active/ }) as HTMLInputElement).disabled).toBe(false);
  });
});
