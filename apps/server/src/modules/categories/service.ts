import type { Category, CategoryFilters, CategoryOption, CategoryValues } from '@tillbook/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { touchProducts } from '../stock/service.ts';
import {
  countCategoryRows,
  deleteCategoryById,
  findCategoryById,
  findCategoryOptions,
  findCategoryPage,
  findCategoryWithTree,
  findChildCategories,
  findProductIdsInCategory,
  findSiblingByName,
  findSubtreeIds,
  hasCategory,
  insertCategory,
  lockCategoryTree,
  moveCategoryProducts,
  moveChildCategories,
  updateCategoryById,
  type CategoryRowWithTree,
} from './queries.ts';

function toCategory(row: CategoryRowWithTree): Category {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export const duplicateNameMessage = 'A category with this name already exists under this parent.';

export async function countCategories(db: DbOrTx, query: Pick<CategoryFilters, 'search' | 'active' | 'parentId'>): Promise<number> {
  return countCategoryRows(db, query);
}

/** The list: in tree order unless another sort is asked for; each row knows its parent and depth. */
export async function listCategories(db: DbOrTx, query: CategoryFilters) {
  const page = await findCategoryPage(db, query);
  return { ...page, data: page.data.map(toCategory) };
}

/** Compact rows in tree order for pickers and the sell screen (`activeOnly`: hide inactive branches). */
export async function listCategoryOptions(db: DbOrTx, activeOnly: boolean): Promise<CategoryOption[]> {
  return findCategoryOptions(db, activeOnly);
}

export async function getCategory(db: DbOrTx, id: number): Promise<Category> {
  const row = await findCategoryWithTree(db, id);
  if (!row) throw AppError.notFound();
  return toCategory(row);
}

async function findCategoryRow(db: DbOrTx, id: number) {
  const row = await findCategoryById(db, id);
  if (!row) throw AppError.notFound();
  return row;
}

async function assertParentExists(db: DbOrTx, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  if (!(await hasCategory(db, parentId))) throw AppError.validation({ parentId: ['The selected parent category does not exist.'] });
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
  const id = await insertCategory(db, values).catch(rethrowConstraint);
  if (id === undefined) throw new Error('Inserting a category returned no row');
  return getCategory(db, id);
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
      await updateCategoryById(tx, id, values);
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

type DeleteOptions = {
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
    const productIds = await findProductIdsInCategory(tx, id);
    const children = await findChildCategories(tx, id);

    if (options.moveTo !== undefined) {
      if (options.moveTo === id) throw AppError.validation({ moveTo: ['Choose another category to move the products to.'] });
      if (!(await hasCategory(tx, options.moveTo))) throw AppError.validation({ moveTo: ['The category to move products to does not exist.'] });
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
      await moveCategoryProducts(tx, id, options.moveTo, productIds);
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
      await moveChildCategories(tx, id, current.parentId);
    }

    await deleteCategoryById(tx, id).catch((error: unknown) => {
        // A product filed here between the check and the delete.
        if (isForeignKeyViolation(error)) throw AppError.conflict(`“${current.name}” is in use. Try again.`);
        throw error;
      });
  });
}
