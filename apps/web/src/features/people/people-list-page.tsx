import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { DataTable, type Column } from '../../components/ui/data-table.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { useUser } from '../../lib/auth.ts';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useListParams } from '../../lib/list-params.ts';
import { notify } from '../../lib/notifications.tsx';
import { customerListMode } from './customer-list-mode.tsx';
import type { ListMode, PeopleMode } from './list-mode.ts';
import { userListMode } from './user-list-mode.tsx';

/** The one list screen of customers and staff users (SPEC.md §2: shared, by mode). */
export function PeopleListPage({ mode }: { mode: PeopleMode }) {
  return mode === 'customers' ? <PeopleList key={mode} config={customerListMode} /> : <PeopleList key={mode} config={userListMode} />;
}

export function CustomerListPage() {
  return <PeopleListPage mode="customers" />;
}

export function UserListPage() {
  return <PeopleListPage mode="users" />;
}

function PeopleList<T extends { id: number; name: string }>({ config }: { config: ListMode<T> }) {
  const me = useUser();
  const list = useListParams({ sort: 'name' });
  const filters = config.useFilters();
  const filterValues = Object.fromEntries(filters.map((f) => [f.key, list.get(f.key)]));
  const params = list.query(filterValues) as Record<string, string | number>;
  const rows = config.useRows(params);
  const remove = config.useDelete();
  const [toDelete, setToDelete] = useState<T | null>(null);
  const isFiltered = Boolean(list.search) || Object.values(filterValues).some(Boolean);

  const columns: Column<T>[] = [
    ...config.useColumns(),
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (row) => (
        <div className="flex justify-end gap-1">
          <Link
            to={`${config.basePath}/${row.id}/edit`}
            aria-label={`Edit ${row.name}`}
            className="rounded px-2 py-1 text-xs font-semibold text-indigo-700 uppercase hover:bg-indigo-50"
          >
            Edit
          </Link>
          {config.canDelete(row, me) && (
            <Button variant="ghost" aria-label={`Delete ${row.name}`} className="px-2 py-1 text-xs text-red-700" onClick={() => setToDelete(row)}>
              Delete
            </Button>
          )}
        </div>
      ),
    },
  ];

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        notify.success(config.deletedMessage(toDelete));
        setToDelete(null);
      },
      onError: (error) => {
        notify.error(errorMessageOf(error));
        setToDelete(null);
      },
    });
  }

  return (
    <Page>
      <PageHeader
        title={config.title}
        description={config.description}
        actions={
          <>
            {config.actions?.(params, me)}
            <Link to={`${config.basePath}/new`}>
              <Button tabIndex={-1}>Add New</Button>
            </Link>
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchInput label={`Search ${config.noun}`} placeholder={config.searchPlaceholder} value={list.search} onChange={list.setSearch} />
        {filters.map((filter) => (
          <Select
            key={filter.key}
            aria-label={filter.label}
            className="w-52"
            value={list.get(filter.key) ?? ''}
            onChange={(e) => list.set({ [filter.key]: e.target.value })}
          >
            <option value="">{filter.allLabel}</option>
            {filter.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        ))}
      </div>
      <DataTable
        caption={config.title}
        columns={columns}
        rows={rows.data?.data}
        rowKey={(row) => row.id}
        isLoading={rows.isFetching}
        error={rows.isError ? errorMessageOf(rows.error) : null}
        onRetry={() => void rows.refetch()}
        sort={list.sort}
        onSortChange={list.setSort}
        empty={
          isFiltered ? (
            `No ${config.noun} match this search.`
          ) : (
            <>
              No {config.noun} yet.{' '}
              <Link to={`${config.basePath}/new`} className="text-indigo-700 hover:underline">
                Add the first one
              </Link>
              .
            </>
          )
        }
      />
      <Pagination meta={rows.data?.meta} onPageChange={list.setPage} noun={config.noun} />
      <ConfirmDialog
        open={toDelete !== null}
        title={config.deleteTitle}
        confirmLabel="Delete"
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        {toDelete && config.deleteWarning(toDelete)}
      </ConfirmDialog>
    </Page>
  );
}
