import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { errorMessageOf } from '../lib/api-error.ts';
import { PageLoading } from './page-loading.tsx';
import { Alert } from './ui/alert.tsx';
import { Page, PageHeader } from './ui/page-header.tsx';

/** The `:id` of /X/{id}/edit as a number, or undefined on /X/new. */
export function useRecordId(): number | undefined {
  const { id } = useParams();
  return id === undefined ? undefined : Number(id);
}

type RecordPageProps<T> = {
  /** undefined: a new record, nothing to load. */
  id: number | undefined;
  query: UseQueryResult<T>;
  /** The title the page shows when the record cannot be loaded ("Edit outlet"). */
  title: string;
  /** The form, given the loaded record (undefined for a new one); it is keyed by id so it starts afresh. */
  children: (record: T | undefined) => ReactNode;
};

/** The load → loading / error / form wrapper every create-and-edit screen shares. */
export function RecordPage<T>({ id, query, title, children }: RecordPageProps<T>) {
  if (id !== undefined && query.isPending) return <PageLoading className="py-24" />;
  if (id !== undefined && query.isError) {
    return (
      <Page>
        <PageHeader title={title} />
        <Alert tone="error">{errorMessageOf(query.error)}</Alert>
      </Page>
    );
  }
  return <>{children(query.data)}</>;
}
