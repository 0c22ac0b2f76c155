import type { RegisterListItem } from '@tillbook/contract';
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
import { useUser } from '../../lib/auth.ts';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useListParams } from '../../lib/list-params.ts';
import { notify } from '../../lib/notifications.tsx';
import { useDeleteRegister, useOutletOptions, useRegisters } from './api.ts';

/** /registers: administrators manage every register; a cashier sees the active ones of their outlet. */
export function RegisterListPage() {
  const user = useUser();
  const isAdministrator = user?.type === 'administrator';
  return isAdministrator ? <AdministratorRegisterList /> : <CashierRegisterList />;
}

function nameColumn(linkToEdit: boolean): Column<RegisterListItem> {
  return {
    key: 'name',
    header: 'Name',
    sortKey: 'name',
    cell: (r) =>
      linkToEdit ? (
        <Link to={`/registers/${r.id}/edit`} className="font-medium text-indigo-700 hover:underline">
          {r.name}
        </Link>
      ) : (
        <span className="font-medium text-gray-900">{r.name}</span>
      ),
  };
}

const sharedColumns: Column<RegisterListItem>[] = [
  { key: 'slug', header: 'Slug', sortKey: 'slug', cell: (r) => <span className="font-mono text-xs">{r.slug}</span> },
  { key: 'outlet', header: 'Outlet', sortKey: 'outlet', cell: (r) => r.outletName },
  { key: 'receipt', header: 'Receipt template', cell: (r) => r.receiptTemplateName },
  {
    key: 'drawer',
    header: 'Drawer',
    cell: (r) =>
      r.drawer ? (
        <div>
          <Badge tone="green">Open</Badge>
          <div className="mt-0.5 text-xs whitespace-nowrap text-gray-600">
            {r.drawer.openedByName} since {new Date(r.drawer.openedAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
          </div>
        </div>
      ) : (
        <Badge tone="gray">Closed</Badge>
      ),
  },
];

const actionLink = 'rounded px-2 py-1 text-xs font-semibold text-indigo-700 uppercase hover:bg-indigo-50';

/** Open drawer when it is closed; Sell and Drawer while it is open. An inactive register cannot be opened. */
function DrawerActions({ register }: { register: RegisterListItem }) {
  if (register.drawer) {
    return (
      <>
        <Link to={`/registers/${register.id}/sell`} className="rounded bg-indigo-600 px-3 py-1 text-xs font-semibold text-white uppercase hover:bg-indigo-500">
          Sell
        </Link>
        <Link to={`/registers/${register.id}/drawer`} className={actionLink}>
          Drawer
        </Link>
      </>
    );
  }
  if (!register.active) return null;
  return (
    <Link to={`/registers/${register.id}/drawer`} className={actionLink}>
      Open drawer
    </Link>
  );
}

function AdministratorRegisterList() {
  const list = useListParams({ sort: 'name' });
  const outletId = list.get('outletId');
  const active = list.get('active');
  // Set by the receipts list ("registers using this template").
  const receiptTemplateId = list.get('receiptTemplateId');
  const registers = useRegisters(list.query({ outletId, receiptTemplateId, active }));
  const outlets = useOutletOptions();
  const remove = useDeleteRegister();
  const [toDelete, setToDelete] = useState<RegisterListItem | null>(null);

  const columns: Column<RegisterListItem>[] = [
    nameColumn(true),
    ...sharedColumns,
    { key: 'active', header: 'Status', cell: (r) => <ActiveBadge active={r.active} /> },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (r) => (
        <div className="flex items-center justify-end gap-1">
          <DrawerActions register={r} />
          <Link to={`/registers/${r.id}/edit`} className={actionLink}>
            Edit
          </Link>
          <Button variant="ghost" className="px-2 py-1 text-xs text-red-700" onClick={() => setToDelete(r)}>
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
        notify.success(`Register “${toDelete.name}” deleted.`);
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
        title="Registers"
        description="The tills of each outlet and the receipt template each prints with."
        actions={
          <Link to="/registers/new">
            <Button tabIndex={-1}>Add New</Button>
          </Link>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchInput label="Search registers" placeholder="Search by name or slug" value={list.search} onChange={list.setSearch} />
        <Select aria-label="Outlet" className="w-48" value={outletId ?? ''} onChange={(e) => list.set({ outletId: e.target.value })}>
          <option value="">All outlets</option>
          {outlets.data?.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </Select>
        <Select aria-label="Status" className="w-40" value={active ?? ''} onChange={(e) => list.set({ active: e.target.value })}>
          <option value="">All statuses</option>
          <option value="1">Active</option>
          <option value="0">Inactive</option>
        </Select>
        {receiptTemplateId && (
          <Button variant="ghost" className="px-2 py-1 text-xs normal-case" onClick={() => list.set({ receiptTemplateId: undefined })}>
            Printing with one template · show all
          </Button>
        )}
      </div>
      <DataTable
        caption="Registers"
        columns={columns}
        rows={registers.data?.data}
        rowKey={(r) => r.id}
        isLoading={registers.isFetching}
        error={registers.isError ? errorMessageOf(registers.error) : null}
        onRetry={() => void registers.refetch()}
        sort={list.sort}
        onSortChange={list.setSort}
        empty={
          list.search || outletId || active || receiptTemplateId ? (
            'No registers match these filters.'
          ) : (
            <>
              No registers yet. <Link to="/registers/new" className="text-link">Add the first one</Link>.
            </>
          )
        }
      />
      <Pagination meta={registers.data?.meta} onPageChange={list.setPage} noun="registers" />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this register?"
        confirmLabel="Delete"
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        “{toDelete?.name}” will be removed. A register with sales cannot be deleted: deactivate it instead.
      </ConfirmDialog>
    </Page>
  );
}

function CashierRegisterList() {
  const list = useListParams({ sort: 'name' });
  const registers = useRegisters(list.query());
  const columns: Column<RegisterListItem>[] = [
    nameColumn(false),
    ...sharedColumns,
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (r) => (
        <div className="flex items-center justify-end gap-1">
          <DrawerActions register={r} />
        </div>
      ),
    },
  ];
  return (
    <Page>
      <PageHeader title="Registers" description="The registers of your outlet. Open a drawer with its float to start selling." />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchInput label="Search registers" placeholder="Search by name or slug" value={list.search} onChange={list.setSearch} />
      </div>
      <DataTable
        caption="Registers"
        columns={columns}
        rows={registers.data?.data}
        rowKey={(r) => r.id}
        isLoading={registers.isFetching}
        error={registers.isError ? errorMessageOf(registers.error) : null}
        onRetry={() => void registers.refetch()}
        sort={list.sort}
        onSortChange={list.setSort}
        empty={
          list.search
            ? 'No registers match this search.'
            : 'Your outlet has no active registers. Ask an administrator to add one, or to assign you to an outlet.'
        }
      />
      <Pagination meta={registers.data?.meta} onPageChange={list.setPage} noun="registers" />
    </Page>
  );
}
