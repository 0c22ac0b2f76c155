import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type ListParamValue = string | number | boolean | null | undefined;

/**
 * The list's state lives in the address (DESIGN.md §5: ?page=2&search=…), so back/forward and
 * shared links show the same list. Changing a filter or the search goes back to page 1.
 */
export function useListParams(defaults: { sort?: string; perPage?: number } = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page') ?? 1) || 1);
  const search = searchParams.get('search') ?? '';
  const sort = searchParams.get('sort') ?? defaults.sort;
  const perPage = Number(searchParams.get('perPage') ?? defaults.perPage ?? 25) || 25;

  const set = useCallback(
    (patch: Record<string, ListParamValue>, options: { keepPage?: boolean } = {}) => {
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined || value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (!options.keepPage && !('page' in patch)) next.delete('page');
        return next;
      });
    },
    [setSearchParams],
  );

  const get = useCallback((key: string) => searchParams.get(key) ?? undefined, [searchParams]);

  return useMemo(
    () => ({
      page,
      perPage,
      search,
      sort,
      get,
      set,
      setPage: (value: number) => set({ page: value === 1 ? undefined : value }, { keepPage: true }),
      setSearch: (value: string) => set({ search: value }),
      setSort: (value: string) => set({ sort: value }),
      /** The query the API takes: page, perPage, search, sort and the given filters. */
      query: (filters: Record<string, ListParamValue> = {}) => ({
        page,
        perPage,
        ...(search ? { search } : {}),
        ...(sort ? { sort } : {}),
        ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== '')),
      }),
    }),
    [page, perPage, search, sort, get, set],
  );
}
