import type { Outlet, outletInput, outletListQuery } from '@tillbook/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { OutletRow } from '../../db/schema/index.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { addOutletToProductStock, removeOutletFromProductStock } from '../stock/service.ts';
import {
  countOtherActiveOutlets,
  countStaffOfOutlet,
  deleteOutletById,
  findActiveOutletNames,
  findOutletById,
  findOutletClashes,
  findOutletPage,
  hasAnyOutlet,
  insertMainOutlet,
  insertOutlet,
  updateOutletById,
} from './queries.ts';

type OutletValues = z.output<typeof outletInput>;

export function toOutlet(row: OutletRow): Outlet {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export async function listOutlets(db: DbOrTx, query: z.output<typeof outletListQuery>) {
  const page = await findOutletPage(db, query);
  return { ...page, data: page.data.map(toOutlet) };
}

export async function listOutletNames(db: DbOrTx) {
  return findActiveOutletNames(db);
}

export async function getOutlet(db: DbOrTx, id: number): Promise<OutletRow> {
  const row = await findOutletById(db, id);
  if (!row) throw AppError.notFound();
  return row;
}

/** Name and code are unique; say which one clashes, on its field. */
async function assertUnique(db: DbOrTx, values: OutletValues, exceptId?: number) {
  const errors: Record<string, string[]> = {};
  const { isNameTaken, isCodeTaken } = await findOutletClashes(db, values, exceptId);
  if (isNameTaken) errors.name = ['An outlet with this name already exists.'];
  if (isCodeTaken) errors.code = ['An outlet with this code already exists.'];
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

function rethrowUnique(error: unknown): never {
  if (isUniqueViolation(error)) throw AppError.validation({ name: ['An outlet with this name or code already exists.'] });
  throw error;
}

export async function createOutlet(db: DbOrTx, values: OutletValues): Promise<OutletRow> {
  await assertUnique(db, values);
  const row = await db
    .transaction(async (tx) => {
      const inserted = await insertOutlet(tx, values);
      if (inserted) await addOutletToProductStock(tx, inserted.id);
      return inserted;
    })
    .catch(rethrowUnique);
  if (!row) throw new Error('Inserting an outlet returned no row');
  return row;
}

export async function updateOutlet(db: DbOrTx, id: number, values: OutletValues): Promise<OutletRow> {
  const current = await getOutlet(db, id);
  await assertUnique(db, values, id);
  if (current.active && !values.active && (await countOtherActiveOutlets(db, id)) === 0) {
    throw AppError.validation({ active: ['The last active outlet cannot be deactivated: the shop needs one to sell.'] });
  }
  const row = await updateOutletById(db, id, values).catch(rethrowUnique);
  if (!row) throw AppError.notFound();
  return row;
}

/**
 * Deletes an outlet nothing refers to. One that staff, registers or stock refer to answers 409:
 * deactivate it instead, so its history stays whole.
 */
export async function deleteOutlet(db: DbOrTx, id: number): Promise<void> {
  const current = await getOutlet(db, id);
  if (current.active && (await countOtherActiveOutlets(db, id)) === 0) {
    throw AppError.conflict('The last active outlet cannot be deleted: the shop needs one to sell.');
  }
  if ((await countStaffOfOutlet(db, id)) > 0) {
    throw AppError.conflict('Staff members work at this outlet. Move them to another outlet or deactivate this one instead.');
  }
  await db
    .transaction(async (tx) => {
      await removeOutletFromProductStock(tx, id);
      await deleteOutletById(tx, id);
    })
    .catch((error: unknown) => {
      // Stock levels, registers and sales refer to outlets with foreign keys.
      if (isForeignKeyViolation(error)) {
        throw AppError.conflict('This outlet has stock or sales records. Deactivate it instead of deleting it.');
      }
      throw error;
    });
}

/** The outlet every new shop starts with (issue: catalogue), created on the first start. */
export async function ensureMainOutlet(db: DbOrTx): Promise<void> {
  if (!(await hasAnyOutlet(db))) await insertMainOutlet(db);
}
