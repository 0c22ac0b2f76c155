import type { CustomerNote, CustomerNoteInput, PageMeta, PointsAdjustInput, PointsEntry } from '@tillbook/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { customerKeys } from '../people/customers-api.ts';

const notesKey = (id: number) => ['customers', 'notes', id] as const;
const pointsKey = (id: number, page: number) => ['customers', 'points', id, page] as const;

export function useCustomerNotes(customerId: number) {
  return useQuery({
    queryKey: notesKey(customerId),
    queryFn: async () => (await http.get<{ data: CustomerNote[] }>(`/api/customers/${customerId}/notes`)).data.data,
  });
}

export function useAddCustomerNote(customerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: CustomerNoteInput) => (await http.post<{ data: CustomerNote }>(`/api/customers/${customerId}/notes`, input)).data.data,
    onSuccess: () => client.invalidateQueries({ queryKey: notesKey(customerId) }),
  });
}

export function useDeleteCustomerNote(customerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (noteId: number) => {
      await http.delete(`/api/customers/${customerId}/notes/${noteId}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: notesKey(customerId) }),
  });
}

/** The notes "receipt" call: print this note on the customer's receipts, or stop. */
export function useSetNoteReceipt(customerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ noteId, printOnReceipt }: { noteId: number; printOnReceipt: boolean }) =>
      (await http.put<{ data: CustomerNote }>(`/api/customers/${customerId}/notes/${noteId}/receipt`, { printOnReceipt })).data.data,
    onSuccess: () => client.invalidateQueries({ queryKey: notesKey(customerId) }),
  });
}

export function useCustomerPoints(customerId: number, page: number) {
  return useQuery({
    queryKey: pointsKey(customerId, page),
    queryFn: async () =>
      (await http.get<{ data: PointsEntry[]; meta: PageMeta }>(`/api/customers/${customerId}/points`, { params: { page, perPage: 25 } })).data,
    placeholderData: keepPreviousData,
  });
}

export function useAdjustPoints(customerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: PointsAdjustInput) =>
      (await http.post<{ data: { entry: PointsEntry; pointsBalance: number } }>(`/api/customers/${customerId}/points`, input)).data.data,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['customers', 'points', customerId] });
      await client.invalidateQueries({ queryKey: customerKeys.detail(customerId) });
      await client.invalidateQueries({ queryKey: customerKeys.lists() });
    },
  });
}

export function useCustomerOrders(customerId: number, page: number) {
  return useQuery({
    queryKey: ['customers', 'orders', customerId, page],
    queryFn: async () =>
      (await http.get<{ data: { id: number; number: string; total: number; createdAt: string }[]; meta: PageMeta }>(`/api/customers/${customerId}/orders`, { params: { page } })).data,
  });
}
