import type { ProductSyncResult, SyncCategory, SyncProduct } from '@tillbook/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute, executeOne } from '../../db/execute.ts';
import { categories, outlets } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { listActiveAdditionalCharges } from '../additional-charges/service.ts';
import { getShopSettings } from '../settings/service.ts';
import { listActiveTaxes } from '../taxes/service.ts';
import { loadProducts, type ProductRow } from './sync-rows.ts';

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
/**
 * A full copy under way: every product by id after `afterId`, read as it is now. It began at
 * `horizon`; when it ends, the changes from the horizon on follow as a delta, so whatever changed
 * while the copy was read comes again.
 */
type CopyCursor = { horizon: string; afterId: number };

const CURSOR_VERSION = 'v1';
const COPY_CURSOR_VERSION = 'c1';

function encodeCursor(cursor: SyncCursor | CopyCursor): string {
  const parts =
    'horizon' in cursor
      ? [COPY_CURSOR_VERSION, cursor.horizon, cursor.afterId]
      : [CURSOR_VERSION, cursor.products.xid, cursor.products.id, cursor.deletions.xid, cursor.deletions.id];
  return Buffer.from(parts.join(':'), 'utf8').toString('base64url');
}

/** The cursor a register sent back, or a 422 when it is not one of ours. */
function decodeCursor(text: string): SyncCursor | CopyCursor {
  const parts = /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url').toString('utf8').split(':') : [];
  const isXid = (value: string) => /^\d{1,20}$/.test(value) && BigInt(value) < 2n ** 64n;
  const isId = (value: string) => /^\d{1,15}$/.test(value);
  const [version, productXid = '', productId = '', deletionXid = '', deletionId = ''] = parts;
  if (parts.length === 3 && version === COPY_CURSOR_VERSION && isXid(productXid) && isId(productId)) {
    return { horizon: productXid, afterId: Number(productId) };
  }
  if (parts.length !== 5 || version !== CURSOR_VERSION || ![productXid, deletionXid].every(isXid) || ![productId, deletionId].every(isId)) {
    throw AppError.validation({ since: ['The cursor is not valid. Start a full sync without it.'] });
  }
  return { products: { xid: productXid, id: Number(productId) }, deletions: { xid: deletionXid, id: Number(deletionId) } };
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
  const cursor = options.since ? decodeCursor(options.since) : { horizon: horizon.xmin, afterId: 0 };
  return 'horizon' in cursor ? copyPage(db, cursor, options) : changesPage(db, horizon.xmin, cursor, options);
}

/** What every page carries besides its products: the active taxes, charges and categories. */
async function pageLists(db: DbOrTx) {
  const [taxes, charges, categoryRows] = await Promise.all([listActiveTaxes(db), listActiveAdditionalCharges(db), listSyncCategories(db)]);
  return { taxes, charges, categories: categoryRows };
}

/**
 * A page of a full copy: the next products by id, as they are now (archived ones too, with their
 * status). The first page says how many the copy brings. After the last, the cursor goes on with
 * the changes from the copy's start (`hasMore` stays true for them): a product changed while the
 * copy was read comes again, and no deletion from before the copy is sent.
 */
async function copyPage(db: DbOrTx, cursor: CopyCursor, options: SyncOptions): Promise<ProductSyncResult> {
  const [productRows, settings, lists, total] = await Promise.all([
    execute<ProductRow>(
      db,
      sql`select id, title, status, track_stock, '0' as xid from products where id > ${cursor.afterId} order by id limit ${options.limit + 1}`,
    ),
    getShopSettings(db),
    pageLists(db),
    cursor.afterId === 0 ? executeOne<{ n: number }>(db, sql`select count(*)::int as n from products`) : null,
  ]);
  const pageRows = productRows.slice(0, options.limit);
  const products = await loadProducts(db, pageRows, {
    outletId: options.outletId,
    defaultThreshold: settings.defaultLowStockThreshold,
    withCost: options.withCost,
    isIdRange: true,
  });
  const last = pageRows.at(-1);
  const copied = productRows.length <= options.limit;
  const start: Position = { xid: cursor.horizon, id: 0 };
  return {
    products,
    deletedProductIds: [],
    deletedVariantIds: [],
    ...lists,
    nextCursor: encodeCursor(copied || !last ? { products: start, deletions: start } : { horizon: cursor.horizon, afterId: last.id }),
    hasMore: true,
    ...(total ? { total: Number(total.n) } : {}),
  };
}

/** A page of changes since the cursor: products changed or whose stock moved, and deletions. */
async function changesPage(db: DbOrTx, horizon: string, cursor: SyncCursor, options: SyncOptions): Promise<ProductSyncResult> {
  const [productRows, deletionRows, settings] = await Promise.all([
    execute<ProductRow>(
      db,
      // Two streams of product changes in one (xid, id) order: the product's own stamp, and its
      // stock's (product_stock_stamps). Each branch takes its first page through its index; the same
      // (xid, id) in both (a product made with its opening stock) counts once.
      sql`select p.id, p.title, p.status, p.track_stock, c.xid::text as xid
          from (
            (select id, change_xid as xid from products
              where change_xid < ${horizon}::xid8
                and (change_xid, id) > (${cursor.products.xid}::xid8, ${cursor.products.id})
              order by change_xid, id limit ${options.limit + 1})
            union
            (select product_id as id, change_xid as xid from product_stock_stamps
              where change_xid < ${horizon}::xid8
                and (change_xid, product_id) > (${cursor.products.xid}::xid8, ${cursor.products.id})
              order by change_xid, product_id limit ${options.limit + 1})
          ) c join products p on p.id = c.id
          order by c.xid, c.id limit ${options.limit + 1}`,
    ),
    execute<{ id: string | number; entity: 'product' | 'variant'; entity_id: number; xid: string }>(
      db,
      sql`select id, entity, entity_id, change_xid::text as xid from catalogue_deletions
          where change_xid < ${horizon}::xid8
            and (change_xid, id) > (${cursor.deletions.xid}::xid8, ${cursor.deletions.id})
          order by change_xid, id limit ${options.limit + 1}`,
    ),
    getShopSettings(db),
  ]);
  const hasMore = productRows.length > options.limit || deletionRows.length > options.limit;
  const pageRows = productRows.slice(0, options.limit);
  const pageProducts = [...new Map(pageRows.map((row) => [row.id, row])).values()];
  const pageDeletions = deletionRows.slice(0, options.limit);

  const [products, lists] = await Promise.all([
    loadProducts(db, pageProducts, { outletId: options.outletId, defaultThreshold: settings.defaultLowStockThreshold, withCost: options.withCost }),
    pageLists(db),
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
    ...lists,
    nextCursor: encodeCursor(next),
    hasMore,
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
