import type { Attribute } from '@tillbook/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';

/** The compact lists the product screens choose from (other areas' /list endpoints). */
export type Choice = { id: number; name: string; depth?: number };

function useChoices(key: string, url: string) {
  return useQuery({
    queryKey: [key, 'choices'],
    queryFn: async () => (await http.get<{ data: Choice[] }>(url)).data.data,
    staleTime: 30_000,
  });
}

export const useCategoryChoices = () => useChoices('categories', '/api/categories/list');
export const useTaxChoices = () => useChoices('taxes', '/api/taxes/list');
export const useChargeChoices = () => useChoices('additional-charges', '/api/products/charges/list');
export const useOutletChoices = () => useChoices('outlets', '/api/outlets/list');

export function useAttributeChoices() {
  return useQuery({
    queryKey: ['attributes', 'choices'],
    queryFn: async () => (await http.get<{ data: Attribute[] }>('/api/attributes', { params: { perPage: 100, sort: 'name' } })).data.data,
    staleTime: 30_000,
  });
}
