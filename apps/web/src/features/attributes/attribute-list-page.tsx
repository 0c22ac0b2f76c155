import type { Attribute } from '@tillbook/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DataTable, type Column } from '../../components/ui/data-table.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useListParams } from '../../lib/list-params.ts';
import { notify } from '../../lib/notifications.tsx';
import { useAttributes, useDeleteAttribute } from './api.ts';

/** Chips shown per row before "+N more": a 100-option attribute must not fill the screen. */
const CHIPS_SHOWN = 12;

function OptionChips({ attribute }: { attribute: Attribute }) {
  const shown = attribute.options.slice(0, CHIPS_SHOWN);
  const more = attribute.options.length - shown.length;
  return (
    <ul aria-label={`Options of ${attribute.name}`} className="flex flex-wrap gap-1.5">
      {shown.map((option) => (
        <li key={option.id}>
          <Badge tone="indigo">{option.name}</Badge>
        </li>
      ))}
      {more > 0 && (
        <li>
          <Badge>+{more} more</Badge>
        </li>
      )}
    </ul>
  );
}

export function AttributeListPage() {
  const list = useListParams({ sort: 'name' });
  const attributes = useAttributes(list.query());
  const remove = useDeleteAttribute();
  const [toDelete, setToDelete] = useState<Attribute | null>(null);

  const columns: Column<Attribute>[] = [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      className: 'w-48',
      cell: (a) => (
        <Link to={`/products/attributes/${a.id}/edit`} className="font-medium text-indigo-700 hover:underline">
          {a.name}
        </Link>
      ),
    },
    { key: 'options', header: 'Options', cell: (a) => <OptionChips attribute={a} /> },
    {
      key: 'products',
      header: 'Products',
      align: 'right',
      className: 'w-28',
      cell: (a) => (a.productCount === 0 ? <span className="text-gray-400">None</span> : a.productCount),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      className: 'w-36',
      cell: (a) => (
        <div className="flex items-center justify-end gap-1">
          <Link
            to={`/products/attributes/${a.id}/edit`}
            aria-label={`Edit ${a.name}`}
            className="rounded px-2 py-1 text-xs font-semibold text-indigo-700 uppercase hover:bg-indigo-50"
          >
            Edit
          </Link>
          <Button variant="ghost" aria-label={`Delete ${a.name}`} className="px-2 py-1 text-xs text-red-700" onClick={() => setToDelete(a)}>
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
        notify.success(`Attribute “${toDelete.name}” deleted.`);
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
        title="Attributes"
        description="Size, Colour… A product's variants are combinations of their options."
        actions={
          <Link to="/products/attributes/new">
            <Button tabIndex={-1}>Add New</Button>
          </Link>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchInput label="Search attributes" placeholder="Search by name or option" value={list.search} onChange={list.setSearch} />
      </div>
      <DataTable
        caption="Attributes"
        columns={columns}
        rows={attributes.data?.data}
        rowKey={(a) => a.id}
        isLoading={attributes.isFetching}
        error={attributes.isError ? errorMessageOf(attributes.error) : null}
        onRetry={() => void attributes.refetch()}
        sort={list.sort}
        onSortChange={list.setSort}
        empty={
          list.search ? (
            'No attributes match this search.'
          ) : (
            <>
              No attributes yet.{' '}
              <Link to="/products/attributes/new" className="text-indigo-700 hover:underline">
                Add the first one
              </Link>
              , e.g. Size with S, M and L.
            </>
          )
        }
      />
      <Pagination meta={attributes.data?.meta} onPageChange={list.setPage} noun="attributes" />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this attribute?"
        confirmLabel="Delete"
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        “{toDelete?.name}” and its options will be removed. An attribute that products use cannot be deleted.
      </ConfirmDialog>
    </Page>
  );
}
