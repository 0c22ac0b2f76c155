import { z } from 'zod';
import { validateBarcode } from './barcodes.ts';
import { dataOf, queryBoolean } from './common.ts';
import { booleanField, idField, integerField, moneyField, optionalText, requiredText, MAX_ID, MAX_QUANTITY } from './fields.ts';
import { listQuery, paginated } from './pagination.ts';
import { queryId, optionalMultiLineText, queryText } from './fields.ts';

/** SPEC.md §3, §9: the product list's default columns, in this order. */
export const defaultProductColumns = ['title', 'sku', 'barcode', 'categories', 'stock', 'price'] as const;
/** Every column the product list can show (the column chooser). */
export const productColumns = [...defaultProductColumns, 'cost', 'variants', 'status', 'updatedAt'] as const;
export type ProductColumn = (typeof productColumns)[number];
/** localStorage key of the chosen columns (SPEC.md §3 "a product options key"). */
export const productOptionsStorageKey = 'productOptions';

export const productStatuses = ['active', 'archived'] as const;
export const stockStatuses = ['in', 'low', 'out'] as const;
export type StockStatus = (typeof stockStatuses)[number];

const barcodeField = optionalText('barcode', 64).refine((v) => v === null || validateBarcode(v) === null, {
  error: (issue) => validateBarcode(String(issue.input)) ?? 'The barcode is not valid.',
});

export const variantStockInput = z.object({
  outletId: idField('outlet'),
  /** Only on create: the opening quantity, recorded in the ledger as "initial". */
  quantity: integerField('quantity', { min: -1_000_000, max: MAX_QUANTITY }).optional(),
  lowStockThreshold: integerField('low-stock threshold', { min: 0, max: MAX_QUANTITY }).nullable(),
});

export const variantInput = z.object({
  /** An existing variant keeps its id (and its stock and history). */
  id: z.number().int().positive().max(MAX_ID).optional(),
  optionIds: z.array(z.number().int().positive().max(MAX_ID)).max(3, 'A variant combines at most 3 attributes.').default([]),
  /** Empty: generated from the shop's SKU pattern. */
  sku: optionalText('SKU', 64),
  barcode: barcodeField,
  price: moneyField('price'),
  cost: moneyField('cost'),
  active: booleanField('active').default(true),
  stock: z.array(variantStockInput).max(200).default([]),
});
export type VariantInput = z.input<typeof variantInput>;

export const productInput = z.object({
  title: requiredText('title', 200),
  description: optionalMultiLineText('description', 5000),
  categoryIds: z.array(z.number().int().positive().max(MAX_ID)).max(20, 'A product may be in at most 20 categories.').default([]),
  taxIds: z.array(z.number().int().positive().max(MAX_ID)).max(10, 'A product may carry at most 10 taxes.').default([]),
  chargeIds: z.array(z.number().int().positive().max(MAX_ID)).max(10, 'A product may carry at most 10 charges.').default([]),
  /** The attributes its variants are made of; none → one default variant. */
  attributeIds: z.array(z.number().int().positive().max(MAX_ID)).max(3, 'A product may use at most 3 attributes.').default([]),
  trackStock: booleanField('track stock').default(true),
  status: z.enum(productStatuses, { error: 'The status must be active or archived.' }).default('active'),
  variants: z
    .array(variantInput, { error: 'The variants field is required.' })
    .min(1, 'A product needs at least one variant.')
    .max(200, 'A product may have at most 200 variants.'),
});
export type ProductInput = z.input<typeof productInput>;
export type ProductValues = z.output<typeof productInput>;

export const variantStock = z.object({
  outletId: z.number().int(),
  quantity: z.number().int(),
  lowStockThreshold: z.number().int().nullable(),
});

export const variant = z.object({
  id: z.number().int(),
  name: z.string(),
  optionIds: z.array(z.number().int()),
  sku: z.string(),
  barcode: z.string().nullable(),
  price: z.number().int(),
  /** Administrators only: a cashier's answer leaves it out. */
  cost: z.number().int().optional(),
  active: z.boolean(),
  isDefault: z.boolean(),
  stock: z.array(variantStock),
});
export type Variant = z.infer<typeof variant>;

export const productImage = z.object({ id: z.number().int(), url: z.string(), position: z.number().int(), isMain: z.boolean() });
export type ProductImage = z.infer<typeof productImage>;

export const product = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  trackStock: z.boolean(),
  status: z.enum(productStatuses),
  categoryIds: z.array(z.number().int()),
  taxIds: z.array(z.number().int()),
  chargeIds: z.array(z.number().int()),
  attributeIds: z.array(z.number().int()),
  images: z.array(productImage),
  variants: z.array(variant),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof product>;

export const productListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  variantCount: z.number().int(),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Units on hand at the chosen outlet (or all); null when the product does not track stock. */
  stock: z.number().int().nullable(),
  stockStatus: z.enum(stockStatuses).nullable(),
  price: z.number().int(),
  priceMax: z.number().int(),
  /** Administrators only: a cashier's answer leaves it out. */
  cost: z.number().int().optional(),
  status: z.enum(productStatuses),
  imageUrl: z.string().nullable(),
  updatedAt: z.string(),
});
export type ProductListItem = z.infer<typeof productListItem>;

export const productListQuery = listQuery.extend({
  categoryId: queryId('category').optional(),
  stockStatus: z.enum(stockStatuses, { error: 'The stock status must be in, low or out.' }).optional(),
  status: z.enum([...productStatuses, 'all'], { error: 'The status must be active, archived or all.' }).optional(),
  outletId: queryId('outlet').optional(),
  active: queryBoolean.optional(),
});

export const productPage = paginated(productListItem);
/** `GET /api/products/count`: a search counts up to 5,000 (`capped`: at least that many, as the list's `totalCapped`). */
export const productCountResult = dataOf(z.object({ count: z.number().int(), capped: z.boolean().optional() }));
export const productResult = dataOf(product);

export const productBulkActions = ['archive', 'activate', 'delete', 'setCategory', 'changePrice'] as const;
export const productBulkValues = z.object({
  categoryId: z.number().int().positive().max(MAX_ID).optional(),
  /** add: also in this category; replace: only in this one. */
  categoryMode: z.enum(['add', 'replace']).optional(),
  /** "10" raises prices by 10 %, "-5.5" lowers them by 5.5 %. */
  percent: z.string().trim().max(12).optional(),
});

export const stockAdjustmentInput = z.object({
  variantId: idField('variant'),
  outletId: idField('outlet'),
  mode: z.enum(['add', 'remove', 'set'], { error: 'The mode must be add, remove or set.' }),
  quantity: integerField('quantity', { min: 0, max: MAX_QUANTITY }),
  note: requiredText('reason', 500),
});
export type StockAdjustmentInput = z.input<typeof stockAdjustmentInput>;

export const historyEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  createdAt: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;
export const historyPage = paginated(historyEntry);


export const barcodeResult = dataOf(z.object({ barcode: z.string() }));

/** One variant as a back-office line shows it (goods orders, transfers, counts): found by search or by scanning its code. */
export const pickedVariant = z.object({
  variantId: z.number().int(),
  productId: z.number().int(),
  productTitle: z.string(),
  variantName: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  cost: z.number().int(),
  price: z.number().int(),
});
export type PickedVariant = z.infer<typeof pickedVariant>;

/** `GET /api/products/variants?code=…`: the variant whose barcode or SKU (any case) is exactly the code. */
export const variantLookupQuery = z.object({ code: queryText('code', 64).min(1, 'The code field is required.') });
export const variantLookupResult = dataOf(z.array(pickedVariant));
