// DESIGN.md §3's input rules, for every operation of the OpenAPI document: a NUL character in any
// query parameter, path parameter or JSON body text is a 422 naming the field; a path id that is not
// plain digits ("+1", "0x10", "1e3", " 1") is a 422 or 404; no such request changes a row; every
// list and export refuses an unknown sort with a 422 before its first byte.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDrawer, saleBody, seedSaleShop, type SaleShop } from '../modules/orders/sale.fixtures.ts';
import { openApiDocumentOf, type JsonSchema } from '../testing/openapi-document.ts';
import { createTestContext, type TestContext } from '../testing/test-app.ts';

type Operation = {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  parameters: { in: 'query' | 'path'; name: string; required?: boolean }[];
  body: JsonSchema | null;
  /** Reads one file as multipart: sent without a body here, as a JSON body would be a 415. */
  isUpload: boolean;
};

let ctx: TestContext;
let shop: SaleShop;
let operations: Operation[];

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await seedSaleShop(ctx);
  await openDrawer(ctx.database.db, shop.till, shop.main.id, shop.cashierId);
  // Rows with the id 1 of every kind a path names, so a loosely read id would find something to change.
  const sold = await shop.cashier.post('/api/orders/create', saleBody(shop.till.id, [[shop.mug.variantId, 1]], 800));
  expect(sold.statusCode).toBe(201);
  const customer = await shop.admin.post('/api/customers/create', { name: 'Ann Lee', marketingConsent: false });
  expect(customer.statusCode).toBe(201);
  await shop.admin.post(`/api/customers/${customer.json().data.id}/notes`, { body: 'Prefers e-mail', printOnReceipt: false });
  const doc = openApiDocumentOf(ctx.app);
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method as Operation['method'],
      path,
      parameters: (op.parameters ?? []) as Operation['parameters'],
      body: op.requestBody?.content?.['application/json']?.schema ?? null,
      isUpload: op.requestBody?.content?.['multipart/form-data'] !== undefined,
    })),
  );
}, 60_000);
afterAll(() => ctx.close());

/** A text of every table that holds shop data (sessions and login throttles change by design). */
async function fingerprint(): Promise<string> {
  const rowsOf = async <T,>(query: ReturnType<typeof sql>) => ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rowsOf<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('sessions', 'login_throttles') and tablename not like '%migrations%' order by tablename`,
  );
  const parts: string[] = [];
  for (const { tablename } of tables) {
    const [row] = await rowsOf<{ t: string | null }>(sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as t from ${sql.identifier(tablename)} x`);
    parts.push(`${tablename}:${row?.t}`);
  }
  return parts.join('\n');
}

/** Ordinary values for the path's parameters (ids of existing rows; the register's slug). */
function pathOf(op: Operation, values: Record<string, string> = {}): string {
  return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? (name === 'slug' ? 'main-till-1' : '1'));
}

/** Every place in a JSON body schema that takes text, as paths ("lines.0.note"). */
function textPaths(schema: JsonSchema | undefined, path: string[] = [], depth = 0): string[][] {
  if (!schema || depth > 8) return [];
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const found: string[][] = [];
  if (types.includes('string') && path.length) found.push(path);
  for (const [key, inner] of Object.entries(schema.properties ?? {})) found.push(...textPaths(inner, [...path, key], depth + 1));
  if (schema.items) found.push(...textPaths(schema.items, [...path, '0'], depth + 1));
  for (const alternative of alternatives) found.push(...textPaths(alternative, path, depth + 1));
  const seen = new Set<string>();
  return found.filter((p) => !seen.has(p.join('.')) && seen.add(p.join('.')));
}

/** A body with `value` at `path` and nothing else ({lines: [{note: value}]}). */
function bodyWith(path: string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const inner = bodyWith(rest, value);
  return /^\d+$/.test(head) ? [inner] : { [head]: inner };
}

async function send(op: Operation, url: string, body?: unknown) {
  const method = op.method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE';
  const isBodyless = method === 'GET' || method === 'DELETE' || op.isUpload;
  return shop.admin.request(method, url, body === undefined && !isBodyless ? {} : body);
}

