import type { Supplier, SupplierBulkInput, SupplierListItem, SupplierProduct, SupplierValues, supplierListQuery } from '@tillbook/contract';
import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { productVariants, products, supplierProducts, suppliers, type SupplierRow } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { likePattern, orderByFrom, paginate } from '../../lib/list.ts';

const duplicateName = 'A supplier with this company name already exists.';

/** Products the supplier supplies (supplier_products is keyed by supplier first). */
const productCount = sql<number>`(select count(*) from ${supplierProducts} where ${supplierProducts.supplierId} = ${suppliers.id})`.mapWith(
  Number,
);

function toSupplierFields(row: SupplierRow) {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export async function listSuppliers(db: DbOrTx, query: z.output<typeof supplierListQuery>) {
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
    async (limit, offset): Promise<SupplierListItem[]> => {
      const rows = await db
        .select({ supplier: suppliers, productCount })
        .from(suppliers)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset);
      return rows.map((row) => ({ ...toSupplierFields(row.supplier), productCount: row.productCount }));
    },
  );
}

export async function listSupplierNames(db: DbOrTx) {
  return db
    .select({ id: suppliers.id, name: suppliers.companyName })
    .from(suppliers)
    .where(eq(suppliers.active, true))
    .orderBy(asc(sql`lower(${suppliers.companyName})`), suppliers.id);
}

async function findSupplierRow(db: DbOrTx, id: number): Promise<SupplierRow> {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.id, id)).limit(1);
  if (!row) throw AppError.notFound();
  return row;
}

async function listSupplierProducts(db: DbOrTx, supplierId: number): Promise<SupplierProduct[]> {
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

export async function getSupplier(db: DbOrTx, id: number): Promise<Supplier> {
  const row = await findSupplierRow(db, id);
  return { ...toSupplierFields(row), products: await listSupplierProducts(db, id) };
}

/** Company name unique ignoring case; each variant once; every variant must exist. Errors land on their row. */
async function assertValid(db: DbOrTx, values: SupplierValues, exceptId?: number) {
  const errors: Record<string, string[]> = {};
  const [byName] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(sql`lower(${suppliers.companyName}) = lower(${values.companyName})`, exceptId === undefined ? undefined : ne(suppliers.id, exceptId)))
    .limit(1);
  if (byName) errors.companyName = [duplicateName];

  const variantIds = [...new Set(values.products.map((p) => p.variantId))];
  const existing = new Set<number>();
  if (variantIds.length) {
    const rows = await db.select({ id: productVariants.id }).from(productVariants).where(inArray(productVariants.id, variantIds));
    for (const row of rows) existing.add(row.id);
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

function supplierColumns(values: SupplierValues) {
  const { products: _products, ...columns } = values;
  return columns;
}

async function replaceProducts(tx: DbOrTx, supplierId: number, values: SupplierValues) {
  await tx.delete(supplierProducts).where(eq(supplierProducts.supplierId, supplierId));
  if (values.products.length) {
    await tx.insert(supplierProducts).values(values.products.map((p) => ({ supplierId, variantId: p.variantId, supplierSku: p.supplierSku, cost: p.cost })));
  }
}

export async function createSupplier(db: Db, values: SupplierValues): Promise<Supplier> {
  await assertValid(db, values);
  const id = await db
    .transaction(async (tx) => {
      const [row] = await tx.insert(suppliers).values(supplierColumns(values)).returning({ id: suppliers.id });
      if (!row) throw new Error('Inserting a supplier returned no row');
      await replaceProducts(tx, row.id, values);
      return row.id;
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
      const [row] = await tx
        .update(suppliers)
        .set({ ...supplierColumns(values), updatedAt: new Date() })
        .where(eq(suppliers.id, id))
        .returning({ id: suppliers.id });
      if (!row) throw AppError.notFound();
      await replaceProducts(tx, id, values);
    })
    .catch(rethrowUnique);
  return getSupplier(db, id);
}

/** Product links go with the supplier (supplier_products cascades). */
export async function deleteSupplier(db: DbOrTx, id: number): Promise<void> {
  const [row] = await db.delete(suppliers).where(eq(suppliers.id, id)).returning({ id: suppliers.id });
  if (!row) throw AppError.notFound();
}

export async function bulkUpdateSuppliers(db: DbOrTx, input: Pick<SupplierBulkInput, 'ids' | 'action'>): Promise<number> {
  const ids = [...new Set(input.ids)];
  if (input.action === 'delete') {
    return (await db.delete(suppliers).where(inArray(suppliers.id, ids)).returning({ id: suppliers.id })).length;
  }
  const rows = await db
    .update(suppliers)
    .set({ active: input.action === 'activate', updatedAt: new Date() })
    .where(inArray(suppliers.id, ids))
    .returning({ id: suppliers.id });
  return rows.length;
}
