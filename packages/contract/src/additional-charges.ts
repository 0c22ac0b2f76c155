import { z } from 'zod';
import { dataOf, queryBoolean } from './common.ts';
import { whenValid } from './cross-field.ts';
import { booleanField, requiredText, MAX_MONEY } from './fields.ts';
import { listQuery, paginated } from './pagination.ts';
import { formatPercent, parsePercent } from './pricing/index.ts';
import { percentText } from './taxes.ts';

export const additionalChargeKinds = ['fixed', 'percentage'] as const;
export type AdditionalChargeKind = (typeof additionalChargeKinds)[number];
export const additionalChargePers = ['unit', 'line'] as const;
export type AdditionalChargePer = (typeof additionalChargePers)[number];

/** A charge added to a product when it is sold: bottle deposit, packaging fee, service charge. */
export const additionalCharge = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(additionalChargeKinds),
  /** Minor units, for a fixed charge (null for a percentage). */
  amount: z.number().int().nullable(),
  /** Exact decimal percentage, for a percentage charge: "10" (null for a fixed one). */
  rate: z.string().nullable(),
  rateE4: z.number().int().nullable(),
  /** A fixed amount per unit sold or once per line; a percentage is of the line's price either way. */
  per: z.enum(additionalChargePers),
  /** Taxed with the product's own taxes; otherwise never taxed. */
  isTaxable: z.boolean(),
  active: z.boolean(),
  /** Products that carry this charge. */
  productCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdditionalCharge = z.infer<typeof additionalCharge>;

const MAX_AMOUNT = MAX_MONEY;
const rateMessage = 'The rate must be a percentage above 0 and at most 100 with at most 4 decimals.';

/**
 * The form of a charge. Only the field of its kind counts: `amount` (minor units, at least 1)
 * for a fixed charge, `rate` (decimal text, above 0 and at most 100 %) for a percentage; the
 * other one is dropped. Checked field by field so every mistake is reported at once.
 */
export const additionalChargeInput = z
  .object({
    name: requiredText('name', 120),
    kind: z.enum(additionalChargeKinds, { error: 'The kind must be fixed or percentage.' }),
    amount: z.unknown().optional().describe('Minor units, a whole number of at least 1: for a fixed charge.'),
    rate: z.unknown().optional().describe('Decimal percentage text above 0 and at most 100 ("10", "2.5"): for a percentage charge.'),
    per: z.enum(additionalChargePers, { error: 'The charge must be per unit or per line.' }),
    isTaxable: booleanField('taxable'),
    active: booleanField('active'),
  })
  .superRefine((values, ctx) => {
    if (values.kind === 'fixed') {
      const message = amountProblem(values.amount);
      if (message) ctx.addIssue({ code: 'custom', path: ['amount'], message });
    }
    if (values.kind === 'percentage') {
      const result = percentText({ isZeroAllowed: false }).safeParse(values.rate);
      if (!result.success) ctx.addIssue({ code: 'custom', path: ['rate'], message: result.error.issues[0]?.message ?? rateMessage });
    }
  }, whenValid('kind'))
  .transform(({ amount, rate, ...values }) =>
    values.kind === 'fixed'
      ? { ...values, kind: 'fixed' as const, amount: amount as number, rate: null, rateE4: null }
      : percentageValues(values, String(rate)),
  );
export type AdditionalChargeInput = z.input<typeof additionalChargeInput>;
export type AdditionalChargeValues = z.output<typeof additionalChargeInput>;

/** A percentage charge's values; the rate comes out normalised ("10,50" → "10.5"), so the output is valid input again. */
function percentageValues<V extends { per: AdditionalChargePer }>(values: V, rate: string) {
  const rateE4 = parsePercent(rate.trim()) ?? 0;
  // `per` makes no difference to a percentage (pricing README): it is stored as "line".
  return { ...values, kind: 'percentage' as const, per: 'line' as const, amount: null, rate: formatPercent(rateE4), rateE4 };
}

function amountProblem(amount: unknown): string | null {
  if (amount === undefined || amount === null || amount === '') return 'The amount field is required.';
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) {
    return 'The amount must be a whole number of minor units, e.g. 25 for 0.25.';
  }
  if (amount < 1) return 'The amount must be more than zero.';
  if (amount > MAX_AMOUNT) return 'The amount is too large.';
  return null;
}

export const additionalChargeListQuery = listQuery.extend({
  active: queryBoolean.optional(),
  kind: z.enum(additionalChargeKinds, { error: 'The kind must be fixed or percentage.' }).optional(),
});

export const additionalChargePage = paginated(additionalCharge);
export const additionalChargeResult = dataOf(additionalCharge);

/**
 * GET /api/products/charges/list: the active charges in the pricing engine's own shape
 * (PricingCharge), so the register can price with them as they come.
 */
export const additionalChargeListItem = z.discriminatedUnion('kind', [
  z.object({
    id: z.number().int(),
    name: z.string(),
    isTaxable: z.boolean(),
    kind: z.literal('fixed'),
    amount: z.number().int(),
    per: z.enum(additionalChargePers),
  }),
  z.object({
    id: z.number().int(),
    name: z.string(),
    isTaxable: z.boolean(),
    kind: z.literal('percentage'),
    rateE4: z.number().int(),
    per: z.enum(additionalChargePers),
  }),
]);
export type AdditionalChargeListItem = z.infer<typeof additionalChargeListItem>;
export const additionalChargeListResult = dataOf(z.array(additionalChargeListItem));