describe('every operation', () => {
  it('refuses a NUL in any query parameter, path parameter or body text with a 422 naming the field, and changes no row', async () => {
    const before = await fingerprint();
    expect(before).toMatch(/^products:[0-9a-f]{32}$/m);
    expect(before).toMatch(/^orders:[0-9a-f]{32}$/m);
    const seen: string[] = [];
    for (const op of operations) {
      for (const parameter of op.parameters) {
        const url =
          parameter.in === 'path'
            ? pathOf(op, { [parameter.name]: 'a%00b' })
            : `${pathOf(op)}?${parameter.name}=a%00b`;
        const res = await send(op, url);
        expect(res.statusCode, `${op.method} ${url} ${res.body}`).toBe(422);
        expect(res.json().errors, `${op.method} ${url}`).toEqual({ [parameter.name]: [expect.stringMatching(/may not contain a NUL character\.$/)] });
        seen.push(`${op.method} ${op.path} ${parameter.in}:${parameter.name}`);
      }
      for (const path of textPaths(op.body ?? undefined)) {
        const res = await send(op, pathOf(op), bodyWith(path, 'a\u0000b'));
        expect(res.statusCode, `${op.method} ${op.path} ${path.join('.')} ${res.body}`).toBe(422);
        expect(res.json().errors, `${op.method} ${op.path} ${path.join('.')}`).toEqual({ [path.join('.')]: [expect.stringMatching(/may not contain a NUL character\.$/)] });
        seen.push(`${op.method} ${op.path} body:${path.join('.')}`);
      }
    }
    // The sweep reached the sign-in, the sale, the product form and the lists.
    expect(seen).toEqual(expect.arrayContaining(['post /api/login body:email', 'post /api/login body:password', 'post /api/orders/create body:note', 'post /api/products/create body:title', 'get /api/customers/export query:search', 'get /api/orders query:from']));
    expect(seen.length).toBeGreaterThan(300);
    expect(await fingerprint()).toBe(before);
  }, 300_000);

  it('refuses a NUL in sign-in before anyone is signed in', async () => {
    const guest = ctx.client();
    await guest.get('/sanctum/csrf-cookie');
    const res = await guest.post('/api/login', { email: 'admin\u0000', password: 'secret-password' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'The email may not contain a NUL character.', errors: { email: ['The email may not contain a NUL character.'] } });
  });

  it('takes only plain digits as path ids: "+1", "0x10", "1e3", " 1" are refused (422 or 404) and change no row', async () => {
    const before = await fingerprint();
    let tried = 0;
    for (const op of operations) {
      for (const parameter of op.parameters.filter((p) => p.in === 'path' && p.name !== 'slug')) {
        for (const loose of ['+1', '%2B1', '0x1', '0x10', '1e0', '1e3', '%201', '1%20', '1.0', '01.', '-1', '0']) {
          const url = pathOf(op, { [parameter.name]: loose });
          const res = await send(op, url, op.body ? {} : undefined);
          expect([404, 422], `${op.method} ${url} ${res.statusCode} ${res.body}`).toContain(res.statusCode);
          if (res.statusCode === 422) expect(Object.keys(res.json().errors), `${op.method} ${url}`).toContain(parameter.name);
          tried += 1;
        }
      }
    }
    expect(tried).toBeGreaterThan(500);
    expect(await fingerprint()).toBe(before);
  }, 300_000);

  it('refuses an unknown sort on every list and export with a 422 on the sort, before any byte of a download', async () => {
    // A count takes the list's filters but has no order to keep.
    const sorted = operations.filter((op) => op.method === 'get' && !op.path.endsWith('/count') && op.parameters.some((p) => p.in === 'query' && p.name === 'sort'));
    expect(sorted.map((op) => op.path)).toEqual(expect.arrayContaining(['/api/customers/export', '/api/orders/export', '/api/products', '/api/customers']));
    // A list whose query needs more than its sort (a report's name and range) gets good values for those.
    const goodValues: Record<string, string> = { report: 'revenue', from: '2026-11-01', to: '2026-11-30' };
    for (const op of sorted) {
      const needed = op.parameters.filter((p) => p.in === 'query' && p.required).map((p) => `&${p.name}=${goodValues[p.name] ?? ''}`);
      const res = await send(op, `${pathOf(op)}?sort=bogus${needed.join('')}`);
      expect(res.statusCode, `${op.path} ${res.body}`).toBe(422);
      expect(res.headers['content-type'], op.path).toMatch(/^application\/json/);
      expect(Object.keys(res.json().errors), op.path).toEqual(['sort']);
    }
  });
});

