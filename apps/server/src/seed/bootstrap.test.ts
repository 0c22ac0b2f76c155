import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySecret } from '../lib/passwords.ts';
import { findUserByLogin } from '../modules/users/service.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { ensureFirstAdministrator, resolveSessionSecret } from './bootstrap.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('first start', () => {
  it('creates an administrator with a generated password once, then never again', async () => {
    const first = await ensureFirstAdministrator(database.db, { username: 'admin' });
    expect(first?.username).toBe('admin');
    expect(first?.generatedPassword).toMatch(/^[\w-]{16}$/);
    const admin = await findUserByLogin(database.db, 'admin');
    expect(admin?.type).toBe('administrator');
    expect(await verifySecret(admin!.passwordHash, first!.generatedPassword!)).toBe(true);
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);

    expect(await ensureFirstAdministrator(database.db, { username: 'other', password: 'x' })).toBeNull();
    expect(await findUserByLogin(database.db, 'other')).toBeUndefined();
  });

  it('generates a session secret once and keeps it; a configured one wins', async () => {
    const a = await resolveSessionSecret(database.db, undefined);
    const b = await resolveSessionSecret(database.db, undefined);
    expect(a).toHaveLength(64);
    expect(b).toBe(a);
    expect(await resolveSessionSecret(database.db, 'configured-secret')).toBe('configured-secret');
  });
});

describe('first start with ADMIN_PASSWORD', () => {
  it('uses the given username and password and prints nothing to write down', async () => {
    const fresh = await createTestDatabase();
    try {
      const first = await ensureFirstAdministrator(fresh.db, { username: 'owner', password: 'chosen-password' });
      expect(first).toEqual({ username: 'owner', generatedPassword: null });
      const owner = await findUserByLogin(fresh.db, 'owner');
      expect(await verifySecret(owner!.passwordHash, 'chosen-password')).toBe(true);
    } finally {
      await fresh.drop();
    }
  });
});
