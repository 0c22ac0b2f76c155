import type { ProductSyncResult, SyncCategory, SyncProduct } from '@tillbook/contract';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute, executeOne } from '../../db/execute.ts';
import { categories, outlets } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { mediaUrl } from '../../lib/media.ts';
import { listActiveAdditionalCharges } from '../additional-charges/service.ts';
import { getShopSettings } from '../settings/service.ts';
import { listActiveTaxes } from '../taxes/service.ts';

/**
 * Delta sync for registers (issue: catalogue). Every change to a product, its variants, links or
 * images stamps `products.change_xid`, a change of its stock `product_stock_stamps`; deletions land in `catalogue_deletions` with
 * theirs (db/schema/catalogue-sync.ts). A register pages through both streams in (xid, id)
 * order. Only changes older than the oldest transaction still running (pg_snapshot_xmin) are
 * handed out: a transaction that started earlier but commits later has a smaller xid than what
 * was already sent, and would otherwise fall behind the cursor for ever.
 */

/** A position in one stream: everything at or before (xid, id) has been sent. */
type Position = { xid: string; id: number };
type SyncCursor = { products: Position; deletions: Position };

const CURSOR_VERSION = 'v1';

function encodeCursor(cursor: SyncCursor): string {
  const text = [CURSOR_VERSION, cursor.products.xid, cursor.products.id, cursor.deletions.xid, cursor.deletions.id].join(':');
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** The cursor a register sent back, or a 422 when it is not one of ours. */
function decodeCursor(text: string): SyncCursor {
  const parts = /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url').toString('utf8').split(':') : [];
  const [version, productXid = '', productId = '', deletionXid = '', deletionId = ''] = parts;
  const isXid = (value: string) => /^\d{1,20}$/.test(value) && BigInt(value) < 2n ** 64n;
  const isId = (value: string) => /^\d{1,15}$/.test(value);
  if (parts.length !== 5 || version !== CURSOR_VERSION || ![productXid, deletionXid].every(isXid) || ![productId, deletionId].every(isId)) {
    throw AppError.validation({ since: ['The cursor is not valid. Start a full sync without it.'] });
  }
  return { products: { xid: productXid, id: Number(productId) }, deletions: { xid: deletionXid, id: Number(deletionId) } };
}

/**
 * The page's ids in a single bind, read as `unnest(…) join`: with `= any(…)` of 2,000 ids PostgreSQL
 * judged a scan of the whole table cheaper than 2,000 index probes and compared every row with
 * every id, and with a plain join it hashed the whole table (0.1–0.2 s a page at 300k products);
 * a lateral subquery per id (kept apart from the join by `offset 0`) probes the index per id
 * whatever the estimates.
 */
function idArray(ids: number[]): SQL {
  return sql`${`{${ids.join(',')}}`}::int[]`;
}

/**
 * The outlet whose stock a register or an import means: the one asked for, else the signed-in
 * user's own, else the first active outlet.
 */
export async function resolveOutletId(db: DbOrTx, requested: number | undefined, userOutletId: number | null | undefined): Promise<number> {
  if (requested !== undefined) {
    const [found] = await db.select({ id: outlets.id }).from(outlets).where(eq(outlets.id, requested)).limit(1);
    if (!found) throw AppError.validation({ outletId: ['This outlet does not exist.'] });
    return found.id;
  }
  if (userOutletId) return userOutletId;
  const [first] = await db.select({ id: outlets.id }).from(outlets).where(eq(outlets.active, true)).orderBy(asc(outlets.id)).limit(1);
  if (!first) throw AppError.validation({ outletId: ['Create an outlet first: stock is kept per outlet.'] });
  return first.id;
}

type ProductRow = { id: number; title: string; status: 'active' | 'archived'; track_stock: boolean; xid: string };
type VariantRow = { id: number; product_id: number; name: string; sku: string; barcode: string | null; price: number; cost: number; active: boolean };

/**
 * The products of one page with everything a register sells with, loaded with one query per
 * kind of row for the whole page (never one per product).
 */
async function loadProducts(
  db: DbOrTx,
  rows: ProductRow[],
  options: { outletId: number; defaultThreshold: number; withCost: boolean },
): Promise<SyncProduct[]> {
  if (rows.length === 0) return [];
  const productIds = idArray(rows.map((r) => r.id));
  const [variantRows, categoryRows, taxRows, chargeRows, imageRows] = await Promise.all([
    execute<VariantRow>(
      db,
      sql`select v.id, v.product_id, v.name, v.sku, v.barcode, v.price, v.cost, v.active
          from unnest(${productIds}) page(id) cross join lateral (select * from product_variants v where v.product_id = page.id offset 0) v
          order by v.product_id, v.position, v.id`,
    ),
    execute<{ product_id: number; category_id: number }>(
      db,
      sql`select c.product_id, c.category_id from unnest(${productIds}) page(id)
          cross join lateral (select * from product_categories c where c.product_id = page.id offset 0) c
          order by c.product_id, c.category_id`,
    ),
    execute<{ product_id: number; tax_id: number }>(
      db,
      sql`select t.product_id, t.tax_id from unnest(${productIds}) page(id)
          cross join lateral (select * from product_taxes t where t.product_id = page.id offset 0) t
          order by t.product_id, t.position, t.tax_id`,
    ),
    execute<{ product_id: number; charge_id: number }>(
      db,
      sql`select c.product_id, c.charge_id from unnest(${productIds}) page(id)
          cross join lateral (select * from product_charges c where c.product_id = page.id offset 0) c
          order by c.product_id, c.charge_id`,
    ),
    execute<{ product_id: number; file_name: string }>(
      db,
      sql`select page.id as product_id, main.file_name from unnest(${productIds}) page(id)
          cross join lateral (select file_name from product_images i where i.product_id = page.id
                              order by i.is_main desc, i.position, i.id limit 1) main`,
    ),
  ]);
  const variantIds = idArray(variantRows.map((v) => v.id));
  const [optionRows, stockRows] = variantRows.length
    ? await Promise.all([
        execute<{ variant_id: number; option_id: number }>(
          db,
          sql`select o.variant_id, o.option_id from unnest(${variantIds}) page(id)
          cross join lateral (select * from variant_options o where o.variant_id = page.id offset 0) o
          order by o.variant_id, o.option_id`,
        ),
        execute<{ variant_id: number; quantity: number; low_stock_threshold: number | null }>(
          db,
          sql`select l.variant_id, l.quantity, l.low_stock_threshold from unnest(${variantIds}) page(id)
              cross join lateral (select * from stock_levels l where l.outlet_id = ${options.outletId} and l.variant_id = page.id offset 0) l`,
        ),
      ])
    : [[], []];

  const groupBy = <T, V>(items: T[], key: (item: T) => number, value: (item: T) => V) => {
    const map = new Map<number, V[]>();
    for (const item of items) {
      const list = map.get(key(item));
      if (list) list.push(value(item));
      else map.set(key(item), [value(item)]);
    }
    return map;
  };
  const variantsOf = groupBy(variantRows, (v) => v.product_id, (v) => v);
  const categoriesOf = groupBy(categoryRows, (r) => r.product_id, (r) => r.category_id);
  const taxesOf = groupBy(taxRows, (r) => r.product_id, (r) => r.tax_id);
  const chargesOf = groupBy(chargeRows, (r) => r.product_id, (r) => r.charge_id);
  const optionsOf = groupBy(optionRows, (r) => r.variant_id, (r) => r.option_id);
  const imageOf = new Map(imageRows.map((r) => [r.product_id, r.file_name]));
  const stockOf = new Map(stockRows.map((r) => [r.variant_id, r]));

  return rows.map((p) => {
    const image = imageOf.get(p.id);
    return {
      id: p.id,
      title: p.title,
      status: p.status,
      trackStock: p.track_stock,
      categoryIds: categoriesOf.get(p.id) ?? [],
      taxIds: taxesOf.get(p.id) ?? [],
      chargeIds: chargesOf.get(p.id) ?? [],
      imageUrl: image ? mediaUrl(image) : null,
      variants: (variantsOf.get(p.id) ?? []).map((v) => {
        const level = stockOf.get(v.id);
        return {
          id: v.id,
          name: v.name,
          sku: v.sku,
          barcode: v.barcode,
          price: v.price,
          ...(options.withCost ? { cost: v.cost } : {}),
          active: v.active,
          optionIds: optionsOf.get(v.id) ?? [],
          stock: p.track_stock ? (level?.quantity ?? 0) : null,
          lowStockThreshold: p.track_stock ? (level?.low_stock_threshold ?? options.defaultThreshold) : null,
        };
      }),
    };
  });
}

async function listSyncCategories(db: DbOrTx): Promise<SyncCategory[]> {
  return db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId, colour: categories.colour, position: categories.position })
    .from(categories)
    .where(eq(categories.active, true))
    .orderBy(asc(categories.position), asc(sql`lower(${categories.name})`), asc(categories.id));
}

