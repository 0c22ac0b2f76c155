import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { userTypes, type ProductSyncResult } from '@tillbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app.ts';
import type { TestClient } from '../testing/test-client.ts';
import { settle } from '../modules/products/sync.fixtures.ts';

/** A build as `npm run build` leaves it: each text asset with its .br and .gz beside it. */
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tillbook-dist-'));
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
fs.mkdirSync(path.join(distDir, 'assets'));
fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), script);
fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js.gz'), gzipSync(script));

const bigJson = { data: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Product number ${i}` })) };
const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4000, 'x')]);

let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestContext({
    webDistDir: distDir,
    extend(app) {
      app.get('/api/test/big', { config: { access: userTypes } }, async () => bigJson);
      app.get('/api/test/pdf', { config: { access: userTypes } }, async (_request, reply) =>
        reply.type('application/pdf').send(Readable.from([pdf])),
      );
      app.get('/api/test/events', { config: { access: userTypes } }, async (_request, reply) =>
        reply.type('text/event-stream').send(Readable.from(['data: one\n\n', `data: ${'x'.repeat(3000)}\n\n`])),
      );
    },
  });
  admin = (await ctx.signIn('administrator')).client;
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('compression', () => {
  it('sends the build’s own brotli or gzip copy of an asset by Accept-Encoding, never compressing twice', async () => {
    const br = await ctx.client().get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(fs.readFileSync(path.join(distDir, 'assets', 'index-abc123.js.br')))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await ctx.client().get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await ctx.client().get('/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);

    // A client that says nothing about encodings gets the file as it is.
    const unasked = await ctx.client().get('/assets/index-abc123.js');
    expect(unasked.headers['content-encoding']).toBeUndefined();
    expect(unasked.rawPayload.equals(Buffer.from(script))).toBe(true);
  });

  it('compresses JSON above 1 KB and leaves small answers alone', async () => {
    const big = await admin.get('/api/test/big', { 'accept-encoding': 'br' });
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    expect(big.rawPayload.length).toBeLessThan(JSON.stringify(bigJson).length / 3);
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toEqual(bigJson);

    const gz = await admin.get('/api/test/big', { 'accept-encoding': 'gzip' });
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(bigJson);

    const small = await admin.get('/api/user', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().type).toBe('administrator');

    const uncompressed = await admin.get('/api/test/big');
    expect(uncompressed.headers['content-encoding']).toBeUndefined();
    expect(uncompressed.json()).toEqual(bigJson);
  });

  it('streams a CSV export compressed, whole', async () => {
    const plain = await admin.get('/api/customers/export');
    const gz = await admin.get('/api/customers/export', { 'accept-encoding': 'gzip' });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('sends a register sync page compressed, the same data as plain', async () => {
    for (let i = 0; i < 12; i += 1) {
      const created = await admin.post('/api/products/create', { title: `Compressed product ${i}`, variants: [{ price: 100 + i, cost: 40 }] });
      expect(created.statusCode, created.body).toBe(201);
    }
    await settle(ctx);
    const plain = await admin.get('/api/products/sync?limit=100');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const { nextCursor: _plainCursor, ...plainData } = (plain.json() as { data: ProductSyncResult }).data;
    expect(plainData.products).toHaveLength(12);
    for (const [encoding, unpack] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const packed = await admin.get('/api/products/sync?limit=100', { 'accept-encoding': encoding });
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      // The cursor carries the database's horizon, which other work may move between two calls.
      const { nextCursor, ...data } = (JSON.parse(unpack(packed.rawPayload).toString()) as { data: ProductSyncResult }).data;
      expect(nextCursor).toEqual(expect.any(String));
      expect(data).toEqual(plainData);
    }
  });

  it('leaves PDFs and event streams uncompressed', async () => {
    const file = await admin.get('/api/test/pdf', { 'accept-encoding': 'br, gzip' });
    expect(file.headers['content-encoding']).toBeUndefined();
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const events = await admin.get('/api/test/events', { 'accept-encoding': 'br, gzip' });
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body.startsWith('data: one\n\n')).toBe(true);
  });
});
