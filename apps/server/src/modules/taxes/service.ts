import {
  formatPercent,
  rateE4Of,
  type Tax,
  type TaxBulkInput,
  type TaxListItem,
  type TaxValues,
  type taxListQuery,
} from '@tillbook/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { TaxRow } from '../../db/schema/index.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { getShopSettings } from '../settings/service.ts';
import { touchProducts } from '../stock/service.ts';
import {
  deleteTaxById,
  deleteTaxesByIds,
  findActiveTaxes,
  findProductIdsWithTaxes,
  findTaxById,
  findTaxIdByName,
  findTaxPage,
  findTaxStates,
  findTaxesWithProductCount,
  insertTax,
  setTaxesActive,
  updateTaxById,
  type TaxColumns,
} from './queries.ts';

/** Products touched per statement: far below PostgreSQL's limit of bind parameters. */
const TOUCH_BATCH = 5000;

function toTax(row: TaxRow & { productCount: number }): Tax {
  return {
    ...row,
    rate: formatPercent(row.rateE4),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listTaxes(db: DbOrTx, query: z.output<typeof taxListQuery>) {
  const page = await findTaxPage(db, query);
  return { ...page, data: page.data.map(toTax) };
}

/** The active taxes, for pickers and the register's pricing. */
export async function listActiveTaxes(db: DbOrTx): Promise<TaxListItem[]> {
  return findActiveTaxes(db);
}

export async function getTax(db: DbOrTx, id: number): Promise<Tax> {
  const found = await findTaxById(db, id);
  if (!found) throw AppError.notFound();
  return toTax(found);
}

function columnsOf(values: TaxValues): TaxColumns {
  return {
    name: values.name,
    rateE4: rateE4Of(values.rate),
    isInclusive: values.isInclusive,
    isCompound: values.isCompound,
    active: values.active,
  };
}

async function assertUniqueName(db: DbOrTx, name: string, exceptId?: number) {
  if ((await findTaxIdByName(db, name, exceptId)) !== undefined) throw AppError.validation({ name: ['A tax with this name already exists.'] });
}

function rethrowUnique(error: unknown): never {
  if (isUniqueViolation(error)) throw AppError.validation({ name: ['A tax with this name already exists.'] });
  throw error;
}

async function defaultTaxIdsOf(db: DbOrTx): Promise<Set<number>> {
  return new Set((await getShopSettings(db)).defaultTaxIds);
}

/** Registers learn of a changed tax on their next sync: every product carrying it is marked changed. */
async function touchProductsWithTaxes(tx: DbOrTx, taxIds: number[]): Promise<void> {
  if (taxIds.length === 0) return;
  const productIds = await findProductIdsWithTaxes(tx, taxIds);
  for (let start = 0; start < productIds.length; start += TOUCH_BATCH) {
    await touchProducts(tx, productIds.slice(start, start + TOUCH_BATCH));
  }
}

export async function createTax(db: Db, values: TaxValues): Promise<Tax> {
  await assertUniqueName(db, values.name);
  const row = await insertTax(db, columnsOf(values)).catch(rethrowUnique);
  if (!row) throw new Error('Inserting a tax returned no row');
  return toTax({ ...row, productCount: 0 });
}

export async function updateTax(db: Db, id: number, values: TaxValues): Promise<Tax> {
  const current = await getTax(db, id);
  await assertUniqueName(db, values.name, id);
  if (current.active && !values.active && (await defaultTaxIdsOf(db)).has(id)) {
    throw AppError.validation({
      active: ['This tax is a default tax for new products: remove it from the product settings before deactivating it.'],
    });
  }
  await db
    .transaction(async (tx) => {
      await updateTaxById(tx, id, columnsOf(values));
      await touchProductsWithTaxes(tx, [id]);
    })
    .catch(rethrowUnique);
  return getTax(db, id);
}

function usedByProducts(count: number): string {
  return `used by ${count} ${count === 1 ? 'product' : 'products'}`;
}

/**
 * Deletes a tax nothing refers to. A tax that products carry, or that new products get by
 * default, answers 409: deactivate it instead, or take it off first.
 */
export async function deleteTax(db: Db, id: number): Promise<void> {
  const current = await getTax(db, id);
  if ((await defaultTaxIdsOf(db)).has(id)) {
    throw AppError.conflict('This tax is a default tax for new products. Remove it from the product settings before deleting it.');
  }
  if (current.productCount > 0) {
    throw AppError.conflict(`This tax is ${usedByProducts(current.productCount)}. Take it off those products first, or deactivate it instead.`);
  }
  await deleteTaxById(db, id).catch(rethrowInUse);
}

function rethrowInUse(error: unknown): never {
  // A product took the tax on between the check and the delete.
  if (isForeignKeyViolation(error)) throw AppError.conflict('This tax is used by products. Deactivate it instead.');
  throw error;
}

/** POST /api/taxes/update: activate, deactivate or delete several taxes, all or none. */
export async function bulkUpdateTaxes(db: Db, input: Pick<TaxBulkInput, 'ids' | 'action'>): Promise<number> {
  const ids = [...new Set(input.ids)];
  const rows = await findTaxesWithProductCount(db, ids);
  const existing = rows.map((row) => row.id);
  if (existing.length === 0) return 0;
  const defaults = await defaultTaxIdsOf(db);

  if (input.action === 'delete' || input.action === 'deactivate') {
    const blocked = rows.flatMap((row) => {
      if (defaults.has(row.id)) return [`${row.name} (a default tax for new products)`];
      if (input.action === 'delete' && row.productCount > 0) return [`${row.name} (${usedByProducts(row.productCount)})`];
      return [];
    });
    if (blocked.length > 0) {
      const verb = input.action === 'delete' ? 'deleted' : 'deactivated';
      throw AppError.conflict(`Nothing was ${verb}: ${blocked.join(', ')} cannot be ${verb}.`);
    }
  }

  return db
    .transaction(async (tx) => {
      if (input.action === 'delete') {
        await deleteTaxesByIds(tx, existing);
      } else {
        await setTaxesActive(tx, existing, input.action === 'activate');
        await touchProductsWithTaxes(tx, existing);
      }
      return existing.length;
    })
    .catch(rethrowInUse);
}

/**
 * New products get the default taxes (settings/products), so each must be an existing, active
 * tax. The message for an unknown id is the settings module's own.
 */
export async function assertDefaultTaxes(db: DbOrTx, taxIds: readonly number[]): Promise<void> {
  const ids = [...new Set(taxIds)];
  if (ids.length === 0) return;
  const rows = await findTaxStates(db, ids);
  if (rows.length !== ids.length) throw AppError.validation({ defaultTaxIds: ['The selected default taxes do not exist.'] });
  const inactive = rows.filter((row) => !row.active).map((row) => row.name);
  if (inactive.length > 0) {
    throw AppError.validation({ defaultTaxIds: [`Only active taxes can be default taxes: ${inactive.join(', ')} ${inactive.length === 1 ? 'is' : 'are'} inactive.`] });
  }
}
