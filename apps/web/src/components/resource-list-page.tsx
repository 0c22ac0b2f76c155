import { useState } from 'react';
import { Link } from 'react-router';
import { useUser } from '../lib/auth.ts';
import { useListParams } from '../lib/list-params.ts';
import { ButtonLink } from './button-link.tsx';
import { useConfirmDelete } from './confirm-delete.tsx';
import { FilterSelect } from './filter-select.tsx';
import type { ListQueryParams, ResourceList } from './resource-list.ts';
import { Button } from './ui/button.tsx';
import { ListTable } from './list-table.tsx';
import { actionsColumn, rowActionClass } from './resource-list-columns.tsx';
import type { Column } from './ui/data-table.tsx';
import { Page, PageHeader } from './ui/page-header.tsx';
import { SearchInput } from './ui/search-input.tsx';

const noDelete = { mutate: () => undefined, isPending: false };

/** The list screen of an area, driven by its `ResourceList` config (see docs/architecture.md). */
export function ResourceListPage<T extends { id: number }>({ config }: { config: ResourceList<T> }) {
  const me = useUser();
  const list = useListParams({ sort: config.defaultSort ?? 'name' });
  const filters = config.useFilters?.() ?? [];
  const filterValues = Object.fromEntries([...filters.map((f) => f.key), ...(config.addressParams ?? [])].map((key) => [key, list.get(key)]));
  const params = list.query(filterValues) as ListQueryParams;
  const rows = config.useRows(params);
  const remove = config.remove?.useDelete() ?? noDelete;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const canManage = config.canManage?.(me) ?? true;
  const isFiltered = Boolean(list.search) || Object.values(filterValues).some(Boolean);
  const deletion = useConfirmDelete<T>({
    mutation: remove,
    title: config.remove?.title ?? '',
    warning: (row) => config.remove?.warning(row),
    deletedMessage: (row) => config.remove?.deletedMessage(row) ?? '',
    // A deleted row leaves the selection, or the bulk bar would count it.
    onDeleted: (row) => setSelected((previous) => new Set([...previous].filter((id) => id !== row.id))),
  });

  const columns: Column<T>[] = [...config.useColumns()];
  if (canManage || config.rowActions) {
    columns.push(
      actionsColumn((row) => (
        <>
          {config.rowActions?.(row)}
          {canManage && (
            <Link to={`${config.basePath}/${row.id}/edit`} aria-label={config.plainRowActions ? undefined : `Edit ${config.labelOf(row)}`} className={rowActionClass}>
              Edit
            </Link>
          )}
          {canManage && config.remove && (config.remove.canDelete?.(row, me) ?? true) && (
            <Button variant="ghost" aria-label={config.plainRowActions ? undefined : `Delete ${config.labelOf(row)}`} className="px-2 py-1 text-xs text-red-700" onClick={() => deletion.ask(row)}>
              Delete
            </Button>
          )}
        </>
      )),
    );
  }

  return (
    <Page>
      <PageHeader
        title={config.title}
        description={config.description}
        actions={
          <>
            {config.actions?.(params, me)}
            {canManage && <ButtonLink to={`${config.basePath}/new`}>Add New</ButtonLink>}
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchInput label={`Search ${config.noun}`} placeholder={config.searchPlaceholder} value={list.search} onChange={list.setSearch} />
        {filters.map((filter) => (
          <FilterSelect
            key={filter.key}
            label={filter.label}
            allLabel={filter.allLabel}
            options={filter.options}
            className="w-52"
            value={list.get(filter.key)}
            onChange={(value) => list.set({ [filter.key]: value })}
          />
        ))}
        {config.toolbar?.(list)}
      </div>
      {config.bulk && canManage && selected.size > 0 && config.bulk([...selected], () => setSelected(new Set()))}
      <ListTable
        caption={config.title}
        columns={columns}
        query={rows}
        list={list}
        noun={config.pagingNoun ?? config.noun}
        selection={config.bulk && canManage ? { selected, onChange: setSelected } : undefined}
        empty={
          isFiltered ? (
            (config.noMatchMessage ?? `No ${config.noun} match this search.`)
          ) : config.emptyMessage !== undefined || !canManage ? (
            (config.emptyMessage ?? `No ${config.noun} yet.`)
          ) : (
            <>
              No {config.noun} yet.{' '}
              <Link to={`${config.basePath}/new`} className="text-link">
                Add the first one
              </Link>
              {config.emptyHint ?? '.'}
            </>
          )
        }
      />
      {deletion.dialog}
    </Page>
  );
}
