import type { ProductSyncResult } from '@tillbook/contract';
import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { executeOne } from '../../db/execute.ts';
import type { TestContext } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';

/**
 * Waits until every change made so far is below the sync horizon. On a shared PostgreSQL server
 * a write transaction still open in any database holds the horizon back for a moment (xids are
 * cluster-wide): a change is delayed then, never skipped.
 */
export async function settle(ctx: TestContext) {
  const db = ctx.database.db;
  const valueOf = async <T>(query: SQL) => (await executeOne<{ v: T }>(db, query))!.v;
  const mine = await valueOf<string>(sql`select pg_current_xact_id()::text as v`);
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await valueOf<boolean>(sql`select pg_snapshot_xmin(pg_current_snapshot()) > ${mine}::xid8 as v`)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function syncPage(ctx: TestContext, client: TestClient, query: Record<string, string | number> = {}, options = { settle: true }) {
  if (options.settle) await settle(ctx);
  const res = await client.get(`/api/products/sync?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ProductSyncResult;
}

/** Follows the cursor until nothing more is waiting; returns every page and the last cursor. */
export async function syncPages(
  ctx: TestContext,
  client: TestClient,
  query: { since?: string; limit: number; outletId: number },
  options = { settle: true },
) {
  const pages: ProductSyncResult[] = [];
  let cursor = query.since;
  for (let i = 0; i < 1000; i += 1) {
    const page = await syncPage(ctx, client, { ...(cursor ? { since: cursor } : {}), limit: query.limit, outletId: query.outletId }, options);
    pages.push(page);
    cursor = page.nextCursor;
    if (!page.hasMore) break;
  }
  return { pages, cursor: cursor as string, products: pages.flatMap((p) => p.products) };
}
