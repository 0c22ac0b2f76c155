import type { Tax } from '@tillbook/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActiveBadge, Badge } from '../../components/ui/badge.tsx';
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
import { useBulkTaxes, useDeleteTax, useTaxes } from './api.ts';
import { StatusBulkBar } from '../../components/status-bulk-bar.tsx';

export function TaxListPage() {
  const bulk = useBulkTaxes();
  const list = useListParams({ sort: 'name' });
  const active = list.get('active');
  const isInclusive = list.get('isInclusive');
  const taxes = useTaxes(list.query({ active, isInclusive }));
  const remove = useDeleteTax();
  const [toDelete, setToDelete] = useState<Tax | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const isFiltered = Boolean(list.search || active || isInclusive);

  const columns: Column<Tax>[] = [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (t) => (
        <Link to={`/taxes/${t.id}/edit`} className="font-medium text-indigo-700 hover:underline">
          {t.name}
        </Link>
      ),
    },
    { key: 'rate', header: 'Rate', sortKey: 'rate', align: 'right', cell: (t) => `${t.rate} %` },
    {
      key: 'type',
      header: 'Type',
      cell: (t) => (
        <div className="flex flex-wrap gap-1">
          <Badge tone={t.isInclusive ? 'indigo' : 'gray'}>{t.isInclusive ? 'Inclusive' : 'Exclusive'}</Badge>
          {t.isCompound && <Badge tone="amber">Compound</Badge>}
        </div>
      ),
    },
    {
      key: 'products',
      header: 'Products',
      align: 'right',
      cell: (t) => (t.productCount === 0 ? <span className="text-gray-400">None</span> : t.productCount.toLocaleString()),
    },
    { key: 'active', header: 'Status', cell: (t) => <ActiveBadge active={t.active} /> },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (t) => (
        <div className="flex justify-end gap-1">
          <Link to={`/taxes/${t.id}/edit`} className="rounded px-2 py-1 text-xs font-semibold text-indigo-700 uppercase hover:bg-indigo-50">
            Edit
          </Link>
          <Button variant="ghost" className="px-2 py-1 text-xs text-red-700" onClick={() => setToDelete(t)}>
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
        notify.success(`Tax “${toDelete.name}” deleted.`);
        setSelected((previous) => new Set([...previous].filter((id) => id !== toDelete.id)));
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
        title="Taxes"
        description="Rates that products carry: added to the price or included in it, and compound (tax on tax) where the law says so."
        actions={
          <Link to="/taxes/new">
            <Button tabIndex={-1}>Add New</Button>
          </Link>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <div className="w-72">
          <SearchInput label="Search taxes" placeholder="Search by name or rate" value={list.search} onChange={list.setSearch} />
        </div>
        <Select aria-label="Type" className="w-44" value={isInclusive ?? ''} onChange={(e) => list.set({ isInclusive: e.target.value })}>
          <option value="">All types</option>
          <option value="0">Exclusive</option>
          <option value="1">Inclusive</option>
        </Select>
        <Select aria-label="Status" className="w-40" value={active ?? ''} onChange={(e) => list.set({ active: e.target.value })}>
          <option value="">All statuses</option>
          <option value="1">Active</option>
          <option value="0">Inactive</option>
        </Select>
      </div>
      {selected.size > 0 && (
        <StatusBulkBar ids={[...selected]} onDone={() => setSelected(new Set())} noun={['tax', 'taxes']} bulk={bulk} deleteWarning="Taxes that products carry, or that new products get by default, cannot be deleted; if one of them is among the selection nothing is deleted. Deactivate them instead." />
      )}
      <DataTable
        caption="Taxes"
        columns={columns}
        rows={taxes.data?.data}
        rowKey={(t) => t.id}
        isLoading={taxes.isFetching}
        error={taxes.isError ? errorMessageOf(taxes.error) : null}
        onRetry={() => void taxes.refetch()}
        sort={list.sort}
        onSortChange={list.setSort}
        selection={{ selected, onChange: setSelected, idOf: (t) => t.id }}
        empty={
          isFiltered ? (
            'No taxes match this search.'
          ) : (
            <>
              No taxes yet. <Link to="/taxes/new" className="text-link">Add the first one</Link>, e.g. a 7.5 % sales
              tax or a 20 % VAT included in prices.
            </>
          )
        }
      />
      <Pagination meta={taxes.data?.meta} onPageChange={list.setPage} noun="taxes" />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this tax?"
        confirmLabel="Delete"
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        “{toDelete?.name}” will be removed. A tax that products carry, or that new products get by default, cannot be deleted:
        deactivate it instead.
      </ConfirmDialog>
    </Page>
  );
}
