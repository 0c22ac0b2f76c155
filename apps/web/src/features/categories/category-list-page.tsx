import type { Category } from '@tillbook/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/button-link.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { actionsColumn, rowActionClass, statusColumn } from '../../components/resource-list-columns.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { Column } from '../../components/ui/data-table.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { useCategories, useCategoryCount } from './api.ts';
import { CategoryBulkBar } from './category-bulk-bar.tsx';
import { CategoryDeleteDialog } from './category-delete-dialog.tsx';
import { CategoryImportPanel } from './category-import-panel.tsx';

const sortChoices = [
  { value: 'tree', label: 'Tree order' },
  { value: 'name', label: 'Name A–Z' },
  { value: '-name', label: 'Name Z–A' },
  { value: 'position', label: 'Position' },
  { value: '-createdAt', label: 'Newest first' },
];

/** "All statuses (12)": how many categories each status choice would show. */
function useStatusCounts(search: string) {
  const base = search ? { search } : {};
  const all = useCategoryCount(base);
  const active = useCategoryCount({ ...base, active: '1' });
  const inactive = useCategoryCount({ ...base, active: '0' });
  const label = (text: string, n: number | undefined) => (n === undefined ? text : `${text} (${n})`);
  return { all: label('All statuses', all.data), active: label('Active', active.data), inactive: label('Inactive', inactive.data) };
}

export function CategoryListPage() {
  const list = useListParams({ sort: 'tree' });
  const active = list.get('active');
  const categories = useCategories(list.query({ active }));
  const counts = useStatusCounts(list.search);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [toDelete, setToDelete] = useState<Category | null>(null);
  const [isImporting, setIsImporting] = useState(false);
  const isTree = list.sort === 'tree';

  const columns: Column<Category>[] = [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (c) => (
        <div className="flex items-center gap-2.5" style={isTree ? { paddingLeft: `${c.depth * 1.75}rem` } : undefined}>
          {isTree && c.depth > 0 && (
            <span aria-hidden="true" className="-ml-4 text-gray-300">
              └
            </span>
          )}
          <span
            aria-hidden="true"
            className={c.colour ? 'size-3.5 shrink-0 rounded-full border border-black/10' : 'size-3.5 shrink-0 rounded-full border border-dashed border-gray-300'}
            style={c.colour ? { backgroundColor: c.colour } : undefined}
          />
          <div className="min-w-0">
            <Link to={`/categories/${c.id}/edit`} className="font-medium text-indigo-700 hover:underline" data-depth={c.depth}>
              {c.name}
            </Link>
            {!isTree && c.parentName && <p className="text-xs text-gray-500">in {c.parentName}</p>}
            {isTree && c.depth > 0 && <span className="sr-only">, in {c.parentName}</span>}
          </div>
        </div>
      ),
    },
    {
      key: 'products',
      header: 'Products',
      align: 'right',
      cell: (c) => (c.productCount ? c.productCount.toLocaleString() : <span className="text-gray-400">0</span>),
    },
    {
      key: 'subcategories',
      header: 'Subcategories',
      align: 'right',
      cell: (c) => (c.childCount ? c.childCount.toLocaleString() : <span className="text-gray-400">0</span>),
    },
    { key: 'position', header: 'Position', sortKey: 'position', align: 'right', cell: (c) => c.position },
    statusColumn(),
    actionsColumn((c) => (
      <>
        <Link to={`/categories/${c.id}/edit`} aria-label={`Edit ${c.name}`} className={rowActionClass}>
          Edit
        </Link>
        <Button variant="ghost" aria-label={`Delete ${c.name}`} className="px-2 py-1 text-xs text-red-700" onClick={() => setToDelete(c)}>
          Delete
        </Button>
      </>
    )),
  ];

  const isFiltered = Boolean(list.search || active);

  return (
    <Page>
      <PageHeader
        title="Categories"
        description="Group products for the catalogue, reports and the sell screen's tiles. Subcategories sit under their parent."
        actions={
          <>
            <Button variant="secondary" onClick={() => setIsImporting((v) => !v)} aria-expanded={isImporting}>
              Import CSV
            </Button>
            <ButtonLink to="/categories/new">Add New</ButtonLink>
          </>
        }
      />
      {isImporting && <CategoryImportPanel onClose={() => setIsImporting(false)} />}
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchInput label="Search categories" placeholder="Search by name" value={list.search} onChange={list.setSearch} />
        <Select aria-label="Status" className="w-48" value={active ?? ''} onChange={(e) => list.set({ active: e.target.value })}>
          <option value="">{counts.all}</option>
          <option value="1">{counts.active}</option>
          <option value="0">{counts.inactive}</option>
        </Select>
        <Select aria-label="Order" className="w-44" value={list.sort ?? 'tree'} onChange={(e) => list.setSort(e.target.value)}>
          {sortChoices.some((s) => s.value === list.sort) ? null : <option value={list.sort}>Custom order</option>}
          {sortChoices.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </Select>
      </div>
      {selected.size > 0 && <CategoryBulkBar selected={selected} onDone={() => setSelected(new Set())} />}
      <ListTable
        caption="Categories"
        columns={columns}
        query={categories}
        list={list}
        noun="categories"
        selection={{ selected, onChange: setSelected }}
        empty={
          isFiltered ? (
            'No categories match this search.'
          ) : (
            <div className="space-y-1">
              <p className="font-medium text-gray-800">No categories yet.</p>
              <p>
                <Link to="/categories/new" className="text-indigo-700 hover:underline">
                  Add the first one
                </Link>{' '}
                or{' '}
                <button type="button" className="text-indigo-700 hover:underline" onClick={() => setIsImporting(true)}>
                  import a CSV file
                </button>
                .
              </p>
            </div>
          )
        }
      />
      <CategoryDeleteDialog category={toDelete} onClose={() => setToDelete(null)} />
    </Page>
  );
}
