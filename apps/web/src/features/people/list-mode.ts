import type { PageMeta, User } from '@tillbook/contract';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Column } from '../../components/ui/data-table.tsx';

export type PeopleMode = 'customers' | 'users';

export type ListFilter = { key: string; label: string; allLabel: string; options: { value: string; label: string }[] };

/** What the one people list needs to know about a mode: words, columns, filters and API. */
export type ListMode<T extends { id: number; name: string }> = {
  title: string;
  description: string;
  /** "customers", "staff users" (pagination and empty states). */
  noun: string;
  basePath: string;
  searchPlaceholder: string;
  useFilters: () => ListFilter[];
  useRows: (params: Record<string, string | number>) => UseQueryResult<{ data: T[]; meta: PageMeta }>;
  useColumns: () => Column<T>[];
  useDelete: () => UseMutationResult<void, Error, number>;
  canDelete: (row: T, me: User | null) => boolean;
  deleteTitle: string;
  deleteWarning: (row: T) => ReactNode;
  deletedMessage: (row: T) => string;
  /** Extra header actions (the customers' CSV export). */
  actions?: (params: Record<string, string | number>, me: User | null) => ReactNode;
};