describe('a product', () => {
  it('is not deleted by DELETE /api/products/+1 or any other loose spelling of its id', async () => {
    for (const [id, title] of [[shop.shirt.productId, 'Linen shirt'], [shop.mug.productId, 'Mug']] as const) {
      for (const loose of [`+${id}`, `%2B${id}`, `0x${id.toString(16)}`, `${id}e0`, `%20${id}`, `${id}.0`, `0${id}.`]) {
        const res = await shop.admin.delete(`/api/products/${loose}`);
        expect([404, 422], `${loose} ${res.body}`).toContain(res.statusCode);
      }
      const still = await shop.admin.get(`/api/products/${id}/edit`);
      expect(still.statusCode).toBe(200);
      expect(still.json().data).toMatchObject({ title, status: 'active' });
    }
    expect(shop.shirt.productId).toBe(1);
  });

  it('keeps its title on one line and says so on the title field', async () => {
    const res = await shop.admin.post('/api/products/create', { title: 'Mug\nLarge', description: 'Stoneware.\nDishwasher safe.', variants: [{ name: '', sku: null, barcode: null, price: 500, cost: null }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.title).toEqual(['The title must be on one line.']);
    expect(res.json().errors.description).toBeUndefined();
  });
});

describe('the exports', () => {
  it('answer a bad sort or filter with a 422 naming the field, not a download that breaks off', async () => {
    for (const [url, field] of [
      ['/api/customers/export?sort=bogus', 'sort'],
      ['/api/orders/export?sort=bogus', 'sort'],
      ['/api/orders/export?from=99999-01-01', 'from'],
      ['/api/orders/export?outletId=0x1', 'outletId'],
      ['/api/products/export?categoryId=1e3', 'categoryId'],
      ['/api/products/export?stockStatus=bogus', 'stockStatus'],
      ['/api/products/export?outletId=%2B1', 'outletId'],
    ] as const) {
      const res = await shop.admin.get(url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(422);
      expect(res.headers['content-disposition'], url).toBeUndefined();
      expect(Object.keys(res.json().errors), url).toEqual([field]);
    }
  });

  it('still download every row with good filters', async () => {
    for (const url of ['/api/customers/export?sort=-name', '/api/orders/export?sort=-total', '/api/products/export']) {
      const res = await shop.admin.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.body.split('\r\n').filter(Boolean).length, url).toBeGreaterThan(1);
    }
    const none = await shop.admin.get('/api/customers/export?search=nobody-has-this-name');
    expect(none.statusCode).toBe(200);
    expect(none.body.startsWith('\uFEFFname,email')).toBe(true);
    expect(none.body.split('\r\n').filter(Boolean)).toHaveLength(1);
  });
});

describe('dates', () => {
  it('far in the future are a 422 on the field, never a server error', async () => {
    const coupon = await shop.admin.post('/api/coupons/create', { code: 'FAR', name: 'Far away', kind: 'fixed', amount: 100, validUntil: '99999-01-01', appliesTo: 'all', active: true });
    expect(coupon.statusCode).toBe(422);
    expect(coupon.json().errors).toEqual({ validUntil: ['The end must be between 1900-01-01 and 2100-12-31.'] });
    const iso = await shop.admin.post('/api/coupons/create', { code: 'FAR', name: 'Far away', kind: 'fixed', amount: 100, validUntil: '+099999-01-01T00:00:00Z', appliesTo: 'all', active: true });
    expect(iso.statusCode).toBe(422);
    const birthday = await shop.admin.post('/api/customers/create', { name: 'Old', birthday: '0001-01-01', marketingConsent: false });
    expect(birthday.json().errors).toEqual({ birthday: ['The birthday must be between 1900-01-01 and 2100-12-31.'] });
    const orders = await shop.admin.get('/api/orders?to=2101-01-01');
    expect(orders.json().errors).toEqual({ to: ['The to date must be between 1900-01-01 and 2100-12-31.'] });
  });
});
