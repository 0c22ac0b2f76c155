import type { AdditionalCharge } from '@tillbook/contract';
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
import { useMoney } from '../../lib/shop-settings.ts';
import { useAdditionalCharges, useDeleteAdditionalCharge } from './api.ts';

const basePath = '/products/additional-charges';

export function AdditionalChargeListPage() {
  const list = useListParams({ sort: 'name' });
  const active = list.get('active');
  const kind = list.get('kind');
  const charges = useAdditionalCharges(list.query({ active, kind }));
  const remove = useDeleteAdditionalCharge();
  const money = useMoney();
  const [toDelete, setToDelete] = useState<AdditionalCharge | null>(null);

  const columns: Column<AdditionalCharge>[] = [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (c) => (
        <Link to={`${basePath}/${c.id}/edit`} className="font-medium text-indigo-700 hover:underline">
          {c.name}
        </Link>
      ),
    },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      cell: (c) => (c.kind === 'fixed' ? money.format(c.amount ?? 0) : `${c.rate} %`),
    },
    {
      key: 'per',
      header: 'Charged',
      cell: (c) => (c.kind === 'percentage' ? 'Of the price' : c.per === 'unit' ? 'Per unit' : 'Per line'),
    },
    { key: 'taxable', header: 'Tax', cell: (c) => <Badge tone={c.isTaxable ? 'indigo' : 'gray'}>{c.isTaxable ? 'Taxable' : 'Not taxed'}</Badge> },
    {
      key: 'products',
      header: 'Products',
      align: 'right',
      cell: (c) => (c.productCount === 0 ? <span className="text-gray-400">None</span> : c.productCount.toLocaleString()),
    },
    { key: 'active', header: 'Status', cell: (c) => <ActiveBadge active={c.active} /> },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (c) => (
        <div className="flex justify-end gap-1">
          <Link to={`${basePath}/${c.id}/edit`} className="rounded px-2 py-1 text-xs font-semibold text-indigo-700 uppercase hover:bg-indigo-50">
            Edit
          </Link>
          <Button variant="ghost" className="px-2 py-1 text-xs text-red-700" onClick={() => setToDelete(c)}>
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
        notify.success(`Charge “${toDelete.name}” deleted.`);
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
        title="Additional charges"
        description="Added automatically when a product that carries them is sold: bottle deposits, packaging fees, service charges."
        actions={
          <Link to={`${basePath}/new`}>
            <Button tabIndex={-1}>Add New</Button>
          </Link>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <div className="w-72">
          <SearchInput label="Search additional charges" placeholder="Search by name" value={list.search} onChange={list.setSearch} />
        </div>
        <Select aria-label="Kind" className="w-44" value={kind ?? ''} onChange={(e) => list.set({ kind: e.target.value })}>
          <option value="">All kinds</option>
          <option value="fixed">Fixed amount</option>
          <option value="percentage">Percentage</option>
        </Select>
        <Select aria-label="Status" className="w-40" value={active ?? ''} onChange={(e) => list.set({ active: e.target.value })}>
          <option value="">All statuses</option>
          <option value="1">Active</option>
          <option value="0">Inactive</option>
        </Select>
      </div>
      <DataTable
        caption="Additional charges"
        columns={columns}
        rows={charges.data?.data}
        rowKey={(c) => c.id}
        isLoading={charges.isFetching}
        error={charges.isError ? errorMessageOf(charges.error) : null}
        onRetry={() => void charges.refetch()}
        sort={list.sort}
        onSortChange={list.setSort}
        empty={
          list.search || active || kind ? (
            'No additional charges match this search.'
          ) : (
            <>
              No additional charges yet.{' '}
              <Link to={`${basePath}/new`} className="text-indigo-700 hover:underline">
                Add the first one
              </Link>
              , e.g. a bottle deposit of {money.format(25)} per unit.
            </>
          )
        }
      />
      <Pagination meta={charges.data?.meta} onPageChange={list.setPage} noun="charges" />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this charge?"
        confirmLabel="Delete"
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        “{toDelete?.name}” will be removed. A charge that products carry cannot be deleted: deactivate it instead.
      </ConfirmDialog>
    </Page>
  );
}
