import type { Coupon } from '@tillbook/contract';
import { useState } from 'react';
import { Link } from 'react-router';
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
import { useBulkCoupons, useCoupons, useDeleteCoupon } from './api.ts';
import { StatusBulkBar } from '../../components/status-bulk-bar.tsx';
import { CouponStateBadge, couponValueOf, eligibilityOf, validityOf } from './coupon-display.tsx';

/** /coupons: every discount code with its value, validity, state and uses. */
export function CouponListPage() {
  const bulk = useBulkCoupons();
  const list = useListParams({ sort: '-createdAt' });
  const active = list.get('active');
  const state = list.get('state');
  const coupons = useCoupons(list.query({ active, state }));
  const remove = useDeleteCoupon();
  const money = useMoney();
  const [toDelete, setToDelete] = useState<Coupon | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const isFiltered = Boolean(list.search || active || state);

  const columns: Column<Coupon>[] = [
    {
      key: 'code',
      header: 'Code',
      sortKey: 'code',
      cell: (c) => (
        <Link to={`/coupons/${c.id}/edit`} className="font-mono font-semibold whitespace-nowrap text-indigo-700 hover:underline">
          {c.code}
        </Link>
      ),
    },
    { key: 'name', header: 'Name', cell: (c) => c.name },
    { key: 'value', header: 'Value', align: 'right', cell: (c) => couponValueOf(c, money.format) },
    {
      key: 'validity',
      header: 'Valid',
      sortKey: 'validUntil',
      cell: (c) => (
        <div className="flex flex-wrap items-center gap-2">
          <span className="whitespace-nowrap">{validityOf(c)}</span>
          <CouponStateBadge state={c.state} />
        </div>
      ),
    },
    {
      key: 'uses',
      header: 'Uses',
      align: 'right',
      cell: (c) => (
        <span className="whitespace-nowrap">
          {c.usageLimit === null ? c.usedCount.toLocaleString() : `${c.usedCount.toLocaleString()} / ${c.usageLimit.toLocaleString()}`}
        </span>
      ),
    },
    {
      key: 'eligibility',
      header: <span className="whitespace-nowrap">Applies to</span>,
      cell: (c) => <span className={c.appliesTo === 'all' ? 'text-gray-500' : undefined}>{eligibilityOf(c)}</span>,
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (c) => (
        <div className="flex justify-end gap-1">
          <Link to={`/coupons/${c.id}/edit`} className="rounded px-2 py-1 text-xs font-semibold text-indigo-700 uppercase hover:bg-indigo-50">
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
        notify.success(`Coupon ${toDelete.code} deleted.`);
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
        title="Coupons"
        description="Discount codes a cashier types at the till: a percentage or an amount off, for a time, up to a number of uses."
        actions={
          <Link to="/coupons/new">
            <Button tabIndex={-1}>Add New</Button>
          </Link>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <div className="w-72">
          <SearchInput label="Search coupons" placeholder="Search by code or name" value={list.search} onChange={list.setSearch} />
        </div>
        <Select aria-label="State" className="w-44" value={state ?? ''} onChange={(e) => list.set({ state: e.target.value })}>
          <option value="">All states</option>
          <option value="active">Active now</option>
          <option value="scheduled">Scheduled</option>
          <option value="expired">Expired</option>
          <option value="used-up">Used up</option>
          <option value="inactive">Inactive</option>
        </Select>
        <Select aria-label="Status" className="w-40" value={active ?? ''} onChange={(e) => list.set({ active: e.target.value })}>
          <option value="">All statuses</option>
          <option value="1">Switched on</option>
          <option value="0">Switched off</option>
        </Select>
      </div>
      {selected.size > 0 && (
        <StatusBulkBar ids={[...selected]} onDone={() => setSelected(new Set())} noun={['coupon', 'coupons']} bulk={bulk} deleteWarning="Coupons that orders have used cannot be deleted; if one of them is among the selection nothing is deleted. Deactivate them instead." />
      )}
      <DataTable
        caption="Coupons"
        columns={columns}
        rows={coupons.data?.data}
        rowKey={(c) => c.id}
        isLoading={coupons.isFetching}
        error={coupons.isError ? errorMessageOf(coupons.error) : null}
        onRetry={() => void coupons.refetch()}
        sort={list.sort}
        onSortChange={list.setSort}
        selection={{ selected, onChange: setSelected, idOf: (c) => c.id }}
        empty={
          isFiltered ? (
            'No coupons match this search.'
          ) : (
            <>
              No coupons yet. <Link to="/coupons/new" className="text-link">Add the first one</Link>, e.g. WELCOME10 for
              10 % off a first purchase.
            </>
          )
        }
      />
      <Pagination meta={coupons.data?.meta} onPageChange={list.setPage} noun="coupons" />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this coupon?"
        confirmLabel="Delete"
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        {toDelete?.code} will be removed. A coupon that orders have used cannot be deleted: deactivate it instead.
      </ConfirmDialog>
    </Page>
  );
}
