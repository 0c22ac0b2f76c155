import { stockTransferStatuses, stockTransferStatusLabels, type StockTransferListItem } from '@tillbook/contract';
import { ResourceListPage } from '../../components/resource-list-page.tsx';
import { nameColumn, noValue } from '../../components/resource-list-columns.tsx';
import { listFilter, useOutletFilter, type ResourceList } from '../../components/resource-list.ts';
import { DateRangeInputs } from '../../components/date-range-inputs.tsx';
import { useDateFormat } from '../../lib/shop-settings.ts';
import { useDeleteStockTransfer, useStockTransfers } from './api.ts';
import { plural, Route, TransferStatusBadge } from './transfer-display.tsx';

const statusFilter = listFilter(
  'status',
  'Status',
  'All statuses',
  stockTransferStatuses.map((status) => [status, stockTransferStatusLabels[status]] as const),
);


function useColumns() {
  const dates = useDateFormat();
  // The day in the column, the time when pointed at: the list stays narrow enough for its actions.
  const when = (iso: string | null) =>
    iso ? (
      <time dateTime={iso} title={dates.dateTime(iso)} className="whitespace-nowrap">
        {dates.date(iso)}
      </time>
    ) : (
      noValue
    );
  return [
    nameColumn<StockTransferListItem>({ basePath: '/stock-transfers', key: 'number', header: 'Transfer', nameOf: (t) => t.number, look: 'font-mono font-semibold', nowrap: true }),
    { key: 'route', header: 'From → To', cell: (t: StockTransferListItem) => <Route from={t.fromOutletName} to={t.toOutletName} stacked /> },
    { key: 'status', header: 'Status', cell: (t: StockTransferListItem) => <TransferStatusBadge status={t.status} /> },
    {
      key: 'units',
      header: 'Items / units',
      align: 'right' as const,
      cell: (t: StockTransferListItem) => (
        <span className="whitespace-nowrap tabular-nums">
          {plural(t.itemCount, 'item')}
          <span className="block">{plural(t.unitCount, 'unit')}</span>
          {t.receivedUnitCount !== null && t.receivedUnitCount < t.unitCount && (
            <span className="block text-xs text-amber-700">{`${(t.unitCount - t.receivedUnitCount).toLocaleString()} short`}</span>
          )}
        </span>
      ),
    },
    { key: 'createdAt', header: 'Created', sortKey: 'createdAt', cell: (t: StockTransferListItem) => when(t.createdAt) },
    { key: 'sentAt', header: 'Sent', cell: (t: StockTransferListItem) => when(t.sentAt) },
    { key: 'receivedAt', header: 'Received', cell: (t: StockTransferListItem) => when(t.receivedAt) },
  ];
}

const transferList: ResourceList<StockTransferListItem> = {
  title: 'Stock transfers',
  description: 'Stock sent from one outlet to another: it leaves the source when sent and arrives at the destination when received.',
  noun: 'stock transfers',
  pagingNoun: 'transfers',
  basePath: '/stock-transfers',
  searchPlaceholder: 'Search by number, e.g. TR-12',
  defaultSort: '-createdAt',
  labelOf: (t) => t.number,
  useFilters: () => [statusFilter, useOutletFilter()],
  addressParams: ['from', 'to'],
  toolbar: (list) => <DateRangeInputs fromLabel="Created from" from={list.get('from')} to={list.get('to')} onChange={(patch) => list.set(patch)} />,
  useRows: useStockTransfers,
  useColumns,
  emptyHint: ': move stock from one outlet to another.',
  remove: {
    useDelete: useDeleteStockTransfer,
    canDelete: (t) => t.status === 'draft',
    title: 'Delete this transfer?',
    warning: (t) => <>{t.number} is a draft: it and its lines will be removed. No stock has moved.</>,
    deletedMessage: (t) => `Transfer ${t.number} deleted.`,
  },
};

/** /stock-transfers */
export function StockTransferListPage() {
  return <ResourceListPage config={transferList} />;
}
