import { z } from 'zod';
import { additionalChargeListItem } from './additional-charges.ts';
import { dataOf, queryBoolean } from './common.ts';
import { productListQuery, productStatuses } from './products.ts';
import { taxListItem } from './taxes.ts';
import { queryId, queryNumber, queryText } from './fields.ts';

/** Largest page a register may ask for: big enough to mirror 300k products in a few hundred calls. */
export const PRODUCT_SYNC_MAX_LIMIT = 2000;
export const PRODUCT_SYNC_DEFAULT_LIMIT = 500;

/**
 * GET /api/products/sync. `since` is the `nextCursor` of the previous answer (opaque to the
 * register); without it the whole catalogue comes, page by page. Stock is the outlet's: the
 * given one, else the signed-in user's, else the first active outlet.
 */
export const productSyncQuery = z.object({
  since: queryText('cursor', 200).min(1, 'The cursor is not valid. Start a full sync without it.').optional(),
  outletId: queryId('outlet', 'The outlet must be an id.').optional(),
  limit: queryNumber('limit', { min: 1, max: PRODUCT_SYNC_MAX_LIMIT }).default(PRODUCT_SYNC_DEFAULT_LIMIT),
});
export type ProductSyncQuery = z.input<typeof productSyncQuery>;

export const syncVariant = z.object({
  id: z.number().int(),
  /** "M / Red"; empty for a default variant. */
  name: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  price: z.number().int(),
  /** Only for administrators: a cashier's register has no use for it. */
  cost: z.number().int().optional(),
  active: z.boolean(),
  optionIds: z.array(z.number().int()),
  /** Units at the sync's outlet; null when the product does not track stock. */
  stock: z.number().int().nullable(),
  /** At or below this the variant counts as low at the outlet (its own or the shop's default). */
  lowStockThreshold: z.number().int().nullable(),
});
export type SyncVariant = z.infer<typeof syncVariant>;

export const syncProduct = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Archived products come too, so a register drops them from its screen. */
  status: z.enum(productStatuses),
  trackStock: z.boolean(),
  categoryIds: z.array(z.number().int()),
  /** In the order the pricing engine applies them. */
  taxIds: z.array(z.number().int()),
  chargeIds: z.array(z.number().int()),
  /** The main image, or null. */
  imageUrl: z.string().nullable(),
  variants: z.array(syncVariant),
});
export type SyncProduct = z.infer<typeof syncProduct>;

export const syncCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  colour: z.string().nullable(),
  position: z.number().int(),
});
export type SyncCategory = z.infer<typeof syncCategory>;

export const productSyncResult = dataOf(
  z.object({
    products: z.array(syncProduct),
    deletedProductIds: z.array(z.number().int()),
    deletedVariantIds: z.array(z.number().int()),
    /** Every active tax, category and charge, so a register prices and files with what it has. */
    taxes: z.array(taxListItem),
    charges: z.array(additionalChargeListItem),
    categories: z.array(syncCategory),
    /** Send it as `since` next time. */
    nextCursor: z.string(),
    /** More changes are waiting: ask again at once with `nextCursor`. */
    hasMore: z.boolean(),
    /** With the first page of a full copy: how many products the copy will bring, for its progress bar. */
    total: z.number().int().optional(),
  }),
);
export type ProductSyncResult = z.infer<typeof productSyncResult>['data'];

/**
 * GET /api/products/sync/code: the product with an active variant whose barcode or SKU is the code,
 * as a register's copy holds it. A till still copying the catalogue asks for a scan it cannot find yet.
 */
export const productSyncCodeQuery = z.object({
  code: queryText('code', 100).min(1, 'Scan or type a code.'),
  outletId: queryId('outlet', 'The outlet must be an id.').optional(),
});
export type ProductSyncCodeQuery = z.input<typeof productSyncCodeQuery>;
export const productSyncCodeResult = dataOf(z.array(syncProduct));

/**
 * The columns of the products CSV, import and export alike, so an export can be imported again.
 * `variant` names a variant of a product with attributes (export only: the import skips such rows).
 */
export const productCsvColumns = [
  'title',
  'variant',
  'sku',
  'barcode',
  'price',
  'cost',
  'categories',
  'taxes',
  'description',
  'track_stock',
  'stock',
  'low_stock_threshold',
  'status',
] as const;
export type ProductCsvColumn = (typeof productCsvColumns)[number];

/** Names in the categories and taxes cells are separated by this. */
export const PRODUCT_CSV_LIST_SEPARATOR = '|';
export const PRODUCT_CSV_MAX_BYTES = 20 * 1024 * 1024;
export const PRODUCT_CSV_MAX_ROWS = 100_000;

/** POST /api/products/upload?dryRun=1&outletId=…: `dryRun` checks every row and writes nothing. */
export const productUploadQuery = z.object({
  dryRun: queryBoolean.optional(),
  outletId: queryId('outlet', 'The outlet must be an id.').optional(),
});
export type ProductUploadQuery = z.input<typeof productUploadQuery>;

/** GET /api/products/export: the list's filters, without paging and sort (every matching product, oldest first). */
export const productExportQuery = productListQuery.omit({ page: true, perPage: true, sort: true });
export type ProductExportQuery = z.input<typeof productExportQuery>;
