import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { userTypes } from '@tillbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from '../testing/test-app.ts';

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tillbook-dist-'));
fs.mkdirSync(path.join(distDir, 'assets'));
fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div><!-- spa -->');
fs.writeFileSync(path.join(distDir, 'assets', 'main-abc123.js'), 'console.log(1)');
fs.writeFileSync(path.join(distDir, 'favicon.svg'), '<svg/>');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    webDistDir: distDir,
    sentryDsn: 'https://public@sentry.example.com/1',
    extend(app) {
      // Routes that exist only here, to exercise the guard and the error shape.
      app.get('/api/test/admin-only', async () => ({ ok: true }));
      app.get('/api/test/both', { config: { access: userTypes } }, async () => ({ ok: true }));
      app.get('/api/test/crash', { config: { access: userTypes } }, async () => {
        throw new Error('relation "secret_table" does not exist at /srv/app.ts:12');
      });
      app.post(
        '/api/test/echo',
        { config: { access: userTypes }, schema: { body: z.object({ name: z.string().min(2), qty: z.number().int() }) } },
        async (request) => request.body,
      );
    },
  });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('role guard', () => {
  it('answers 401 to every /api route without a session, known or not', async () => {
    for (const url of ['/api/test/admin-only', '/api/test/both', '/api/users/types', '/api/nothing-here', '/api/openapi.json']) {
      const res = await ctx.client().get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('keeps routes that say nothing for administrators: a cashier gets 403', async () => {
    const { client } = await ctx.signIn('cashier');
    const res = await client.get('/api/test/admin-only');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This action is unauthorized.' });
    expect((await client.get('/api/test/both')).statusCode).toBe(200);
  });

  it('lets an administrator through', async () => {
    const { client } = await ctx.signIn('administrator');
    expect((await client.get('/api/test/admin-only')).json()).toEqual({ ok: true });
  });

  it('answers 404 Not found. to an unknown /api path for a signed-in user of any type', async () => {
    const { client } = await ctx.signIn('cashier');
    const res = await client.get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });
});

describe('error shape', () => {
  it('turns an unexpected failure into 500 Server error. with nothing internal', async () => {
    const { client } = await ctx.signIn('administrator');
    const res = await client.get('/api/test/crash');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Server error.' });
    expect(res.body).not.toContain('secret_table');
  });

  it('answers invalid fields with 422 and messages per field', async () => {
    const { client } = await ctx.signIn('cashier');
    const res = await client.post('/api/test/echo', { name: 'x', qty: 1.5 });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(Object.keys(body.errors).sort()).toEqual(['name', 'qty']);
    expect(body.errors.name[0]).toMatch(/^The name field/);
    expect(body.message).toMatch(/\(and 1 more error\)$/);
  });

  it('answers malformed JSON with 422, not 500', async () => {
    const { client } = await ctx.signIn('cashier');
    const res = await client.request('POST', '/api/test/echo', '{"name": ', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The request body is not valid JSON.');
  });

  it('refuses a JSON body over 1 MiB with 413', async () => {
    const { client } = await ctx.signIn('cashier');
    const res = await client.post('/api/test/echo', { name: 'x'.repeat(1024 * 1024 + 10), qty: 1 });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The request body is too large.');
  });

  it('refuses a body of a type it does not read with 415', async () => {
    const { client } = await ctx.signIn('cashier');
    const res = await client.request('POST', '/api/test/echo', 'name=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
  });
});

describe('security headers', () => {
  it('sends a content security policy and the helmet headers on every answer', async () => {
    const res = await ctx.client().get('/healthz');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain('https://sentry.example.com');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // Cross-origin isolation: the register's copy answers scans through shared memory.
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-embedder-policy']).toBe('require-corp');
  });
});

describe('health, API docs and user types', () => {
  it('answers /healthz with 200 when the database answers', async () => {
    const res = await ctx.client().get('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it('serves an OpenAPI document generated from the route schemas to signed-in staff', async () => {
    const { client } = await ctx.signIn('cashier');
    const res = await client.get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    expect(doc.paths['/api/users/types'].get).toBeDefined();
  });

  it('serves a readable docs page at /api/docs', async () => {
    const { client } = await ctx.signIn('administrator');
    let res = await client.get('/api/docs');
    if (res.statusCode === 302) res = await client.get(res.headers.location as string);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('lists the user types for both roles', async () => {
    const { client } = await ctx.signIn('cashier');
    const res = await client.get('/api/users/types');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((t: { id: string }) => t.id)).toEqual(['administrator', 'cashier']);
    expect(res.json().data[0].name).toBe('Administrator');
  });
});

describe('the built web app', () => {
  it('answers client routes with index.html, not cached', async () => {
    for (const url of ['/', '/login', '/dashboard', '/products/12/edit?tab=stock']) {
      const res = await ctx.client().get(url, { accept: 'text/html' });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<!-- spa -->');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await ctx.client().get('/assets/main-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset with 404, not the page', async () => {
    const res = await ctx.client().get('/assets/missing-000.js');
    expect(res.statusCode).toBe(404);
  });

  it('hands the page its run-time configuration', async () => {
    const res = await ctx.client().get('/runtime-config.js');
    expect(res.headers['content-type']).toContain('application/javascript');
    expect(res.body).toContain('window.__TILLBOOK_CONFIG__ = {"sentryDsn":"https://public@sentry.example.com/1"');
  });
});
