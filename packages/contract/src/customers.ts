import { z } from 'zod';
import { bulkInput, dataOf, queryBoolean } from './common.ts';
import { booleanField, optionalEmail, optionalText, requiredText, moneyField, MAX_ID, MAX_MONEY } from './fields.ts';
import { listQuery, paginated } from './pagination.ts';
import { pathId, requiredMultiLineText, optionalMultiLineText, optionalDateField } from './fields.ts';
import { sortQuery } from './pagination.ts';

/** A customer: contact details, consent, and read-only figures kept by selling and loyalty. */
export const customer = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  birthday: z.string().nullable(),
  marketingConsent: z.boolean(),
  pointsBalance: z.number().int(),
  /** Store credit in minor units (issue 16): raised by refunds and administrators, spent at the till. */
  storeCredit: z.number().int(),
  totalSpent: z.number().int(),
  orderCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof customer>;

/** Today's date as YYYY-MM-DD in UTC; a birthday may not be after it. */
function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

const birthdayField = optionalDateField('birthday', '1990-05-31', { date: todayIso, message: 'The birthday may not be in the future.' });

const phoneField = optionalText('phone', 40).refine(
  (v) => v === null || /\d/.test(v),
  'The phone number must contain digits.',
);

export const customerInput = z.object({
  name: requiredText('name', 120),
  email: optionalEmail(),
  phone: phoneField,
  address: optionalMultiLineText('address', 500),
  birthday: birthdayField,
  marketingConsent: booleanField('marketing consent'),
});
export type CustomerInput = z.input<typeof customerInput>;

/** PUT /api/customers/edit: like /{id}/edit with the id in the body (DESIGN.md §3). */
export const customerEditInput = customerInput.extend({ id: z.number({ error: 'The id field is required.' }).int().positive().max(MAX_ID) });

/** `points` sorts by the points balance. */
const customerSorts = ['name', 'createdAt', 'totalSpent', 'points'] as const;
export const customerListQuery = listQuery.extend({
  sort: sortQuery(customerSorts),
  hasEmail: queryBoolean.optional(),
  marketingConsent: queryBoolean.optional(),
});
export const customerPage = paginated(customer);
export const customerResult = dataOf(customer);

export const customerBulkActions = ['delete', 'setMarketingConsent'] as const;
export const customerBulkInput = bulkInput(customerBulkActions, z.object({ marketingConsent: z.boolean() }));
export type CustomerBulkInput = z.input<typeof customerBulkInput>;

export const customerNote = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  body: z.string(),
  printOnReceipt: z.boolean(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomerNote = z.infer<typeof customerNote>;
export const customerNoteInput = z.object({
  body: requiredMultiLineText('note', 2000),
  printOnReceipt: booleanField('print on receipt').default(false),
});
export type CustomerNoteInput = z.input<typeof customerNoteInput>;
export const customerNoteReceiptInput = z.object({ printOnReceipt: booleanField('print on receipt') });
export const customerNoteParams = z.object({ id: pathId(), note: pathId('note') });
export const customerNoteList = dataOf(z.array(customerNote));
export const customerNoteResult = dataOf(customerNote);

export const pointsKinds = ['earned', 'redeemed', 'refund', 'expired', 'adjusted'] as const;
export type PointsKind = (typeof pointsKinds)[number];

export const pointsEntry = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  /** earned and redeemed by a sale, refund (given or taken back by a refund), expired, adjusted by hand. */
  kind: z.enum(pointsKinds),
  /** The sale's or refund's number for sales and refunds; the administrator's reason for an adjustment. */
  reason: z.string().nullable(),
  orderId: z.number().int().nullable(),
  refundId: z.number().int().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type PointsEntry = z.infer<typeof pointsEntry>;
export const pointsPage = paginated(pointsEntry);
export const pointsAdjustInput = z.object({
  delta: z
    .number({ error: 'The points must be a whole number.' })
    .int('The points must be a whole number.')
    .min(-1_000_000, 'The points may not be more than 1,000,000 at a time.')
    .max(1_000_000, 'The points may not be more than 1,000,000 at a time.')
    .refine((v) => v !== 0, 'The points may not be zero.'),
  reason: requiredText('reason', 500),
});
export type PointsAdjustInput = z.input<typeof pointsAdjustInput>;
export const pointsAdjustResult = dataOf(z.object({ entry: pointsEntry, pointsBalance: z.number().int() }));

export const storeCreditKinds = ['refund', 'sale', 'adjusted'] as const;
export type StoreCreditKind = (typeof storeCreditKinds)[number];

/** One line of a customer's store credit ledger (GET /api/customers/{id}/store-credit), in minor units. */
export const storeCreditEntry = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  /** refund (raised by a refund), sale (spent at the till), adjusted (by an administrator). */
  kind: z.enum(storeCreditKinds),
  /** The administrator's reason for an adjustment. */
  reason: z.string().nullable(),
  orderId: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
  refundId: z.number().int().nullable(),
  refundNumber: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type StoreCreditEntry = z.infer<typeof storeCreditEntry>;
export const storeCreditPage = paginated(storeCreditEntry);
/** POST /api/customers/{id}/store-credit (administrators): a positive amount adds credit, a negative one takes it. */
export const storeCreditAdjustInput = z.object({
  amount: moneyField('amount', { min: -MAX_MONEY }).refine((v) => v !== 0, 'The amount may not be zero.'),
  reason: requiredText('reason', 300),
});
export type StoreCreditAdjustInput = z.input<typeof storeCreditAdjustInput>;
export const storeCreditAdjustResult = dataOf(z.object({ entry: storeCreditEntry, storeCredit: z.number().int() }));

/** A customer's order, as their Orders tab lists it (filled once selling is in use). */
export const customerOrder = z.object({
  id: z.number().int(),
  number: z.string(),
  total: z.number().int(),
  createdAt: z.string(),
});
export const customerOrderPage = paginated(customerOrder);

/** A sale of the customer's that took a reward (GET /api/customers/{id}/rewards), as named when it was taken. */
export const customerReward = z.object({
  /** The order's id. */
  id: z.number().int(),
  number: z.string(),
  rewardId: z.number().int().nullable(),
  rewardName: z.string(),
  /** Points the reward took from the balance. */
  rewardPoints: z.number().int(),
  /** Minor units the reward took off the sale. */
  rewardDiscount: z.number().int(),
  /** The sale's status: a refunded sale gave the reward's points back. */
  status: z.enum(['paid', 'partially_refunded', 'refunded']),
  createdAt: z.string(),
});
export type CustomerReward = z.infer<typeof customerReward>;
export const customerRewardPage = paginated(customerReward);
export const customerComment = z.object({ id: z.number().int(), body: z.string(), orderId: z.number().int(), createdAt: z.string() });
export const customerCommentList = dataOf(z.array(customerComment));
