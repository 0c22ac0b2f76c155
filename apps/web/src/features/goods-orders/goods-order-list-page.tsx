import type { GoodsOrderListItem } from '@tillbook/contract';
import { Link } from 'react-router';
import { DateRangeInputs } from '../../components/date-range-inputs.tsx';
import { ButtonLink, DownloadLink } from '../../components/button-link.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { ListTable } from '../../components/list-table.tsx';
import type { Column } from '../../components/ui/data-table.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { useOutletChoices } from '../../lib/choices.ts';
import { useListParams } from '../../lib/list-params.ts';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { goodsOrderFilterKeys, goodsOrdersExportUrl, useGoodsOrders, useSupplierChoices } from './api.ts';
import { ExpectedDay, GoodsOrderStatusBadge, goodsOrderStatusOptions, linesAndUnits, plural, useShopToday } from './goods-order-display.tsx';

const choicesOf = (rows: { id: number; name: string }[] | undefined) => (rows ?? []).map((r) => ({ value: r.id, label: r.name }));

/** /goods-orders: what was ordered from which supplier for which outlet, filtered and summed on the server. */
export function GoodsOrderListPage() {
  const list = useListParams({ sort: '-createdAt' });
  const filters = Object.fromEntries(goodsOrderFilterKeys.map((key) => [key, list.get(key)]));
  const params = list.query(filters);
  const orders = useGoodsOrders(params);
  const suppliers = useSupplierChoices();
  const outlets = useOutletChoices();
  const money = useMoney();
  const dates = useDateFormat();
  const today = useShopToday();
  const isFiltered = Boolean(list.search) || goodsOrderFilterKeys.some((key) => list.get(key) !== undefined);
  const totals = orders.data?.meta.totals;

  const columns: Column<GoodsOrderListItem>[] = [
    {
      key: 'number',
      header: 'Number',
      sortKey: 'number',
      cell: (o) => (
        <Link to={`/goods-orders/${o.id}/edit`} className="font-mono font-semibold whitespace-nowrap text-indigo-700 hover:underline">
          {o.number}
        </Link>
      ),
    },
    { key: 'supplier', header: 'Supplier', cell: (o) => <span className="font-medium text-gray-900">{o.supplierName}</span> },
    { key: 'outlet', header: 'Outlet', cell: (o) => <span className="whitespace-nowrap">{o.outletName}</span> },
    { key: 'status', header: 'Status', cell: (o) => <GoodsOrderStatusBadge status={o.status} /> },
    { key: 'expectedAt', header: 'Expected', sortKey: 'expectedAt', cell: (o) => <ExpectedDay order={o} today={today} /> },
    { key: 'units', header: 'Lines / units', cell: (o) => <span className="whitespace-nowrap text-gray-700">{linesAndUnits(o)}</span> },
    { key: 'total', header: 'Total', sortKey: 'total', align: 'right', cell: (o) => <span className="tabular-nums">{money.format(o.total)}</span> },
    { key: 'createdAt', header: 'Created', sortKey: 'createdAt', cell: (o) => <span className="whitespace-nowrap text-gray-700" title={dates.dateTime(o.createdAt)}>{dates.date(o.createdAt)}</span> },
  ];

  return (
    <Page wide>
      <PageHeader
        title="Goods orders"
        description="Orders placed with suppliers for an outlet, and what has arrived of them."
        actions={
          <>
            <DownloadLink href={goodsOrdersExportUrl(params)}>Export CSV</DownloadLink>
            <ButtonLink to="/goods-orders/new">New goods order</ButtonLink>
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <SearchInput label="Search goods orders" placeholder="Number (PO-000042) or supplier" value={list.search} onChange={list.setSearch} />
        <FilterSelect label="Status" allLabel="All statuses" className="w-48" options={goodsOrderStatusOptions} value={filters.status} onChange={(status) => list.set({ status })} />
        <FilterSelect label="Supplier" allLabel="All suppliers" className="w-52" options={choicesOf(suppliers.data)} value={filters.supplierId} onChange={(supplierId) => list.set({ supplierId })} />
        <FilterSelect label="Outlet" allLabel="All outlets" className="w-44" options={choicesOf(outlets.data)} value={filters.outletId} onChange={(outletId) => list.set({ outletId })} />
        <DateRangeInputs fromLabel="Created from" from={filters.from} to={filters.to} onChange={(patch) => list.set(patch)} />
      </div>
      <p className="mb-3 text-sm text-gray-700" aria-live="polite" data-testid="goods-order-totals">
        {totals ? (
          <>
            <span className="font-semibold">{plural(totals.count, 'goods order')}</span> · worth{' '}
            <span className="font-semibold tabular-nums">{money.format(totals.total)}</span>
          </>
        ) : (
          ' '
        )}
      </p>
      <ListTable
        caption="Goods orders"
        columns={columns}
        query={orders}
        list={list}
        noun="goods orders"
        empty={
          isFiltered ? (
            'No goods orders match these filters.'
          ) : (
            <>
              No goods orders yet.{' '}
              <Link to="/goods-orders/new" className="text-link">
                Create the first goods order
              </Link>{' '}
              to buy stock from a supplier.
            </>
          )
        }
      />
    </Page>
  );
}
