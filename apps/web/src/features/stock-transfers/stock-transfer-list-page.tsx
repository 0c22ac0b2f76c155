import { stockTransferStatuses, stockTransferStatusLabels, type StockTransferListItem } from '@tillbook/contract';
import { ResourceListPage } from '../../components/resource-list-page.tsx';
import { nameColumn, noValue } from '../../components/resource-list-columns.tsx';
import { listFilter, useOutletFilter, type ResourceList } from '../../components/resource-list.ts';
import { Label } from '../../components/ui/label.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useDateFormat } from '../../lib/shop-settings.ts';
import { useDeleteStockTransfer, useStockTransfers } from './api.ts';
import { plural, Route, TransferStatusBadge } from './transfer-display.tsx';

const statusFilter = listFilter(
  'status',
  'Status',
  'All statuses',
  stockTransferStatuses.map((status) => [status, stockTransferStatusLabels[status]] as const),
);

/** "From" and "to" days of creation, kept in the address like the other filters. */
function DateRange({ list }: { list: { get: (key: string) => string | undefined; set: (patch: Record<string, string | undefined>) => void } }) {
  return (
    <div className="flex items-end gap-2">
      {(['from', 'to'] as const).map((key) => (
        <div key={key}>
          <Label htmlFor={`transfers-${key}`}>{key === 'from' ? 'Created from' : 'Created to'}</Label>
          <TextInput id={`transfers-${key}`} type="date" className="mt-1 w-40" value={list.get(key) ?? ''} onChange={(event) => list.set({ [key]: event.target.value || undefined })} />
        </div>
      ))}
    </div>
  );
}

function useColumns() {
  const dates = useDateFormat();
  const when = (iso: string | null) => (iso ? <span className="whitespace-nowrap">{dates.dateTime(iso)}</span> : noValue);
  return [
    nameColumn<StockTransferListItem>({ basePath: '/stock-transfers', key: 'number', header: 'Transfer', nameOf: (t) => t.number, look: 'font-mono font-semibold', nowrap: true }),
    { key: 'route', header: 'From → To', cell: (t: StockTransferListItem) => <Route from={t.fromOutletName} to={t.toOutletName} /> },
    { key: 'status', header: 'Status', cell: (t: StockTransferListItem) => <TransferStatusBadge status={t.status} /> },
    {
      key: 'units',
      header: 'Items / units',
      align: 'right' as const,
      cell: (t: StockTransferListItem) => (
        <span className="whitespace-nowrap tabular-nums">
          {`${plural(t.itemCount, 'item')} · ${plural(t.unitCount, 'unit')}`}
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
  toolbar: (list) => <DateRange list={list} />,
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
