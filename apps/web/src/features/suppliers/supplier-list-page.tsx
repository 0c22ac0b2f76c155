import type { SupplierListItem } from '@tillbook/contract';
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
import { useBulkSuppliers, useDeleteSupplier, useSuppliers } from './api.ts';
import { StatusBulkBar } from '../../components/status-bulk-bar.tsx';

const none = <span className="text-gray-400">—</span>;

export function SupplierListPage() {
  const bulk = useBulkSuppliers();
  const list = useListParams({ sort: 'companyName' });
  const active = list.get('active');
  const suppliers = useSuppliers(list.query({ active }));
  const remove = useDeleteSupplier();
  const [toDelete, setToDelete] = useState<SupplierListItem | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());

  const columns: Column<SupplierListItem>[] = [
    {
      key: 'companyName',
      header: 'Company',
      sortKey: 'companyName',
      cell: (s) => (
        <Link to={`/suppliers/${s.id}/edit`} className="font-medium text-indigo-700 hover:underline">
          {s.companyName}
        </Link>
      ),
    },
    { key: 'contactPerson', header: 'Contact', cell: (s) => s.contactPerson ?? none },
    { key: 'email', header: 'E-mail', cell: (s) => (s.email ? <a href={`mailto:${s.email}`} className="hover:underline">{s.email}</a> : none) },
    { key: 'phone', header: 'Phone', cell: (s) => s.phone ?? none },
    { key: 'paymentTerms', header: 'Payment terms', cell: (s) => s.paymentTerms ?? none },
    { key: 'productCount', header: 'Products', align: 'right', cell: (s) => s.productCount },
    { key: 'active', header: 'Status', cell: (s) => <ActiveBadge active={s.active} /> },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (s) => (
        <div className="flex justify-end gap-1">
          <Link to={`/suppliers/${s.id}/edit`} className="rounded px-2 py-1 text-xs font-semibold text-indigo-700 uppercase hover:bg-indigo-50">
            Edit
          </Link>
          <Button variant="ghost" className="px-2 py-1 text-xs text-red-700" onClick={() => setToDelete(s)}>
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
        notify.success(`Supplier “${toDelete.companyName}” deleted.`);
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
        title="Suppliers"
        description="The companies you buy stock from, and what each one supplies at which cost."
        actions={
          <Link to="/suppliers/new">
            <Button tabIndex={-1}>Add New</Button>
          </Link>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchInput label="Search suppliers" placeholder="Search by company, contact or e-mail" value={list.search} onChange={list.setSearch} />
        <Select aria-label="Status" className="w-40" value={active ?? ''} onChange={(e) => list.set({ active: e.target.value })}>
          <option value="">All statuses</option>
          <option value="1">Active</option>
          <option value="0">Inactive</option>
        </Select>
      </div>
      {selected.size > 0 && (
        <StatusBulkBar ids={[...selected]} onDone={() => setSelected(new Set())} noun={['supplier', 'suppliers']} bulk={bulk} deleteWarning="The suppliers and their product lists will be removed. Deactivate a supplier instead to keep its details." />
      )}
      <DataTable
        caption="Suppliers"
        columns={columns}
        rows={suppliers.data?.data}
        rowKey={(s) => s.id}
        isLoading={suppliers.isFetching}
        error={suppliers.isError ? errorMessageOf(suppliers.error) : null}
        onRetry={() => void suppliers.refetch()}
        sort={list.sort}
        onSortChange={list.setSort}
        selection={{ selected, onChange: setSelected, idOf: (s) => s.id }}
        empty={
          list.search || active ? (
            'No suppliers match this search.'
          ) : (
            <>
              No suppliers yet. <Link to="/suppliers/new" className="text-link">Add the first one</Link>.
            </>
          )
        }
      />
      <Pagination meta={suppliers.data?.meta} onPageChange={list.setPage} noun="suppliers" />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this supplier?"
        confirmLabel="Delete"
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        “{toDelete?.companyName}” and the list of products it supplies will be removed.
      </ConfirmDialog>
    </Page>
  );
}
