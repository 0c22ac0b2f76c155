import type { Coupon, CouponValues, couponListQuery } from '@tillbook/contract';
import { and, asc, count, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { categories, couponCategories, couponProducts, coupons, products, productVariants, type CouponRow } from '../../db/schema/index.ts';
import { likePattern, orderByFrom, paginate, type Page } from '../../lib/list.ts';

export type Eligibility = Pick<Coupon, 'categoryIds' | 'productIds' | 'categories' | 'products'>;
/** The columns a coupon form writes. */
export type CouponColumns = Omit<typeof coupons.$inferInsert, 'id' | 'usedCount' | 'createdAt' | 'updatedAt'>;

/** The eligible categories and products of some coupons, by name (one query each). */
export async function findCouponEligibility(db: DbOrTx, couponIds: number[]): Promise<Map<number, Eligibility>> {
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

export async function findCouponPage(db: DbOrTx, query: z.output<typeof couponListQuery>): Promise<Page<CouponRow>> {
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
      db
        .select()
        .from(coupons)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
  );
}

export async function findCouponRowById(db: DbOrTx, id: number): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  return row;
}

/** The coupon with this code, whatever its case. */
export async function findCouponRowByCode(db: DbOrTx, code: string): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(sql`lower(${coupons.code}) = lower(${code})`)
    .limit(1);
  return row;
}

/** Another coupon with this code, case-insensitively. */
export async function findCouponIdByCode(db: DbOrTx, code: string, exceptId?: number): Promise<number | undefined> {
  const [clash] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(sql`lower(${coupons.code}) = lower(${code})`, exceptId === undefined ? undefined : ne(coupons.id, exceptId)))
    .limit(1);
  return clash?.id;
}

export async function findCategoryIds(db: DbOrTx, ids: number[]) {
  return db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
}

export async function findProductIds(db: DbOrTx, ids: number[]) {
  return db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
}

export async function findCouponUsage(db: DbOrTx, ids: number[]) {
  return db.select({ id: coupons.id, code: coupons.code, usedCount: coupons.usedCount }).from(coupons).where(inArray(coupons.id, ids));
}

export async function insertCoupon(tx: DbOrTx, columns: CouponColumns): Promise<number | undefined> {
  const [row] = await tx.insert(coupons).values(columns).returning({ id: coupons.id });
  return row?.id;
}

export async function updateCouponById(tx: DbOrTx, id: number, columns: CouponColumns): Promise<void> {
  await tx
    .update(coupons)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(coupons.id, id));
}

/** The coupon's eligible categories and products become exactly these. */
export async function replaceCouponEligibility(tx: DbOrTx, couponId: number, values: Pick<CouponValues, 'categoryIds' | 'productIds'>): Promise<void> {
  await tx.delete(couponCategories).where(eq(couponCategories.couponId, couponId));
  await tx.delete(couponProducts).where(eq(couponProducts.couponId, couponId));
  if (values.categoryIds.length > 0) {
    await tx.insert(couponCategories).values(values.categoryIds.map((categoryId) => ({ couponId, categoryId })));
  }
  if (values.productIds.length > 0) {
    await tx.insert(couponProducts).values(values.productIds.map((productId) => ({ couponId, productId })));
  }
}

export async function deleteCouponById(db: DbOrTx, id: number): Promise<void> {
  await db.delete(coupons).where(eq(coupons.id, id));
}

export async function deleteCouponsByIds(db: DbOrTx, ids: number[]): Promise<void> {
  await db.delete(coupons).where(inArray(coupons.id, ids));
}

export async function setCouponsActive(db: DbOrTx, ids: number[], active: boolean): Promise<void> {
  await db.update(coupons).set({ active, updatedAt: new Date() }).where(inArray(coupons.id, ids));
}
