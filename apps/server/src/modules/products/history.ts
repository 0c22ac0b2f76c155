import type { HistoryEntry, Product } from '@tillbook/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { productHistory, users } from '../../db/schema/index.ts';
import { paginate } from '../../lib/list.ts';

export type Change = { field: string; before: unknown; after: unknown };

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What changed between two readings of a product, field by field and variant by variant. */
export function diffProducts(before: Product, after: Product): Change[] {
  const changes: Change[] = [];
  const fields = ['title', 'description', 'status', 'trackStock', 'categoryIds', 'taxIds', 'chargeIds', 'attributeIds'] as const;
  for (const field of fields) {
    if (!same(before[field], after[field])) changes.push({ field, before: before[field], after: after[field] });
  }
  const label = (v: Product['variants'][number]) => (v.name ? `${v.name} ` : '');
  for (const v of after.variants) {
    const old = before.variants.find((o) => o.id === v.id);
    if (!old) {
      changes.push({ field: `variant ${label(v)}added`, before: null, after: { sku: v.sku, price: v.price } });
      continue;
    }
    for (const key of ['sku', 'barcode', 'price', 'cost', 'active'] as const) {
      if (!same(old[key], v[key])) changes.push({ field: `${label(v)}${key}`.trim(), before: old[key], after: v[key] });
    }
    for (const s of v.stock) {
      const oldLevel = old.stock.find((o) => o.outletId === s.outletId);
      if ((oldLevel?.lowStockThreshold ?? null) !== s.lowStockThreshold) {
        changes.push({ field: `${label(v)}low-stock threshold (outlet ${s.outletId})`.trim(), before: oldLevel?.lowStockThreshold ?? null, after: s.lowStockThreshold });
      }
    }
  }
  for (const old of before.variants) {
    if (!after.variants.some((v) => v.id === old.id)) changes.push({ field: `variant ${label(old)}removed`, before: { sku: old.sku }, after: null });
  }
  return changes;
}

export async function recordHistory(db: DbOrTx, productId: number, userId: number | null, action: string, changes: Change[]) {
  if (action === 'updated' && changes.length === 0) return;
  await db.insert(productHistory).values({ productId, userId, action, changes });
}

export async function listHistory(db: DbOrTx, productId: number, query: { page: number; perPage: number }) {
  return paginate<HistoryEntry>(
    query,
    async () => (await db.select({ n: count() }).from(productHistory).where(eq(productHistory.productId, productId)))[0]?.n ?? 0,
    async (limit, offset) => {
      const rows = await db
        .select({ entry: productHistory, userName: users.name })
        .from(productHistory)
        .leftJoin(users, eq(users.id, productHistory.userId))
        .where(eq(productHistory.productId, productId))
        .orderBy(desc(productHistory.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ entry, userName }) => ({
        id: entry.id,
        action: entry.action,
        user: entry.userId !== null && userName !== null ? { id: entry.userId, name: userName } : null,
        changes: entry.changes,
        createdAt: entry.createdAt.toISOString(),
      }));
    },
  );
}
