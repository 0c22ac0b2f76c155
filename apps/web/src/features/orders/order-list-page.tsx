import type { OrderListItem } from '@tillbook/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { DownloadLink } from '../../components/button-link.tsx';
import { noValue } from '../../components/resource-list-columns.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { ListTable } from '../../components/list-table.tsx';
import type { Column } from '../../components/ui/data-table.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { DateRangeInputs } from '../../components/date-range-inputs.tsx';
import { useUser } from '../../lib/auth.ts';
import { useListParams } from '../../lib/list-params.ts';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { orderFilterKeys, ordersExportUrl, useOrderFilterOptions, useOrders } from './api.ts';
import { OrderBulkBar } from './order-bulk-bar.tsx';
import { OrderStatusBadge, orderStatusOptions, tenderLabels } from './order-display.tsx';

const choicesOf = (rows: { id: number; name: string }[]) => rows.map((r) => ({ value: r.id, label: r.name }));
const labelled = (pairs: (readonly [string, string])[]) => pairs.map(([value, label]) => ({ value, label }));

/** /orders: every sale, filtered and summed on the server; the address holds the list's state. */
export function OrderListPage() {
  const list = useListParams({ sort: '-createdAt' });
  const filters = Object.fromEntries(orderFilterKeys.map((key) => [key, list.get(key)]));
  const params = list.query(filters);
  const orders = useOrders(params);
  const money = useMoney();
  const dates = useDateFormat();
  const me = useUser();
  const isAdministrator = me?.type === 'administrator';
  const [selected, setSelected] = useState<Set<number>>(new Set());
  // A cashier sees their own outlet's sales only; the outlet, register and cashier pickers are the back office's.
  const options = useOrderFilterOptions(isAdministrator);
  const isFiltered = Boolean(list.search) || orderFilterKeys.some((key) => list.get(key) !== undefined);
  const totals = orders.data?.meta.totals;
  const registers = options.registers.filter((r) => !filters.outletId || options.outlets.find((o) => String(o.id) === filters.outletId)?.name === r.outletName);

  const columns: Column<OrderListItem>[] = [
    {
      key: 'number',
      header: 'Order',
      sortKey: 'number',
      cell: (o) => (
        <Link to={`/orders/${o.id}`} className="font-mono font-semibold whitespace-nowrap text-indigo-700 hover:underline">
          {o.number}
        </Link>
      ),
    },
    { key: 'createdAt', header: 'Date', sortKey: 'createdAt', cell: (o) => <span className="whitespace-nowrap">{dates.dateTime(o.createdAt)}</span> },
    { key: 'outlet', header: 'Outlet', cell: (o) => <span className="whitespace-nowrap">{o.outletName}</span> },
    { key: 'register', header: 'Register', cell: (o) => o.registerName ?? noValue },
    { key: 'cashier', header: 'Cashier', cell: (o) => o.cashierName || noValue },
    { key: 'customer', header: 'Customer', cell: (o) => o.customerName ?? <span className="text-gray-400">Walk-in</span> },
    { key: 'status', header: 'Status', cell: (o) => <OrderStatusBadge status={o.status} /> },
    { key: 'tenders', header: 'Tenders', cell: (o) => <span className="whitespace-nowrap">{o.tenders.map((t) => tenderLabels[t]).join(' + ')}</span> },
    {
      key: 'total',
      header: 'Total',
      sortKey: 'total',
      align: 'right',
      cell: (o) => (
        <span className="tabular-nums">
          {money.format(o.total)}
          {o.refunded && o.refunded.total > 0 && <span className="block text-xs whitespace-nowrap text-red-700">−{money.format(o.refunded.total)} refunded</span>}
        </span>
      ),
    },
  ];

  return (
    <Page wide>
      <PageHeader
        title="Orders"
        description="Every sale rung up at the registers, newest first."
        actions={
          isAdministrator ? (
            <DownloadLink href={ordersExportUrl(params)}>Export CSV</DownloadLink>
          ) : null
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="w-72">
          <SearchInput label="Search orders" placeholder="Order number or customer" value={list.search} onChange={list.setSearch} />
        </div>
        <DateRangeInputs from={filters.from} to={filters.to} onChange={(patch) => list.set(patch)} />
        <FilterSelect
          label="Outlet"
          allLabel="All outlets"
          className="w-44"
          options={choicesOf(options.outlets)}
          value={filters.outletId}
          onChange={(outletId) => list.set({ outletId, registerId: undefined })}
        />
        <FilterSelect label="Register" allLabel="All registers" className="w-44" options={choicesOf(registers)} value={filters.registerId} onChange={(registerId) => list.set({ registerId })} />
        <FilterSelect label="Cashier" allLabel="All cashiers" className="w-44" options={choicesOf(options.cashiers)} value={filters.userId} onChange={(userId) => list.set({ userId })} />
        <FilterSelect label="Status" allLabel="All statuses" className="w-40" options={labelled(orderStatusOptions)} value={filters.status} onChange={(status) => list.set({ status })} />
        <FilterSelect label="Tender" allLabel="All tenders" className="w-36" options={labelled(Object.entries(tenderLabels))} value={filters.tender} onChange={(tender) => list.set({ tender })} />
      </div>
      <p className="mb-3 text-sm text-gray-700" aria-live="polite" data-testid="order-totals">
        {totals ? (
          <>
            <span className="font-semibold">
              {totals.count.toLocaleString()} {totals.count === 1 ? 'order' : 'orders'}
            </span>{' '}
            · sold <span className="font-semibold tabular-nums">{money.format(totals.total)}</span> · tax <span className="tabular-nums">{money.format(totals.taxTotal)}</span>
            {totals.refunded.count > 0 && (
              <>
                {' '}
                · refunded <span className="tabular-nums">−{money.format(totals.refunded.total)}</span> (tax −{money.format(totals.refunded.taxTotal)}) · net{' '}
                <span className="font-semibold tabular-nums">{money.format(totals.netOfRefunds.total)}</span> · net tax{' '}
                <span className="tabular-nums">{money.format(totals.netOfRefunds.taxTotal)}</span>
              </>
            )}
            {totals.discountTotal > 0 && (
              <>
                {' '}
                · discounts <span className="tabular-nums">{money.format(totals.discountTotal)}</span>
              </>
            )}
          </>
        ) : (
          ' '
        )}
      </p>
      {isAdministrator && selected.size > 0 && <OrderBulkBar ids={[...selected]} onClear={() => setSelected(new Set())} />}
      <ListTable
        caption="Orders"
        columns={columns}
        query={orders}
        list={list}
        noun="orders"
        // Tagging and exporting are the back office's; a cashier's list has nothing to select for.
        selection={isAdministrator ? { selected, onChange: setSelected } : undefined}
        empty={isFiltered ? 'No orders match these filters.' : 'No orders yet. Sales rung up at a register appear here.'}
      />
    </Page>
  );
}
