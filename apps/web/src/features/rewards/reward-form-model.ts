import { rewardInput, rewardKinds, rewardVariant, type MoneyReader, type PickedVariant, type Reward, type RewardInput } from '@tillbook/contract';
import { z } from 'zod';
import { checkedInput, readingSchema, type FieldErrors, type ReadResult } from '../../lib/forms.ts';

/** What the form holds: the amount and counts as typed ("1.50", "500"), days as the date boxes give them. */
const rewardForm = z.object({
  name: z.string(),
  kind: z.enum(rewardKinds),
  amount: z.string(),
  rate: z.string(),
  variantId: z.number().nullable(),
  /** The chosen variant as the form shows it (name, SKU, price); `variantId` is what is sent. */
  variant: rewardVariant.nullable(),
  points: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  active: z.boolean(),
});
export type RewardForm = z.input<typeof rewardForm>;
export type RewardFormVariant = NonNullable<RewardForm['variant']>;

export const blankReward: RewardForm = {
  name: '',
  kind: 'amount',
  amount: '',
  rate: '',
  variantId: null,
  variant: null,
  points: '',
  startsOn: '',
  endsOn: '',
  active: true,
};

export function toRewardForm(reward: Reward, money: MoneyReader): RewardForm {
  return {
    name: reward.name,
    kind: reward.kind,
    amount: reward.kind === 'amount' ? money.toInput(reward.amount) : '',
    rate: reward.rate ?? '',
    variantId: reward.variantId,
    variant: reward.variant,
    points: String(reward.points),
    startsOn: reward.startsOn ?? '',
    endsOn: reward.endsOn ?? '',
    active: reward.active,
  };
}

/** A variant picked from the catalogue, as the form shows it. */
export function formVariantOf(picked: PickedVariant): RewardFormVariant {
  return {
    id: picked.variantId,
    productId: picked.productId,
    title: picked.productTitle,
    variantName: picked.variantName,
    sku: picked.sku,
    unitPrice: picked.price,
  };
}

/**
 * A count as typed ("500") for the contract to check: what is not written with digits becomes NaN,
 * which the contract refuses with its own words ("The points needed must be a whole number.").
 */
export function countOf(text: string): number {
  const trimmed = text.trim();
  return /^-?\d{1,15}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

const shownFields = /^(name|kind|amount|rate|variantId|points|startsOn|endsOn|active)$/;

/**
 * The API payload, or every message at once: an amount that is no amount (read exactly in the
 * shop's currency, never as a float), and whatever the contract refuses. Only the value of the
 * chosen type is sent.
 */
export function toRewardInput(form: RewardForm, money: MoneyReader): ReadResult<RewardInput> {
  const unreadable: FieldErrors = {};
  let amount: number | undefined;
  if (form.kind === 'amount' && form.amount.trim() !== '') {
    const parsed = money.parse(form.amount);
    if (parsed.ok) amount = parsed.minor;
    else unreadable.amount = parsed.message;
  }
  const input: RewardInput = {
    name: form.name,
    kind: form.kind,
    // An unreadable amount has its own message; the contract is given a valid one so it adds none.
    amount: form.kind === 'amount' ? (unreadable.amount ? 1 : amount) : undefined,
    rate: form.kind === 'percentage' ? form.rate : undefined,
    variantId: form.kind === 'product' ? form.variantId : undefined,
    points: countOf(form.points),
    startsOn: form.startsOn || null,
    endsOn: form.endsOn || null,
    active: form.active,
  };
  return checkedInput(rewardInput, input, unreadable, shownFields);
}

/** The form's schema: fields hold what was typed, submit gets the payload. */
export function rewardFormSchema(money: MoneyReader) {
  return readingSchema(rewardForm, (values) => toRewardInput(values, money));
}
