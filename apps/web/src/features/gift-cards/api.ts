import type { GiftCardAdjustInput, GiftCardDetail, GiftCardPage } from '@tillbook/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const giftCardKeys = queryKeys.giftCards;

export type GiftCardListParams = Record<string, string | number>;

/** A page of cards with the filtered set's totals (count, outstanding balance, money loaded). */
export function useGiftCards(params: GiftCardListParams) {
  return useQuery({
    queryKey: giftCardKeys.list(params),
    queryFn: async () => (await http.get<GiftCardPage>('/api/gift-cards', { params })).data,
    placeholderData: keepPreviousData,
  });
}

/** One card with its ledger, newest first. */
export function useGiftCard(id: number | undefined) {
  return useQuery({
    queryKey: giftCardKeys.detail(id ?? 0),
    queryFn: async () => (await http.get<{ data: GiftCardDetail }>(`/api/gift-cards/${id}`)).data.data,
    enabled: id !== undefined,
  });
}

/** An administrator corrects a card's balance with a reason; the card and the lists refresh. */
export function useAdjustGiftCard(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: GiftCardAdjustInput) => (await http.post<{ data: GiftCardDetail }>(`/api/gift-cards/${id}/adjust`, input)).data.data,
    onSuccess: async (card) => {
      client.setQueryData(giftCardKeys.detail(id), card);
      await client.invalidateQueries({ queryKey: giftCardKeys.lists() });
    },
  });
}
