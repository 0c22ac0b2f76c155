import type { Dashboard } from '@tillbook/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const dashboardKeys = queryKeys.dashboard;

/** How often the dashboard asks again by itself. */
export const dashboardRefreshMs = 60_000;

/** Today's figures for one outlet or all (`outlet` undefined); refreshed every minute, the last answer kept on screen meanwhile. */
export function useDashboard(outlet: string | undefined) {
  return useQuery({
    queryKey: dashboardKeys.detail(outlet ?? 'all'),
    queryFn: async () => (await http.get<{ data: Dashboard }>('/api/dashboard', { params: outlet ? { outlet } : {} })).data.data,
    refetchInterval: dashboardRefreshMs,
    placeholderData: keepPreviousData,
  });
}
