import type { RewardSettingsInput, RewardSettingsView } from '@tillbook/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The loyalty rules (GET /api/settings/rewards), kept beside the shop's settings. */
export const rewardSettingsQuery = queryOptions({
  queryKey: queryKeys.settings.detail('rewards'),
  queryFn: async () => (await http.get<{ data: RewardSettingsView }>('/api/settings/rewards')).data.data,
});

export function useRewardSettings() {
  return useQuery(rewardSettingsQuery);
}

/** PUT /api/settings/rewards: the whole rules at once; the answer is what the screen shows next. */
export function useSaveRewardSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: RewardSettingsInput) => (await http.put<{ data: RewardSettingsView }>('/api/settings/rewards', input)).data.data,
    onSuccess: (saved) => client.setQueryData(rewardSettingsQuery.queryKey, saved),
  });
}
