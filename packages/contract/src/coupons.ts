import { z } from 'zod';
import { bulkInput, dataOf, queryBoolean } from './common.ts';
import { fieldsAreValid, whenValid } from './cross-field.ts';
import { booleanField, idListField, requiredText, MAX_MONEY } from './fields.ts';
import { listQuery, paginated } from './pagination.ts';
import { formatPercent, parsePercent, type CouponRule } from './pricing/index.ts';
import { percentText } from './taxes.ts';
import { optionalDateTimeField, refuseControls } from './fields.ts';

export const couponKinds = ['percentage', 'fixed'] as const;
export type CouponKindName = (typeof couponKinds)[number];
export const couponAppliesTo = ['all', 'some'] as const;
/** Where a coupon stands now; `used-up` once its usage limit is reached. */
export const couponStates = ['active', 'scheduled', 'expired', 'used-up', 'inactive'] as const;
export type CouponState = (typeof couponStates)[number];

const MAX_AMOUNT = MAX_MONEY;
const rateMessage = 'The rate must be a percentage above 0 and at most 100 with at most 4 decimals.';

/** A discount code, with what it applies to; the pricing engine decides what it takes off (evaluateCoupon). */
export const coupon = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(couponKinds),
  /** Exact decimal percentage for a percentage coupon ("10"), null for a fixed one. */
  rate: z.string().nullable(),
  rateE4: z.number().int(),
  /** Minor units off, for a fixed coupon (0 for a percentage). */
  amount: z.number().int(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  minimumTotal: z.number().int().nullable(),
  maximumDiscount: z.number().int().nullable(),
  usageLimit: z.number().int().nullable(),
  usedCount: z.number().int(),
  perCustomerLimit: z.number().int().nullable(),
  appliesTo: z.enum(couponAppliesTo),
  categoryIds: z.array(z.number().int()),
  productIds: z.array(z.number().int()),
  /** The eligible categories and products by name, for lists and pickers. */
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  products: z.array(z.object({ id: z.number().int(), title: z.string(), sku: z.string().nullable() })),
  active: z.boolean(),
  state: z.enum(couponStates),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Coupon = z.infer<typeof coupon>;

function optionalLimit(label: string) {
  return z
    .number({ error: `The ${label} must be a whole number.` })
    .int(`The ${label} must be a whole number.`)
    .min(0, `The ${label} may not be negative.`)
    .max(MAX_AMOUNT, `The ${label} is too large.`)
    .nullish()
    .transform((v) => v ?? null);
}

/**
 * The form of a coupon. Only the value of its kind counts: `rate` (decimal text above 0 and at
 * most 100 %) for a percentage, `amount` (minor units, at least 1) for a fixed coupon. Codes are
 * kept as typed and unique ignoring case (the server checks that).
 */
export const couponInput = z
  .object({
    code: z
      .string({ error: 'The code field is required.' })
      .trim()
      // No `abort`: an explicitly aborted field would stop the form's other rules (cross-field.ts).
      .min(1, 'The code field is required.')
      .regex(/^(?:[A-Za-z0-9_-]{3,40})?$/, 'The code must be 3 to 40 letters, digits, - or _.'),
    name: requiredText('name', 120),
    kind: z.enum(couponKinds, { error: 'The type must be percentage or fixed.' }),
    rate: z.unknown().optional().describe('Decimal percentage text above 0 and at most 100 ("10"): for a percentage coupon.'),
    amount: z.unknown().optional().describe('Minor units, a whole number of at least 1: for a fixed coupon.'),
    validFrom: optionalDateTimeField('start'),
    validUntil: optionalDateTimeField('end'),
    minimumTotal: optionalLimit('minimum cart total'),
    maximumDiscount: optionalLimit('maximum discount'),
    usageLimit: optionalLimit('usage limit'),
    perCustomerLimit: optionalLimit('per-customer limit'),
    appliesTo: z.enum(couponAppliesTo, { error: 'The coupon must apply to all products or to some.' }),
    categoryIds: idListField('categories'),
    productIds: idListField('products'),
    active: booleanField('active'),
  })
  .superRefine((values, ctx) => {
    // Each rule runs when the fields it reads are valid, whatever else is wrong (cross-field.ts).
    if (!fieldsAreValid(ctx, 'kind')) return checkWindowAndEligibility(values, ctx);
    if (values.kind === 'fixed') {
      const message = amountProblem(values.amount);
      if (message) ctx.addIssue({ code: 'custom', path: ['amount'], message });
    }
    if (values.kind === 'percentage') {
      const result = percentText({ isZeroAllowed: false }).safeParse(values.rate);
      if (!result.success) ctx.addIssue({ code: 'custom', path: ['rate'], message: result.error.issues[0]?.message ?? rateMessage });
    }
    checkWindowAndEligibility(values, ctx);
  }, whenValid())
  .transform(({ rate, amount, ...values }) => {
    const isAll = values.appliesTo === 'all';
    const eligibility = { categoryIds: isAll ? [] : values.categoryIds, productIds: isAll ? [] : values.productIds };
    // The rate comes out normalised ("10,50" → "10.5") beside its rateE4, so the output is valid input again.
    if (values.kind === 'fixed') return { ...values, ...eligibility, rate: null, rateE4: 0, amount: amount as number };
    const rateE4 = parsePercent(String(rate).trim()) ?? 0;
    return { ...values, ...eligibility, rate: formatPercent(rateE4), rateE4, amount: 0 };
  });
export type CouponInput = z.input<typeof couponInput>;
export type CouponValues = z.output<typeof couponInput>;

type WindowAndEligibility = { validFrom: string | null; validUntil: string | null; appliesTo: string; categoryIds: number[]; productIds: number[] };

function checkWindowAndEligibility(values: WindowAndEligibility, ctx: z.RefinementCtx) {
  if (fieldsAreValid(ctx, 'validFrom', 'validUntil') && values.validFrom && values.validUntil && values.validUntil <= values.validFrom) {
    ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'The end must be after the start.' });
  }
  if (fieldsAreValid(ctx, 'appliesTo', 'categoryIds', 'productIds') && values.appliesTo === 'some' && values.categoryIds.length === 0 && values.productIds.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['appliesTo'], message: 'Choose at least one category or product.' });
  }
}