type SyncOptions = {
  since: string | undefined;
  outletId: number;
  limit: number;
  /** Administrators see costs; a cashier's register does not get them. */
  withCost: boolean;
};

/**
 * One page of changes since the cursor. Without a cursor it is a full sync from the start:
 * every product (archived ones too, with their status), and no deletions from before it began.
 */
export async function syncProducts(db: DbOrTx, options: SyncOptions): Promise<ProductSyncResult> {
  // The horizon: every transaction with a smaller xid has finished, committed or not.
  const horizon = await executeOne<{ xmin: string }>(db, sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`);
  if (!horizon) throw new Error('The database returned no snapshot');
  const cursor: SyncCursor = options.since
    ? decodeCursor(options.since)
    : // A new register needs no deletions older than its first page: those products are gone already.
      { products: { xid: '0', id: 0 }, deletions: { xid: horizon.xmin, id: 0 } };

  const [productRows, deletionRows, settings] = await Promise.all([
    execute<ProductRow>(
      db,
      // Two streams of product changes in one (xid, id) order: the product's own stamp, and its
      // stock's (product_stock_stamps). Each branch takes its first page through its index; the same
      // (xid, id) in both (a product made with its opening stock) counts once.
      sql`select p.id, p.title, p.status, p.track_stock, c.xid::text as xid
          from (
            (select id, change_xid as xid from products
              where change_xid < ${horizon.xmin}::xid8
                and (change_xid, id) > (${cursor.products.xid}::xid8, ${cursor.products.id})
              order by change_xid, id limit ${options.limit + 1})
            union
            (select product_id as id, change_xid as xid from product_stock_stamps
              where change_xid < ${horizon.xmin}::xid8
                and (change_xid, product_id) > (${cursor.products.xid}::xid8, ${cursor.products.id})
              order by change_xid, product_id limit ${options.limit + 1})
          ) c join products p on p.id = c.id
          order by c.xid, c.id limit ${options.limit + 1}`,
    ),
    execute<{ id: string | number; entity: 'product' | 'variant'; entity_id: number; xid: string }>(
      db,
      sql`select id, entity, entity_id, change_xid::text as xid from catalogue_deletions
          where change_xid < ${horizon.xmin}::xid8
            and (change_xid, id) > (${cursor.deletions.xid}::xid8, ${cursor.deletions.id})
          order by change_xid, id limit ${options.limit + 1}`,
    ),
    getShopSettings(db),
  ]);
  const hasMore = productRows.length > options.limit || deletionRows.length > options.limit;
  const pageRows = productRows.slice(0, options.limit);
  const pageProducts = [...new Map(pageRows.map((row) => [row.id, row])).values()];
  const pageDeletions = deletionRows.slice(0, options.limit);

  const [products, taxes, charges, categoryRows, total] = await Promise.all([
    loadProducts(db, pageProducts, { outletId: options.outletId, defaultThreshold: settings.defaultLowStockThreshold, withCost: options.withCost }),
    listActiveTaxes(db),
    listActiveAdditionalCharges(db),
    listSyncCategories(db),
    // The first page of a full copy says how many products the copy brings (its progress bar).
    options.since ? null : executeOne<{ n: number }>(db, sql`select count(*)::int as n from products`),
  ]);

  const lastProduct = pageRows.at(-1);
  const lastDeletion = pageDeletions.at(-1);
  const next: SyncCursor = {
    products: lastProduct ? { xid: lastProduct.xid, id: lastProduct.id } : cursor.products,
    deletions: lastDeletion ? { xid: lastDeletion.xid, id: Number(lastDeletion.id) } : cursor.deletions,
  };
  return {
    products,
    deletedProductIds: pageDeletions.filter((d) => d.entity === 'product').map((d) => d.entity_id),
    deletedVariantIds: pageDeletions.filter((d) => d.entity === 'variant').map((d) => d.entity_id),
    taxes,
    charges,
    categories: categoryRows,
    nextCursor: encodeCursor(next),
    hasMore,
    ...(total ? { total: Number(total.n) } : {}),
  };
}

/**
 * The active products with an active variant whose barcode is the code, or whose SKU is the code
 * in any case, as a register's copy holds them: what a till still copying the catalogue asks for
 * when a scan is not in its copy yet.
 */
export async function findSyncProducts(db: DbOrTx, code: string, options: Omit<SyncOptions, 'since' | 'limit'>): Promise<SyncProduct[]> {
  const rows = await execute<ProductRow>(
    db,
    sql`select p.id, p.title, p.status, p.track_stock, p.change_xid::text as xid from products p
        where p.status = 'active' and p.id in (
          select product_id from product_variants where active and barcode = ${code}
          union
          select product_id from product_variants where active and lower(sku) = lower(${code}))
        order by lower(p.title), p.id`,
  );
  const settings = await getShopSettings(db);
  return loadProducts(db, rows, { outletId: options.outletId, defaultThreshold: settings.defaultLowStockThreshold, withCost: options.withCost });
}
