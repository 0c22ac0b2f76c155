import { productListQuery } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, parsedJson } from '../../db/execute.ts';
import { createTestContext, type TestContext } from '../../testing/test-app.ts';
import { listProducts } from './list.ts';

/**
 * The product search's statements are named, and PostgreSQL keeps a generic plan for a named
 * statement once five searches of its shape have run on a connection: a plan made for no typed word
 * in particular. Such a plan must still read each typed word's rows as a range of the word index.
 * A prefix as `LIKE 'sal%'` was a range only in a plan made for it: the generic plan read the word
 * index from its start ("Premium Salt" took 0.9–1.5 s at a million products from its sixth search).
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  // Thousands of title words before "sal…" in the index; 60 products with "premium" and a word "sal"
  // starts among 1,560 with "premium", so few that they are found from the title words' GIN index
  // and the words "sal" starts are looked up (search-sparse.ts).
  await db.execute(sql`insert into products (title) select 'Aardvark ' || lpad(g::text, 4, '0') from generate_series(1, 3000) g`);
  await db.execute(sql`insert into products (title) select 'Premium Widget ' || g from generate_series(1, 1500) g`);
  await db.execute(sql`insert into products (title) select 'Premium ' || case when g % 2 = 0 then 'Salt ' else 'Salted ' end || g from generate_series(1, 60) g`);
}, 60_000);
afterAll(() => ctx.close());

type Built = { sql: string; params: unknown[] };
type PlanNode = { 'Index Name'?: string; 'Relation Name'?: string; 'Actual Rows'?: number; 'Actual Loops'?: number; 'Rows Removed by Filter'?: number; Plans?: PlanNode[] };

/** The statements the search sends, as drizzle builds them (text with $n, and their values). */
async function searchStatements(search: string): Promise<Built[]> {
  const session = (ctx.database.db as unknown as { session: { prepareQuery(query: Built, ...rest: unknown[]): unknown } }).session;
  const prepareQuery = session.prepareQuery.bind(session);
  const built: Built[] = [];
  session.prepareQuery = (query: Built, ...rest: unknown[]) => {
    built.push(query);
    return prepareQuery(query, ...rest);
  };
  try {
    const page = await listProducts(ctx.database.db, productListQuery.parse({ search }), 5, { withCost: true });
    expect(page.meta.total).toBe(60);
    expect(page.data[0]?.title).toBe('Premium Salt 10');
  } finally {
    session.prepareQuery = prepareQuery;
  }
  return built;
}

const literal = (v: unknown) => (v === null || v === undefined ? 'null' : typeof v === 'number' || typeof v === 'boolean' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

/** Rows of the title words (product_words, or its index product_words_search) that a plan read and its filters threw away. */
function wordIndexRowsRemoved(node: PlanNode): number {
  const words = node['Index Name'] === 'product_words_search' || node['Relation Name'] === 'product_words';
  const own = words ? (node['Rows Removed by Filter'] ?? 0) * (node['Actual Loops'] ?? 1) : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + wordIndexRowsRemoved(child), 0);
}

describe('the product search planned for any typed word', () => {
  it('reads a word and a prefix from their ranges of the word index, not from its start', async () => {
    const statements = (await searchStatements('Premium Sal')).filter((s) => /product_words/.test(s.sql) && s.params.length > 0);
    expect(statements.length).toBeGreaterThan(0);
    const removed = await ctx.database.db.transaction(async (tx) => {
      // Each statement under the generic plan a connection keeps after five searches of its shape.
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      const counts: number[] = [];
      for (const [i, statement] of statements.entries()) {
        await tx.execute(sql.raw(`prepare search_plan_${i} as ${statement.sql}`));
        const [row] = await execute<{ 'QUERY PLAN': unknown }>(tx, sql.raw(`explain (analyze, format json) execute search_plan_${i}(${statement.params.map(literal).join(', ')})`));
        const [plan] = parsedJson<Array<{ Plan: PlanNode }>>(row?.['QUERY PLAN']) ?? [];
        counts.push(plan ? wordIndexRowsRemoved(plan.Plan) : -1);
        await tx.execute(sql.raw(`deallocate search_plan_${i}`));
      }
      return counts;
    });
    // Each statement read its word rows by range: a plan reading the index from its start threw away
    // the thousands of rows of the words before "sal".
    for (const n of removed) expect(n).toBeGreaterThanOrEqual(0);
    for (const n of removed) expect(n).toBeLessThan(500);
  });
});
