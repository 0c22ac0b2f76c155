import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockLevels, stockMovements } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';

// PostgreSQL only (vitest.config.ts): parallel requests need parallel connections, which PGlite
// (one connection) cannot give.
let ctx: TestContext;
let admins: TestClient[];
let mainId: number;
let harbourId: number;
let mugId: number;

async function level(outletId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ quantity: stockLevels.quantity })
    .from(stockLevels)
    .where(and(eq(stockLevels.outletId, outletId), eq(stockLevels.variantId, mugId)));
  return row?.quantity ?? 0;
}

async function movesOf(transferId: number) {
  return ctx.database.db
    .select({ outletId: stockMovements.outletId, delta: stockMovements.delta })
    .from(stockMovements)
    .where(and(eq(stockMovements.documentType, 'stock_transfer'), eq(stockMovements.documentId, transferId)));
}

beforeAll(async () => {
  ctx = await createTestContext();
  // Several people, each in their own browser.
  admins = await Promise.all(Array.from({ length: 3 }, async () => (await ctx.signIn('administrator')).client));
  const admin = admins[0]!;
  mainId = (await admin.get('/api/outlets/list')).json().data[0].id;
  harbourId = (await admin.post('/api/outlets/create', { name: 'Harbour Road', code: 'HRB', active: true })).json().data.id;
  const product = await admin.post('/api/products/create', {
    title: 'Enamel mug',
    variants: [{ price: 800, cost: 400, stock: [{ outletId: mainId, quantity: 20, lowStockThreshold: null }] }],
  });
  mugId = product.json().data.variants[0].id;
});
afterAll(() => ctx.close());

describe('parallel requests on one transfer', () => {
  it('send it once: the units leave the source once, every other send is told it has already gone', async () => {
    const created = (await admins[0]!.post('/api/stock-transfers/create', { fromOutletId: mainId, toOutletId: harbourId, items: [{ variantId: mugId, quantity: 5 }] })).json().data;
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => admins[i % admins.length]!.put(`/api/stock-transfers/${created.id}/edit`, { status: 'sent' })));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    for (const res of answers.filter((r) => r.statusCode === 422)) expect(res.json().errors).toEqual({ status: ['This transfer has already been sent.'] });
    expect(await level(mainId)).toBe(15);
    expect(await movesOf(created.id)).toEqual([{ outletId: mainId, delta: -5 }]);
  });

  it('receive it once: the units arrive once, every other receipt is told it has already arrived', async () => {
    const created = (
      await admins[0]!.post('/api/stock-transfers/create', { fromOutletId: mainId, toOutletId: harbourId, status: 'sent', items: [{ variantId: mugId, quantity: 4 }] })
    ).json().data;
    const before = await level(harbourId);
    const itemId = created.items[0].id;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => admins[i % admins.length]!.post(`/api/stock-transfers/${created.id}/receive`, { items: [{ itemId, quantity: 3 }] })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    for (const res of answers.filter((r) => r.statusCode === 422)) expect(res.json().errors).toEqual({ status: ['This transfer has already been received.'] });
    expect(await level(harbourId)).toBe(before + 3);
    expect((await movesOf(created.id)).filter((m) => m.outletId === harbourId)).toEqual([{ outletId: harbourId, delta: 3 }]);
  });

  it('two transfers out of one outlet at once never send more than it holds', async () => {
    const left = await level(mainId);
    const drafts = await Promise.all(
      Array.from({ length: 4 }, async () => (await admins[0]!.post('/api/stock-transfers/create', { fromOutletId: mainId, toOutletId: harbourId, items: [{ variantId: mugId, quantity: 3 }] })).json().data),
    );
    const answers = await Promise.all(drafts.map((d, i) => admins[i % admins.length]!.put(`/api/stock-transfers/${d.id}/edit`, { status: 'sent' })));
    const sent = answers.filter((res) => res.statusCode === 200).length;
    expect(sent).toBe(Math.floor(left / 3));
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(422);
      expect(res.json().errors['items.0.quantity'][0]).toMatch(/^Only \d+ on hand at Main store: 3 cannot be sent\.$/);
    }
    expect(await level(mainId)).toBe(left - 3 * sent);
  });
});
