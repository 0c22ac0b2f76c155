import type { CategoryFilters, CategoryOption, CategoryValues } from '@tillbook/contract';
import { and, count, eq, getTableColumns, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { categories, productCategories } from '../../db/schema/index.ts';
import { likePattern, orderByFrom, paginate, type Page } from '../../lib/list.ts';

/**
 * Every category's place in the tree, as a derived table to join on `category_tree.id`:
 * - depth: 0 for top-level categories;
 * - path: the sibling ranks from the root down (siblings by position, then name), so ordering by it
 *   lists each parent followed by its children;
 * - visible: the category and every category above it are active (what the sell screen shows).
 * Categories are few (hundreds, rarely thousands): walking the whole tree per request is cheap.
 */
const categoryTree = sql`(
  with recursive ranked as (
    select id, parent_id, active,
      row_number() over (partition by parent_id order by position, lower(name), id) as rank
    from categories
  ), tree as (
    select id, 0 as depth, array[rank] as path, active as visible from ranked where parent_id is null
    union all
    select r.id, t.depth + 1, t.path || r.rank, t.visible and r.active from ranked r join tree t on r.parent_id = t.id
  )
  select id, depth, path, visible from tree
) as category_tree`;

const treeColumns = {
  id: sql`category_tree.id`,
  depth: sql<number>`category_tree.depth`.mapWith(Number),
  path: sql`category_tree.path`,
  visible: sql<boolean>`category_tree.visible`,
};

const joinTree = sql`category_tree.id = ${categories.id}`;

/** The category and everything under it, at any depth. */
export async function findSubtreeIds(db: DbOrTx, id: number): Promise<number[]> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      sql`${categories.id} in (
        with recursive subtree(id) as (
          select ${id}::integer
          union
          select c.id from categories c join subtree s on c.parent_id = s.id
        )
        select id from subtree
      )`,
    );
  return rows.map((r) => r.id);
}

/** Depth of each given category (0 = top level), for working bottom-up. */
export async function findDepths(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: categories.id, depth: treeColumns.depth })
    .from(categories)
    .innerJoin(categoryTree, joinTree)
    .where(inArray(categories.id, ids));
  return new Map(rows.map((r) => [r.id, r.depth]));
}

// One lock for every change of the tree's shape, so two moves at once can never build a loop
// (A under B while B goes under A): each sees the other's result before checking.
const TREE_LOCK_ID = 7_341_101;

