import type { PageMeta, User } from '@tillbook/contract';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useOutletChoices } from '../lib/choices.ts';
import type { Column } from './ui/data-table.tsx';

/** A select above the list whose value lives in the address under `key` (?active=1). */
export type ListFilter = { key: string; label: string; allLabel: string; options: { value: string; label: string }[] };

/** The query the list sends: page, perPage, search, sort and the filters' values. */
export type ListQueryParams = Record<string, string | number>;

/** A filter from its choices as [value, label] pairs: listFilter('kind', 'Kind', 'All kinds', [['fixed', 'Fixed amount'], …]). */
export function listFilter(key: string, label: string, allLabel: string, choices: Iterable<readonly [value: string, label: string]>): ListFilter {
  return { key, label, allLabel, options: Array.from(choices, ([value, text]) => ({ value, label: text })) };
}

/** A select of a yes and a no, sent as 1 / 0 (?active=1). */
export function yesNoFilter(key: string, label: string, allLabel: string, [yes, no]: [yes: string, no: string]): ListFilter {
  return listFilter(key, label, allLabel, [
    ['1', yes],
    ['0', no],
  ]);
}

/** The outlet filter (?outletId=3), its choices loaded. */
export function useOutletFilter(): ListFilter {
  const outlets = useOutletChoices();
  return listFilter('outletId', 'Outlet', 'All outlets', (outlets.data ?? []).map((o) => [String(o.id), o.name] as const));
}

/** The status filter most lists have (?active=1 / 0). */
export const activeFilter: ListFilter = yesNoFilter('active', 'Status', 'All statuses', ['Active', 'Inactive']);

/**
 * Everything a list screen of one area says and does (DESIGN.md §2 "the kit"): the words, the
 * columns, the filters, where its rows come from and what its rows can do. The page itself —
 * search and filters in the address, sorting, paging, edit and confirm-delete, empty, loading and
 * error states — is `ResourceListPage`, the same for every area.
 */
export type ResourceList<T extends { id: number }> = {
  title: string;
  description: ReactNode;
  /** Plural, lower case: "outlets" (search label, pagination, empty states). */
  noun: string;
  /** The pagination's noun when it is shorter than `noun` ("charges"). */
  pagingNoun?: string;
  /**
   * Edit and Delete named by their text alone, not "Edit {label}": for lists whose tests find the
   * name link by a part of its name, which "Edit {label}" would match too.
   */
  plainRowActions?: boolean;
  /** Follows "Add the first one" in the empty list, an example of a first row (", e.g. Size with S, M and L."). */
  emptyHint?: ReactNode;
  /** "/outlets": the list links to `${basePath}/new` and `${basePath}/{id}/edit`. */
  basePath: string;
  searchPlaceholder: string;
  /** The sort when the address has none; "name" unless said. */
  defaultSort?: string;
  /** How a row is named in the Edit / Delete buttons' accessible names ("Edit Main store"). */
  labelOf: (row: T) => string;
  /** Filters above the table (a hook: they may load their options). */
  useFilters?: () => ListFilter[];
  useRows: (params: ListQueryParams) => UseQueryResult<{ data: T[]; meta: PageMeta }>;
  /** The area's columns (a hook: they may read settings or other lists); the actions column is added. */
  useColumns: () => Column<T>[];
  /** Who may add, edit and delete here (everyone unless said): a cashier may only read some lists. */
  canManage?: (me: User | null) => boolean;
  /** Delete from the row, after a confirmation; leave out for areas whose rows cannot be deleted. */
  remove?: {
    useDelete: () => UseMutationResult<unknown, Error, number>;
    canDelete?: (row: T, me: User | null) => boolean;
    title: string;
    warning: (row: T) => ReactNode;
    deletedMessage: (row: T) => string;
  };
  /** Extra header actions before "Add New" (an export). */
  actions?: (params: ListQueryParams, me: User | null) => ReactNode;
  /** Rows become selectable; the bar shows while some are selected. */
  bulk?: (ids: number[], clear: () => void) => ReactNode;
  /** Extra row actions before Edit. */
  rowActions?: (row: T) => ReactNode;
  /** Address values sent to the API without a select of their own (set by links from other screens: ?receiptTemplateId=4). */
  addressParams?: string[];
  /** Controls after the filters, given the address values (e.g. a button that clears an address param). */
  toolbar?: (list: { get: (key: string) => string | undefined; set: (patch: Record<string, string | undefined>) => void }) => ReactNode;
  /** Said when nothing was searched or filtered and there are no rows (instead of "No X yet."). */
  emptyMessage?: ReactNode;
  /** Said when a search or filter matches nothing (instead of "No X match this search."). */
  noMatchMessage?: string;
};
