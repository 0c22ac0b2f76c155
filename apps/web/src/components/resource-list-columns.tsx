import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../lib/class-names.ts';
import { ActiveBadge } from './ui/badge.tsx';
import type { Column } from './ui/data-table.tsx';

/** What an empty optional field shows in a list: a muted dash. */
export const noValue = <span className="text-gray-400">—</span>;

type NameColumnOptions<T> = {
  /** "/outlets": the name links to `${basePath}/{id}/edit`. */
  basePath: string;
  nameOf: (row: T) => string;
  /** "name" unless said; also the sort key. */
  key?: string;
  header?: ReactNode;
  /** The link's look: "font-medium" unless said ("font-mono font-semibold" for a code). */
  look?: string;
  /** Keep the name on one line (people's names, codes). */
  nowrap?: boolean;
  className?: string;
};

/** The first column of most lists: the row's name, sortable, linking to its edit screen. */
export function nameColumn<T extends { id: number }>({
  basePath,
  nameOf,
  key = 'name',
  header = 'Name',
  look = 'font-medium',
  nowrap = false,
  className,
}: NameColumnOptions<T>): Column<T> {
  return {
    key,
    header,
    sortKey: key,
    className,
    cell: (row) => (
      <Link to={`${basePath}/${row.id}/edit`} className={cn(look, nowrap && 'whitespace-nowrap', 'text-indigo-700 hover:underline')}>
        {nameOf(row)}
      </Link>
    ),
  };
}

/** Status: Active / Inactive, the same badge on every list. */
export function statusColumn<T extends { active: boolean }>(): Column<T> {
  return { key: 'active', header: 'Status', cell: (row) => <ActiveBadge active={row.active} /> };
}

/** Products: how many products carry the row, "None" when none do. */
export function productCountColumn<T extends { productCount: number }>({ className }: { className?: string } = {}): Column<T> {
  return {
    key: 'products',
    header: 'Products',
    align: 'right',
    className,
    cell: (row) => (row.productCount === 0 ? <span className="text-gray-400">None</span> : row.productCount.toLocaleString()),
  };
}

/** The look of a command in a row's actions ("Edit", "Copy", "Drawer"). */
export const rowActionClass = 'rounded px-2 py-1 text-xs font-semibold text-indigo-700 uppercase hover:bg-indigo-50';

/** The last column: the row's commands, right-aligned, its header read out as "Actions". */
export function actionsColumn<T>(actionsOf: (row: T) => ReactNode): Column<T> {
  return {
    key: 'actions',
    header: <span className="sr-only">Actions</span>,
    align: 'right',
    cell: (row) => <div className="flex justify-end gap-1">{actionsOf(row)}</div>,
  };
}
