import type { Outlet } from '@tillbook/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActiveBadge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DataTable, type Column } from '../../components/ui/data-table.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useListParams } from '../../lib/list-params.ts';
import { notify } from '../../lib/notifications.tsx';
import { useDeleteOutlet, useOutlets } from './api.ts';

export function OutletListPage() {
  const list = useListParams({ sort: 'name' });
  const active = list.get('active');
  const outlets = useOutlets(list.query({ active }));
  const remove = useDeleteOutlet();
  const [toDelete, setToDelete] = useState<Outlet | null>(null);

  const columns: Column<Outlet>[] = [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (o) => (
        <Link to={`/outlets/${o.id}/edit`} className="font-medium text-indigo-700 hover:underline">
          {o.name}
        </Link>
      ),
    },
    { key: 'code', header: 'Code', sortKey: 'code', cell: (o) => <span className="font-mono text-xs">{o.code}</span> },
    { key: 'address', header: 'Address', cell: (o) => o.address ?? <span className="text-gray-400">—</span> },
    { key: 'phone', header: 'Phone', cell: (o) => o.phone ?? <span className="text-gray-400">—</span> },
    { key: 'active', header: 'Status', cell: (o) => <ActiveBadge active={o.active} /> },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (o) => (
        <div className="flex justify-end gap-1">
          <Link to={`/outlets/${o.id}/edit`} className="rounded px-2 py-1 text-xs font-semibold text-indigo-700 uppercase hover:bg-indigo-50">
            Edit
          </Link>
          <Button variant="ghost" className="px-2 py-1 text-xs text-red-700" onClick={() => setToDelete(o)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        notify.success(`Outlet “${toDelete.name}” deleted.`);
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
        title="Outlets"
        description="Your stores. Stock, registers and cashiers belong to an outlet."
        actions={
          <Link to="/outlets/new">
            <Button tabIndex={-1}>Add New</Button>
          </Link>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchInput label="Search outlets" placeholder="Search by name, code or address" value={list.search} onChange={list.setSearch} />
        <Select aria-label="Status" className="w-40" value={active ?? ''} onChange={(e) => list.set({ active: e.target.value })}>
          <option value="">All statuses</option>
          <option value="1">Active</option>
          <option value="0">Inactive</option>
        </Select>
      </div>
      <DataTable
        caption="Outlets"
        columns={columns}
        rows={outlets.data?.data}
        rowKey={(o) => o.id}
        isLoading={outlets.isFetching}
        error={outlets.isError ? errorMessageOf(outlets.error) : null}
        onRetry={() => void outlets.refetch()}
        sort={list.sort}
        onSortChange={list.setSort}
        empty={
          list.search || active ? (
            'No outlets match this search.'
          ) : (
            <>
              No outlets yet. <Link to="/outlets/new" className="text-link">Add the first one</Link>.
            </>
          )
        }
      />
      <Pagination meta={outlets.data?.meta} onPageChange={list.setPage} noun="outlets" />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this outlet?"
        confirmLabel="Delete"
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        “{toDelete?.name}” will be removed. An outlet with stock, staff or sales cannot be deleted: deactivate it instead.
      </ConfirmDialog>
    </Page>
  );
}
