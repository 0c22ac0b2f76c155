import type { PageMeta } from '@tillbook/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessageOf } from '../lib/api-error.ts';
import { DataTable, type Column } from './ui/data-table.tsx';
import { Pagination } from './ui/pagination.tsx';

type ListTableProps<T extends { id: number }> = {
  caption: string;
  columns: Column<T>[];
  /** A page of the list: its rows, loading and error states. */
  query: UseQueryResult<{ data: T[]; meta: PageMeta }>;
  /** The address's sort and page (`useListParams`); a list without sorting gives only `setPage`. */
  list: { sort?: string | undefined; setSort?: (sort: string) => void; setPage: (page: number) => void };
  /** What an empty list says. */
  empty: ReactNode;
  /** The pagination's noun: "Showing 1 to 20 of 31 orders". */
  noun: string;
  /** Rows become selectable (for a bulk bar). */
  selection?: { selected: Set<number>; onChange: (next: Set<number>) => void };
};

/** A page of a list screen's rows, sorted and paged through the address, then its pagination. */
export function ListTable<T extends { id: number }>({ caption, columns, query, list, empty, noun, selection }: ListTableProps<T>) {
  return (
    <>
      <DataTable
        caption={caption}
        columns={columns}
        rows={query.data?.data}
        rowKey={(row) => row.id}
        isLoading={query.isFetching}
        error={query.isError ? errorMessageOf(query.error) : null}
        onRetry={() => void query.refetch()}
        sort={list.sort}
        onSortChange={list.setSort}
        selection={selection && { ...selection, idOf: (row) => row.id }}
        empty={empty}
      />
      <Pagination meta={query.data?.meta} onPageChange={list.setPage} noun={noun} />
    </>
  );
}
