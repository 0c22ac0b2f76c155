import { sessionCookieName } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { findSession, sessionIdOf } from './sessions.ts';

let ctx: TestContext;
const keys = { secret: 'test-secret-that-is-long-enough-for-hmac-keys', lifetimeMs: 60 * 60 * 1000 };

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('findSession', () => {
  it('answers exactly the session and user rows (session_of must follow every column of both tables)', async () => {
    const { client, user } = await ctx.signIn('cashier');
    const token = client.cookies.get(sessionCookieName)!;
    const loaded = await findSession(ctx.database.db, keys, token);
    const [session] = await ctx.database.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(keys, token)));
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(loaded).toEqual({ session, user: row });
  });

  it('ends the session of a disabled user and knows no unknown or expired token', async () => {
    const { client, user } = await ctx.signIn('cashier');
    const token = client.cookies.get(sessionCookieName)!;
    await ctx.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, sessionIdOf(keys, token)));
    expect(await findSession(ctx.database.db, keys, token)).toBeNull();
    expect(await findSession(ctx.database.db, keys, 'no-such-token')).toBeNull();

    const other = await ctx.signIn('cashier');
    const otherToken = other.client.cookies.get(sessionCookieName)!;
    await ctx.database.db.update(users).set({ active: false }).where(eq(users.id, other.user.id));
    expect(await findSession(ctx.database.db, keys, otherToken)).toBeNull();
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(keys, otherToken)))).toEqual([]);
    expect(user.active).toBe(true);
  });
});
