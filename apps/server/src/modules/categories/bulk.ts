import type { CategoryBulkResult, categoryBulkInput } from '@tillbook/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { assertCanMoveUnder, duplicateNameMessage, inUseMessage } from './service.ts';
import {
  countCategoryUses,
  deleteCategoryById,
  findCategoryNodesByIds,
  findDepths,
  findSiblingByName,
  hasCategory,
  lockCategoryTree,
  setCategoriesActive,
  setCategoryParent,
} from './queries.ts';

type BulkValues = z.output<typeof categoryBulkInput>;
type Failure = CategoryBulkResult['failed'][number];

/**
 * POST /api/categories/update. Activate and deactivate change every row; delete and setParent
 * change the rows they can and report each one they cannot, with the reason, in one transaction.
 */
export async function bulkUpdateCategories(db: Db, input: BulkValues): Promise<CategoryBulkResult> {
  const ids = [...new Set(input.ids)];
  switch (input.action) {
    case 'activate':
    case 'deactivate': {
      return { affected: await setCategoriesActive(db, ids, input.action === 'activate'), failed: [] };
    }
    case 'delete':
      return db.transaction(async (tx) => {
        await lockCategoryTree(tx);
        return deleteMany(tx, ids);
      });
    case 'setParent':
      return db.transaction(async (tx) => {
        await lockCategoryTree(tx);
        return moveMany(tx, ids, input.values?.parentId ?? null);
      });
  }
}

/** Deepest first, so a parent chosen together with its children goes once they have. */
async function deleteMany(tx: Tx, ids: number[]): Promise<CategoryBulkResult> {
  const rows = await findCategoryNodesByIds(tx, ids);
  const depths = await findDepths(tx, ids);
  rows.sort((a, b) => (depths.get(b.id) ?? 0) - (depths.get(a.id) ?? 0));
  const failed: Failure[] = [];
  let affected = 0;
  for (const row of rows) {
    const { products: productTotal, children: childTotal } = await countCategoryUses(tx, row.id);
    if (productTotal > 0 || childTotal > 0) {
      failed.push({ id: row.id, name: row.name, message: inUseMessage(row.name, productTotal, childTotal) });
      continue;
    }
    await deleteCategoryById(tx, row.id);
    affected += 1;
  }
  return { affected, failed };
}

async function moveMany(tx: Tx, ids: number[], parentId: number | null): Promise<CategoryBulkResult> {
  if (parentId !== null) {
    if (!(await hasCategory(tx, parentId))) throw AppError.validation({ 'values.parentId': ['The selected parent category does not exist.'] });
  }
  const failed: Failure[] = [];
  let affected = 0;
  for (const row of await findCategoryNodesByIds(tx, ids)) {
    if (row.parentId === parentId) continue;
    try {
      await assertCanMoveUnder(tx, row.id, parentId);
    } catch (error) {
      if (!(error instanceof AppError) || !error.errors?.parentId) throw error;
      failed.push({ id: row.id, name: row.name, message: `“${row.name}”: ${error.errors.parentId[0]}` });
      continue;
    }
    if (await findSiblingByName(tx, row.name, parentId, row.id)) {
      failed.push({ id: row.id, name: row.name, message: `“${row.name}”: ${duplicateNameMessage}` });
      continue;
    }
    await setCategoryParent(tx, row.id, parentId);
    affected += 1;
  }
  return { affected, failed };
}
