import type { RewardSettingsView } from '@tillbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from './http.ts';
import { queryKeys } from './query-keys.ts';

/** The shop's loyalty rules (GET /api/settings/rewards, readable by cashiers), kept beside the shop's settings. */
export const rewardSettingsQuery = queryOptions({
  queryKey: queryKeys.settings.detail('rewards'),
  queryFn: async () => (await http.get<{ data: RewardSettingsView }>('/api/settings/rewards')).data.data,
});

export function useRewardSettings() {
  return useQuery(rewardSettingsQuery);
}
