import type { LoyaltyRules, PointsSummary } from '@tillbook/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { pointsSummaryQuery, rewardSettingsQuery } from './api.ts';
import type { CustomerLoyalty } from './cart.ts';

export type SaleLoyaltyState = {
  /** The rules and the balance the engine prices with; null until both are in (or without a customer). */
  customer: CustomerLoyalty | null;
  rules: LoyaltyRules | null;
  summary: PointsSummary | null;
  /** Whether the shop runs loyalty at all: earning, paying with points, or a reward to take or reach. */
  isOn: boolean;
  isLoading: boolean;
  isError: boolean;
  retry: () => void;
};

/** Loyalty runs when points are earned or pay, or when the customer has rewards to take or to reach. */
export function isLoyaltyOn(rules: LoyaltyRules, summary: PointsSummary | null): boolean {
  return rules.earning.enabled || rules.redemption.enabled || (summary !== null && (summary.rewards.length > 0 || summary.next !== null));
}

/** The loyalty of the sale's customer: the shop's rules (GET /api/settings/rewards) and their points (GET /api/rewards/points). */
export function useSaleLoyalty(customerId: number | null): SaleLoyaltyState {
  const hasCustomer = customerId !== null;
  const rules = useQuery({ ...rewardSettingsQuery, enabled: hasCustomer });
  const points = useQuery({ ...pointsSummaryQuery(customerId ?? 0), enabled: hasCustomer });
  const ruleData = hasCustomer ? (rules.data ?? null) : null;
  const summary = hasCustomer && points.data?.customerId === customerId ? points.data : null;
  const balance = summary?.balance ?? null;
  // One object while the rules and the balance stay the same: the sale is priced again only when they change.
  const customer = useMemo(() => (ruleData && balance !== null ? { rules: ruleData, balance } : null), [ruleData, balance]);
  return {
    customer,
    rules: ruleData,
    summary,
    isOn: ruleData !== null && isLoyaltyOn(ruleData, summary),
    isLoading: hasCustomer && (rules.isPending || points.isPending),
    isError: hasCustomer && (rules.isError || points.isError),
    retry: () => {
      if (rules.isError) void rules.refetch();
      if (points.isError) void points.refetch();
    },
  };
}
