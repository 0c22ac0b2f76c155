import {
  earnedPoints,
  maxShareText,
  pointsValue,
  rewardSettingsInput,
  type LoyaltyRules,
  type MoneyReader,
  type RewardSettingsInput,
  type RewardSettingsView,
} from '@tillbook/contract';
import { z } from 'zod';
import { checkedInput, readingSchema, type FieldErrors, type ReadResult } from '../../lib/forms.ts';

export type RewardSettingsTab = 'points' | 'redemption';

const pickedProduct = z.object({ id: z.number(), title: z.string(), sku: z.string().nullable() });
export type ExcludedProduct = z.infer<typeof pickedProduct>;

/** What the form holds: sums and counts as typed ("1.00", "100"), the share as percent text ("50"). */
const rewardSettingsForm = z.object({
  earning: z.object({
    enabled: z.boolean(),
    points: z.string(),
    perAmount: z.string(),
    excludedCategoryIds: z.array(z.number()),
    excludedProductIds: z.array(z.number()),
    /** The excluded products by name, for their chips; `excludedProductIds` is what is sent. */
    excludedProducts: z.array(pickedProduct),
    minimumOrder: z.string(),
  }),
  redemption: z.object({
    enabled: z.boolean(),
    points: z.string(),
    value: z.string(),
    minimumBalance: z.string(),
    maxShare: z.string(),
    payDiscountedItems: z.boolean(),
  }),
  expiry: z.object({ enabled: z.boolean(), months: z.string() }),
});
export type RewardSettingsForm = z.input<typeof rewardSettingsForm>;

/** The sections each tab shows and saves; the other tab's are sent as they were saved. */
export const tabSections: Record<RewardSettingsTab, readonly string[]> = { points: ['earning', 'expiry'], redemption: ['redemption'] };

export function toSettingsForm(view: RewardSettingsView, money: MoneyReader): RewardSettingsForm {
  const { earning, redemption, expiry } = view;
  return {
    earning: {
      enabled: earning.enabled,
      points: String(earning.points),
      perAmount: money.toInput(earning.perAmount),
      excludedCategoryIds: earning.excludedCategoryIds,
      excludedProductIds: earning.excludedProductIds,
      excludedProducts: view.excludedProducts,
      minimumOrder: earning.minimumOrder === null ? '' : money.toInput(earning.minimumOrder),
    },
    redemption: {
      enabled: redemption.enabled,
      points: String(redemption.points),
      value: money.toInput(redemption.value),
      minimumBalance: String(redemption.minimumBalance),
      maxShare: maxShareText(view),
      payDiscountedItems: redemption.payDiscountedItems,
    },
    expiry: { enabled: expiry.months !== null, months: expiry.months === null ? '' : String(expiry.months) },
  };
}

/** A count as typed; what is not written with digits is NaN, which the contract refuses in its own words. */
function countOf(text: string): number {
  const trimmed = text.trim();
  return /^-?\d{1,15}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The PUT payload, or every message at once, on the fields of `tab`: sums that are no amount
 * (read exactly in the shop's currency) and whatever the contract refuses.
 */
export function toSettingsInput(form: RewardSettingsForm, money: MoneyReader, tab: RewardSettingsTab): ReadResult<RewardSettingsInput> {
  const unreadable: FieldErrors = {};
  const moneyOf = (field: string, text: string, isOptional: boolean): number | null => {
    if (isOptional && text.trim() === '') return null;
    const parsed = money.parse(text);
    if (parsed.ok) return parsed.minor;
    unreadable[field] = parsed.message;
    // The contract is given a valid sum, so the field shows only the message above.
    return 1;
  };
  const { earning, redemption, expiry } = form;
  const input: RewardSettingsInput = {
    earning: {
      enabled: earning.enabled,
      points: countOf(earning.points),
      perAmount: moneyOf('earning.perAmount', earning.perAmount, false) ?? 1,
      excludedCategoryIds: earning.excludedCategoryIds,
      excludedProductIds: earning.excludedProductIds,
      minimumOrder: moneyOf('earning.minimumOrder', earning.minimumOrder, true),
    },
    redemption: {
      enabled: redemption.enabled,
      points: countOf(redemption.points),
      value: moneyOf('redemption.value', redemption.value, false) ?? 1,
      minimumBalance: countOf(redemption.minimumBalance),
      maxShare: redemption.maxShare,
      payDiscountedItems: redemption.payDiscountedItems,
    },
    expiry: { months: expiry.enabled ? countOf(expiry.months) : null },
  };
  const sections = tabSections[tab];
  const onTab = (field: string) => sections.includes(field.split('.')[0] ?? field);
  const shown = Object.fromEntries(Object.entries(unreadable).filter(([field]) => onTab(field)));
  return checkedInput(rewardSettingsInput, input, shown, new RegExp(`^(${sections.join('|')})\\.`));
}

export function rewardSettingsFormSchema(money: MoneyReader, tab: RewardSettingsTab) {
  return readingSchema(rewardSettingsForm, (values) => toSettingsInput(values, money, tab));
}

/** The rules as typed, once the contract accepts them (for the examples under the fields); else null. */
export function typedRules(form: RewardSettingsForm, money: MoneyReader, tab: RewardSettingsTab): LoyaltyRules | null {
  const read = toSettingsInput(form, money, tab);
  if (!('input' in read)) return null;
  const parsed = rewardSettingsInput.safeParse(read.input);
  return parsed.success ? parsed.data : null;
}

/** The balance the redemption example speaks of: 1,250 points, or the minimum balance when that is more. */
export function exampleBalance(rules: LoyaltyRules): number {
  return Math.max(1250, rules.redemption.minimumBalance);
}

/** What the example balance pays at most, in minor units. */
export function exampleValue(rules: LoyaltyRules): number {
  return pointsValue(exampleBalance(rules), rules);
}

/** Points a sale of `net` in goods (after discounts, without tax) earns under the rules. */
export function exampleEarned(rules: LoyaltyRules, net: number): number {
  return earnedPoints({ ...rules, earning: { ...rules.earning, enabled: true, minimumOrder: null } }, [{ productId: 0, categoryIds: [], net, total: net, discounted: false }], 0, net);
}
