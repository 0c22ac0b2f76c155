import { z } from 'zod';
import { dateField, queryId } from './fields.ts';
import { pageQuery, paginated } from './pagination.ts';

/** Why a stock level moved (the ledger's `reason`), as the adjustments screen names it. */
export const stockMoveReasons = ['initial', 'adjustment', 'sale', 'refund', 'received', 'transfer', 'count', 'import'] as const;
export type StockMoveReason = (typeof stockMoveReasons)[number];
export const stockMoveReasonLabels: Record<StockMoveReason, string> = {
  initial: 'Opening stock',
  adjustment: 'Adjustment',
  sale: 'Sale',
  refund: 'Refund',
  received: 'Goods received',
  transfer: 'Transfer',
  count: 'Stock count',
  import: 'Import',
};

/** The document a move belongs to, ready to link: "SC-000042" → /stock-counts/42. */
export const stockMoveDocument = z.object({
  type: z.string(),
  id: z.number().int(),
  label: z.string(),
  path: z.string(),
});
export type StockMoveDocument = z.infer<typeof stockMoveDocument>;

/** One row of the stock ledger as the adjustments screen lists it. */
export const stockLedgerEntry = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  outletId: z.number().int(),
  outletName: z.string(),
  variantId: z.number().int(),
  productId: z.number().int(),
  productTitle: z.string(),
  variantName: z.string(),
  sku: z.string(),
  delta: z.number().int(),
  quantityAfter: z.number().int(),
  unitCost: z.number().int(),
  reason: z.string(),
  note: z.string().nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  document: stockMoveDocument.nullable(),
});
export type StockLedgerEntry = z.infer<typeof stockLedgerEntry>;

/** GET /api/stock-movements (and its CSV export): newest first; `from`/`to` are the shop's days, both included. */
export const stockLedgerQuery = pageQuery.extend({
  outletId: queryId('outlet').optional(),
  reason: z.enum(stockMoveReasons, { error: `The reason must be one of: ${stockMoveReasons.join(', ')}.` }).optional(),
  productId: queryId('product').optional(),
  userId: queryId('user').optional(),
  from: dateField('from date').optional(),
  to: dateField('to date').optional(),
});
export type StockLedgerFilters = z.output<typeof stockLedgerQuery>;
export const stockLedgerPage = paginated(stockLedgerEntry);
