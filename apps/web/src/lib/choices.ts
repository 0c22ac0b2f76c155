import type { Attribute, CategoryOption, ReceiptTemplateOption } from '@tillbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from './http.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The compact lists pickers choose from (`GET /api/X/list`, DESIGN.md §3). One query per resource,
 * shared by every screen that picks one, under `queryKeys.X.choices()`: the resource's own
 * mutations invalidate it, so a renamed outlet shows renamed in every picker at once.
 */
export type Choice = { id: number; name: string; depth?: number };

const choicesStaleTime = 30_000;

function choicesQuery<T extends Choice = Choice>(keys: { choices: () => readonly unknown[] }, url: string) {
  return queryOptions({
    queryKey: keys.choices(),
    queryFn: async () => (await http.get<{ data: T[] }>(url)).data.data,
    staleTime: choicesStaleTime,
  });
}

export const outletChoicesQuery = choicesQuery(queryKeys.outlets, '/api/outlets/list');
/** Every category in tree order, with its parent, depth and status (the category screens build the tree from them). */
export const categoryChoicesQuery = choicesQuery<CategoryOption>(queryKeys.categories, '/api/categories/list');
export const taxChoicesQuery = choicesQuery(queryKeys.taxes, '/api/taxes/list');
export const chargeChoicesQuery = choicesQuery(queryKeys.additionalCharges, '/api/products/charges/list');

export const useOutletChoices = (options: { enabled?: boolean } = {}) => useQuery({ ...outletChoicesQuery, ...options });
export const useCategoryChoices = (options: { enabled?: boolean } = {}) => useQuery({ ...categoryChoicesQuery, ...options });
export const useTaxChoices = () => useQuery(taxChoicesQuery);
export const useChargeChoices = () => useQuery(chargeChoicesQuery);

/** Attributes with their options (the product form builds variants from them); the first hundred. */
export function useAttributeChoices() {
  return useQuery({
    queryKey: queryKeys.attributes.choices(),
    queryFn: async () => (await http.get<{ data: Attribute[] }>('/api/attributes', { params: { perPage: 100, sort: 'name' } })).data.data,
    staleTime: choicesStaleTime,
  });
}

/** Receipt templates a register may print with (not archived), with their paper width. */
export function useReceiptTemplateChoices() {
  return useQuery({
    queryKey: queryKeys.receipts.choices(),
    queryFn: async () => (await http.get<{ data: ReceiptTemplateOption[] }>('/api/receipts/list')).data.data,
    staleTime: choicesStaleTime,
  });
}

/** Registers with their outlet, by name: the first hundred is plenty for a shop (there is no `/api/registers/list`). */
export function useRegisterChoices(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.registers.choices(),
    queryFn: async () =>
      (await http.get<{ data: Array<Choice & { outletId: number; outletName: string }> }>('/api/registers', { params: { perPage: 100, sort: 'name' } })).data.data,
    staleTime: choicesStaleTime,
    ...options,
  });
}

/** Staff (administrators and cashiers: both ring up sales), by name; the first hundred. */
export function useUserChoices(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.users.choices(),
    queryFn: async () => (await http.get<{ data: Choice[] }>('/api/users', { params: { perPage: 100, sort: 'name' } })).data.data,
    staleTime: choicesStaleTime,
    ...options,
  });
}
