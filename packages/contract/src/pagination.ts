import { z } from 'zod';
import { queryNumber, queryText } from './fields.ts';

/** Beyond any list: page × perPage stays a small offset. */
export const MAX_PAGE = 10_000_000;

/** List query of DESIGN.md §3: page, perPage (default 25, max 100), search, sort. */
export const listQuery = z.object({
  page: queryNumber('page', { min: 1, max: MAX_PAGE }).default(1),
  perPage: queryNumber('number per page', { min: 1, max: 100 }).default(25),
  search: queryText('search', 200).optional(),
  sort: queryText('sort', 60).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** Paging alone, for lists in a fixed order (a customer's orders, a product's history). */
export const pageQuery = listQuery.pick({ page: true, perPage: true });

/**
 * `sort` limited to a list's sorts ("name", "-name", …): checked with the rest of the query, so a
 * download (CSV export) is refused with a 422 before its first byte.
 */
export function sortQuery(sorts: readonly string[]) {
  const allowed = [...new Set(sorts.flatMap((s) => (s.startsWith('-') ? [s, s.slice(1)] : [s, `-${s}`])))];
  const message = `The sort must be one of: ${allowed.join(', ')}.`;
  return z.string({ error: message }).refine((v) => allowed.includes(v), message).optional();
}

export const pageMeta = z.object({
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  lastPage: z.number().int(),
  /** True when `total` is a cap and more match (a product search at a million products says "5,000+"). */
  totalCapped: z.boolean().optional(),
});
export type PageMeta = z.infer<typeof pageMeta>;

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageMeta });
}

export function pageMetaOf(page: number, perPage: number, total: number): PageMeta {
  return { page, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)) };
}