function amountProblem(amount: unknown): string | null {
  if (amount === undefined || amount === null || amount === '') return 'The amount field is required.';
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) return 'The amount must be a whole number of minor units.';
  if (amount < 1) return 'The amount must be more than zero.';
  if (amount > MAX_AMOUNT) return 'The amount is too large.';
  return null;
}

/** Where a coupon stands at `now` (validUntil is inclusive, as in evaluateCoupon). */
export function couponStateOf(
  value: Pick<CouponRule, 'active' | 'validFrom' | 'validUntil' | 'usageLimit' | 'usedCount'>,
  now: Date = new Date(),
): CouponState {
  const time = now.getTime();
  if (!value.active) return 'inactive';
  if (value.validUntil !== null && time > Date.parse(value.validUntil)) return 'expired';
  if (value.usageLimit !== null && value.usedCount >= value.usageLimit) return 'used-up';
  if (value.validFrom !== null && time < Date.parse(value.validFrom)) return 'scheduled';
  return 'active';
}

export const couponListQuery = listQuery.extend({
  active: queryBoolean.optional(),
  state: z.enum(couponStates, { error: `The state must be one of: ${couponStates.join(', ')}.` }).optional(),
});

export const couponPage = paginated(coupon);
export const couponResult = dataOf(coupon);
export const couponLookupQuery = z.object({
  code: z.string({ error: 'The code field is required.' }).trim().min(1, 'The code field is required.').max(40, 'No coupon has this code.').superRefine(refuseControls('code')),
});

export const couponBulkActions = ['activate', 'deactivate', 'delete'] as const;
export const couponBulkInput = bulkInput(couponBulkActions, z.object({}));
export type CouponBulkInput = z.input<typeof couponBulkInput>;
