import { z } from 'zod';
import { dataOf } from './common.ts';
import { documentIdOf, documentNumber } from './document-numbers.ts';
import { dateField, idField, integerField, optionalMultiLineText, queryId, queryText, MAX_QUANTITY } from './fields.ts';
import { listQuery, pageQuery, paginated, sortQuery } from './pagination.ts';
import { pickedVariant } from './products.ts';

/** "SC-000042": a stock count's number, derived from its id (6 digits, zero-padded). */
export const countNumber = (id: number) => documentNumber('stockCount', id);

/** The id a search for a count's number means ("SC-000042", "sc42", "42"), or null for any other text. */
export const countIdOfNumber = (text: string) => documentIdOf('stockCount', text);

export const stockCountStatuses = ['counting', 'applied', 'cancelled'] as const;
export type StockCountStatus = (typeof stockCountStatuses)[number];
export const stockCountStatusLabels: Record<StockCountStatus, string> = { counting: 'Counting', applied: 'Applied', cancelled: 'Cancelled' };

export const stockCountScopes = ['all', 'category', 'list'] as const;
export type StockCountScope = (typeof stockCountScopes)[number];
export const stockCountScopeLabels: Record<StockCountScope, string> = { all: 'All products', category: 'A category', list: 'A list of products' };

/** Most variants a count of a list may name at its start (scanning adds more later). */
export const STOCK_COUNT_MAX_LIST = 5000;

/** POST /api/stock-counts/create: the sheet of an outlet, for every product, a category or a list. */
export const stockCountCreateInput = z
  .object({
    outletId: idField('outlet'),
    scope: z.enum(stockCountScopes, { error: 'The scope must be all products, a category or a list.' }),
    categoryId: idField('category').nullish().transform((v) => v ?? null),
    variantIds: z
      .array(idField('product'), { error: 'The products must be a list.' })
      .max(STOCK_COUNT_MAX_LIST, `A count may list at most ${STOCK_COUNT_MAX_LIST} products.`)
      .default([]),
    note: optionalMultiLineText('note', 2000),
  })
  .superRefine((value, ctx) => {
    if (value.scope === 'category' && value.categoryId === null) ctx.addIssue({ code: 'custom', path: ['categoryId'], message: 'Choose the category to count.' });
    if (value.scope === 'list' && value.variantIds.length === 0) ctx.addIssue({ code: 'custom', path: ['variantIds'], message: 'Add at least one product to count.' });
  });
export type StockCountCreateInput = z.input<typeof stockCountCreateInput>;
export type StockCountCreateValues = z.output<typeof stockCountCreateInput>;

/** A count's review: how far the counting is, and the variances in units and in value at cost. */
export const stockCountTotals = z.object({
  lines: z.number().int(),
  counted: z.number().int(),
  uncounted: z.number().int(),
  /** Counted lines whose count differs from what was expected (sales during the count allowed for). */
  varianceLines: z.number().int(),
  /** Uncounted lines the outlet holds stock of now: what applying with "uncounted as zero" would also adjust. */
  uncountedInStock: z.number().int(),
  unitsOver: z.number().int(),
  unitsShort: z.number().int(),
  /** At each line's cost when the count started. */
  valueOver: z.number().int(),
  valueShort: z.number().int(),
});
export type StockCountTotals = z.infer<typeof stockCountTotals>;

export const stockCountListItem = z.object({
  id: z.number().int(),
  number: z.string(),
  outletId: z.number().int(),
  outletName: z.string(),
  scope: z.enum(stockCountScopes),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  status: z.enum(stockCountStatuses),
  note: z.string().nullable(),
  userName: z.string().nullable(),
  lineCount: z.number().int(),
  countedCount: z.number().int(),
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type StockCountListItem = z.infer<typeof stockCountListItem>;

export const stockCount = stockCountListItem.extend({
  appliedByName: z.string().nullable(),
  /** Ledger moves the count posted when it was applied (0 before). */
  adjustments: z.number().int(),
  totals: stockCountTotals,
  updatedAt: z.string(),
});
export type StockCount = z.infer<typeof stockCount>;
export const stockCountResult = dataOf(stockCount);

/** The counts list: `from`/`to` are whole days in the shop's time zone; search by number (or note). */
export const stockCountListQuery = listQuery.extend({
  sort: sortQuery(['-createdAt']),
  status: z.enum(stockCountStatuses, { error: 'The status must be counting, applied or cancelled.' }).optional(),
  outletId: queryId('outlet').optional(),
  from: dateField('from date').optional(),
  to: dateField('to date').optional(),
});
export type StockCountFilters = z.output<typeof stockCountListQuery>;
export const stockCountPage = paginated(stockCountListItem);

export const stockCountLineFilters = ['all', 'uncounted', 'counted', 'variance'] as const;
export type StockCountLineFilter = (typeof stockCountLineFilters)[number];

export const stockCountLinesQuery = pageQuery.extend({
  search: queryText('search', 200).optional(),
  filter: z.enum(stockCountLineFilters, { error: 'The filter must be all, uncounted, counted or variance.' }).default('all'),
});

/** A line of the sheet. `variance` = counted − (expected + movedBeforeCount); null while uncounted. */
export const stockCountLine = pickedVariant.pick({ variantId: true, productId: true, productTitle: true, variantName: true, sku: true, barcode: true }).extend({
  expected: z.number().int(),
  movedBeforeCount: z.number().int(),
  counted: z.number().int().nullable(),
  variance: z.number().int().nullable(),
  /** The variance at the line's cost when the count started. */
  varianceValue: z.number().int().nullable(),
  unitCost: z.number().int(),
  countedByName: z.string().nullable(),
  countedAt: z.string().nullable(),
});
export type StockCountLine = z.infer<typeof stockCountLine>;
export const stockCountLinePage = paginated(stockCountLine);

export const stockCountEntryModes = ['add', 'set'] as const;

/** POST /api/stock-counts/{id}/lines: "add" adds to what others counted (a scan adds 1); "set" types the total. */
export const stockCountEntryInput = z.object({
  variantId: idField('product'),
  quantity: integerField('quantity', { min: 0, max: MAX_QUANTITY }),
  mode: z.enum(stockCountEntryModes, { error: 'The mode must be add or set.' }),
});
export type StockCountEntryInput = z.input<typeof stockCountEntryInput>;
export const stockCountLineResult = dataOf(stockCountLine);

/** PUT /api/stock-counts/{id}/edit: the note, or `status: "cancelled"`. */
export const stockCountEditInput = z
  .object({
    note: optionalMultiLineText('note', 2000).optional(),
    status: z.enum(['cancelled'], { error: 'A count can only be cancelled here; apply it to post its adjustments.' }).optional(),
  })
  .refine((v) => v.note !== undefined || v.status !== undefined, 'Give a note or the status "cancelled".');
export type StockCountEditInput = z.input<typeof stockCountEditInput>;

export const stockCountUncountedChoices = ['skip', 'zero'] as const;

/** POST /api/stock-counts/{id}/apply: uncounted lines are left alone (skip, the default) or counted as none (zero). */
export const stockCountApplyInput = z.object({
  uncounted: z.enum(stockCountUncountedChoices, { error: 'Uncounted lines must be skipped or counted as zero.' }).default('skip'),
});
export type StockCountApplyInput = z.input<typeof stockCountApplyInput>;
