import { giftCardStatuses, type GiftCard } from '@tillbook/contract';
import { Link } from 'react-router';
import { FilterSelect } from '../../components/filter-select.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { noValue } from '../../components/resource-list-columns.tsx';
import type { Column } from '../../components/ui/data-table.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { useGiftCards } from './api.ts';
import { GiftCardCode, GiftCardStatusBadge, giftCardStatusLabels, OrderLink } from './gift-card-display.tsx';

const statusOptions = giftCardStatuses.map((status) => ({ value: status, label: giftCardStatusLabels[status] }));

function useGiftCardColumns(): Column<GiftCard>[] {
  const money = useMoney();
  const dates = useDateFormat();
  return [
    {
      key: 'code',
      header: 'Code',
      cell: (c) => (
        <Link to={`/gift-cards/${c.id}`} className="font-semibold text-indigo-700 hover:underline">
          <GiftCardCode code={c.code} />
        </Link>
      ),
    },
    { key: 'status', header: 'Status', cell: (c) => <GiftCardStatusBadge status={c.status} /> },
    { key: 'balance', header: 'Balance', sortKey: 'balance', align: 'right', cell: (c) => <span className="tabular-nums">{money.format(c.balance)}</span> },
    { key: 'loaded', header: 'Loaded', align: 'right', cell: (c) => <span className="tabular-nums">{money.format(c.loaded)}</span> },
    { key: 'expiresAt', header: 'Expires', cell: (c) => (c.expiresAt ? <span className="whitespace-nowrap">{dates.date(c.expiresAt)}</span> : <span className="text-gray-500">Never</span>) },
    {
      key: 'soldAt',
      header: 'Sold at',
      cell: (c) => (
        <span className="whitespace-nowrap">
          {c.outletName ?? noValue}
          {c.orderId !== null && (
            <span className="block text-xs">
              <OrderLink id={c.orderId} number={c.orderNumber} />
            </span>
          )}
        </span>
      ),
    },
    { key: 'createdAt', header: 'Sold', sortKey: 'createdAt', cell: (c) => <span className="whitespace-nowrap">{dates.date(c.createdAt)}</span> },
    { key: 'updatedAt', header: 'Last change', sortKey: 'updatedAt', cell: (c) => <span className="whitespace-nowrap">{dates.date(c.updatedAt)}</span> },
  ];
}

/** /gift-cards: every card sold, with what the shop still owes on them; the address holds the list's state. */
export function GiftCardListPage() {
  const list = useListParams({ sort: '-createdAt' });
  const status = list.get('status');
  const cards = useGiftCards(list.query({ status }));
  const money = useMoney();
  const columns = useGiftCardColumns();
  const totals = cards.data?.meta.totals;
  const isFiltered = Boolean(list.search) || status !== undefined;
  return (
    <Page wide>
      <PageHeader title="Gift cards" description="Cards sold at the till and what is left on them. The balance outstanding is money the shop still owes." />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="w-72">
          <SearchInput label="Search gift cards" placeholder="Search by code" value={list.search} onChange={list.setSearch} />
        </div>
        <FilterSelect label="Status" allLabel="All statuses" className="w-44" options={statusOptions} value={status} onChange={(value) => list.set({ status: value })} />
      </div>
      <p className="mb-3 text-sm text-gray-700" aria-live="polite" data-testid="gift-card-totals">
        {totals ? (
          <>
            <span className="font-semibold">
              {totals.count.toLocaleString()} {totals.count === 1 ? 'card' : 'cards'}
            </span>{' '}
            · <span className="font-semibold tabular-nums">{money.format(totals.balance)}</span> outstanding · <span className="tabular-nums">{money.format(totals.loaded)}</span> loaded
          </>
        ) : (
          ' '
        )}
      </p>
      <ListTable
        caption="Gift cards"
        columns={columns}
        query={cards}
        list={list}
        noun="gift cards"
        empty={isFiltered ? 'No gift cards match this search.' : 'No gift cards yet. Sell one at the till: Gift card on the sell screen.'}
      />
    </Page>
  );
}
