import type { StockCountListItem } from '@tillbook/contract';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/button-link.tsx';
import { DateRangeInputs } from '../../components/date-range-inputs.tsx';
import { ResourceListPage } from '../../components/resource-list-page.tsx';
import { listFilter, useOutletFilter, type ResourceList } from '../../components/resource-list.ts';
import { useDateFormat } from '../../lib/shop-settings.ts';
import { useStockCounts } from './api.ts';
import { countScopeText, StockCountStatusBadge, stockCountStatusOptions } from './count-display.tsx';

function useColumns() {
  const dates = useDateFormat();
  return [
    {
      key: 'number',
      header: 'Count',
      cell: (c: StockCountListItem) => (
        <Link to={`/stock-counts/${c.id}`} className="font-mono font-semibold whitespace-nowrap text-indigo-700 hover:underline">
          {c.number}
        </Link>
      ),
    },
    { key: 'outlet', header: 'Outlet', cell: (c: StockCountListItem) => <span className="whitespace-nowrap">{c.outletName}</span> },
    { key: 'scope', header: 'Counting', cell: (c: StockCountListItem) => countScopeText(c) },
    { key: 'status', header: 'Status', cell: (c: StockCountListItem) => <StockCountStatusBadge status={c.status} /> },
    {
      key: 'progress',
      header: 'Counted',
      align: 'right' as const,
      cell: (c: StockCountListItem) => (
        <span className="whitespace-nowrap">
          {c.countedCount.toLocaleString()} of {c.lineCount.toLocaleString()}
        </span>
      ),
    },
    {
      key: 'createdAt',
      header: 'Started',
      cell: (c: StockCountListItem) => (
        <span className="whitespace-nowrap text-gray-700">
          {dates.dateTime(c.createdAt)}
          {c.userName && <span className="block text-xs text-gray-500">by {c.userName}</span>}
        </span>
      ),
    },
    {
      key: 'appliedAt',
      header: 'Applied',
      cell: (c: StockCountListItem) => (c.appliedAt ? <span className="whitespace-nowrap text-gray-700">{dates.dateTime(c.appliedAt)}</span> : <span className="text-gray-400">—</span>),
    },
  ];
}

const stockCountList: ResourceList<StockCountListItem> = {
  title: 'Stock counts',
  description: 'Count what is on the shelves of an outlet, review the differences and post them as stock adjustments.',
  noun: 'stock counts',
  pagingNoun: 'counts',
  basePath: '/stock-counts',
  searchPlaceholder: 'Number, e.g. SC-000042',
  defaultSort: '-createdAt',
  labelOf: (c) => c.number,
  useFilters: () => [listFilter('status', 'Status', 'All statuses', stockCountStatusOptions.map((o) => [o.value, o.label] as const)), useOutletFilter()],
  addressParams: ['from', 'to'],
  toolbar: (list) => <DateRangeInputs fromLabel="Started from" from={list.get('from')} to={list.get('to')} onChange={list.set} />,
  useRows: useStockCounts,
  useColumns,
  // A count is opened as its sheet (/stock-counts/{id}) and started from the header's button.
  canManage: () => false,
  actions: () => <ButtonLink to="/stock-counts/new">Start a count</ButtonLink>,
  emptyMessage: (
    <>
      No stock counts yet.{' '}
      <Link to="/stock-counts/new" className="text-link">
        Start the first count
      </Link>{' '}
      of an outlet’s shelves: all products, a category or a list.
    </>
  ),
  noMatchMessage: 'No stock counts match these filters.',
};

/** /stock-counts */
export function StockCountListPage() {
  return <ResourceListPage config={stockCountList} />;
}
