import { thumbnailUrlOf, type ProductColumn, type ProductListItem } from '@tillbook/contract';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/button-link.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { noValue as dash } from '../../components/resource-list-columns.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { Column } from '../../components/ui/data-table.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { useCategoryChoices, useOutletChoices } from '../../lib/choices.ts';
import { useListParams } from '../../lib/list-params.ts';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { useProducts } from './api.ts';
import { BulkBar } from './bulk-bar.tsx';
import { ColumnChooser, productColumnLabels } from './column-chooser.tsx';
import { useProductColumns } from './column-options.ts';
import { exportProducts } from './export-products.ts';
import { ProductImportPanel } from './product-import-panel.tsx';

const stockTones = { in: 'green', low: 'amber', out: 'red' } as const;
const stockWords = { in: 'In stock', low: 'Low', out: 'Out' } as const;
const stockChoices = [
  { value: 'in', label: 'In stock' },
  { value: 'low', label: 'Low stock' },
  { value: 'out', label: 'Out of stock' },
];

export function ProductListPage() {
  const list = useListParams({ sort: 'title' });
  const filters = {
    categoryId: list.get('categoryId'),
    stockStatus: list.get('stockStatus'),
    status: list.get('status'),
    outletId: list.get('outletId'),
  };
  const params = list.query(filters);
  const products = useProducts(params);
  const money = useMoney();
  const dates = useDateFormat();
  const categories = useCategoryChoices();
  const outlets = useOutletChoices();
  const { columns, toggle, reset } = useProductColumns();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [isImporting, setIsImporting] = useState(false);

  const price = (p: ProductListItem) => (p.price === p.priceMax ? money.format(p.price) : `${money.format(p.price)} – ${money.format(p.priceMax)}`);
  const cells: Record<ProductColumn, Column<ProductListItem>> = {
    title: {
      key: 'title',
      header: productColumnLabels.title,
      sortKey: 'title',
      cell: (p) => (
        <div className="flex items-center gap-3">
          {p.imageUrl ? (
            <img src={thumbnailUrlOf(p.imageUrl)} alt="" loading="lazy" decoding="async" className="size-9 rounded object-cover" />
          ) : (
            <span aria-hidden="true" className="flex size-9 items-center justify-center rounded bg-gray-100 text-xs text-gray-400">
              {p.title.slice(0, 1).toUpperCase()}
            </span>
          )}
          <Link to={`/products/${p.id}/edit`} className="font-medium text-indigo-700 hover:underline">
            {p.title}
          </Link>
        </div>
      ),
    },
    sku: { key: 'sku', header: productColumnLabels.sku, cell: (p) => (p.variantCount > 1 ? `${p.variantCount} variants` : (p.sku ?? dash)) },
    barcode: { key: 'barcode', header: productColumnLabels.barcode, cell: (p) => (p.variantCount > 1 ? dash : p.barcode ? <span className="font-mono text-xs">{p.barcode}</span> : dash) },
    categories: {
      key: 'categories',
      header: productColumnLabels.categories,
      cell: (p) => (p.categories.length ? p.categories.map((c) => c.name).join(', ') : dash),
    },
    stock: {
      key: 'stock',
      header: productColumnLabels.stock,
      align: 'right',
      cell: (p) =>
        p.stock === null || p.stockStatus === null ? (
          <span className="text-xs text-gray-500">Not tracked</span>
        ) : (
          <span className="inline-flex items-center gap-2">
            {p.stock.toLocaleString()}
            <Badge tone={stockTones[p.stockStatus]}>{stockWords[p.stockStatus]}</Badge>
          </span>
        ),
    },
    price: { key: 'price', header: productColumnLabels.price, sortKey: 'price', align: 'right', cell: price },
    cost: { key: 'cost', header: productColumnLabels.cost, align: 'right', cell: (p) => (p.cost === undefined ? '—' : money.format(p.cost)) },
    variants: { key: 'variants', header: productColumnLabels.variants, align: 'right', cell: (p) => p.variantCount },
    status: {
      key: 'status',
      header: productColumnLabels.status,
      cell: (p) => <Badge tone={p.status === 'active' ? 'green' : 'gray'}>{p.status === 'active' ? 'Active' : 'Archived'}</Badge>,
    },
    updatedAt: {
      key: 'updatedAt',
      header: productColumnLabels.updatedAt,
      sortKey: 'updatedAt',
      cell: (p) => dates.dateTime(p.updatedAt),
    },
  };

  const isFiltered = Boolean(list.search || filters.categoryId || filters.stockStatus || filters.status || filters.outletId);
  let empty: ReactNode = (
    <>
      No products yet. <Link to="/products/new" className="text-link">Add the first one</Link> or import a CSV file.
    </>
  );
  if (isFiltered) empty = 'No products match these filters.';

  return (
    <Page wide>
      <PageHeader
        title="Products"
        description="Everything you sell. Search by title, SKU or barcode — a scanner works in the search box."
        actions={
          <>
            <Button variant="secondary" onClick={() => setIsImporting((v) => !v)}>
              Import CSV
            </Button>
            <Button variant="secondary" onClick={() => exportProducts(params)}>
              Export CSV
            </Button>
            <ButtonLink to="/products/new">Add New</ButtonLink>
          </>
        }
      />
      {isImporting && (
        <div className="mb-6">
          <ProductImportPanel onDone={() => void products.refetch()} />
        </div>
      )}
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchInput label="Search products" placeholder="Title, SKU or barcode" value={list.search} onChange={list.setSearch} />
        <FilterSelect
          label="Category"
          allLabel="All categories"
          className="w-48"
          options={(categories.data ?? []).map((c) => ({ value: c.id, label: `${'— '.repeat(c.depth ?? 0)}${c.name}` }))}
          value={filters.categoryId}
          onChange={(categoryId) => list.set({ categoryId })}
        />
        <FilterSelect label="Stock" allLabel="Any stock" className="w-40" options={stockChoices} value={filters.stockStatus} onChange={(stockStatus) => list.set({ stockStatus })} />
        <FilterSelect
          label="Outlet"
          allLabel="All outlets"
          className="w-44"
          options={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          value={filters.outletId}
          onChange={(outletId) => list.set({ outletId })}
        />
        <Select aria-label="Status" className="w-36" value={filters.status ?? ''} onChange={(e) => list.set({ status: e.target.value })}>
          <option value="">Active</option>
          <option value="archived">Archived</option>
          <option value="all">All</option>
        </Select>
        <div className="ml-auto">
          <ColumnChooser columns={columns} onToggle={toggle} onReset={reset} />
        </div>
      </div>
      {selected.size > 0 && <BulkBar ids={[...selected]} onDone={() => setSelected(new Set())} />}
      <ListTable
        caption="Products"
        columns={columns.map((c) => cells[c])}
        query={products}
        list={list}
        noun="products"
        selection={{ selected, onChange: setSelected }}
        empty={empty}
      />
    </Page>
  );
}
