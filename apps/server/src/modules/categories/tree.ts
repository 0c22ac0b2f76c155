import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { categories } from '../../db/schema/index.ts';

/**
 * Every category's place in the tree, as a derived table to join on `category_tree.id`:
 * - depth: 0 for top-level categories;
 * - path: the sibling ranks from the root down (siblings by position, then name), so ordering by it
 *   lists each parent followed by its children;
 * - visible: the category and every category above it are active (what the sell screen shows).
 * Categories are few (hundreds, rarely thousands): walking the whole tree per request is cheap.
 */
export const categoryTree = sql`(
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

export const treeColumns = {
  id: sql`category_tree.id`,
  depth: sql<number>`category_tree.depth`.mapWith(Number),
  path: sql`category_tree.path`,
  visible: sql<boolean>`category_tree.visible`,
};

export const joinTree = sql`category_tree.id = ${categories.id}`;

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

export async function findCategoryName(db: DbOrTx, id: number): Promise<string | undefined> {
  const [row] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, id)).limit(1);
  return row?.name;
}