export async function lockCategoryTree(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${TREE_LOCK_ID})`);
}

/** Is a category with this name (any case) already under this parent? */
export async function findSiblingByName(
  db: DbOrTx,
  name: string,
  parentId: number | null,
  exceptId?: number,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(
      sql`coalesce(${categories.parentId}, 0) = ${parentId ?? 0} and lower(${categories.name}) = lower(${name})${
        exceptId === undefined ? sql`` : sql` and ${categories.id} <> ${exceptId}`
      }`,
    )
    .limit(1);
  return row;
}

const parent = alias(categories, 'parent');

const productCount = sql<number>`(select count(*) from ${productCategories} where ${productCategories.categoryId} = ${categories.id})`.mapWith(
  Number,
);
const childCount = sql<number>`(select count(*) from categories as child where child.parent_id = ${categories.id})`.mapWith(Number);

export type CategoryRowWithTree = typeof categories.$inferSelect & {
  parentName: string | null;
  depth: number;
  productCount: number;
  childCount: number;
};

function selectCategories(db: DbOrTx) {
  return db
    .select({ ...getTableColumns(categories), parentName: parent.name, depth: treeColumns.depth, productCount, childCount })
    .from(categories)
    .innerJoin(categoryTree, joinTree)
    .leftJoin(parent, eq(parent.id, categories.parentId));
}

function filtersOf(query: Pick<CategoryFilters, 'search' | 'active' | 'parentId'>): SQL | undefined {
  const filters: SQL[] = [];
  if (query.search) filters.push(ilike(categories.name, likePattern(query.search)));
  if (query.active !== undefined) filters.push(eq(categories.active, query.active));
  if (query.parentId === 'root') filters.push(isNull(categories.parentId));
  else if (query.parentId !== undefined) filters.push(eq(categories.parentId, query.parentId));
  return filters.length ? and(...filters) : undefined;
}

export async function countCategoryRows(db: DbOrTx, query: Pick<CategoryFilters, 'search' | 'active' | 'parentId'>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(categories).where(filtersOf(query));
  return row?.n ?? 0;
}

/** In tree order unless another sort is asked for; each row knows its parent and depth. */
export async function findCategoryPage(db: DbOrTx, query: CategoryFilters): Promise<Page<CategoryRowWithTree>> {
  const where = filtersOf(query);
  const orderBy = orderByFrom(
    query.sort,
    { tree: treeColumns.path, name: sql`lower(${categories.name})`, position: categories.position, createdAt: categories.createdAt },
    'tree',
    categories.id,
  );
  return paginate(
    query,
    () => countCategoryRows(db, query),
    async (limit, offset) => selectCategories(db).where(where).orderBy(...orderBy).limit(limit).offset(offset),
  );
}

/** Compact rows in tree order (`activeOnly`: hide inactive branches). */
export async function findCategoryOptions(db: DbOrTx, activeOnly: boolean): Promise<CategoryOption[]> {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      parentId: categories.parentId,
      depth: treeColumns.depth,
      colour: categories.colour,
      active: categories.active,
    })
    .from(categories)
    .innerJoin(categoryTree, joinTree)
    .where(activeOnly ? eq(treeColumns.visible, true) : undefined)
    .orderBy(treeColumns.path);
}

export async function findCategoryWithTree(db: DbOrTx, id: number): Promise<CategoryRowWithTree | undefined> {
  const [row] = await selectCategories(db).where(eq(categories.id, id)).limit(1);
  return row;
}

export async function findCategoryById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return row;
}

export async function hasCategory(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  return row !== undefined;
}

/** Every category as a node of the tree (id, name, parent). */
export async function findCategoryNodes(db: DbOrTx) {
  return db.select({ id: categories.id, name: categories.name, parentId: categories.parentId }).from(categories);
}

export async function findCategoryNodesByIds(db: DbOrTx, ids: number[]) {
  return db.select({ id: categories.id, name: categories.name, parentId: categories.parentId }).from(categories).where(inArray(categories.id, ids));
}

export async function findChildCategories(db: DbOrTx, id: number) {
  return db.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.parentId, id));
}

export async function findProductIdsInCategory(db: DbOrTx, id: number): Promise<number[]> {
  const rows = await db.select({ id: productCategories.productId }).from(productCategories).where(eq(productCategories.categoryId, id));
  return rows.map((r) => r.id);
}

/** How many products are filed under the category, and how many categories sit directly under it. */
export async function countCategoryUses(db: DbOrTx, id: number): Promise<{ products: number; children: number }> {
  const [products] = await db.select({ n: count() }).from(productCategories).where(eq(productCategories.categoryId, id));
  const [children] = await db.select({ n: count() }).from(categories).where(eq(categories.parentId, id));
  return { products: products?.n ?? 0, children: children?.n ?? 0 };
}

export async function insertCategory(db: DbOrTx, values: typeof categories.$inferInsert): Promise<number | undefined> {
  const [row] = await db.insert(categories).values(values).returning({ id: categories.id });
  return row?.id;
}

export async function updateCategoryById(db: DbOrTx, id: number, values: Partial<CategoryValues>): Promise<void> {
  await db
    .update(categories)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(categories.id, id));
}

export async function setCategoriesActive(db: DbOrTx, ids: number[], active: boolean): Promise<number> {
  const rows = await db
    .update(categories)
    .set({ active, updatedAt: new Date() })
    .where(inArray(categories.id, ids))
    .returning({ id: categories.id });
  return rows.length;
}

export async function setCategoryParent(db: DbOrTx, id: number, parentId: number | null): Promise<void> {
  await db.update(categories).set({ parentId, updatedAt: new Date() }).where(eq(categories.id, id));
}

/** The category's products are filed under `toId` instead (those already there once). */
export async function moveCategoryProducts(db: DbOrTx, fromId: number, toId: number, productIds: number[]): Promise<void> {
  await db
    .insert(productCategories)
    .values(productIds.map((productId) => ({ productId, categoryId: toId })))
    .onConflictDoNothing();
  await db.delete(productCategories).where(eq(productCategories.categoryId, fromId));
}

/** The categories directly under `id` move to `parentId`. */
export async function moveChildCategories(db: DbOrTx, id: number, parentId: number | null): Promise<void> {
  await db.update(categories).set({ parentId, updatedAt: new Date() }).where(eq(categories.parentId, id));
}

export async function deleteCategoryById(db: DbOrTx, id: number): Promise<void> {
  await db.delete(categories).where(eq(categories.id, id));
}
