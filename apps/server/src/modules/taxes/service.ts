import {
  formatPercent,
  parsePercent,
  rateE4Of,
  type Tax,
  type TaxBulkInput,
  type TaxListItem,
  type TaxValues,
  type taxListQuery,
} from '@tillbook/contract';
import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { productTaxes, taxes, type TaxRow } from '../../db/schema/index.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { likePattern, orderByFrom, paginate } from '../../lib/list.ts';
import { getShopSettings } from '../settings/service.ts';
import { touchProducts } from '../stock/service.ts';

/** Products that carry the tax (product_taxes.tax_id is indexed). */
const productCount = sql<number>`(select count(*) from ${productTaxes} where ${productTaxes.taxId} = ${taxes.id})`.mapWith(Number);

/** Products touched per statement: far below PostgreSQL's limit of bind parameters. */
const TOUCH_BATCH = 5000;

export function toTax(row: TaxRow & { productCount: number }): Tax {
  return {
    ...row,
    rate: formatPercent(row.rateE4),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listTaxes(db: DbOrTx, query: z.output<typeof taxListQuery>) {
  const filters: SQL[] = [];
  if (query.search) {
    // "7.5" finds the 7.5 % taxes as well as names containing it.
    const rateE4 = parsePercent(query.search);
    const byName = ilike(taxes.name, likePattern(query.search));
    filters.push(rateE4 === null ? byName : (or(byName, eq(taxes.rateE4, rateE4)) as SQL));
  }
  if (query.active !== undefined) filters.push(eq(taxes.active, query.active));
  if (query.isInclusive !== undefined) filters.push(eq(taxes.isInclusive, query.isInclusive));
  const where = filters.length ? and(...filters) : undefined;
  const orderBy = orderByFrom(query.sort, { name: sql`lower(${taxes.name})`, rate: taxes.rateE4 }, 'name', taxes.id);
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(taxes).where(where))[0]?.n ?? 0,
    async (limit, offset) =>
      (
        await db
          .select({ row: taxes, productCount })
          .from(taxes)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset)
      ).map(({ row, productCount: n }) => toTax({ ...row, productCount: n })),
  );
}

/** The active taxes, for pickers and the register's pricing. */
export async function listActiveTaxes(db: DbOrTx): Promise<TaxListItem[]> {
  return db
    .select({ id: taxes.id, name: taxes.name, rateE4: taxes.rateE4, isInclusive: taxes.isInclusive, isCompound: taxes.isCompound })
    .from(taxes)
    .where(eq(taxes.active, true))
    .orderBy(asc(sql`lower(${taxes.name})`), asc(taxes.id));
}

export async function getTax(db: DbOrTx, id: number): Promise<Tax> {
  const [found] = await db.select({ row: taxes, productCount }).from(taxes).where(eq(taxes.id, id)).limit(1);
  if (!found) throw AppError.notFound();
  return toTax({ ...found.row, productCount: found.productCount });
}

function columnsOf(values: TaxValues) {
  return {
    name: values.name,
    rateE4: rateE4Of(values.rate),
    isInclusive: values.isInclusive,
    isCompound: values.isCompound,
    active: values.active,
  };
}

async function assertUniqueName(db: DbOrTx, name: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: taxes.id })
    .from(taxes)
    .where(and(sql`lower(${taxes.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(taxes.id, exceptId)))
    .limit(1);
  if (clash) throw AppError.validation({ name: ['A tax with this name already exists.'] });
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
  const rows = await tx.selectDistinct({ id: productTaxes.productId }).from(productTaxes).where(inArray(productTaxes.taxId, taxIds));
  const productIds = rows.map((row) => row.id);
  for (let start = 0; start < productIds.length; start += TOUCH_BATCH) {
    await touchProducts(tx, productIds.slice(start, start + TOUCH_BATCH));
  }
}

export async function createTax(db: Db, values: TaxValues): Promise<Tax> {
  await assertUniqueName(db, values.name);
  const [row] = await db.insert(taxes).values(columnsOf(values)).returning().catch(rethrowUnique);
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
      await tx
        .update(taxes)
        .set({ ...columnsOf(values), updatedAt: new Date() })
        .where(eq(taxes.id, id));
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
  await db.delete(taxes).where(eq(taxes.id, id)).catch(rethrowInUse);
}

function rethrowInUse(error: unknown): never {
  // A product took the tax on between the check and the delete.
  if (isForeignKeyViolation(error)) throw AppError.conflict('This tax is used by products. Deactivate it instead.');
  throw error;
}

/** POST /api/taxes/update: activate, deactivate or delete several taxes, all or none. */
export async function bulkUpdateTaxes(db: Db, input: Pick<TaxBulkInput, 'ids' | 'action'>): Promise<number> {
  const ids = [...new Set(input.ids)];
  const rows = await db
    .select({ id: taxes.id, name: taxes.name, productCount })
    .from(taxes)
    .where(inArray(taxes.id, ids));
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
        await tx.delete(taxes).where(inArray(taxes.id, existing));
      } else {
        await tx
          .update(taxes)
          .set({ active: input.action === 'activate', updatedAt: new Date() })
          .where(inArray(taxes.id, existing));
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
  const rows = await db.select({ id: taxes.id, name: taxes.name, active: taxes.active }).from(taxes).where(inArray(taxes.id, ids));
  if (rows.length !== ids.length) throw AppError.validation({ defaultTaxIds: ['The selected default taxes do not exist.'] });
  const inactive = rows.filter((row) => !row.active).map((row) => row.name);
  if (inactive.length > 0) {
    throw AppError.validation({ defaultTaxIds: [`Only active taxes can be default taxes: ${inactive.join(', ')} ${inactive.length === 1 ? 'is' : 'are'} inactive.`] });
  }
}
