/**
 * Loyalty (issue 14): the shop's earning and redemption rules (GET/PUT /api/settings/rewards),
 * rewards a customer takes for points (/api/rewards), and what the till asks about a customer's
 * points (GET /api/rewards/points, POST /api/rewards/redeem). The arithmetic is the engine's
 * (pricing/loyalty.ts, sale.ts priceSale).
 */
import { z } from 'zod';
import { dataOf } from './common.ts';
import { fieldsAreValid, whenValid } from './cross-field.ts';
import { booleanField, idField, idListField, integerField, MAX_MONEY, optionalDateField, queryId, requiredText } from './fields.ts';
import { listQuery, paginated } from './pagination.ts';
import { formatPercent, parsePercent, type LoyaltyRules } from './pricing/index.ts';
import { rewardKinds, saleInput, saleRedemption, type RewardKind } from './orders.ts';
import { percentText } from './taxes.ts';

/** Most points one balance, reward or adjustment may hold (a bigint column; far beyond any real balance). */
export const MAX_POINTS = 1_000_000_000;

// ---------------------------------------------------------------------------------------------
// Settings

/** The rules as stored and answered; `LoyaltyRules` is the engine's view of the same. */
export const rewardSettings = z.object({
  earning: z.object({
    enabled: z.boolean(),
    points: z.number().int(),
    perAmount: z.number().int(),
    excludedCategoryIds: z.array(z.number().int()),
    excludedProductIds: z.array(z.number().int()),
    minimumOrder: z.number().int().nullable(),
  }),
  redemption: z.object({
    enabled: z.boolean(),
    points: z.number().int(),
    value: z.number().int(),
    minimumBalance: z.number().int(),
    maxShareE4: z.number().int(),
    payDiscountedItems: z.boolean(),
  }),
  expiry: z.object({ months: z.number().int().nullable() }),
}) satisfies z.ZodType<LoyaltyRules>;
export type RewardSettings = z.infer<typeof rewardSettings>;

/** Loyalty is off until an administrator turns it on; the figures are the common ones (1 point per 1.00, 100 points = 1.00). */
export const defaultRewardSettings: RewardSettings = {
  earning: { enabled: false, points: 1, perAmount: 100, excludedCategoryIds: [], excludedProductIds: [], minimumOrder: null },
  redemption: { enabled: false, points: 100, value: 100, minimumBalance: 0, maxShareE4: 1_000_000, payDiscountedItems: true },
  expiry: { months: null },
};

/** The settings with the excluded categories and products by name, for the settings screen. */
export const rewardSettingsView = rewardSettings.extend({
  excludedCategories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  excludedProducts: z.array(z.object({ id: z.number().int(), title: z.string(), sku: z.string().nullable() })),
});
export type RewardSettingsView = z.infer<typeof rewardSettingsView>;
export const rewardSettingsResult = dataOf(rewardSettingsView);

function pointsField(label: string, min: number) {
  return integerField(label, { min, max: MAX_POINTS });
}

function moneyAmount(label: string, min: number) {
  return integerField(label, { min, max: MAX_MONEY });
}

/**
 * PUT /api/settings/rewards. `maxShare` is a decimal percentage ("50"), stored as `maxShareE4`;
 * `expiryMonths` null or left out: points never expire.
 */
export const rewardSettingsInput = z
  .object({
    earning: z.object({
      enabled: booleanField('earning'),
      points: pointsField('points earned', 1),
      perAmount: moneyAmount('amount spent', 1),
      excludedCategoryIds: idListField('categories'),
      excludedProductIds: idListField('products'),
      minimumOrder: moneyAmount('minimum order', 0).nullish().transform((v) => v ?? null),
    }),
    redemption: z.object({
      enabled: booleanField('paying with points'),
      points: pointsField('points', 1),
      value: moneyAmount('value of the points', 1),
      minimumBalance: pointsField('minimum balance', 0),
      maxShare: percentText({ label: 'largest share', isZeroAllowed: false }),
      payDiscountedItems: booleanField('paying for discounted items'),
    }),
    expiry: z.object({
      months: integerField('months', { min: 1, max: 120 }).nullish().transform((v) => v ?? null),
    }),
  })
  .transform(({ redemption: { maxShare, ...redemption }, ...values }) => ({
    ...values,
    redemption: { ...redemption, maxShareE4: parsePercent(maxShare) ?? 1_000_000 },
  }));
export type RewardSettingsInput = z.input<typeof rewardSettingsInput>;
export type RewardSettingsValues = z.output<typeof rewardSettingsInput>;

/** The form's text for a stored share (500 000 → "50"). */
export function maxShareText(settings: Pick<RewardSettings, 'redemption'>): string {
  return formatPercent(settings.redemption.maxShareE4);
}

// ---------------------------------------------------------------------------------------------
// Rewards

export const rewardKindLabels: Record<RewardKind, string> = { amount: 'Amount off the sale', percentage: 'Percentage off the sale', product: 'A product free' };
/** Where a reward stands today. */
export const rewardStates = ['active', 'scheduled', 'ended', 'inactive', 'archived'] as const;
export type RewardState = (typeof rewardStates)[number];

export const rewardVariant = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  title: z.string(),
  variantName: z.string(),
  sku: z.string().nullable(),
  unitPrice: z.number().int(),
});

