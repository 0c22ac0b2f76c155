import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeOne } from '../../db/execute.ts';
import { outlets } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { syncPages } from './sync.fixtures.ts';

// PostgreSQL only (vitest.config.ts): PGlite is one connection, so a second transaction cannot
// stay open beside the server's.
let ctx: TestContext;
let admin: TestClient;
let mainId: number;
let counter = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.signIn('administrator')).client;
  mainId = (await ctx.database.db.select().from(outlets))[0]!.id;
});
afterAll(() => ctx.close());

async function createProduct(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const res = await admin.post('/api/products/create', { title: `Late product ${counter}`, variants: [{ price: 100, cost: 40 }], ...overrides });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number };
}

const syncAll = (since?: string, limit = 500, client = admin, options = { settle: true }) =>
  syncPages(ctx, client, { since, limit, outletId: mainId }, options);

describe('a change that commits late', () => {
  it('is never skipped by a cursor that moved past it', async () => {
    const slow = await createProduct({ title: 'Slow writer' });
    const fast = await createProduct({ title: 'Fast writer' });
    const { cursor } = await syncAll();

    const url = new URL(process.env.TEST_DATABASE_URL as string);
    const dbName = (await executeOne<{ name: string }>(ctx.database.db, sql`select current_database() as name`))!.name;
    url.pathname = `/${dbName}`;
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    try {
      // This transaction takes its xid first but commits last.
      await other.query('begin');
      await other.query(`update products set title = 'Slow writer (renamed)', change_xid = pg_current_xact_id() where id = $1`, [slow.id]);

      const detail = (await admin.get(`/api/products/${fast.id}/edit`)).json().data;
      expect((await admin.put(`/api/products/${fast.id}/edit`, { ...detail, title: 'Fast writer (renamed)' })).statusCode).toBe(200);

      // The fast change committed, but a transaction older than it is still open: it waits.
      const during = await syncAll(cursor, 500, admin, { settle: false });
      expect(during.products.map((p) => p.id)).not.toContain(slow.id);

      await other.query('commit');
      const after = await syncAll(during.cursor);
      const titles = [...during.products, ...after.products].map((p) => p.title);
      expect(titles).toContain('Slow writer (renamed)');
      expect(titles).toContain('Fast writer (renamed)');
    } finally {
      await other.query('rollback').catch(() => undefined);
      await other.end();
    }
  });
});
