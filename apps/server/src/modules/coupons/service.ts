import { couponStateOf, formatPercent, type Coupon, type CouponBulkInput, type CouponValues, type couponListQuery } from '@tillbook/contract';
import { and, asc, count, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { categories, couponCategories, couponProducts, coupons, products, productVariants, type CouponRow } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { likePattern, orderByFrom, paginate } from '../../lib/list.ts';

const duplicateCode = 'A coupon with this code already exists.';

type Eligibility = Pick<Coupon, 'categoryIds' | 'productIds' | 'categories' | 'products'>;

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

/** The eligible categories and products of some coupons, by name (one query each). */
async function eligibilityOf(db: DbOrTx, couponIds: number[]): Promise<Map<number, Eligibility>> {
  const byCoupon = new Map<number, Eligibility>(couponIds.map((id) => [id, { categoryIds: [], productIds: [], categories: [], products: [] }]));
  if (couponIds.length === 0) return byCoupon;
  const categoryRows = await db
    .select({ couponId: couponCategories.couponId, id: categories.id, name: categories.name })
    .from(couponCategories)
    .innerJoin(categories, eq(categories.id, couponCategories.categoryId))
    .where(inArray(couponCategories.couponId, couponIds))
    .orderBy(asc(sql`lower(${categories.name})`), asc(categories.id));
  // The SKU shown beside a title is the product's default (or first) variant's.
  const sku = sql<string | null>`(select ${productVariants.sku} from ${productVariants} where ${productVariants.productId} = ${products.id}
    order by ${productVariants.isDefault} desc, ${productVariants.position}, ${productVariants.id} limit 1)`;
  const productRows = await db
    .select({ couponId: couponProducts.couponId, id: products.id, title: products.title, sku })
    .from(couponProducts)
    .innerJoin(products, eq(products.id, couponProducts.productId))
    .where(inArray(couponProducts.couponId, couponIds))
    .orderBy(asc(sql`lower(${products.title})`), asc(products.id));
  for (const { couponId, ...category } of categoryRows) {
    const entry = byCoupon.get(couponId);
    entry?.categoryIds.push(category.id);
    entry?.categories.push(category);
  }
  for (const { couponId, ...product } of productRows) {
    const entry = byCoupon.get(couponId);
    entry?.productIds.push(product.id);
    entry?.products.push(product);
  }
  return byCoupon;
}

async function withEligibility(db: DbOrTx, rows: CouponRow[]): Promise<Coupon[]> {
  const eligibility = await eligibilityOf(
    db,
    rows.map((row) => row.id),
  );
  const now = new Date();
  return rows.map((row) => toCoupon(row, eligibility.get(row.id) ?? { categoryIds: [], productIds: [], categories: [], products: [] }, now));
}

/** The SQL of couponStateOf, for the list's state filter. */
function stateFilter(state: Coupon['state'], now: Date): SQL {
  const notExpired = or(isNull(coupons.validUntil), gte(coupons.validUntil, now)) as SQL;
  const notUsedUp = or(isNull(coupons.usageLimit), lt(coupons.usedCount, sql`${coupons.usageLimit}`)) as SQL;
  const usedUp = and(isNotNull(coupons.usageLimit), sql`${coupons.usedCount} >= ${coupons.usageLimit}`) as SQL;
  switch (state) {
    case 'inactive':
      return eq(coupons.active, false);
    case 'expired':
      return and(eq(coupons.active, true), isNotNull(coupons.validUntil), lt(coupons.validUntil, now)) as SQL;
    case 'used-up':
      return and(eq(coupons.active, true), notExpired, usedUp) as SQL;
    case 'scheduled':
      return and(eq(coupons.active, true), notExpired, notUsedUp, isNotNull(coupons.validFrom), gt(coupons.validFrom, now)) as SQL;
    case 'active':
      return and(eq(coupons.active, true), notExpired, notUsedUp, or(isNull(coupons.validFrom), lte(coupons.validFrom, now))) as SQL;
  }
}

export async function listCoupons(db: DbOrTx, query: z.output<typeof couponListQuery>) {
  const filters: SQL[] = [];
  if (query.search) {
    const pattern = likePattern(query.search);
    filters.push(or(ilike(coupons.code, pattern), ilike(coupons.name, pattern)) as SQL);
  }
  if (query.active !== undefined) filters.push(eq(coupons.active, query.active));
  if (query.state) filters.push(stateFilter(query.state, new Date()));
  const where = filters.length ? and(...filters) : undefined;
  const orderBy = orderByFrom(
    query.sort,
    {
      code: sql`lower(${coupons.code})`,
      createdAt: coupons.createdAt,
      // No end sorts as the latest end.
      validUntil: sql`coalesce(${coupons.validUntil}, 'infinity'::timestamptz)`,
    },
    '-createdAt',
    coupons.id,
  );
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(coupons).where(where))[0]?.n ?? 0,
    async (limit, offset) =>
      withEligibility(
        db,
        await db
          .select()
          .from(coupons)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset),
      ),
  );
}

