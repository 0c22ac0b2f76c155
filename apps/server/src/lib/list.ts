import { pageMetaOf, type ListQuery, type PageMeta } from '@tillbook/contract';
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import { AppError } from './errors.ts';

/**
 * `sort=name` or `sort=-createdAt` (DESIGN.md §3) → ORDER BY, from the columns a list allows.
 * An unknown sort is bad input (422), never a silent fallback. The id is always the last key so
 * pages never overlap.
 */
export function orderByFrom(
  sort: string | undefined,
  columns: Record<string, AnyColumn | SQL>,
  fallback: string,
  tieBreaker: AnyColumn,
): SQL[] {
  const value = sort ?? fallback;
  const isDescending = value.startsWith('-');
  const key = isDescending ? value.slice(1) : value;
  const column = columns[key];
  if (!column) {
    const allowed = Object.keys(columns).flatMap((k) => [k, `-${k}`]);
    throw AppError.validation({ sort: [`The sort must be one of: ${allowed.join(', ')}.`] });
  }
  return [isDescending ? desc(column) : asc(column), isDescending ? desc(tieBreaker) : asc(tieBreaker)];
}

export type Page<T> = { data: T[]; meta: PageMeta };

/** Runs the count and the page of rows together and shapes the list answer. */
export async function paginate<T>(
  query: Pick<ListQuery, 'page' | 'perPage'>,
  count: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<T[]>,
): Promise<Page<T>> {
  const [total, data] = await Promise.all([count(), rows(query.perPage, (query.page - 1) * query.perPage)]);
  return { data, meta: pageMetaOf(query.page, query.perPage, total) };
}

/** `%term%` for ILIKE with the user's %, _ and \ taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
