import type { ReactNode } from 'react';
import { cn } from '../../lib/class-names.ts';
import { Spinner } from './spinner.tsx';

export type Column<T> = {
  /** Stable key (also the column chooser's key). */
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The API's sort key; the header becomes a sort button when set. */
  sortKey?: string;
  align?: 'left' | 'right';
  className?: string;
};

type DataTableProps<T> = {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  isLoading?: boolean;
  /** A message when the list could not be loaded; `onRetry` offers to try again. */
  error?: string | null;
  onRetry?: () => void;
  /** What an empty list says, and usually how to fill it. */
  empty: ReactNode;
  /** Current sort, as the API takes it: "name" or "-name". */
  sort?: string;
  onSortChange?: (sort: string) => void;
  selection?: { selected: Set<number>; onChange: (next: Set<number>) => void; idOf: (row: T) => number };
  caption: string;
  /** Rows under the list (a report's totals), shown with the rows only. */
  footer?: ReactNode;
};

/** The one list table of the app: sorting, selection, and designed loading, empty and error states. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  isLoading,
  error,
  onRetry,
  empty,
  sort,
  onSortChange,
  selection,
  caption,
  footer,
}: DataTableProps<T>) {
  const colSpan = columns.length + (selection ? 1 : 0);
  const allIds = selection && rows ? rows.map(selection.idOf) : [];
  const isAllSelected = selection !== undefined && allIds.length > 0 && allIds.every((id) => selection.selected.has(id));

  function toggleAll() {
    if (!selection) return;
    selection.onChange(isAllSelected ? new Set() : new Set(allIds));
  }

  function toggle(id: number) {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    selection.onChange(next);
  }

  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white shadow-sm print:overflow-visible print:shadow-none">
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50">
          <tr>
            {selection && (
              <th scope="col" className="w-10 px-4 py-3">
                <input
                  type="checkbox"
                  aria-label="Select all rows on this page"
                  className="size-4 accent-indigo-600"
                  checked={isAllSelected}
                  onChange={toggleAll}
                />
              </th>
            )}
            {columns.map((column) => {
              const isSorted = sort === column.sortKey || sort === `-${column.sortKey}`;
              const isDescending = sort === `-${column.sortKey}`;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={isSorted ? (isDescending ? 'descending' : 'ascending') : undefined}
                  className={cn(
                    'px-4 py-3 text-xs font-semibold uppercase tracking-wide text-gray-600',
                    column.align === 'right' ? 'text-right' : 'text-left',
                    column.className,
                  )}
                >
                  {column.sortKey && onSortChange ? (
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 uppercase hover:text-gray-900"
                      onClick={() => onSortChange(isSorted && !isDescending ? `-${column.sortKey}` : (column.sortKey as string))}
                    >
                      {column.header}
                      <span aria-hidden="true" className="text-gray-400 print:hidden">
                        {isSorted ? (isDescending ? '▼' : '▲') : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {error ? (
            <tr>
              <td colSpan={colSpan} className="px-4 py-10 text-center">
                <p role="alert" className="text-sm text-red-700">
                  {error}
                </p>
                {onRetry && (
                  <button type="button" onClick={onRetry} className="mt-2 text-sm font-medium text-indigo-700 hover:underline">
                    Try again
                  </button>
                )}
              </td>
            </tr>
          ) : isLoading && !rows ? (
            <tr>
              <td colSpan={colSpan} className="px-4 py-10">
                <div role="status" aria-label="Loading" className="flex items-center justify-center gap-2 text-gray-500">
                  <Spinner className="size-5" /> Loading…
                </div>
              </td>
            </tr>
          ) : !rows || rows.length === 0 ? (
            <tr>
              <td colSpan={colSpan} className="px-4 py-10 text-center text-sm text-gray-600">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const id = selection?.idOf(row);
              return (
                <tr key={rowKey(row)} className={cn('hover:bg-gray-50', isLoading && 'opacity-60')}>
                  {selection && id !== undefined && (
                    <td className="px-4 py-3">
                      <input
                        type="checkbox"
                        aria-label="Select row"
                        className="size-4 accent-indigo-600"
                        checked={selection.selected.has(id)}
                        onChange={() => toggle(id)}
                      />
                    </td>
                  )}
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={cn('px-4 py-3 text-gray-800', column.align === 'right' && 'text-right tabular-nums', column.className)}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </tbody>
        {footer && !error && rows && rows.length > 0 && <tfoot className="border-t-2 border-gray-300 bg-gray-50 font-semibold">{footer}</tfoot>}
      </table>
    </div>
  );
}
