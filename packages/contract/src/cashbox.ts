import { z } from 'zod';
import { approvalInput } from './approvals.ts';
import { dataOf, queryBoolean } from './common.ts';
import { whenValid } from './cross-field.ts';
import { idField, integerField, moneyField, optionalText, queryId, queryText, requiredText, MAX_MONEY_TOTAL } from './fields.ts';
import { listQuery, paginated } from './pagination.ts';

/**
 * The cash drawer of a register (issue 5): a session opens with a counted float, records cash in
 * and out, and closes with a count per tender (expected, counted and the difference are stored).
 */

/** How a sale is paid. Card is recorded with an optional reference (no terminal integration). */
export const tenders = ['cash', 'card', 'other'] as const;
export type Tender = (typeof tenders)[number];
export const tenderLabels: Record<Tender, string> = { cash: 'Cash', card: 'Card', other: 'Other' };

/**
 * Notes and coins a drawer is counted in, largest first, in minor units. Currencies not listed
 * count with a generic series; the cashier may always type the total instead.
 */
const denominationTable: Record<string, readonly number[]> = {
  USD: [10000, 5000, 2000, 1000, 500, 200, 100, 25, 10, 5, 1],
  CAD: [10000, 5000, 2000, 1000, 500, 200, 100, 25, 10, 5],
  AUD: [10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5],
  EUR: [50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1],
  GBP: [5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1],
  CHF: [100000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5],
  JPY: [10000, 5000, 2000, 1000, 500, 100, 50, 10, 5, 1],
};
const genericDenominations = [10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1] as const;

export function denominationsOf(currency: string): readonly number[] {
  return denominationTable[currency.toUpperCase()] ?? genericDenominations;
}

/** A count of one note or coin: `value` minor units, `count` pieces. */
export const denominationCount = z.object({
  value: integerField('denomination', { min: 1, max: 100_000_000 }),
  count: integerField('count', { min: 0, max: 1_000_000 }),
});
export type DenominationCount = z.infer<typeof denominationCount>;

/** Σ value × count of a count sheet. */
export function totalOfDenominations(counts: readonly DenominationCount[]): number {
  return counts.reduce((sum, c) => sum + c.value * c.count, 0);
}

/**
 * A counted amount. When `denominations` is given, its total is the amount and must agree with
 * `amount` (the screen sends both; a disagreement is a 422 on amount).
 */
export const countedAmount = z
  .object({
    amount: moneyField('counted amount', { max: MAX_MONEY_TOTAL }),
    denominations: z.array(denominationCount).max(40, 'Count at most 40 kinds of notes and coins.').nullish().transform((v) => v ?? null),
  })
  .refine((v) => v.denominations === null || totalOfDenominations(v.denominations) === v.amount, {
    path: ['amount'],
    message: 'The amount does not match the notes and coins counted.',
    ...whenValid('amount', 'denominations'),
  });
export type CountedAmount = z.input<typeof countedAmount>;

/** POST /api/cashbox/status: open a register's drawer with its float. */
export const cashboxOpenInput = z.object({
  registerId: idField('register'),
  float: countedAmount,
  note: optionalText('note', 500),
});
export type CashboxOpenInput = z.input<typeof cashboxOpenInput>;

/** GET /api/cashbox/status?register=: by id or slug. */
export const cashboxStatusQuery = z.object({
  register: queryText('register', 60).min(1, 'The register field is required.'),
});

export const cashMovementKinds = ['in', 'out'] as const;
export type CashMovementKind = (typeof cashMovementKinds)[number];
/** Reasons offered on the screen; any text is accepted. */
export const cashMovementReasons: Record<CashMovementKind, readonly string[]> = {
  in: ['Float top-up', 'Change from the bank'],
  out: ['Cash drop to the safe', 'Petty cash', 'Supplier paid in cash'],
};

/** POST /api/cashbox/{slug}/movements: cash put in or taken out of an open drawer. */
export const cashMovementInput = z.object({
  kind: z.enum(cashMovementKinds, { error: 'The kind must be in or out.' }),
  amount: moneyField('amount').refine((v) => v > 0, 'The amount must be greater than zero.'),
  reason: requiredText('reason', 200),
});
export type CashMovementInput = z.input<typeof cashMovementInput>;

export const cashMovement = z.object({
  id: z.number().int(),
  kind: z.enum(cashMovementKinds),
  amount: z.number().int(),
  reason: z.string(),
  userName: z.string(),
  createdAt: z.string(),
});
export type CashMovement = z.infer<typeof cashMovement>;

/** POST /api/cashbox/{slug}/close: counted amount per tender (cash by denomination). */
export const cashboxCloseInput = z.object({
  counts: z.object({
    cash: countedAmount,
    card: z.object({ amount: moneyField('card total', { max: MAX_MONEY_TOTAL }) }),
    other: z.object({ amount: moneyField('other total', { max: MAX_MONEY_TOTAL }) }),
  }),
  note: optionalText('note', 500),
  /** An administrator's approval when a cashier's count differs by more than the shop allows (issue 16). */
  approval: approvalInput.optional(),
});
export type CashboxCloseInput = z.input<typeof cashboxCloseInput>;

/** Reasons offered for opening the drawer without a sale; any text is accepted. */
export const noSaleReasons = ['Give change', 'Check the float', 'Other'] as const;

