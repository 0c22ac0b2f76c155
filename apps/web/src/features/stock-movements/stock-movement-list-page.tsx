import { stockMoveReasonLabels, type StockLedgerEntry, type StockMoveReason } from '@tillbook/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { DownloadLink } from '../../components/button-link.tsx';
import { DateRangeInputs } from '../../components/date-range-inputs.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { ProductPicker } from '../../components/product-picker.tsx';
import { noValue } from '../../components/resource-list-columns.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { Column } from '../../components/ui/data-table.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { useOutletChoices, useUserChoices } from '../../lib/choices.ts';
import { useListParams } from '../../lib/list-params.ts';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { stockMovementFilterKeys, stockMovementsExportUrl, useProductTitle, useStockMovements } from './api.ts';

const choicesOf = (rows: { id: number; name: string }[] | undefined) => (rows ?? []).map((r) => ({ value: r.id, label: r.name }));
const reasonOptions = Object.entries(stockMoveReasonLabels).map(([value, label]) => ({ value, label }));

function reasonLabel(reason: string): string {
  return stockMoveReasonLabels[reason as StockMoveReason] ?? reason;
}

/** The product filter: search and pick a product, or show the chosen one with a way to clear it. */
function ProductFilter({ productId, onChange }: { productId: string | undefined; onChange: (productId: string | undefined) => void }) {
  const [term, setTerm] = useState('');
  const title = useProductTitle(productId === undefined ? undefined : Number(productId));
  if (productId !== undefined) {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-1 pr-1 pl-3 text-sm text-indigo-800">
        Product: <span className="font-medium">{title.data ?? `#${productId}`}</span>
        <Button variant="ghost" className="px-2 py-0.5 text-xs" aria-label="Show every product" onClick={() => onChange(undefined)}>
          ✕
        </Button>
      </span>
    );
  }
  return (
    <div className="relative w-72">
      <ProductPicker
        label="Product"
        placeholder="Filter by product: name, SKU or barcode"
        perPage={8}
        term={term}
        onTermChange={setTerm}
        onPick={(product) => {
          setTerm('');
          onChange(String(product.id));
        }}
        noMatch={(typed) => `No products match “${typed}”.`}
        detailOf={(product) => product.sku ?? ''}
      />
    </div>
  );
}

/** /stock-movements: every change of stock at every outlet, newest first, with the document behind it. */
export function StockMovementListPage() {
  const list = useListParams();
  const filters = Object.fromEntries(stockMovementFilterKeys.map((key) => [key, list.get(key)]));
  const params = list.query(filters);
  const movements = useStockMovements(params);
  const outlets = useOutletChoices();
  const users = useUserChoices();
  const money = useMoney();
  const dates = useDateFormat();
  const isFiltered = stockMovementFilterKeys.some((key) => list.get(key) !== undefined);

  const columns: Column<StockLedgerEntry>[] = [
    { key: 'createdAt', header: 'Date', cell: (m) => <span className="whitespace-nowrap">{dates.dateTime(m.createdAt)}</span> },
    { key: 'outlet', header: 'Outlet', cell: (m) => <span className="whitespace-nowrap">{m.outletName}</span> },
    {
      key: 'product',
      header: 'Product',
      className: 'min-w-56',
      cell: (m) => (
        <>
          <Link to={`/products/${m.productId}/edit`} className="font-medium text-indigo-700 hover:underline">
            {m.productTitle}
          </Link>
          {m.variantName && <span className="text-gray-500"> · {m.variantName}</span>}
          <span className="block font-mono text-xs whitespace-nowrap text-gray-500">{m.sku}</span>
        </>
      ),
    },
    {
      key: 'delta',
      header: 'Change',
      align: 'right',
      cell: (m) => <span className={m.delta > 0 ? 'font-semibold text-green-700' : m.delta < 0 ? 'font-semibold text-red-700' : ''}>{m.delta > 0 ? `+${m.delta.toLocaleString()}` : m.delta < 0 ? `−${(-m.delta).toLocaleString()}` : '0'}</span>,
    },
    { key: 'after', header: 'After', align: 'right', cell: (m) => m.quantityAfter.toLocaleString() },
    { key: 'unitCost', header: 'Unit cost', align: 'right', cell: (m) => money.format(m.unitCost) },
    { key: 'reason', header: 'Reason', cell: (m) => <span className="whitespace-nowrap">{reasonLabel(m.reason)}</span> },
    { key: 'note', header: 'Note', className: 'min-w-48', cell: (m) => (m.note ? <span className="text-gray-700">{m.note}</span> : noValue) },
    { key: 'user', header: 'By', cell: (m) => (m.userName ? <span className="whitespace-nowrap">{m.userName}</span> : noValue) },
    {
      key: 'document',
      header: 'Document',
      cell: (m) =>
        m.document ? (
          <Link to={m.document.path} className="font-mono text-sm font-semibold whitespace-nowrap text-indigo-700 hover:underline">
            {m.document.label}
          </Link>
        ) : (
          noValue
        ),
    },
  ];

  return (
    <Page wide>
      <PageHeader
        title="Stock movements"
        description="Every change of stock at every outlet — sales, refunds, deliveries, transfers, counts and adjustments — newest first."
        actions={<DownloadLink href={stockMovementsExportUrl(params)}>Export CSV</DownloadLink>}
      />
      <div className="mb-4 flex flex-wrap items-start gap-3">
        <FilterSelect label="Outlet" allLabel="All outlets" className="w-44" options={choicesOf(outlets.data)} value={filters.outletId} onChange={(outletId) => list.set({ outletId })} />
        <FilterSelect label="Reason" allLabel="All reasons" className="w-44" options={reasonOptions} value={filters.reason} onChange={(reason) => list.set({ reason })} />
        <FilterSelect label="User" allLabel="All staff" className="w-44" options={choicesOf(users.data)} value={filters.userId} onChange={(userId) => list.set({ userId })} />
        <DateRangeInputs from={filters.from} to={filters.to} onChange={list.set} />
        <ProductFilter productId={filters.productId} onChange={(productId) => list.set({ productId })} />
      </div>
      <ListTable
        caption="Stock movements"
        columns={columns}
        query={movements}
        list={list}
        noun="movements"
        empty={isFiltered ? 'No stock movements match these filters.' : 'No stock has moved yet. Sales, deliveries, transfers, counts and adjustments appear here.'}
      />
    </Page>
  );
}
