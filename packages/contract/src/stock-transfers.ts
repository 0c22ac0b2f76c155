import { z } from 'zod';
import { dataOf } from './common.ts';
import { documentIdOf, documentNumber } from './document-numbers.ts';
import { dateField, idField, integerField, optionalMultiLineText, queryId, MAX_ID, MAX_QUANTITY } from './fields.ts';
import { listQuery, paginated, sortQuery } from './pagination.ts';
import { pickedVariant } from './products.ts';

/**
 * Stock moved from one outlet to another (issue 13): draft → sent (the units leave the source and
 * are in transit, at no outlet) → received (they arrive at the destination; what did not arrive
 * is recorded per line as short). A draft may be cancelled or deleted.
 */
export const stockTransferStatuses = ['draft', 'sent', 'received', 'cancelled'] as const;
export type StockTransferStatus = (typeof stockTransferStatuses)[number];

/** What a person reads for each status: a sent transfer is on its way. */
export const stockTransferStatusLabels: Record<StockTransferStatus, string> = {
  draft: 'Draft',
  sent: 'In transit',
  received: 'Received',
  cancelled: 'Cancelled',
};

/** "TR-000042": a transfer's number, derived from its id (server and screens alike). */
export const transferNumber = (id: number) => documentNumber('stockTransfer', id);

/** The id a search for a transfer's number means ("TR-12", "tr000012", "12"), or null for any other text. */
export const transferIdOfNumber = (text: string) => documentIdOf('stockTransfer', text);

/** At most this many lines on one transfer (one form). */
export const maxStockTransferItems = 1000;

export const sameOutletMessage = 'The destination must be another outlet than the source.';
export const duplicateTransferLineMessage = 'This product is already on the transfer.';

export const stockTransferItemInput = z.object({
  variantId: idField('product'),
  quantity: integerField('quantity', { min: 1, max: MAX_QUANTITY }),
});
export type StockTransferItemInput = z.input<typeof stockTransferItemInput>;

/** The lines: each variant at most once, the message on the repeated line (items.2.variantId). */
const transferItems = z
  .array(stockTransferItemInput, { error: 'The items must be a list.' })
  .max(maxStockTransferItems, `A transfer may have at most ${maxStockTransferItems} lines.`)
  .superRefine((items, ctx) => {
    const seen = new Set<number>();
    items.forEach((item, index) => {
      if (seen.has(item.variantId)) ctx.addIssue({ code: 'custom', path: [index, 'variantId'], message: duplicateTransferLineMessage });
      seen.add(item.variantId);
    });
  });

const transferFields = {
  fromOutletId: idField('source outlet'),
  toOutletId: idField('destination outlet'),
  note: optionalMultiLineText('note', 2000),
  items: transferItems.default([]),
};

/**
 * `POST /api/stock-transfers/create`: a draft, or (`status: "sent"`) a transfer sent at once, in
 * one transaction: refused whole when a line cannot leave the source.
 */
export const stockTransferInput = z
  .object({
    ...transferFields,
    status: z.enum(['draft', 'sent'], { error: 'A new transfer is a draft or is sent.' }).default('draft'),
  })
  .refine((v) => v.fromOutletId !== v.toOutletId, { path: ['toOutletId'], message: sameOutletMessage });
export type StockTransferInput = z.input<typeof stockTransferInput>;

/**
 * `PUT /api/stock-transfers/{id}/edit`: the draft's fields that are given replace its own (`items`
 * replaces every line), then `status` moves it: "sent" sends it, "cancelled" cancels a draft.
 */
export const stockTransferUpdateInput = z.object({
  fromOutletId: transferFields.fromOutletId.optional(),
  toOutletId: transferFields.toOutletId.optional(),
  note: transferFields.note.optional(),
  items: transferItems.optional(),
  status: z.enum(['draft', 'sent', 'cancelled'], { error: 'The status must be draft, sent or cancelled.' }).optional(),
});
export type StockTransferUpdateInput = z.input<typeof stockTransferUpdateInput>;