/** POST /api/cashbox/{slug}/no-sale: open the drawer without a sale ("No sale"), with a reason. */
export const noSaleInput = z.object({
  reason: requiredText('reason', 200),
  /** An administrator's approval when the shop does not let cashiers open the drawer alone. */
  approval: approvalInput.optional(),
});
export type NoSaleInput = z.input<typeof noSaleInput>;

/** A "No sale": the drawer opened without a sale, by whom, why, and who approved it. */
export const drawerOpening = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  registerId: z.number().int(),
  reason: z.string(),
  userName: z.string(),
  approvedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type DrawerOpening = z.infer<typeof drawerOpening>;

/** Expected against counted for one tender; difference = counted − expected (negative: short). */
export const tenderReconciliation = z.object({
  tender: z.enum(tenders),
  expected: z.number().int(),
  counted: z.number().int().nullable(),
  difference: z.number().int().nullable(),
});
export type TenderReconciliation = z.infer<typeof tenderReconciliation>;

export const cashboxSession = z.object({
  id: z.number().int(),
  registerId: z.number().int(),
  registerName: z.string(),
  registerSlug: z.string(),
  outletId: z.number().int(),
  outletName: z.string(),
  status: z.enum(['open', 'closed']),
  openedById: z.number().int().nullable(),
  openedByName: z.string(),
  openedAt: z.string(),
  openingFloat: z.number().int(),
  closedByName: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** Cash that should be in the drawer now (open) or at the close; null when a blind close hides it. */
  expectedCash: z.number().int().nullable(),
  /** Σ counted − Σ expected over every tender, once closed. */
  difference: z.number().int().nullable(),
  salesCount: z.number().int(),
  salesTotal: z.number().int(),
});
export type CashboxSession = z.infer<typeof cashboxSession>;

/** GET /api/cashbox/status: whether a register's drawer is open, and its session. */
export const cashboxStatus = z.object({
  registerId: z.number().int(),
  registerSlug: z.string(),
  registerName: z.string(),
  isOpen: z.boolean(),
  /** The shop hides the expected figures from the cashier until the count is in. */
  isBlindClose: z.boolean(),
  session: cashboxSession.nullable(),
});
export type CashboxStatus = z.infer<typeof cashboxStatus>;
export const cashboxStatusResult = dataOf(cashboxStatus);

/** The end-of-shift (Z) report of a closed session, or the running (X) figures of an open one. */
export const cashboxReport = z.object({
  session: cashboxSession,
  openingCount: z.array(denominationCount).nullable(),
  closingCount: z.array(denominationCount).nullable(),
  sales: z.object({ count: z.number().int(), subtotal: z.number().int(), discounts: z.number().int(), charges: z.number().int(), taxes: z.number().int(), total: z.number().int() }),
  /** Refunds counted in this session (their own day and drawer), whichever session sold the goods. */
  refunds: z.object({ count: z.number().int(), total: z.number().int(), taxTotal: z.number().int() }),
  /** Sales less the refunds of this session: the takings and tax the shift really kept. */
  net: z.object({ total: z.number().int(), taxTotal: z.number().int() }),
  /**
   * Gift cards (decision 024): money taken for cards sold (inside the tenders' takings, outside the
   * sales' total: it is owed, not revenue), what cards paid of the sales (in no drawer), and what this
   * session's refunds put back onto cards.
   */
  giftCards: z.object({ sold: z.number().int(), paid: z.number().int(), refunded: z.number().int() }),
  /** Per tender: what was taken, refunded, and the change given from cash. */
  byTender: z.array(z.object({ tender: z.enum(tenders), taken: z.number().int(), refunded: z.number().int(), change: z.number().int(), net: z.number().int() })),
  /** Per tax: base and amount sold, refunded in this session, and net (sold − refunded). */
  taxes: z.array(
    z.object({
      name: z.string(),
      rateE4: z.number().int(),
      isInclusive: z.boolean(),
      base: z.number().int(),
      amount: z.number().int(),
      refundedBase: z.number().int(),
      refundedAmount: z.number().int(),
      netBase: z.number().int(),
      netAmount: z.number().int(),
    }),
  ),
  movements: z.array(cashMovement),
  cashIn: z.number().int(),
  cashOut: z.number().int(),
  /** Hidden (null) until the close on a blind-close shop. */
  reconciliation: z.array(tenderReconciliation).nullable(),
  note: z.string().nullable(),
  /** How many times the drawer was opened without a sale ("No sale") in this session. */
  noSales: z.number().int(),
  /** The administrator who approved closing with a difference beyond the cashier's right, if any. */
  approvedBy: z.string().nullable(),
});
export type CashboxReport = z.infer<typeof cashboxReport>;
export const cashboxReportResult = dataOf(cashboxReport);

export const cashboxSlugParams = z.object({ slug: queryText('register', 60).min(1, 'The register field is required.') });

export const cashboxListQuery = listQuery.extend({
  registerId: queryId('register').optional(),
  outletId: queryId('outlet').optional(),
  open: queryBoolean.optional(),
});
export const cashboxPage = paginated(cashboxSession);

/** Settings of the drawer (GET/PUT /api/settings/cashbox). */
export const cashboxSettingsInput = z.object({
  blindClose: z.boolean({ error: 'The blind close field must be true or false.' }),
});
export type CashboxSettingsInput = z.input<typeof cashboxSettingsInput>;
