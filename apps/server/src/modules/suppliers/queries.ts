import type { SupplierProduct, SupplierValues, supplierListQuery } from '@tillbook/contract';
import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { productVariants, products, supplierProducts, suppliers, type SupplierRow } from '../../db/schema/index.ts';
import { likePattern, orderByFrom, paginate, type Page } from '../../lib/list.ts';

/** The columns a supplier form writes (its product list goes to supplier_products). */
export type SupplierColumns = Omit<SupplierValues, 'products'>;

/** Products the supplier supplies (supplier_products is keyed by supplier first). */
const productCount = sql<number>`(select count(*) from ${supplierProducts} where ${supplierProducts.supplierId} = ${suppliers.id})`.mapWith(
  Number,
);

export async function findSupplierPage(db: DbOrTx, query: z.output<typeof supplierListQuery>): Promise<Page<SupplierRow & { productCount: number }>> {
  const filters: SQL[] = [];
  if (query.search) {
    const pattern = likePattern(query.search);
    filters.push(or(ilike(suppliers.companyName, pattern), ilike(suppliers.contactPerson, pattern), ilike(suppliers.email, pattern)) as SQL);
  }
  if (query.active !== undefined) filters.push(eq(suppliers.active, query.active));
  if (query.variantId !== undefined) {
    filters.push(
      sql`exists (select 1 from ${supplierProducts} where ${supplierProducts.supplierId} = ${suppliers.id} and ${supplierProducts.variantId} = ${query.variantId})`,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const orderBy = orderByFrom(
    query.sort,
    { companyName: sql`lower(${suppliers.companyName})`, createdAt: suppliers.createdAt },
    'companyName',
    suppliers.id,
  );
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(suppliers).where(where))[0]?.n ?? 0,
    async (limit, offset) => {
      const rows = await db
        .select({ supplier: suppliers, productCount })
        .from(suppliers)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset);
      return rows.map((row) => ({ ...row.supplier, productCount: row.productCount }));
    },
  );
}

export async function findActiveSupplierNames(db: DbOrTx) {
  return db
    .select({ id: suppliers.id, name: suppliers.companyName })
    .from(suppliers)
    .where(eq(suppliers.active, true))
    .orderBy(asc(sql`lower(${suppliers.companyName})`), suppliers.id);
}

export async function findSupplierById(db: DbOrTx, id: number): Promise<SupplierRow | undefined> {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.id, id)).limit(1);
  return row;
}

export async function findSupplierProducts(db: DbOrTx, supplierId: number): Promise<SupplierProduct[]> {
  return db
    .select({
      variantId: supplierProducts.variantId,
      productId: products.id,
      productTitle: products.title,
      variantName: productVariants.name,
      sku: productVariants.sku,
      ourCost: productVariants.cost,
      price: productVariants.price,
      supplierSku: supplierProducts.supplierSku,
      cost: supplierProducts.cost,
    })
    .from(supplierProducts)
    .innerJoin(productVariants, eq(productVariants.id, supplierProducts.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(supplierProducts.supplierId, supplierId))
    .orderBy(asc(products.title), asc(productVariants.position), asc(productVariants.id));
}

/** Another supplier with this company name, case-insensitively. */
export async function findSupplierIdByName(db: DbOrTx, companyName: string, exceptId?: number): Promise<number | undefined> {
  const [byName] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(sql`lower(${suppliers.companyName}) = lower(${companyName})`, exceptId === undefined ? undefined : ne(suppliers.id, exceptId)))
    .limit(1);
  return byName?.id;
}

/** Which of these variants exist. */
export async function findVariantIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  const rows = await db.select({ id: productVariants.id }).from(productVariants).where(inArray(productVariants.id, ids));
  return rows.map((row) => row.id);
}

export async function insertSupplier(tx: DbOrTx, columns: SupplierColumns): Promise<number | undefined> {
  const [row] = await tx.insert(suppliers).values(columns).returning({ id: suppliers.id });
  return row?.id;
}

/** Whether the supplier was there to update. */
export async function updateSupplierById(tx: DbOrTx, id: number, columns: SupplierColumns): Promise<boolean> {
  const [row] = await tx
    .update(suppliers)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(suppliers.id, id))
    .returning({ id: suppliers.id });
  return row !== undefined;
}

/** The supplier's product list becomes exactly these. */
export async function replaceSupplierProducts(tx: DbOrTx, supplierId: number, values: Pick<SupplierValues, 'products'>) {
  await tx.delete(supplierProducts).where(eq(supplierProducts.supplierId, supplierId));
  if (values.products.length) {
    await tx.insert(supplierProducts).values(values.products.map((p) => ({ supplierId, variantId: p.variantId, supplierSku: p.supplierSku, cost: p.cost })));
  }
}

/** How many of these suppliers were deleted (their product links cascade). */
export async function deleteSuppliersByIds(db: DbOrTx, ids: number[]): Promise<number> {
  return (await db.delete(suppliers).where(inArray(suppliers.id, ids)).returning({ id: suppliers.id })).length;
}

export async function setSuppliersActive(db: DbOrTx, ids: number[], active: boolean): Promise<number> {
  const rows = await db
    .update(suppliers)
    .set({ active, updatedAt: new Date() })
    .where(inArray(suppliers.id, ids))
    .returning({ id: suppliers.id });
  return rows.length;
}
