import { couponStateOf, formatPercent, type Coupon, type CouponBulkInput, type CouponValues, type couponListQuery } from '@tillbook/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { CouponRow } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import {
  deleteCouponById,
  deleteCouponsByIds,
  findCategoryIds,
  findCouponEligibility,
  findCouponIdByCode,
  findCouponPage,
  findCouponRowByCode,
  findCouponRowById,
  findCouponUsage,
  findProductIds,
  insertCoupon,
  replaceCouponEligibility,
  setCouponsActive,
  updateCouponById,
  type CouponColumns,
  type Eligibility,
} from './queries.ts';

const duplicateCode = 'A coupon with this code already exists.';

function toCoupon(row: CouponRow, eligibility: Eligibility, now = new Date()): Coupon {
  const validFrom = row.validFrom?.toISOString() ?? null;
  const validUntil = row.validUntil?.toISOString() ?? null;
  return {
    ...row,
    ...eligibility,
    rate: row.kind === 'percentage' ? formatPercent(row.rateE4) : null,
    validFrom,
    validUntil,
    state: couponStateOf({ ...row, validFrom, validUntil }, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listCoupons(db: DbOrTx, query: z.output<typeof couponListQuery>) {
  const page = await findCouponPage(db, query);
  return { ...page, data: await withEligibility(db, page.data) };
}

async function withEligibility(db: DbOrTx, rows: CouponRow[]): Promise<Coupon[]> {
  const eligibility = await findCouponEligibility(
    db,
    rows.map((row) => row.id),
  );
  const now = new Date();
  return rows.map((row) => toCoupon(row, eligibility.get(row.id) ?? { categoryIds: [], productIds: [], categories: [], products: [] }, now));
}

export async function getCoupon(db: DbOrTx, id: number): Promise<Coupon> {
  const row = await findCouponRowById(db, id);
  if (!row) throw AppError.notFound();
  const [found] = await withEligibility(db, [row]);
  if (!found) throw AppError.notFound();
  return found;
}

/** GET /api/coupons/lookup?code=: the coupon a cashier typed, whatever its case. */
export async function findCouponByCode(db: DbOrTx, code: string): Promise<Coupon> {
  const row = await findCouponRowByCode(db, code);
  if (!row) throw AppError.notFound();
  const [found] = await withEligibility(db, [row]);
  if (!found) throw AppError.notFound();
  return found;
}

async function assertReferences(db: DbOrTx, values: CouponValues, exceptId?: number): Promise<void> {
  const errors: Record<string, string[]> = {};
  if ((await findCouponIdByCode(db, values.code, exceptId)) !== undefined) errors.code = [duplicateCode];
  if (values.categoryIds.length > 0) {
    const found = await findCategoryIds(db, values.categoryIds);
    if (found.length !== values.categoryIds.length) errors.categoryIds = ['Some of the chosen categories do not exist.'];
  }
  if (values.productIds.length > 0) {
    const found = await findProductIds(db, values.productIds);
    if (found.length !== values.productIds.length) errors.productIds = ['Some of the chosen products do not exist.'];
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
}

function columnsOf(values: CouponValues): CouponColumns {
  return {
    code: values.code,
    name: values.name,
    kind: values.kind,
    rateE4: values.rateE4,
    amount: values.amount,
    validFrom: values.validFrom === null ? null : new Date(values.validFrom),
    validUntil: values.validUntil === null ? null : new Date(values.validUntil),
    minimumTotal: values.minimumTotal,
    maximumDiscount: values.maximumDiscount,
    usageLimit: values.usageLimit,
    perCustomerLimit: values.perCustomerLimit,
    appliesTo: values.appliesTo,
    active: values.active,
  };
}

function rethrowUnique(error: unknown): never {
  // Another request took the code between the check and the write.
  if (isUniqueViolation(error)) throw AppError.validation({ code: [duplicateCode] });
  throw error;
}

export async function createCoupon(db: Db, values: CouponValues): Promise<Coupon> {
  await assertReferences(db, values);
  const id = await db
    .transaction(async (tx) => {
      const couponId = await insertCoupon(tx, columnsOf(values));
      if (couponId === undefined) throw new Error('Inserting a coupon returned no row');
      await replaceCouponEligibility(tx, couponId, values);
      return couponId;
    })
    .catch(rethrowUnique);
  return getCoupon(db, id);
}

export async function updateCoupon(db: Db, id: number, values: CouponValues): Promise<Coupon> {
  await getCoupon(db, id);
  await assertReferences(db, values, id);
  await db
    .transaction(async (tx) => {
      await updateCouponById(tx, id, columnsOf(values));
      await replaceCouponEligibility(tx, id, values);
    })
    .catch(rethrowUnique);
  return getCoupon(db, id);
}

function usedMessage(count: number): string {
  return `used by ${count} ${count === 1 ? 'order' : 'orders'}`;
}

/** A coupon orders used stays, so their receipts keep explaining their discount: deactivate it instead (409). */
export async function deleteCoupon(db: Db, id: number): Promise<void> {
  const current = await getCoupon(db, id);
  if (current.usedCount > 0) {
    throw AppError.conflict(`This coupon has been ${usedMessage(current.usedCount)}. Deactivate it instead.`);
  }
  await deleteCouponById(db, id);
}

/** POST /api/coupons/update: activate, deactivate or delete several coupons, all or none. */
export async function bulkUpdateCoupons(db: Db, input: Pick<CouponBulkInput, 'ids' | 'action'>): Promise<number> {
  const ids = [...new Set(input.ids)];
  const rows = await findCouponUsage(db, ids);
  const existing = rows.map((row) => row.id);
  if (existing.length === 0) return 0;
  if (input.action === 'delete') {
    const used = rows.filter((row) => row.usedCount > 0).map((row) => `${row.code} (${usedMessage(row.usedCount)})`);
    if (used.length > 0) throw AppError.conflict(`Nothing was deleted: ${used.join(', ')} cannot be deleted. Deactivate instead.`);
    await deleteCouponsByIds(db, existing);
  } else {
    await setCouponsActive(db, existing, input.action === 'activate');
  }
  return existing.length;
}
