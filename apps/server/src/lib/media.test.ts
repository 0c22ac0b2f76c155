import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { thumbnailUrlOf } from '@tillbook/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../testing/multipart.ts';
import { pngChunk } from './png.ts';
import { createTestContext, type TestContext } from '../testing/test-app.ts';
import type { TestClient } from '../testing/test-client.ts';

let ctx: TestContext;
let admin: TestClient;
let productId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.signIn('administrator')).client;
  const created = await admin.post('/api/products/create', {
    title: 'Framed print',
    categoryIds: [],
    taxIds: [],
    trackStock: false,
    variants: [{ sku: null, barcode: null, price: 2500, cost: 900, stock: [] }],
  });
  productId = created.json().data.id;
});
afterAll(() => ctx.close());

/** A small file that declares a huge picture: the header says width × height, the data is a few rows. */
function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 0; // greyscale
  const rows = Buffer.alloc(Math.min(height, 64) * (width + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#4f46e5' } }).png().toBuffer();

function uploadLogo(content: Buffer) {
  const upload = multipartBody('logo', 'logo.png', 'image/png', content);
  return admin.request('POST', '/api/settings/logo', upload.body, upload.headers);
}

function uploadProductImage(content: Buffer) {
  const upload = multipartBody('image', 'photo.png', 'image/png', content);
  return admin.request('POST', `/api/products/${productId}/images`, upload.body, upload.headers);
}

describe('uploaded images are decoded and limited in pixels', () => {
  it('refuses a 65 KB PNG declaring 65,535 × 65,535 pixels as the logo and as a product image', async () => {
    const bomb = pngDeclaring(65_535, 65_535);
    expect(bomb.length).toBeLessThan(100_000);
    const logo = await uploadLogo(bomb);
    expect(logo.statusCode).toBe(422);
    expect(logo.json().errors.logo).toEqual([
      'The logo may be at most 8000 × 8000 pixels and 40 megapixels; this one is 65535 × 65535.',
    ]);
    const image = await uploadProductImage(bomb);
    expect(image.statusCode).toBe(422);
    expect(image.json().errors.image[0]).toMatch(/^The image may be at most 8000 × 8000 pixels/);
    // Nothing was kept: the login screen still shows no uploaded logo.
    expect((await ctx.client().get('/runtime-config.js')).body).toContain('"logoUrl":null');
  });

  it('refuses one side past 8000 pixels and more than 40 megapixels', async () => {
    expect((await uploadProductImage(pngDeclaring(8001, 10))).json().errors.image[0]).toMatch(/this one is 8001 × 10\.$/);
    expect((await uploadProductImage(pngDeclaring(7000, 6000))).json().errors.image[0]).toMatch(/this one is 7000 × 6000\.$/);
  });

  it('refuses an image whose header is right but whose pixels cannot be decoded', async () => {
    const res = await uploadProductImage(pngDeclaring(300, 300).subarray(0, 60));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.image).toEqual(['The image could not be read as an image.']);
  });

  it('keeps a 320-pixel WebP thumbnail beside each upload, and the product list points at it', async () => {
    const res = await uploadProductImage(await photo(1600, 900));
    expect(res.statusCode).toBe(201);
    const url: string = res.json().data.url;
    const thumbnail = thumbnailUrlOf(url);
    expect(thumbnail).toBe(url.replace(/\.png$/, '.thumb.webp'));
    expect(fs.existsSync(path.join(ctx.dataDir, thumbnail))).toBe(true);

    const served = await ctx.client().get(thumbnail);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const size = await sharp(served.rawPayload).metadata();
    expect([size.format, size.width, size.height]).toEqual(['webp', 320, 180]);
    expect(served.rawPayload.length).toBeLessThan(10_000);

    const listed = (await admin.get('/api/products?search=Framed')).json().data[0];
    expect(thumbnailUrlOf(listed.imageUrl)).toBe(thumbnail);

    expect((await admin.delete(`/api/products/images/${res.json().data.id}`)).statusCode).toBe(204);
    expect(fs.existsSync(path.join(ctx.dataDir, url))).toBe(false);
    expect(fs.existsSync(path.join(ctx.dataDir, thumbnail))).toBe(false);
  });

  it('makes the thumbnail of an image stored before thumbnails existed on its first request', async () => {
    const logo = await uploadLogo(await photo(800, 200));
    const logoUrl: string = logo.json().data.logoUrl;
    const thumbnail = thumbnailUrlOf(logoUrl);
    fs.rmSync(path.join(ctx.dataDir, thumbnail));

    const served = await ctx.client().get(thumbnail);
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 80 });
    expect(fs.existsSync(path.join(ctx.dataDir, thumbnail))).toBe(true);
    // A thumbnail of nothing is simply not found.
    expect((await ctx.client().get('/media/no-such-image.thumb.webp')).statusCode).toBe(404);
    expect((await ctx.client().get('/media/..%2F..%2Fetc.thumb.webp')).statusCode).toBe(404);
  });
});
