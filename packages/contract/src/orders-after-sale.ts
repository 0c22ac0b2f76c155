import { z } from 'zod';
import { bulkInput, dataOf } from './common.ts';
import { order } from './orders.ts';
import { MAX_ID, optionalEmail } from './fields.ts';
import { receiptTemplate } from './receipts.ts';
import { optionalMultiLineText, refuseControls } from './fields.ts';

/**
 * What happens to an order after the sale (issue 6): its receipt again (printed, e-mailed), its
 * timeline, and the few things an administrator may change — note, customer, tags. Refunds have
 * their own file (refunds.ts).
 */

/** E-mailing a sale's receipt: to the address typed, else to the order's customer. */
export const orderNotifyInput = z.object({ email: optionalEmail() });
export type OrderNotifyInput = z.input<typeof orderNotifyInput>;
export const orderNotifyResult = dataOf(z.object({ sentTo: z.string(), messageId: z.string() }));
export type OrderNotifyResult = z.infer<typeof orderNotifyResult>;
/** The 422 on `email` when neither the request nor the order's customer gives an address. */
export const noReceiptEmailMessage = 'This sale has no customer e-mail address. Type one to send the receipt.';


/** One printed row of a receipt, as `receiptRows` lays it out (the server's receipt answer). */
export const receiptRow = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string(), strong: z.boolean().optional() }),
  z.object({ kind: z.literal('rule'), text: z.string() }),
  z.object({ kind: z.literal('logo') }),
  z.object({ kind: z.literal('barcode'), text: z.string() }),
]);

/** GET /api/orders/:id/receipt: laid out with the template the sale was printed with, marked as a copy. */
export const orderReceiptResult = dataOf(
  z.object({
    order,
    /** Null when the sale's template is gone: the rows then use the fallback layout. */
    template: receiptTemplate.nullable(),
    rows: z.array(receiptRow),
    isCopy: z.literal(true),
  }),
);
export type OrderReceipt = z.infer<typeof orderReceiptResult>['data'];
export const orderReceiptQuery = z.object({ format: z.enum(['json', 'pdf'], { error: 'The format must be json or pdf.' }).optional() });

export const orderEventKinds = ['created', 'printed', 'emailed', 'email_failed', 'refunded', 'edited'] as const;
export type OrderEventKind = (typeof orderEventKinds)[number];

/** One entry of an order's timeline; `detail` says what the kind needs ({to}, {reason}, {fields}, {copy}). */
export const orderEvent = z.object({
  id: z.string(),
  kind: z.enum(orderEventKinds),
  detail: z.record(z.string(), z.unknown()).nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderEvent = z.infer<typeof orderEvent>;
export const orderTimelineResult = dataOf(z.array(orderEvent));

export const ORDER_MAX_TAGS = 10;
/** Tags trimmed and each kept once; blank ones are refused rather than dropped. */
export const orderTagsField = z
  .array(
    z
      .string({ error: 'A tag must be text.' })
      .trim()
      .min(1, 'A tag may not be empty.')
      .max(30, 'A tag may not be longer than 30 characters.')
      .superRefine(refuseControls('tag')),
    { error: 'The tags must be a list.' },
  )
  .transform((tags) => [...new Set(tags)])
  .refine((tags) => tags.length <= ORDER_MAX_TAGS, `An order may have at most ${ORDER_MAX_TAGS} tags.`);

/** The 422 on any amount sent to PUT /api/orders/:id/edit. */
export const orderAmountsNotEditableMessage = "An order's amounts are never edited; refund instead.";
const orderAmountKeys = [
  'subtotal', 'lineDiscountTotal', 'orderDiscountTotal', 'discountTotal', 'chargeTotal', 'netTotal', 'taxTotal', 'total',
  'paid', 'change', 'taxes', 'lines', 'payments', 'orderDiscount', 'couponCode', 'couponId',
] as const;

/**
 * PUT /api/orders/:id/edit: only what may change after the sale. A field left out stays as it is;
 * `customerId: null` detaches the customer, `note: ""` clears the note.
 */
export const orderEditInput = z
  .looseObject({
    note: optionalMultiLineText('note', 1000).optional(),
    customerId: z.number({ error: 'The customer must be chosen from the list.' }).int().positive('The customer must be chosen from the list.').max(MAX_ID, 'The customer must be chosen from the list.').nullable().optional(),
    tags: orderTagsField.optional(),
  })
  .superRefine((body, ctx) => {
    for (const key of orderAmountKeys) {
      if (key in body) ctx.addIssue({ code: 'custom', path: [key], message: orderAmountsNotEditableMessage });
    }
  })
  .transform(({ note, customerId, tags }) => ({ note, customerId, tags }));
export type OrderEditInput = z.input<typeof orderEditInput>;

export const orderBulkActions = ['tag', 'untag'] as const;
export const orderBulkInput = bulkInput(orderBulkActions, z.object({ tags: orderTagsField.refine((tags) => tags.length > 0, 'Give at least one tag.') }));
export type OrderBulkInput = z.input<typeof orderBulkInput>;
