import type { Category, CategoryFilters, CategoryOption, CategoryValues } from '@tillbook/contract';
import { and, count, eq, getTableColumns, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { categories, productCategories } from '../../db/schema/index.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { likePattern, orderByFrom, paginate } from '../../lib/list.ts';
import { touchProducts } from '../stock/service.ts';
import { categoryTree, findSiblingByName, findSubtreeIds, joinTree, lockCategoryTree, treeColumns } from './tree.ts';

const parent = alias(categories, 'parent');

const productCount = sql<number>`(select count(*) from ${productCategories} where ${productCategories.categoryId} = ${categories.id})`.mapWith(
  Number,
);
const childCount = sql<number>`(select count(*) from categories as child where child.parent_id = ${categories.id})`.mapWith(Number);

type CategoryRowWithTree = typeof categories.$inferSelect & {
  parentName: string | null;
  depth: number;
  productCount: number;
  childCount: number;
};

function toCategory(row: CategoryRowWithTree): Category {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

function selectCategories(db: DbOrTx) {
  return db
    .select({ ...getTableColumns(categories), parentName: parent.name, depth: treeColumns.depth, productCount, childCount })
    .from(categories)
    .innerJoin(categoryTree, joinTree)
    .leftJoin(parent, eq(parent.id, categories.parentId));
}

export const duplicateNameMessage = 'A category with this name already exists under this parent.';

function filtersOf(query: Pick<CategoryFilters, 'search' | 'active' | 'parentId'>): SQL | undefined {
  const filters: SQL[] = [];
  if (query.search) filters.push(ilike(categories.name, likePattern(query.search)));
  if (query.active !== undefined) filters.push(eq(categories.active, query.active));
  if (query.parentId === 'root') filters.push(isNull(categories.parentId));
  else if (query.parentId !== undefined) filters.push(eq(categories.parentId, query.parentId));
  return filters.length ? and(...filters) : undefined;
}

export async function countCategories(db: DbOrTx, query: Pick<CategoryFilters, 'search' | 'active' | 'parentId'>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(categories).where(filtersOf(query));
  return row?.n ?? 0;
}

/** The list: in tree order unless another sort is asked for; each row knows its parent and depth. */
export async function listCategories(db: DbOrTx, query: CategoryFilters) {
  const where = filtersOf(query);
  const orderBy = orderByFrom(
    query.sort,
    { tree: treeColumns.path, name: sql`lower(${categories.name})`, position: categories.position, createdAt: categories.createdAt },
    'tree',
    categories.id,
  );
  return paginate(
    query,
    () => countCategories(db, query),
    async (limit, offset) =>
      (await selectCategories(db).where(where).orderBy(...orderBy).limit(limit).offset(offset)).map(toCategory),
  );
}

/** Compact rows in tree order for pickers and the sell screen (`activeOnly`: hide inactive branches). */
export async function listCategoryOptions(db: DbOrTx, activeOnly: boolean): Promise<CategoryOption[]> {
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

export async function getCategory(db: DbOrTx, id: number): Promise<Category> {
  const [row] = await selectCategories(db).where(eq(categories.id, id)).limit(1);
  if (!row) throw AppError.notFound();
  return toCategory(row);
}

async function findCategoryRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  if (!row) throw AppError.notFound();
  return row;
}

async function assertParentExists(db: DbOrTx, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, parentId)).limit(1);
  if (!row) throw AppError.validation({ parentId: ['The selected parent category does not exist.'] });
}

async function assertNameFree(db: DbOrTx, values: CategoryValues, exceptId?: number): Promise<void> {
  if (await findSiblingByName(db, values.name, values.parentId, exceptId)) {
    throw AppError.validation({ name: [duplicateNameMessage] });
  }
}

/** A unique or foreign-key failure that slipped past the checks (two saves at the same moment). */
function rethrowConstraint(error: unknown): never {
  if (isUniqueViolation(error)) throw AppError.validation({ name: [duplicateNameMessage] });
  if (isForeignKeyViolation(error)) throw AppError.validation({ parentId: ['The selected parent category does not exist.'] });
  throw error;
}

export async function createCategory(db: DbOrTx, values: CategoryValues): Promise<Category> {
  await assertParentExists(db, values.parentId);
  await assertNameFree(db, values);
  const [row] = await db.insert(categories).values(values).returning({ id: categories.id }).catch(rethrowConstraint);
  if (!row) throw new Error('Inserting a category returned no row');
  return getCategory(db, row.id);
}

