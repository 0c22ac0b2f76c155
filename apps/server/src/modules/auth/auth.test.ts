import { errorMessages, sessionCookieName, xsrfCookieName } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /sanctum/csrf-cookie', () => {
  it('answers 204 and sets a readable XSRF-TOKEN and an httpOnly session cookie', async () => {
    const res = await ctx.client().get('/sanctum/csrf-cookie');
    expect(res.statusCode).toBe(204);
    const cookies = res.cookies as Array<{ name: string; httpOnly?: boolean; sameSite?: string }>;
    const xsrf = cookies.find((c) => c.name === xsrfCookieName);
    const session = cookies.find((c) => c.name === sessionCookieName);
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(xsrf?.sameSite).toBe('Lax');
    expect(session?.httpOnly).toBe(true);
  });

  it('keeps the same session when called again', async () => {
    const client = ctx.client();
    await client.get('/sanctum/csrf-cookie');
    const first = client.cookies.get(sessionCookieName);
    const res = await client.get('/sanctum/csrf-cookie');
    expect(res.statusCode).toBe(204);
    expect(client.cookies.get(sessionCookieName)).toBe(first);
  });
});

describe('POST /api/login', () => {
  it('signs in with the username in the email field and answers the user with its type', async () => {
    const admin = await ctx.createUser('administrator', { username: 'ada' });
    const res = await ctx.client().login('ada', 'secret-password');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: admin.id, username: 'ada', type: 'administrator', active: true });
    expect(body).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(body)).not.toContain('argon2');
  });

  it('accepts an e-mail address and ignores the case of the username', async () => {
    await ctx.createUser('cashier', { username: 'Carla', email: 'carla@shop.test' });
    expect((await ctx.client().login('carla@shop.test', 'secret-password')).json().type).toBe('cashier');
    expect((await ctx.client().login('CARLA', 'secret-password')).json().username).toBe('Carla');
  });

  it('refuses a wrong password with the 422 message of SPEC.md §5', async () => {
    await ctx.createUser('cashier', { username: 'wrongpw' });
    const res = await ctx.client().login('wrongpw', 'not-the-password');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The provided credentials do not match our records.');
    expect(res.json().errors.email).toEqual(['The provided credentials do not match our records.']);
  });

  it('gives an unknown username the same answer as a wrong password', async () => {
    const res = await ctx.client().login('nobody-here', 'whatever');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(errorMessages.invalidCredentials);
  });

  it('does not let a disabled user sign in', async () => {
    await ctx.createUser('cashier', { username: 'gone', active: false });
    const res = await ctx.client().login('gone', 'secret-password');
    expect(res.statusCode).toBe(422);
  });

  it('answers 422 with field errors for missing fields, never 500', async () => {
    const client = ctx.client();
    await client.get('/sanctum/csrf-cookie');
    const res = await client.post('/api/login', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: ['The email field is required.'],
      password: ['The password field is required.'],
    });
  });

  it('refuses a login without the X-XSRF-TOKEN header with 419', async () => {
    await ctx.createUser('administrator', { username: 'nocsrf' });
    const client = ctx.client();
    await client.get('/sanctum/csrf-cookie');
    client.sendXsrf = false;
    const res = await client.post('/api/login', { email: 'nocsrf', password: 'secret-password' });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ message: 'CSRF token mismatch.' });
  });

  it('refuses a login with no session at all with 419', async () => {
    const res = await ctx.client().post('/api/login', { email: 'x', password: 'y' });
    expect(res.statusCode).toBe(419);
  });

  it('rotates the session id on sign-in: the anonymous session no longer exists', async () => {
    await ctx.createUser('administrator', { username: 'rotor' });
    const client = ctx.client();
    await client.get('/sanctum/csrf-cookie');
    const before = client.cookies.get(sessionCookieName);
    const csrfBefore = client.cookies.get(xsrfCookieName);
    await client.post('/api/login', { email: 'rotor', password: 'secret-password' });
    expect(client.cookies.get(sessionCookieName)).not.toBe(before);
    expect(client.cookies.get(xsrfCookieName)).not.toBe(csrfBefore);

    const stale = ctx.client();
    stale.cookies.set(sessionCookieName, before as string);
    expect((await stale.get('/api/user')).statusCode).toBe(401);
  });

  it('throttles after five failures per username and IP with 429 and Retry-After', async () => {
    await ctx.createUser('cashier', { username: 'throttled' });
    const client = ctx.client();
    for (let i = 0; i < 5; i += 1) {
      expect((await client.login('throttled', 'bad')).statusCode).toBe(422);
    }
    const res = await client.login('throttled', 'secret-password');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many login attempts\. Please try again in \d+ seconds?\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);

    // Another address is not held back by someone else's failures.
    const other = ctx.client();
    other.remoteAddress = '10.9.9.9';
    expect((await other.login('throttled', 'secret-password')).statusCode).toBe(200);
  });

  it('clears the failure count after a successful sign-in', async () => {
    await ctx.createUser('cashier', { username: 'recovers' });
    const client = ctx.client();
    for (let i = 0; i < 4; i += 1) await client.login('recovers', 'bad');
    expect((await client.login('recovers', 'secret-password')).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await client.login('recovers', 'bad')).statusCode).toBe(422);
  });
});

describe('GET /api/user and POST /api/logout', () => {
  it('answers 401 Unauthenticated. without a session', async () => {
    const res = await ctx.client().get('/api/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('answers the signed-in user', async () => {
    const { client, user } = await ctx.signIn('cashier');
    const res = await client.get('/api/user');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, username: user.username, type: 'cashier' });
  });

  it('ends the session of a user who is disabled, at once', async () => {
    const { client, user } = await ctx.signIn('cashier');
    await ctx.database.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    expect((await client.get('/api/user')).statusCode).toBe(401);
    const left = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(0);
  });

  it('logs out: 204, the session row is gone and the old cookie is refused', async () => {
    const { client, user } = await ctx.signIn('administrator');
    const token = client.cookies.get(sessionCookieName) as string;
    const res = await client.post('/api/logout');
    expect(res.statusCode).toBe(204);
    expect(client.cookies.has(sessionCookieName)).toBe(false);
    const left = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(0);

    const replay = ctx.client();
    replay.cookies.set(sessionCookieName, token);
    expect((await replay.get('/api/user')).statusCode).toBe(401);
  });

  it('refuses a logout without the X-XSRF-TOKEN header with 419', async () => {
    const { client } = await ctx.signIn('administrator');
    client.sendXsrf = false;
    expect((await client.post('/api/logout')).statusCode).toBe(419);
    client.sendXsrf = true;
    expect((await client.get('/api/user')).statusCode).toBe(200);
  });

  it('answers 401 to a logout without a session', async () => {
    expect((await ctx.client().post('/api/logout')).statusCode).toBe(401);
  });
});
