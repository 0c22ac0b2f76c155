import {
  formatPercent,
  type AdditionalCharge,
  type AdditionalChargeListItem,
  type AdditionalChargeValues,
  type additionalChargeListQuery,
} from '@tillbook/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AdditionalChargeRow } from '../../db/schema/index.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { touchProducts } from '../stock/service.ts';
import {
  deleteAdditionalChargeById,
  findActiveAdditionalCharges,
  findAdditionalChargeById,
  findAdditionalChargeIdByName,
  findAdditionalChargePage,
  findProductIdsWithCharge,
  insertAdditionalCharge,
  updateAdditionalChargeById,
  type AdditionalChargeColumns,
} from './queries.ts';

/** Products touched per statement: far below PostgreSQL's limit of bind parameters. */
const TOUCH_BATCH = 5000;

const duplicateName = 'An additional charge with this name already exists.';

function toAdditionalCharge(row: AdditionalChargeRow & { productCount: number }): AdditionalCharge {
  const isFixed = row.kind === 'fixed';
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    amount: isFixed ? row.amount : null,
    rate: isFixed ? null : formatPercent(row.rateE4),
    rateE4: isFixed ? null : row.rateE4,
    per: row.per,
    isTaxable: row.isTaxable,
    active: row.active,
    productCount: row.productCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listAdditionalCharges(db: DbOrTx, query: z.output<typeof additionalChargeListQuery>) {
  const page = await findAdditionalChargePage(db, query);
  return { ...page, data: page.data.map(toAdditionalCharge) };
}

/** The active charges in the pricing engine's shape, for pickers and the register. */
export async function listActiveAdditionalCharges(db: DbOrTx): Promise<AdditionalChargeListItem[]> {
  const rows = await findActiveAdditionalCharges(db);
  return rows.map((row) =>
    row.kind === 'fixed'
      ? { id: row.id, name: row.name, isTaxable: row.isTaxable, kind: 'fixed', amount: row.amount, per: row.per }
      : { id: row.id, name: row.name, isTaxable: row.isTaxable, kind: 'percentage', rateE4: row.rateE4, per: row.per },
  );
}

export async function getAdditionalCharge(db: DbOrTx, id: number): Promise<AdditionalCharge> {
  const found = await findAdditionalChargeById(db, id);
  if (!found) throw AppError.notFound();
  return toAdditionalCharge(found);
}

function columnsOf(values: AdditionalChargeValues): AdditionalChargeColumns {
  return {
    name: values.name,
    kind: values.kind,
    amount: values.amount ?? 0,
    rateE4: values.rateE4 ?? 0,
    per: values.per,
    isTaxable: values.isTaxable,
    active: values.active,
  };
}

async function assertUniqueName(db: DbOrTx, name: string, exceptId?: number) {
  if ((await findAdditionalChargeIdByName(db, name, exceptId)) !== undefined) throw AppError.validation({ name: [duplicateName] });
}

function rethrowUnique(error: unknown): never {
  if (isUniqueViolation(error)) throw AppError.validation({ name: [duplicateName] });
  throw error;
}

/** Registers learn of a changed charge on their next sync: every product carrying it is marked changed. */
async function touchProductsWithCharge(tx: DbOrTx, chargeId: number): Promise<void> {
  const productIds = await findProductIdsWithCharge(tx, chargeId);
  for (let start = 0; start < productIds.length; start += TOUCH_BATCH) {
    await touchProducts(tx, productIds.slice(start, start + TOUCH_BATCH));
  }
}

export async function createAdditionalCharge(db: Db, values: AdditionalChargeValues): Promise<AdditionalCharge> {
  await assertUniqueName(db, values.name);
  const row = await insertAdditionalCharge(db, columnsOf(values)).catch(rethrowUnique);
  if (!row) throw new Error('Inserting an additional charge returned no row');
  return toAdditionalCharge({ ...row, productCount: 0 });
}

export async function updateAdditionalCharge(db: Db, id: number, values: AdditionalChargeValues): Promise<AdditionalCharge> {
  await getAdditionalCharge(db, id);
  await assertUniqueName(db, values.name, id);
  await db
    .transaction(async (tx) => {
      await updateAdditionalChargeById(tx, id, columnsOf(values));
      await touchProductsWithCharge(tx, id);
    })
    .catch(rethrowUnique);
  return getAdditionalCharge(db, id);
}

/** Deletes a charge no product carries; one in use answers 409 (deactivate it instead). */
export async function deleteAdditionalCharge(db: Db, id: number): Promise<void> {
  const current = await getAdditionalCharge(db, id);
  if (current.productCount > 0) {
    const products = `${current.productCount} ${current.productCount === 1 ? 'product' : 'products'}`;
    throw AppError.conflict(`This charge is used by ${products}. Take it off those products first, or deactivate it instead.`);
  }
  await deleteAdditionalChargeById(db, id).catch((error: unknown) => {
      // A product took the charge on between the check and the delete.
      if (isForeignKeyViolation(error)) throw AppError.conflict('This charge is used by products. Deactivate it instead.');
      throw error;
    });
}

