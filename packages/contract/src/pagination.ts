import { z } from 'zod';

/** Beyond any list: page × perPage stays a small offset. */
export const MAX_PAGE = 10_000_000;

/** List query of DESIGN.md §3: page, perPage (default 25, max 100), search, sort. */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE, `The page may not be greater than ${MAX_PAGE}.`).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
  search: z.string().trim().max(200).optional(),
  sort: z.string().max(60).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const pageMeta = z.object({
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  lastPage: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMeta>;

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageMeta });
}

export function pageMetaOf(page: number, perPage: number, total: number): PageMeta {
  return { page, perPage, total, lastPage: Math.max(1, Math.ceil(total / perPage)) };
}