export const reward = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(rewardKinds),
  /** Minor units off, for `amount` (0 otherwise). */
  amount: z.number().int(),
  /** Decimal percentage ("10") for `percentage`, else null. */
  rate: z.string().nullable(),
  rateE4: z.number().int(),
  /** The variant given free (one unit), for `product`. */
  variantId: z.number().int().nullable(),
  variant: rewardVariant.nullable(),
  /** Points the customer gives for it. */
  points: z.number().int(),
  /** Shop days, both included; null: no bound. */
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  active: z.boolean(),
  archived: z.boolean(),
  state: z.enum(rewardStates),
  /** Sales that took it (refunded ones included: the history stays). */
  timesUsed: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Reward = z.infer<typeof reward>;
export const rewardResult = dataOf(reward);
export const rewardPage = paginated(reward);

export const rewardListQuery = listQuery.extend({
  state: z.enum(rewardStates, { error: `The state must be one of: ${rewardStates.join(', ')}.` }).optional(),
});

const amountMessage = 'The amount must be more than zero.';

/** POST /api/rewards/create and PUT /api/rewards/{id}/edit. Only the value of its kind counts. */
export const rewardInput = z
  .object({
    name: requiredText('name', 120),
    kind: z.enum(rewardKinds, { error: 'The type must be an amount off, a percentage off or a free product.' }),
    amount: z.unknown().optional().describe('Minor units, at least 1: for an amount off.'),
    rate: z.unknown().optional().describe('Decimal percentage text above 0 and at most 100 ("10"): for a percentage off.'),
    variantId: z.unknown().optional().describe('The variant given free: for a free product.'),
    points: pointsField('points needed', 1),
    startsOn: optionalDateField('start date'),
    endsOn: optionalDateField('end date'),
    active: booleanField('active'),
  })
  .superRefine((values, ctx) => {
    if (fieldsAreValid(ctx, 'kind')) {
      if (values.kind === 'amount') {
        const a = values.amount;
        const message =
          a === undefined || a === null || a === ''
            ? 'The amount field is required.'
            : typeof a !== 'number' || !Number.isSafeInteger(a)
              ? 'The amount must be a whole number of minor units.'
              : a < 1
                ? amountMessage
                : a > MAX_MONEY
                  ? 'The amount is too large.'
                  : null;
        if (message) ctx.addIssue({ code: 'custom', path: ['amount'], message });
      }
      if (values.kind === 'percentage') {
        const result = percentText({ isZeroAllowed: false }).safeParse(values.rate);
        if (!result.success) ctx.addIssue({ code: 'custom', path: ['rate'], message: result.error.issues[0]?.message ?? 'The rate is not valid.' });
      }
      if (values.kind === 'product') {
        const result = idField('product').safeParse(values.variantId);
        if (!result.success) ctx.addIssue({ code: 'custom', path: ['variantId'], message: 'Choose the product given free.' });
      }
    }
    if (fieldsAreValid(ctx, 'startsOn', 'endsOn') && values.startsOn && values.endsOn && values.endsOn < values.startsOn) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'The end date may not be before the start date.' });
    }
  }, whenValid())
  .transform(({ amount, rate, variantId, ...values }) => {
    if (values.kind === 'amount') return { ...values, amount: amount as number, rate: null, rateE4: 0, variantId: null };
    if (values.kind === 'percentage') {
      const rateE4 = parsePercent(String(rate).trim()) ?? 0;
      return { ...values, amount: 0, rate: formatPercent(rateE4), rateE4, variantId: null };
    }
    return { ...values, amount: 0, rate: null, rateE4: 0, variantId: variantId as number };
  });
export type RewardInput = z.input<typeof rewardInput>;
export type RewardValues = z.output<typeof rewardInput>;

/** Where a reward stands on the shop's day `today` (YYYY-MM-DD). */
export function rewardStateOf(value: Pick<Reward, 'active' | 'archived' | 'startsOn' | 'endsOn'>, today: string): RewardState {
  if (value.archived) return 'archived';
  if (!value.active) return 'inactive';
  if (value.endsOn !== null && today > value.endsOn) return 'ended';
  if (value.startsOn !== null && today < value.startsOn) return 'scheduled';
  return 'active';
}

// ---------------------------------------------------------------------------------------------
// At the till

export const pointsQuery = z.object({ customer: queryId('customer') });

/** GET /api/rewards/points?customer=: the balance, what it is worth, the rewards it reaches, and the store credit. */
export const pointsSummary = z.object({
  customerId: z.number().int(),
  balance: z.number().int(),
  /** What the whole balance would pay, in minor units (0 when paying with points is off). */
  value: z.number().int(),
  /** Null when the customer may redeem; else why not (minimum balance, redemption off). */
  refusal: z.string().nullable(),
  /** Rewards available today the balance reaches, fewest points first. */
  rewards: z.array(reward),
  /** The nearest reward out of reach, and how many points it still needs. */
  next: z.object({ reward, pointsShort: z.number().int() }).nullable(),
  /** The customer's store credit in minor units (issue 16): the till's Store credit tender spends it. */
  storeCredit: z.number().int(),
});
export type PointsSummary = z.infer<typeof pointsSummary>;
export const pointsSummaryResult = dataOf(pointsSummary);

/** POST /api/rewards/redeem: checks a redemption for a cart, as /api/orders/apply-coupon does for a coupon. Nothing is stored. */
export const redeemInput = saleInput.extend({
  customerId: idField('customer'),
  redemption: saleRedemption,
});
export type RedeemInput = z.input<typeof redeemInput>;

export const redeemResult = dataOf(
  z.object({
    total: z.number().int(),
    rewardDiscount: z.number().int(),
    pointsPaid: z.number().int(),
    pointsRedeemed: z.number().int(),
    pointsEarned: z.number().int(),
    due: z.number().int(),
    balance: z.number().int(),
    balanceAfter: z.number().int(),
  }),
);
export type RedeemResult = z.infer<typeof redeemResult>['data'];