/** `POST /api/stock-transfers/{id}/receive`: units that arrived per line; a line left out arrived whole. */
export const stockTransferReceiveInput = z.object({
  items: z
    .array(
      z.object({
        itemId: idField('line'),
        quantity: integerField('received quantity', { min: 0, max: MAX_QUANTITY }),
      }),
      { error: 'The items must be a list.' },
    )
    .max(maxStockTransferItems, `A transfer may have at most ${maxStockTransferItems} lines.`)
    .superRefine((items, ctx) => {
      const seen = new Set<number>();
      items.forEach((item, index) => {
        if (seen.has(item.itemId)) ctx.addIssue({ code: 'custom', path: [index, 'itemId'], message: 'This line is counted twice.' });
        seen.add(item.itemId);
      });
    })
    .default([]),
});
export type StockTransferReceiveInput = z.input<typeof stockTransferReceiveInput>;

const person = z.object({ id: z.number().int(), name: z.string() }).nullable();

const transferHeader = {
  id: z.number().int(),
  number: z.string(),
  status: z.enum(stockTransferStatuses),
  fromOutletId: z.number().int(),
  fromOutletName: z.string(),
  toOutletId: z.number().int(),
  toOutletName: z.string(),
  note: z.string().nullable(),
  /** Lines, and units sent (or to send, for a draft). */
  itemCount: z.number().int(),
  unitCount: z.number().int(),
  /** Units that arrived: null until received. */
  receivedUnitCount: z.number().int().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
};

export const stockTransferListItem = z.object(transferHeader);
export type StockTransferListItem = z.infer<typeof stockTransferListItem>;

/** A line: the variant as a person knows it (title, variant, SKU, barcode) and the units moved. */
export const stockTransferItem = pickedVariant.pick({ variantId: true, productId: true, productTitle: true, variantName: true, sku: true, barcode: true }).extend({
  id: z.number().int(),
  quantity: z.number().int(),
  /** Null until received. */
  receivedQuantity: z.number().int().nullable(),
  /** Sent less received, once received (0 when all arrived). */
  shortQuantity: z.number().int().nullable(),
  /** The variant's cost when sent (a draft: its cost now): the value in transit. */
  unitCost: z.number().int(),
  /** On hand now at the source and at the destination. */
  fromOnHand: z.number().int(),
  toOnHand: z.number().int(),
});
export type StockTransferItem = z.infer<typeof stockTransferItem>;

export const stockTransfer = z.object({
  ...transferHeader,
  createdBy: person,
  sentBy: person,
  receivedBy: person,
  updatedAt: z.string(),
  /** Units × unit cost of every line: what is (or was) in transit at cost. */
  value: z.number().int(),
  /** Short units × unit cost, once received. */
  shortValue: z.number().int().nullable(),
  items: z.array(stockTransferItem),
});
export type StockTransfer = z.infer<typeof stockTransfer>;

/** The list's filters; `outletId` matches either side; `from`/`to` are the shop's days of creation, both included. */
export const stockTransferListQuery = listQuery.extend({
  sort: sortQuery(['-createdAt', 'number']),
  status: z.enum(stockTransferStatuses, { error: 'The status must be draft, sent, received or cancelled.' }).optional(),
  outletId: queryId('outlet').optional(),
  from: dateField('from date').optional(),
  to: dateField('to date').optional(),
});

export const stockTransferPage = paginated(stockTransferListItem);
export const stockTransferResult = dataOf(stockTransfer);

/**
 * `GET /api/stock-transfers/on-hand?outletId=3&variantIds=51,52`: what an outlet holds of the
 * lines of a draft being typed (the form shows it beside each line).
 */
export const stockTransferOnHandQuery = z.object({
  outletId: queryId('outlet'),
  variantIds: z
    .string({ error: 'The products must be ids separated by commas.' })
    .trim()
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'The products must be ids separated by commas.')
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((ids) => ids.length <= maxStockTransferItems, `Ask for at most ${maxStockTransferItems} products at a time.`)
    .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_ID), 'The products must be ids separated by commas.'),
});
export const stockTransferOnHandResult = dataOf(z.array(z.object({ variantId: z.number().int(), quantity: z.number().int() })));
export type StockTransferOnHand = z.infer<typeof stockTransferOnHandResult>['data'];
