import type { RewardState, rewardListQuery } from '@tillbook/contract';
import { and, asc, count, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { categories, orders, products, productVariants, rewards, type RewardRow } from '../../db/schema/index.ts';
import { likePattern, orderByFrom, paginate, type Page } from '../../lib/list.ts';

/** The columns a reward form writes. */
export type RewardColumns = Pick<typeof rewards.$inferInsert, 'name' | 'kind' | 'amount' | 'rateE4' | 'variantId' | 'points' | 'startsOn' | 'endsOn' | 'active'>;

/** The variant a product reward gives, as the till and the form show it. */
export type VariantFacts = { id: number; productId: number; title: string; variantName: string; sku: string | null; unitPrice: number };

/** No end, or an end on or after the shop's day `today`. */
function notEnded(today: string): SQL {
  return or(isNull(rewards.endsOn), gte(rewards.endsOn, today)) as SQL;
}

/** The SQL of rewardStateOf, for the list's state filter. */
function stateFilter(state: RewardState, today: string): SQL {
  const live = and(isNull(rewards.archivedAt), eq(rewards.active, true)) as SQL;
  switch (state) {
    case 'archived':
      return isNotNull(rewards.archivedAt);
    case 'inactive':
      return and(isNull(rewards.archivedAt), eq(rewards.active, false)) as SQL;
    case 'ended':
      return and(live, isNotNull(rewards.endsOn), lt(rewards.endsOn, today)) as SQL;
    case 'scheduled':
      return and(live, notEnded(today), isNotNull(rewards.startsOn), gt(rewards.startsOn, today)) as SQL;
    case 'active':
      return and(live, notEnded(today), or(isNull(rewards.startsOn), lte(rewards.startsOn, today))) as SQL;
  }
}

/** A page of rewards; archived ones only when the list asks for them (state=archived). */
export async function findRewardPage(db: DbOrTx, query: z.output<typeof rewardListQuery>, today: string): Promise<Page<RewardRow>> {
  const filters: SQL[] = [query.state ? stateFilter(query.state, today) : isNull(rewards.archivedAt)];
  if (query.search) filters.push(ilike(rewards.name, likePattern(query.search)));
  const where = and(...filters);
  const orderBy = orderByFrom(query.sort, { name: sql`lower(${rewards.name})`, points: rewards.points, createdAt: rewards.createdAt }, '-createdAt', rewards.id);
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(rewards).where(where))[0]?.n ?? 0,
    async (limit, offset) =>
      db
        .select()
        .from(rewards)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
  );
}

/** Rewards a customer may take on the shop's day `today`, fewest points first. */
export async function findAvailableRewardRows(db: DbOrTx, today: string): Promise<RewardRow[]> {
  return db
    .select()
    .from(rewards)
    .where(stateFilter('active', today))
    .orderBy(asc(rewards.points), asc(rewards.id));
}

export async function findRewardRowById(db: DbOrTx, id: number): Promise<RewardRow | undefined> {
  const [row] = await db.select().from(rewards).where(eq(rewards.id, id)).limit(1);
  return row;
}

/** How many sales took each reward (refunded ones included). */
export async function countRewardUses(db: DbOrTx, rewardIds: number[]): Promise<Map<number, number>> {
  const uses = new Map<number, number>();
  if (rewardIds.length === 0) return uses;
  const rows = await db
    .select({ rewardId: orders.rewardId, n: count() })
    .from(orders)
    .where(inArray(orders.rewardId, rewardIds))
    .groupBy(orders.rewardId);
  for (const row of rows) if (row.rewardId !== null) uses.set(row.rewardId, row.n);
  return uses;
}

/** The variants by id, with their product's title. */
export async function findVariantFacts(db: DbOrTx, variantIds: number[]): Promise<Map<number, VariantFacts>> {
  const facts = new Map<number, VariantFacts>();
  if (variantIds.length === 0) return facts;
  const rows = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      title: products.title,
      variantName: productVariants.name,
      sku: productVariants.sku,
      unitPrice: productVariants.price,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, [...new Set(variantIds)]));
  for (const row of rows) facts.set(row.id, row);
  return facts;
}

/** Whether a variant can be given: it exists, is active and its product is not archived. */
export async function findVariantStatus(db: DbOrTx, variantId: number): Promise<{ active: boolean; productStatus: 'active' | 'archived' } | undefined> {
  const [row] = await db
    .select({ active: productVariants.active, productStatus: products.status })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, variantId))
    .limit(1);
  return row;
}

export async function insertReward(db: DbOrTx, columns: RewardColumns): Promise<number | undefined> {
  const [row] = await db.insert(rewards).values(columns).returning({ id: rewards.id });
  return row?.id;
}

export async function updateRewardById(db: DbOrTx, id: number, columns: RewardColumns): Promise<void> {
  await db
    .update(rewards)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(rewards.id, id));
}

export async function setRewardArchived(db: DbOrTx, id: number, archived: boolean): Promise<void> {
  const now = new Date();
  await db
    .update(rewards)
    .set({ archivedAt: archived ? now : null, updatedAt: now })
    .where(eq(rewards.id, id));
}

export async function deleteRewardById(db: DbOrTx, id: number): Promise<void> {
  await db.delete(rewards).where(eq(rewards.id, id));
}

/** Categories by id, by name (for the settings' exclusions). */
export async function findCategoryNames(db: DbOrTx, ids: number[]): Promise<Array<{ id: number; name: string }>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(inArray(categories.id, ids))
    .orderBy(asc(sql`lower(${categories.name})`), asc(categories.id));
}

/** Products by id, by title, with the SKU of their default (or first) variant. */
export async function findProductTitles(db: DbOrTx, ids: number[]): Promise<Array<{ id: number; title: string; sku: string | null }>> {
  if (ids.length === 0) return [];
  const sku = sql<string | null>`(select ${productVariants.sku} from ${productVariants} where ${productVariants.productId} = ${products.id}
    order by ${productVariants.isDefault} desc, ${productVariants.position}, ${productVariants.id} limit 1)`;
  return db
    .select({ id: products.id, title: products.title, sku })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(sql`lower(${products.title})`), asc(products.id));
}