export async function getCoupon(db: DbOrTx, id: number): Promise<Coupon> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  if (!row) throw AppError.notFound();
  const [found] = await withEligibility(db, [row]);
  if (!found) throw AppError.notFound();
  return found;
}

/** GET /api/coupons/lookup?code=: the coupon a cashier typed, whatever its case. */
export async function findCouponByCode(db: DbOrTx, code: string): Promise<Coupon> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(sql`lower(${coupons.code}) = lower(${code})`)
    .limit(1);
  if (!row) throw AppError.notFound();
  const [found] = await withEligibility(db, [row]);
  if (!found) throw AppError.notFound();
  return found;
}

async function assertReferences(db: DbOrTx, values: CouponValues, exceptId?: number): Promise<void> {
  const errors: Record<string, string[]> = {};
  const [clash] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(sql`lower(${coupons.code}) = lower(${values.code})`, exceptId === undefined ? undefined : ne(coupons.id, exceptId)))
    .limit(1);
  if (clash) errors.code = [duplicateCode];
  if (values.categoryIds.length > 0) {
    const found = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, values.categoryIds));
    if (found.length !== values.categoryIds.length) errors.categoryIds = ['Some of the chosen categories do not exist.'];
  }
  if (values.productIds.length > 0) {
    const found = await db.select({ id: products.id }).from(products).where(inArray(products.id, values.productIds));
    if (found.length !== values.productIds.length) errors.productIds = ['Some of the chosen products do not exist.'];
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
}

function columnsOf(values: CouponValues) {
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

async function replaceEligibility(tx: DbOrTx, couponId: number, values: CouponValues): Promise<void> {
  await tx.delete(couponCategories).where(eq(couponCategories.couponId, couponId));
  await tx.delete(couponProducts).where(eq(couponProducts.couponId, couponId));
  if (values.categoryIds.length > 0) {
    await tx.insert(couponCategories).values(values.categoryIds.map((categoryId) => ({ couponId, categoryId })));
  }
  if (values.productIds.length > 0) {
    await tx.insert(couponProducts).values(values.productIds.map((productId) => ({ couponId, productId })));
  }
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
      const [row] = await tx.insert(coupons).values(columnsOf(values)).returning({ id: coupons.id });
      if (!row) throw new Error('Inserting a coupon returned no row');
      await replaceEligibility(tx, row.id, values);
      return row.id;
    })
    .catch(rethrowUnique);
  return getCoupon(db, id);
}

export async function updateCoupon(db: Db, id: number, values: CouponValues): Promise<Coupon> {
  await getCoupon(db, id);
  await assertReferences(db, values, id);
  await db
    .transaction(async (tx) => {
      await tx
        .update(coupons)
        .set({ ...columnsOf(values), updatedAt: new Date() })
        .where(eq(coupons.id, id));
      await replaceEligibility(tx, id, values);
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
  await db.delete(coupons).where(eq(coupons.id, id));
}

/** POST /api/coupons/update: activate, deactivate or delete several coupons, all or none. */
export async function bulkUpdateCoupons(db: Db, input: Pick<CouponBulkInput, 'ids' | 'action'>): Promise<number> {
  const ids = [...new Set(input.ids)];
  const rows = await db.select({ id: coupons.id, code: coupons.code, usedCount: coupons.usedCount }).from(coupons).where(inArray(coupons.id, ids));
  const existing = rows.map((row) => row.id);
  if (existing.length === 0) return 0;
  if (input.action === 'delete') {
    const used = rows.filter((row) => row.usedCount > 0).map((row) => `${row.code} (${usedMessage(row.usedCount)})`);
    if (used.length > 0) throw AppError.conflict(`Nothing was deleted: ${used.join(', ')} cannot be deleted. Deactivate instead.`);
    await db.delete(coupons).where(inArray(coupons.id, existing));
  } else {
    await db
      .update(coupons)
      .set({ active: input.action === 'activate', updatedAt: new Date() })
      .where(inArray(coupons.id, existing));
  }
  return existing.length;
}
