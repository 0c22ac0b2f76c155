import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { deleteStaffUser, updateStaffUser } from './service.ts';

let ctx: TestContext;
let admin: TestClient;
let adminId: number;
let cashier: TestClient;
let outletId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const signedIn = await ctx.signIn('administrator');
  admin = signedIn.client;
  adminId = signedIn.user.id;
  cashier = (await ctx.signIn('cashier')).client;
  outletId = (await admin.get('/api/outlets')).json().data[0].id;
});
afterAll(() => ctx.close());

let counter = 0;
function cashierInput(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `Dana Till ${counter}`,
    username: `dana${counter}`,
    email: `dana${counter}@shop.test`,
    type: 'cashier',
    outletId,
    active: true,
    password: 'till-password',
    passwordConfirmation: 'till-password',
    pin: '1234',
    ...overrides,
  };
}

describe('staff users', () => {
  it('creates a cashier, lower-casing the username, and never returns a hash', async () => {
    const res = await admin.post('/api/users/create', cashierInput({ username: 'Harbour.Till', email: 'Harbour@Shop.test' }));
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ username: 'harbour.till', email: 'harbour@shop.test', type: 'cashier', outletId, active: true, hasPin: true });
    expect(Object.keys(data).filter((k) => /hash|password|^pin$/i.test(k))).toEqual([]);
    const login = await ctx.client().login('harbour.till', 'till-password');
    expect(login.statusCode).toBe(200);
  });

  it('refuses bad input with 422 on each field', async () => {
    const bad = await admin.post('/api/users/create', { name: '', username: 'x!', email: 'nope', type: 'boss', active: true, password: 'short', pin: '12' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'name', 'password', 'pin', 'type', 'username']);
    expect(bad.json().errors.password).toEqual(['The password must be at least 8 characters.']);
    expect(bad.json().errors.pin).toEqual(['The PIN must be 4 to 6 digits.']);
  });

  it('requires the password on create, a matching confirmation, and an outlet for a cashier', async () => {
    const missing = await admin.post('/api/users/create', cashierInput({ password: '', passwordConfirmation: '' }));
    expect(missing.json().errors).toEqual({ password: ['The password field is required.'] });
    const mismatch = await admin.post('/api/users/create', cashierInput({ passwordConfirmation: 'something-else' }));
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ passwordConfirmation: ['The password confirmation does not match.'] });
    const noOutlet = await admin.post('/api/users/create', cashierInput({ outletId: null }));
    expect(noOutlet.json().errors).toEqual({ outletId: ['A cashier must work at an outlet.'] });
    const unknownOutlet = await admin.post('/api/users/create', cashierInput({ outletId: 99999 }));
    expect(unknownOutlet.json().errors).toEqual({ outletId: ['The selected outlet does not exist.'] });
  });

  it('keeps usernames and e-mails unique without regard to case', async () => {
    const first = (await admin.post('/api/users/create', cashierInput())).json().data;
    const dup = await admin.post('/api/users/create', cashierInput({ username: first.username.toUpperCase(), email: first.email.toUpperCase() }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({
      username: ['This username is already taken.'],
      email: ['Another staff member already uses this e-mail address.'],
    });
  });

  it('lists, searches and filters staff', async () => {
    await admin.post('/api/users/create', cashierInput({ name: 'Quentin Searchable', active: false }));
    const found = (await admin.get('/api/users?search=quentin')).json();
    expect(found.data.map((u: { name: string }) => u.name)).toEqual(['Quentin Searchable']);
    const inactive = (await admin.get('/api/users?active=0')).json().data;
    expect(inactive.every((u: { active: boolean }) => !u.active)).toBe(true);
    const admins = (await admin.get('/api/users?type=administrator')).json().data;
    expect(admins.length).toBeGreaterThan(0);
    expect(admins.every((u: { type: string }) => u.type === 'administrator')).toBe(true);
    expect((await admin.get(`/api/users?outletId=${outletId}`)).json().data.length).toBeGreaterThan(0);
  });

  it('edits a user: an empty password keeps it, pin null clears the PIN', async () => {
    const created = (await admin.post('/api/users/create', cashierInput())).json().data;
    const res = await admin.put(`/api/users/${created.id}/edit`, { ...cashierInput({ username: created.username, email: created.email }), name: 'Renamed', password: '', passwordConfirmation: '', pin: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Renamed', hasPin: false });
    expect((await ctx.client().login(created.username, 'till-password')).statusCode).toBe(200);
    expect((await admin.get(`/api/users/${created.id}/edit`)).json().data.name).toBe('Renamed');
  });

  it('ends the sessions of a user who is disabled', async () => {
    const input = cashierInput();
    const created = (await admin.post('/api/users/create', input)).json().data;
    const them = ctx.client();
    await them.login(created.username, 'till-password');
    expect((await them.get('/api/user')).statusCode).toBe(200);
    await admin.put(`/api/users/${created.id}/edit`, { ...input, active: false, password: '' });
    expect((await them.get('/api/user')).statusCode).toBe(401);
  });

  it('ends the sessions of a user whose password is reset, and the new password works', async () => {
    const input = cashierInput();
    const created = (await admin.post('/api/users/create', input)).json().data;
    const them = ctx.client();
    await them.login(created.username, 'till-password');
    const res = await admin.put(`/api/users/${created.id}/edit`, { ...input, password: 'brand-new-pass', passwordConfirmation: 'brand-new-pass' });
    expect(res.statusCode).toBe(200);
    expect((await them.get('/api/user')).statusCode).toBe(401);
    expect((await ctx.client().login(created.username, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('refuses to delete yourself and deletes another user', async () => {
    const self = await admin.delete(`/api/users/${adminId}`);
    expect(self.statusCode).toBe(422);
    expect(self.json().errors).toEqual({ id: ['You cannot delete your own account. Ask another administrator.'] });
    const created = (await admin.post('/api/users/create', cashierInput())).json().data;
    expect((await admin.delete(`/api/users/${created.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/users/${created.id}/edit`)).statusCode).toBe(404);
  });

  it('keeps the last active administrator: no demotion, deactivation or deletion', async () => {
    const other = await ctx.createUser('administrator', { password: 'other-admin-pass' });
    const others = (await admin.get('/api/users?type=administrator&active=1&perPage=100')).json().data.filter((u: { id: number }) => u.id !== adminId && u.id !== other.id);
    for (const u of others) {
      await admin.put(`/api/users/${u.id}/edit`, { name: u.name, username: u.username, email: u.email, type: 'administrator', outletId: null, active: false });
    }
    const otherAdmin = ctx.client();
    await otherAdmin.login(other.username, 'other-admin-pass');
    const me = (await admin.get(`/api/users/${adminId}/edit`)).json().data;
    // Deactivate `other` too, so `admin` is the only active administrator left.
    const base = { name: me.name, username: me.username, email: me.email, outletId: null, active: true, type: 'administrator' };
    expect((await admin.put(`/api/users/${other.id}/edit`, { ...base, name: other.name, username: other.username, email: null, active: false })).statusCode).toBe(200);

    // Over HTTP the acting administrator is active, so only the service can be asked to demote the last one.
    const lastOne = { ...base, type: 'administrator' as const, password: null, pin: undefined };
    await expect(updateStaffUser(ctx.database.db, adminId, { ...lastOne, type: 'cashier', outletId })).rejects.toMatchObject({
      statusCode: 422,
      errors: { type: ['This is the last active administrator: make someone else an administrator first.'] },
    });
    await expect(updateStaffUser(ctx.database.db, adminId, { ...lastOne, active: false })).rejects.toMatchObject({ statusCode: 422, errors: { active: [expect.any(String)] } });

    // Over HTTP only an active administrator can ask, so the rule is checked on the service itself.
    await expect(deleteStaffUser(ctx.database.db, adminId, other.id)).rejects.toMatchObject({
      statusCode: 409,
      message: 'This is the last active administrator and cannot be deleted.',
    });
  });
});

describe('an administrator’s own account', () => {
  it('cannot be deactivated, demoted or deleted by themselves: 422 on the field, nothing changed', async () => {
    const { client, user } = await ctx.signIn('administrator', { password: 'self-admin-pass' });
    // Another active administrator exists, so these are refused for being one's own, not for being the last.
    const me = (await client.get(`/api/users/${user.id}/edit`)).json().data;
    const base = { name: me.name, username: me.username, email: me.email, type: 'administrator', outletId: null, active: true, password: '' };
    const deactivate = await client.put(`/api/users/${user.id}/edit`, { ...base, active: false });
    expect(deactivate.statusCode).toBe(422);
    expect(deactivate.json().errors).toEqual({ active: ['You cannot deactivate your own account. Ask another administrator.'] });
    const demote = await client.put(`/api/users/${user.id}/edit`, { ...base, type: 'cashier', outletId });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().errors).toEqual({ type: ['You cannot change your own user type. Ask another administrator.'] });
    const removed = await client.delete(`/api/users/${user.id}`);
    expect(removed.statusCode).toBe(422);
    expect(removed.json().errors.id).toEqual(['You cannot delete your own account. Ask another administrator.']);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect((await client.get(`/api/users/${user.id}/edit`)).json().data).toMatchObject({ active: true, type: 'administrator' });
    // Their own name still saves.
    expect((await client.put(`/api/users/${user.id}/edit`, { ...base, name: 'Ada Admin' })).statusCode).toBe(200);
  });

  it('resetting one’s own password in the staff form keeps this session and ends the others', async () => {
    const { client, user } = await ctx.signIn('administrator', { password: 'self-reset-pass' });
    const elsewhere = ctx.client();
    expect((await elsewhere.login(user.username, 'self-reset-pass')).statusCode).toBe(200);
    const me = (await client.get(`/api/users/${user.id}/edit`)).json().data;
    const res = await client.put(`/api/users/${user.id}/edit`, {
      name: me.name, username: me.username, email: me.email, type: 'administrator', outletId: null, active: true, password: 'self-reset-new', passwordConfirmation: 'self-reset-new',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/user')).statusCode).toBe(401);
  });
});

describe('own profile', () => {
  it('a new password ends the user’s other sessions and keeps the one it was changed from', async () => {
    const { client, user } = await ctx.signIn('cashier', { password: 'cashier-pass-3' });
    const otherTill = ctx.client();
    expect((await otherTill.login(user.username, 'cashier-pass-3')).statusCode).toBe(200);
    const someoneElse = await ctx.signIn('cashier');
    // A change of name only signs nobody out.
    expect((await client.put('/api/users/edit', { name: 'Casey Renamed' })).statusCode).toBe(200);
    expect((await otherTill.get('/api/user')).statusCode).toBe(200);

    const res = await client.put('/api/users/edit', { name: user.name, currentPassword: 'cashier-pass-3', password: 'new-password-3', passwordConfirmation: 'new-password-3' });
    expect(res.statusCode).toBe(200);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect((await otherTill.get('/api/user')).statusCode).toBe(401);
    expect((await someoneElse.client.get('/api/user')).statusCode).toBe(200);
  });

  it('reads and updates the signed-in user’s name and e-mail (a cashier too)', async () => {
    const { client } = await ctx.signIn('cashier', { password: 'cashier-pass-1' });
    const res = await client.put('/api/users/edit', { name: 'Casey Cashier', email: 'casey@shop.test' });
    expect(res.statusCode).toBe(200);
    expect((await client.get('/api/users/edit')).json().data).toMatchObject({ name: 'Casey Cashier', email: 'casey@shop.test', type: 'cashier' });
  });

  it('changes the password only with the right current password', async () => {
    const { client, user } = await ctx.signIn('cashier', { password: 'cashier-pass-2' });
    const wrong = await client.put('/api/users/edit', { name: user.name, currentPassword: 'nope-nope', password: 'new-password-2', passwordConfirmation: 'new-password-2' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ currentPassword: ['The current password is incorrect.'] });
    const missing = await client.put('/api/users/edit', { name: user.name, password: 'new-password-2', passwordConfirmation: 'new-password-2' });
    expect(missing.json().errors).toEqual({ currentPassword: ['Enter your current password to set a new one.'] });
    const ok = await client.put('/api/users/edit', { name: user.name, currentPassword: 'cashier-pass-2', password: 'new-password-2', passwordConfirmation: 'new-password-2' });
    expect(ok.statusCode).toBe(200);
    expect((await ctx.client().login(user.username, 'new-password-2')).statusCode).toBe(200);
  });

  it('ignores type, active and outlet sent to the own profile', async () => {
    const { client } = await ctx.signIn('cashier');
    const res = await client.put('/api/users/edit', { name: 'Still Cashier', type: 'administrator', active: true, outletId: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.type).toBe('cashier');
  });
});

describe('cashier access', () => {
  it('gives a cashier the user types and their own profile, and 403 on everything else', async () => {
    expect((await cashier.get('/api/users/types')).statusCode).toBe(200);
    expect((await cashier.get('/api/users/edit')).statusCode).toBe(200);
    expect((await cashier.get('/api/users')).statusCode).toBe(403);
    expect((await cashier.post('/api/users/create', cashierInput())).statusCode).toBe(403);
    expect((await cashier.get(`/api/users/${adminId}/edit`)).statusCode).toBe(403);
    expect((await cashier.put(`/api/users/${adminId}/edit`, cashierInput())).statusCode).toBe(403);
    expect((await cashier.delete(`/api/users/${adminId}`)).statusCode).toBe(403);
  });
});
