import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../testing/multipart.ts';
import { createTestContext, type TestContext } from '../testing/test-app.ts';
import type { TestClient } from '../testing/test-client.ts';

type Answer = { description: string; content?: Record<string, { schema: Record<string, unknown> }> };
type Operation = {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { schema: { required?: string[]; properties: Record<string, { format?: string }> } }> };
  responses: Record<string, Answer>;
};
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

let ctx: TestContext;
let admin: TestClient;
let document: Document;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.signIn('administrator')).client;
  document = (await admin.get('/api/openapi.json')).json();
});
afterAll(() => ctx.close());

function operations(): Array<[string, string, Operation]> {
  return Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => [method, path, op] as [string, string, Operation]));
}

/** The shared error schema's name, or "declared" when the route describes the same shape itself (login's 422). */
function errorRef(op: Operation, status: string): unknown {
  const schema = op.responses[status]?.content?.['application/json']?.schema;
  const properties = schema?.properties as Record<string, unknown> | undefined;
  if (properties?.message) return properties.errors ? '#/components/schemas/ValidationError' : '#/components/schemas/Error';
  return schema?.$ref;
}

describe('the OpenAPI document', () => {
  it('asks no session of the public operations', () => {
    expect(document.paths['/healthz']?.get?.security).toEqual([]);
    expect(document.paths['/sanctum/csrf-cookie']?.get?.security).toEqual([]);
    expect(document.paths['/api/login']?.post?.security).toEqual([{ xsrf: [] }]);
    expect(document.paths['/api/user']?.get?.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/products/create']?.post?.security).toEqual([{ session: [], xsrf: [] }]);
  });

  it('lists the 4xx answers every operation can give, with the shared error schema', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(100);
    const ids = new Set<string>();
    for (const [method, path, op] of all) {
      const where = `${method} ${path}`;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
      ids.add(op.operationId!);
      // /metrics answers its own bearer token (METRICS_TOKEN), not a session.
      const isPublic = ['/healthz', '/readyz', '/metrics', '/sanctum/csrf-cookie', '/api/login'].includes(path);
      if (!isPublic) {
        expect(errorRef(op, '401'), where).toBe('#/components/schemas/Error');
        expect(errorRef(op, '403'), where).toBe('#/components/schemas/Error');
      }
      if (method !== 'get') {
        expect(errorRef(op, '419'), where).toBe('#/components/schemas/Error');
        expect(errorRef(op, '415'), where).toBe('#/components/schemas/Error');
      }
      if (path.includes('{id}')) expect(errorRef(op, '404'), where).toBe('#/components/schemas/Error');
      if (op.requestBody || op.parameters?.length) expect(errorRef(op, '422'), where).toBe('#/components/schemas/ValidationError');
    }
    expect(ids.size).toBe(all.length);
    expect(document.components.schemas.ValidationError).toMatchObject({ required: ['message', 'errors'] });
    // What a route declares itself stays: the login throttle, the metrics' bearer token.
    expect(document.paths['/api/login']?.post?.responses['429']).toBeDefined();
    expect(document.paths['/metrics']?.get?.security).toEqual([{ metricsToken: [] }]);
    expect(Object.keys(document.paths['/metrics']?.get?.responses ?? {}).sort()).toEqual(['200', '401', '404']);
  });

  it('describes file uploads as multipart, exports as CSV and the receipt as PDF', () => {
    const uploads: Array<[string, string]> = [
      ['/api/settings/logo', 'logo'],
      ['/api/products/{id}/images', 'image'],
      ['/api/products/upload', 'file'],
      ['/api/categories/upload', 'file'],
    ];
    for (const [path, field] of uploads) {
      const body = document.paths[path]?.post?.requestBody?.content['multipart/form-data']?.schema;
      expect(body?.required, path).toEqual([field]);
      expect(body?.properties[field]?.format, path).toBe('binary');
    }
    for (const path of ['/api/customers/export', '/api/products/export', '/api/orders/export']) {
      expect(Object.keys(document.paths[path]?.get?.responses['200']?.content ?? {}), path).toEqual(['text/csv']);
    }
    expect(Object.keys(document.paths['/api/orders/{id}/receipt']?.get?.responses['200']?.content ?? {})).toContain('application/pdf');
  });

  it('documents the success answers the routes really give: 204 with no body where nothing comes back', () => {
    const successes = (op: Operation | undefined) => Object.keys(op?.responses ?? {}).filter((s) => s.startsWith('2'));
    expect(successes(document.paths['/sanctum/csrf-cookie']?.get)).toEqual(['204']);
    expect(successes(document.paths['/api/logout']?.post)).toEqual(['204']);
    expect(successes(document.paths['/api/categories/{id}']?.delete)).toEqual(['204']);
    expect(successes(document.paths['/api/products/{id}']?.delete).sort()).toEqual(['200', '204']);
    for (const [method, path, op] of operations()) {
      expect(op.responses['200']?.description, `${method} ${path}`).not.toBe('Default Response');
    }
  });
});

describe('content types a route does not read', () => {
  it('answers 415 to a JSON body sent to an upload, and 401 first to a stranger', async () => {
    expect((await admin.post('/api/settings/logo', { logo: 'x' })).statusCode).toBe(415);
    const res = await admin.post('/api/products/upload', { file: 'title\nTea' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'This content type is not accepted.' });
    expect((await admin.post('/api/categories/upload', {})).statusCode).toBe(415);
    expect((await admin.post('/api/products/1/images', {})).statusCode).toBe(415);
    const stranger = ctx.client();
    await stranger.get('/sanctum/csrf-cookie');
    expect((await stranger.post('/api/settings/logo', { logo: 'x' })).statusCode).toBe(401);
  });

  it('answers 415 to a form or plain text sent to a JSON route', async () => {
    const form = multipartBody('file', 'a.csv', 'text/csv', Buffer.from('name\nTea'));
    const multipart = await admin.request('PUT', '/api/settings/general', form.body, form.headers);
    expect(multipart.statusCode).toBe(415);
    const text = await admin.request('POST', '/api/categories/create', 'name=Tea', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
    const urlencoded = await admin.request('POST', '/api/logout', 'a=1', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(urlencoded.statusCode).toBe(415);
    // The right types still work.
    expect((await admin.put('/api/settings/general', { businessName: 'Tea Room', currency: 'EUR', locale: 'en-GB' })).statusCode).toBe(200);
    const csv = await admin.request('POST', '/api/categories/upload?dryRun=1', form.body, form.headers);
    expect(csv.statusCode).toBe(200);
  });
});