/**
 * A category may move anywhere except under itself or one of its own subcategories: that would
 * cut the branch off the tree (SPEC: a category cannot be its own ancestor).
 */
export async function assertCanMoveUnder(db: DbOrTx, id: number, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  if (parentId === id) throw AppError.validation({ parentId: ['A category cannot be its own parent.'] });
  const subtree = await findSubtreeIds(db, id);
  if (subtree.includes(parentId)) {
    throw AppError.validation({ parentId: ['A category cannot be moved under one of its own subcategories.'] });
  }
}

export async function updateCategory(db: Db, id: number, values: CategoryValues): Promise<Category> {
  await db
    .transaction(async (tx) => {
      const current = await findCategoryRow(tx, id);
      if (values.parentId !== current.parentId) {
        await lockCategoryTree(tx);
        await assertParentExists(tx, values.parentId);
        await assertCanMoveUnder(tx, id, values.parentId);
      }
      await assertNameFree(tx, values, id);
      await tx
        .update(categories)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(categories.id, id));
    })
    .catch(rethrowConstraint);
  return getCategory(db, id);
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "“Drinks” is used by 3 products and has 2 subcategories." */
export function inUseMessage(name: string, products: number, children: number): string {
  const uses = [products ? `is used by ${plural(products, 'product', 'products')}` : null, children ? `has ${plural(children, 'subcategory', 'subcategories')}` : null]
    .filter(Boolean)
    .join(' and ');
  return `“${name}” ${uses}.`;
}

export type DeleteOptions = {
  /** Move the category's products to this category first (and its subcategories up one level). */
  moveTo?: number;
  /** Move its subcategories up one level (implied by moveTo). */
  moveChildren?: boolean;
};

/**
 * Deletes a category. One that products or subcategories use answers 409 unless the caller says
 * where they go: products to `moveTo`, subcategories to the deleted category's parent — all in one
 * transaction, so nothing is left half-moved.
 */
export async function deleteCategory(db: Db, id: number, options: DeleteOptions = {}): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCategoryTree(tx);
    const current = await findCategoryRow(tx, id);
    const productIds = (
      await tx.select({ id: productCategories.productId }).from(productCategories).where(eq(productCategories.categoryId, id))
    ).map((r) => r.id);
    const children = await tx.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.parentId, id));

    if (options.moveTo !== undefined) {
      if (options.moveTo === id) throw AppError.validation({ moveTo: ['Choose another category to move the products to.'] });
      const [target] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, options.moveTo)).limit(1);
      if (!target) throw AppError.validation({ moveTo: ['The category to move products to does not exist.'] });
    }
    const canMoveChildren = options.moveTo !== undefined || options.moveChildren === true;
    if ((productIds.length > 0 && options.moveTo === undefined) || (children.length > 0 && !canMoveChildren)) {
      throw AppError.conflict(
        `${inUseMessage(current.name, productIds.length, children.length)} Move ${
          productIds.length ? 'its products to another category' : 'its subcategories'
        } before deleting it.`,
      );
    }

    if (options.moveTo !== undefined && productIds.length > 0) {
      await tx
        .insert(productCategories)
        .values(productIds.map((productId) => ({ productId, categoryId: options.moveTo as number })))
        .onConflictDoNothing();
      await tx.delete(productCategories).where(eq(productCategories.categoryId, id));
      await touchProducts(tx, productIds);
    }

    if (children.length > 0) {
      for (const child of children) {
        const clash = await findSiblingByName(tx, child.name, current.parentId, id);
        if (clash) {
          throw AppError.conflict(
            `“${child.name}” cannot move up one level: a category called “${clash.name}” is already there. Rename one of them first.`,
          );
        }
      }
      await tx.update(categories).set({ parentId: current.parentId, updatedAt: new Date() }).where(eq(categories.parentId, id));
    }

    await tx
      .delete(categories)
      .where(eq(categories.id, id))
      .catch((error: unknown) => {
        // A product filed here between the check and the delete.
        if (isForeignKeyViolation(error)) throw AppError.conflict(`“${current.name}” is in use. Try again.`);
        throw error;
      });
  });
}
