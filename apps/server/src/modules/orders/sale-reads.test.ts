import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client.ts';
import { execute } from '../../db/execute.ts';
import type { TestContext } from '../../testing/test-app.ts';
import { openSaleShop, type SaleShop } from './sale.fixtures.ts';

/**
 * A sale's reads (sale_register, sale_variants) and the session's (session_of) find their rows by
 * key through the tables' indexes, however small the tables were when a connection planned them
 * (docs/decisions/036): a connection keeps its plans, and a plan made while the orders table was
 * empty scanned every order at each sale as the table grew (checkout on PostgreSQL fell from 254 to
 * 125 sales a second over three rounds, docs/performance.md 2026-11-29).
 */
let ctx: TestContext;
let shop: SaleShop;

beforeAll(async () => {
  ({ ctx, shop } = await openSaleShop());
  // The tables as a new shop has them: analysed while (nearly) empty, so a plan of their own choosing would scan them.
  await ctx.database.db.execute(sql`vacuum analyze orders, sessions, product_variants, products, registers, cashbox_sessions`);
});
afterAll(() => ctx.close());

type Counts = { relname: string; seq_scan: number; idx_scan: number };

describe("a sale's reads", () => {
  it('go through the indexes on every call, past the calls after which a connection keeps its plans', async () => {
    const tables = ['cashbox_sessions', 'orders', 'product_variants', 'registers', 'sessions'];
    const scans = (tx: DbOrTx) =>
      execute<Counts>(
        tx,
        sql`select relname, seq_scan::int as seq_scan, idx_scan::int as idx_scan from pg_stat_xact_user_tables
            where relname = any(${`{${tables.join(',')}}`}::text[])`,
      );
    // The connection's counts of scans not yet reported, before and after the calls, on one connection.
    const [before, after] = await ctx.database.db.transaction(async (tx) => {
      const first = await scans(tx);
      for (let call = 0; call < 8; call += 1) {
        await tx.execute(sql`select sale_register(${shop.till.id}::int, gen_random_uuid()) as register,
          sale_variants(${`{${shop.shirt.variantId},${shop.mug.variantId}}`}::int[]) as variants,
          session_of('no such session', now()) as session`);
      }
      return [first, await scans(tx)];
    });
    const counted = (rows: Counts[], table: string) => rows.find((c) => c.relname === table) ?? { seq_scan: 0, idx_scan: 0 };
    const byTable = Object.fromEntries(
      tables.map((table) => {
        const [was, is] = [counted(before, table), counted(after, table)];
        return [table, { seq: is.seq_scan - was.seq_scan, index: is.idx_scan - was.idx_scan }];
      }),
    );
    expect(byTable).toEqual({
      cashbox_sessions: { seq: 0, index: 8 },
      orders: { seq: 0, index: 8 },
      product_variants: { seq: 0, index: expect.any(Number) },
      registers: { seq: 0, index: 8 },
      sessions: { seq: 0, index: 8 },
    });
    expect(byTable.product_variants!.index).toBeGreaterThanOrEqual(8);
  });
});
