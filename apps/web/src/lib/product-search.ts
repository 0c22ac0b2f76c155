import type { PageMeta, PickedVariant, Product, ProductListItem } from '@tillbook/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from './http.ts';
import { queryKeys } from './query-keys.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/**
 * The catalogue searched as the person types (title, SKU or barcode), for the product pickers of
 * other screens. The request waits for a pause in the typing, and results of an earlier term are
 * never offered: a click must add what the person sees for what they typed.
 */
export function useProductSearch(text: string, perPage: number) {
  const typed = text.trim();
  const term = useDebouncedValue(typed);
  const params = { search: term, perPage };
  const search = useQuery({
    queryKey: queryKeys.products.list(params),
    queryFn: async () => (await http.get<{ data: ProductListItem[]; meta: PageMeta }>('/api/products', { params })).data,
    select: (page) => page.data,
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
  });
  const isStale = term !== typed || search.isPlaceholderData;
  return {
    term: typed,
    results: typed && !isStale ? (search.data ?? []) : [],
    isSearching: isStale || search.isPending,
    error: search.isError ? search.error : null,
  };
}

/** The whole product with its variants (which variant of a picked product). */
export async function fetchProduct(productId: number): Promise<Product> {
  return (await http.get<{ data: Product }>(`/api/products/${productId}/edit`)).data.data;
}

/** The variants whose barcode or SKU is exactly the code (what a scanner typed). */
export async function findVariantsByCode(code: string): Promise<PickedVariant[]> {
  return (await http.get<{ data: PickedVariant[] }>('/api/products/variants', { params: { code } })).data.data;
}
