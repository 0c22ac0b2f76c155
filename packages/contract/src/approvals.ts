import { z } from 'zod';
import { dataOf } from './common.ts';
import { booleanField, idField, integerField, moneyField } from './fields.ts';

/**
 * What a cashier may do alone, set per shop (issue 16). Anything beyond asks, on the same screen,
 * for an administrator's PIN or password; the server enforces every limit, the screen only asks.
 * Administrators are never limited. Amounts are minor units, percentages `rateE4` (10 % → 100 000).
 */
export const cashierRights = z.object({
  /** A refund (or return) up to this total; 0 = never without approval. */
  refundUpTo: z.number().int(),
  /** Line and sale discounts up to this percentage of what they discount. */
  discountUpToE4: z.number().int(),
  /** Changing a line's price at the till. */
  priceOverride: z.boolean(),
  /** Opening the drawer without a sale ("No sale"). */
  noSale: z.boolean(),
  /** Closing a drawer whose count differs from the expected by more than this, per tender. */
  closeDifferenceUpTo: z.number().int(),
  /**
   * Returns without a receipt (a shop rule, for everyone): not taken, taken as store credit only,
   * or as store credit or money back up to `noReceiptMoneyUpTo` per return.
   */
  noReceiptReturns: z.enum(['never', 'storeCredit', 'money']),
  noReceiptMoneyUpTo: z.number().int(),
});
export type CashierRights = z.infer<typeof cashierRights>;

/** A new shop: small refunds and discounts alone, the rest with a manager. */
export const defaultCashierRights: CashierRights = {
  refundUpTo: 0,
  discountUpToE4: 100_000,
  priceOverride: false,
  noSale: false,
  closeDifferenceUpTo: 500,
  noReceiptReturns: 'never',
  noReceiptMoneyUpTo: 0,
};

/** PUT /api/settings/cashier-rights (administrators). */
export const cashierRightsInput = z.object({
  refundUpTo: moneyField('refund limit'),
  discountUpToE4: integerField('discount limit', { min: 0, max: 1_000_000 }),
  priceOverride: booleanField('price override'),
  noSale: booleanField('no sale'),
  closeDifferenceUpTo: moneyField('drawer difference limit'),
  /** Left out: not taken (the shop's rule before returns without a receipt existed). */
  noReceiptReturns: z
    .enum(['never', 'storeCredit', 'money'], { error: 'Returns without a receipt must be not taken, store credit only, or store credit or money.' })
    .optional()
    .transform((v) => v ?? 'never'),
  noReceiptMoneyUpTo: moneyField('money back without a receipt').optional().transform((v) => v ?? 0),
});
export type CashierRightsInput = z.input<typeof cashierRightsInput>;

export const approvalActions = ['refund', 'discount', 'price_override', 'no_sale', 'drawer_difference'] as const;
export type ApprovalAction = (typeof approvalActions)[number];

/**
 * An administrator's approval sent with the action it approves (refund, sale, close, no sale):
 * the approver and their PIN, or their password. Wrong or missing answers are 422s on
 * `approval.pin` / `approval.password`; tries are throttled per approver and address like sign-ins.
 */
export const approvalInput = z
  .object({
    approverId: idField('approver'),
    pin: z.string({ error: 'The PIN must be 4 to 6 digits.' }).max(20, 'The PIN must be 4 to 6 digits.').optional(),
    password: z.string({ error: 'The password must be text.' }).max(200, 'The password is too long.').optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.pin && !value.password) ctx.addIssue({ code: 'custom', path: ['pin'], message: 'Enter the approver’s PIN or password.' });
  });
export type ApprovalInput = z.input<typeof approvalInput>;

/** The field a 422 names when an action needs an administrator's approval: the screen then asks. */
export const APPROVAL_FIELD = 'approval';

/** An administrator who can approve at the till (GET /api/approvals/approvers, cashiers too). */
export const approver = z.object({ id: z.number().int(), name: z.string(), hasPin: z.boolean() });
export type Approver = z.infer<typeof approver>;
export const approverList = dataOf(z.array(approver));

/** Who approved an action, as shown beside it (order, refund, drawer close, audit). */
export const approvalSummary = z.object({ id: z.number().int(), approverName: z.string(), method: z.enum(['pin', 'password']), createdAt: z.string() });
export type ApprovalSummary = z.infer<typeof approvalSummary>;
