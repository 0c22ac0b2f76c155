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
  /** The way back to the list, shown above the error too ("← Coupons"). */
  back?: ReactNode;
  /**
   * Other answers the form cannot open without (the shop's settings for its currency's decimals,
   * the outlets a product stocks in): loading and failing like the record itself, for new ones too.
   */
  needs?: UseQueryResult<unknown>[];
  /** The form, given the loaded record (undefined for a new one); it is keyed by id so it starts afresh. */
  children: (record: T | undefined) => ReactNode;
};

/** The load → loading / error / form wrapper every create-and-edit screen shares. */
export function RecordPage<T>({ id, query, title, back, needs = [], children }: RecordPageProps<T>) {
  const awaited = id === undefined ? needs : [query, ...needs];
  if (awaited.some((q) => q.isPending)) return <PageLoading className="py-24" />;
  const failed = awaited.find((q) => q.isError);
  if (failed) {
    return (
      <Page>
        <PageHeader title={title} back={back} />
        <Alert tone="error">{errorMessageOf(failed.error)}</Alert>
      </Page>
    );
  }
  return <>{children(query.data)}</>;
}
