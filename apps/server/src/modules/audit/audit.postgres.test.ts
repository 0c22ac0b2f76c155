import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../db/execute.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { recordAudit, verifyAuditChain } from './service.ts';

// PostgreSQL only (vitest.config.ts): writers at the same moment need connections of their own,
// which PGlite (one connection) cannot give.
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Link = { id: number; summary: string; prev_hash: string; hash: string };
const chain = async () =>
  (await execute<Link>(ctx.database.db, sql`select id, summary, prev_hash, hash from audit_log order by id`)).map((row) => ({ ...row, id: Number(row.id) }));

describe('the audit chain under parallel writers', () => {
  it('stays one unbroken chain when 8 transactions write at once, each one’s rows numbered together', async () => {
    const before = (await chain()).length;
    await Promise.all(
      Array.from({ length: 8 }, (_, writer) =>
        ctx.database.db.transaction(async (tx) => {
          for (let n = 0; n < 5; n += 1) {
            await recordAudit(tx, { id: null, name: `till ${writer}`, ip: null }, { action: 'cashbox.cash_in', summary: `writer ${writer} row ${n}` });
            // Others queue on the chain's lock meanwhile: the rows interleave in time, not in the chain.
            await pause(writer % 3);
          }
        }),
      ),
    );
    const rows = (await chain()).slice(before);
    expect(rows).toHaveLength(40);
    // Each link points at the row numbered before it: the numbers are the chain's order.
    rows.forEach((row, i) => {
      if (i > 0) expect(row.prev_hash).toBe(rows[i - 1]!.hash);
    });
    // A transaction holds the chain until it commits, so its five rows follow one another.
    for (let start = 0; start < 40; start += 5) {
      const writer = rows[start]!.summary.split(' ')[1];
      expect(rows.slice(start, start + 5).map((r) => r.summary)).toEqual([0, 1, 2, 3, 4].map((n) => `writer ${writer} row ${n}`));
      expect(rows[start + 4]!.id - rows[start]!.id).toBe(4);
    }
    expect(await verifyAuditChain(ctx.database.db)).toMatchObject({ ok: true, rows: before + 40 });
  });

  it('leaves the chain whole when a writer rolls back among writers that commit', async () => {
    const before = (await chain()).length;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, writer) =>
        ctx.database.db.transaction(async (tx) => {
          await recordAudit(tx, { id: null, name: `till ${writer}`, ip: null }, { action: 'cashbox.no_sale', summary: `no sale ${writer}` });
          await pause(1);
          if (writer % 4 === 1) throw new Error('the sale failed');
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(2);
    const rows = (await chain()).slice(before);
    expect(rows.map((r) => r.summary).sort()).toEqual(['no sale 0', 'no sale 2', 'no sale 3', 'no sale 4', 'no sale 6', 'no sale 7']);
    expect(await verifyAuditChain(ctx.database.db)).toMatchObject({ ok: true, rows: before + 6 });
  });
});
