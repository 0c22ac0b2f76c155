import type { CashboxCloseInput, CashboxOpenInput, CashboxReport, CashboxSession, CashboxStatus, CashMovement, CashMovementInput, PageMeta } from '@tillbook/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The drawer's own reads hang under `queryKeys.cashbox.all`, so any drawer change refreshes them together. */
const cashboxKeys = {
  ...queryKeys.cashbox,
  status: (registerId: number) => [...queryKeys.cashbox.all, 'status', registerId] as const,
  movements: (slug: string) => [...queryKeys.cashbox.all, 'movements', slug] as const,
  report: (sessionId: number) => [...queryKeys.cashbox.all, 'report', sessionId] as const,
};

/** The register list shows each drawer's state, so every drawer change refreshes it too. */
const registerLists = queryKeys.registers.lists();

export function useDrawerStatus(registerId: number) {
  return useQuery({
    queryKey: cashboxKeys.status(registerId),
    queryFn: async () => (await http.get<{ data: CashboxStatus }>('/api/cashbox/status', { params: { register: String(registerId) } })).data.data,
  });
}

function useRefreshDrawer() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: cashboxKeys.all }), client.invalidateQueries({ queryKey: registerLists })]);
}

export function useOpenDrawer() {
  const refresh = useRefreshDrawer();
  return useMutation({
    mutationFn: async (input: CashboxOpenInput) => (await http.post<{ data: CashboxStatus }>('/api/cashbox/status', input)).data.data,
    onSuccess: refresh,
  });
}

export function useMovements(slug: string | undefined) {
  return useQuery({
    queryKey: cashboxKeys.movements(slug ?? ''),
    queryFn: async () => (await http.get<{ data: CashMovement[] }>(`/api/cashbox/${slug}/movements`)).data.data,
    enabled: slug !== undefined,
  });
}

export function useRecordMovement(slug: string) {
  const refresh = useRefreshDrawer();
  return useMutation({
    mutationFn: async (input: CashMovementInput) => (await http.post<{ data: CashMovement }>(`/api/cashbox/${slug}/movements`, input)).data.data,
    onSuccess: refresh,
  });
}

export function useCloseDrawer(slug: string) {
  const client = useQueryClient();
  const refresh = useRefreshDrawer();
  return useMutation({
    mutationFn: async (input: CashboxCloseInput) => (await http.post<{ data: CashboxReport }>(`/api/cashbox/${slug}/close`, input)).data.data,
    onSuccess: (report) => {
      client.setQueryData(cashboxKeys.report(report.session.id), report);
      // Not awaited: the screen moves on to the report before the refreshed status (closed) replaces the close form.
      void refresh();
    },
  });
}

/** `enabled: false` on a blind close: the server keeps a cashier's running figures until the count is in. */
export function useCashboxReport(sessionId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: cashboxKeys.report(sessionId),
    queryFn: async () => (await http.get<{ data: CashboxReport }>(`/api/cashbox/${sessionId}/report`)).data.data,
    enabled: options.enabled ?? true,
  });
}

/** The last closed shifts of a register (a cashier: their own). */
export function useRecentSessions(registerId: number) {
  const params = { registerId, open: '0', perPage: 5, sort: '-openedAt' };
  return useQuery({
    queryKey: cashboxKeys.list(params),
    queryFn: async () => (await http.get<{ data: CashboxSession[]; meta: PageMeta }>('/api/cashbox', { params })).data,
  });
}
