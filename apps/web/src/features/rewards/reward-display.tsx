import type { Reward, RewardState } from '@tillbook/contract';
import { Badge } from '../../components/ui/badge.tsx';
import { formatDay } from '../../lib/date-format.ts';

const stateLabels: Record<RewardState, { label: string; tone: 'green' | 'indigo' | 'gray' | 'amber' | 'red' }> = {
  active: { label: 'Active', tone: 'green' },
  scheduled: { label: 'Scheduled', tone: 'indigo' },
  ended: { label: 'Ended', tone: 'red' },
  inactive: { label: 'Inactive', tone: 'gray' },
  archived: { label: 'Archived', tone: 'amber' },
};

/** The state filter's choices and the badge's words are the same. */
export const rewardStateChoices = Object.entries(stateLabels).map(([value, { label }]) => [value, label] as const);

export function RewardStateBadge({ state }: { state: RewardState }) {
  const { label, tone } = stateLabels[state];
  return <Badge tone={tone}>{label}</Badge>;
}

/** "Coffee — Large", or "Coffee" for a product without variants. */
export function variantNameOf(variant: { title: string; variantName: string }): string {
  return variant.variantName ? `${variant.title} — ${variant.variantName}` : variant.title;
}

/** What the customer gets: "$1.50 off", "10 % off" or "Free: Coffee — Large". */
export function rewardValueOf(reward: Pick<Reward, 'kind' | 'amount' | 'rate' | 'variant'>, format: (minor: number) => string): string {
  if (reward.kind === 'amount') return `${format(reward.amount)} off`;
  if (reward.kind === 'percentage') return `${reward.rate ?? '0'} % off`;
  return reward.variant ? `Free: ${variantNameOf(reward.variant)}` : 'Free: a product no longer in the catalogue';
}

/** "Mar 1, 2026 – Mar 31, 2026", "From …", "Until …" or "Always": the shop days it can be taken, both included. */
export function rewardDatesOf(reward: Pick<Reward, 'startsOn' | 'endsOn'>, locale: string): string {
  const from = reward.startsOn ? formatDay(reward.startsOn, locale) : null;
  const until = reward.endsOn ? formatDay(reward.endsOn, locale) : null;
  if (from && until) return `${from} – ${until}`;
  if (from) return `From ${from}`;
  if (until) return `Until ${until}`;
  return 'Always';
}
