import type { Supplier, SupplierBulkInput, SupplierListItem, SupplierValues, supplierListQuery } from '@tillbook/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { SupplierRow } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import {
  deleteSuppliersByIds,
  findActiveSupplierNames,
  findSupplierById,
  findSupplierIdByName,
  findSupplierPage,
  findSupplierProducts,
  findVariantIds,
  insertSupplier,
  replaceSupplierProducts,
  setSuppliersActive,
  updateSupplierById,
  type SupplierColumns,
} from './queries.ts';

const duplicateName = 'A supplier with this company name already exists.';

function toSupplierFields<T extends SupplierRow>(row: T) {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export async function listSuppliers(db: DbOrTx, query: z.output<typeof supplierListQuery>) {
  const page = await findSupplierPage(db, query);
  return { ...page, data: page.data.map((row): SupplierListItem => toSupplierFields(row)) };
}

export async function listSupplierNames(db: DbOrTx) {
  return findActiveSupplierNames(db);
}

async function findSupplierRow(db: DbOrTx, id: number): Promise<SupplierRow> {
  const row = await findSupplierById(db, id);
  if (!row) throw AppError.notFound();
  return row;
}

export async function getSupplier(db: DbOrTx, id: number): Promise<Supplier> {
  const row = await findSupplierRow(db, id);
  return { ...toSupplierFields(row), products: await findSupplierProducts(db, id) };
}

/** Company name unique ignoring case; each variant once; every variant must exist. Errors land on their row. */
async function assertValid(db: DbOrTx, values: SupplierValues, exceptId?: number) {
  const errors: Record<string, string[]> = {};
  if ((await findSupplierIdByName(db, values.companyName, exceptId)) !== undefined) errors.companyName = [duplicateName];

  const variantIds = [...new Set(values.products.map((p) => p.variantId))];
  const existing = new Set<number>();
  if (variantIds.length) {
    for (const id of await findVariantIds(db, variantIds)) existing.add(id);
  }
  const seen = new Set<number>();
  values.products.forEach((p, index) => {
    if (seen.has(p.variantId)) errors[`products.${index}.variantId`] = ['This product is already in the list.'];
    else if (!existing.has(p.variantId)) errors[`products.${index}.variantId`] = ['The selected product does not exist.'];
    seen.add(p.variantId);
  });
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

function rethrowUnique(error: unknown): never {
  if (isUniqueViolation(error, 'suppliers_company_name_unique')) throw AppError.validation({ companyName: [duplicateName] });
  throw error;
}

function supplierColumns(values: SupplierValues): SupplierColumns {
  const { products: _products, ...columns } = values;
  return columns;
}

export async function createSupplier(db: Db, values: SupplierValues): Promise<Supplier> {
  await assertValid(db, values);
  const id = await db
    .transaction(async (tx) => {
      const supplierId = await insertSupplier(tx, supplierColumns(values));
      if (supplierId === undefined) throw new Error('Inserting a supplier returned no row');
      await replaceSupplierProducts(tx, supplierId, values);
      return supplierId;
    })
    .catch(rethrowUnique);
  return getSupplier(db, id);
}

/** Saves the details and replaces the whole product list, in one transaction. */
export async function updateSupplier(db: Db, id: number, values: SupplierValues): Promise<Supplier> {
  await findSupplierRow(db, id);
  await assertValid(db, values, id);
  await db
    .transaction(async (tx) => {
      if (!(await updateSupplierById(tx, id, supplierColumns(values)))) throw AppError.notFound();
      await replaceSupplierProducts(tx, id, values);
    })
    .catch(rethrowUnique);
  return getSupplier(db, id);
}

/** Product links go with the supplier (supplier_products cascades). */
export async function deleteSupplier(db: DbOrTx, id: number): Promise<void> {
  if ((await deleteSuppliersByIds(db, [id])) === 0) throw AppError.notFound();
}

export async function bulkUpdateSuppliers(db: DbOrTx, input: Pick<SupplierBulkInput, 'ids' | 'action'>): Promise<number> {
  const ids = [...new Set(input.ids)];
  if (input.action === 'delete') {
    return deleteSuppliersByIds(db, ids);
  }
  return setSuppliersActive(db, ids, input.action === 'activate');
}
