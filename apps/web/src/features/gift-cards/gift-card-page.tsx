import { formatGiftCardCode, giftCardEntryLabels, type GiftCardDetail, type GiftCardEntry, type GiftCardEntryKind } from '@tillbook/contract';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { BackLink } from '../../components/back-link.tsx';
import { RecordPage, useRecordId } from '../../components/record-page.tsx';
import { noValue } from '../../components/resource-list-columns.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DataTable, type Column } from '../../components/ui/data-table.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { useGiftCard } from './api.ts';
import { AdjustGiftCardDialog } from './gift-card-adjust-dialog.tsx';
import { GiftCardStatusBadge, OrderLink } from './gift-card-display.tsx';

const kindTones: Record<GiftCardEntryKind, ComponentProps<typeof Badge>['tone']> = { sold: 'green', loaded: 'green', spent: 'indigo', refunded: 'amber', adjusted: 'gray' };

/** A sale's line opens the sale; an adjustment shows its reason. */
function DetailsCell({ entry }: { entry: GiftCardEntry }) {
  if (entry.orderId !== null) return <OrderLink id={entry.orderId} number={entry.orderNumber} />;
  return entry.reason ?? noValue;
}

function useEntryColumns(): Column<GiftCardEntry>[] {
  const dates = useDateFormat();
  const money = useMoney();
  return [
    { key: 'createdAt', header: 'When', cell: (e) => <span className="whitespace-nowrap">{dates.dateTime(e.createdAt)}</span> },
    { key: 'kind', header: 'Kind', cell: (e) => <Badge tone={kindTones[e.kind]}>{giftCardEntryLabels[e.kind]}</Badge> },
    { key: 'details', header: 'Details', cell: (e) => <DetailsCell entry={e} /> },
    { key: 'outlet', header: 'Outlet', cell: (e) => e.outletName ?? noValue },
    {
      key: 'delta',
      header: 'Amount',
      align: 'right',
      cell: (e) => (
        <span className={`whitespace-nowrap tabular-nums ${e.delta < 0 ? 'text-red-700' : 'text-green-700'}`}>
          {e.delta > 0 ? '+' : '\u2212'}
          {money.format(Math.abs(e.delta))}
        </span>
      ),
    },
    { key: 'balanceAfter', header: <span className="whitespace-nowrap">Balance after</span>, align: 'right', cell: (e) => <span className="tabular-nums">{money.format(e.balanceAfter)}</span> },
    { key: 'by', header: 'By', cell: (e) => e.userName ?? noValue },
  ];
}

/** /gift-cards/{id}: one card, its history, and the administrator's adjustment. */
export function GiftCardPage() {
  const id = useRecordId();
  const card = useGiftCard(id);
  const back = <BackLink to="/gift-cards">Gift cards</BackLink>;
  return (
    <RecordPage id={id} query={card} title="Gift card" back={back}>
      {(record) => record && <GiftCardView card={record} back={back} />}
    </RecordPage>
  );
}

function GiftCardView({ card, back }: { card: GiftCardDetail; back: ReactNode }) {
  const money = useMoney();
  const dates = useDateFormat();
  const columns = useEntryColumns();
  const [isAdjusting, setIsAdjusting] = useState(false);
  const facts: [string, ReactNode][] = [
    ['Balance', <span className="text-lg font-semibold tabular-nums">{money.format(card.balance)}</span>],
    ['Loaded', <span className="tabular-nums">{money.format(card.loaded)}</span>],
    ['Status', <GiftCardStatusBadge status={card.status} />],
    ['Expires', card.expiresAt ? dates.date(card.expiresAt) : 'Never'],
    ['Sold', dates.dateTime(card.createdAt)],
    ['Sold at', card.outletName ?? noValue],
    ['Sale', card.orderId !== null ? <OrderLink id={card.orderId} number={card.orderNumber} /> : noValue],
    ['Last change', dates.dateTime(card.updatedAt)],
  ];
  return (
    <Page>
      <PageHeader
        title={`Gift card ${formatGiftCardCode(card.code)}`}
        back={back}
        description={card.status === 'expired' ? 'This card has expired: the till refuses it. Its balance stays on record until it is adjusted.' : undefined}
        actions={<Button onClick={() => setIsAdjusting(true)}>Adjust balance</Button>}
      />
      <div className="flex flex-col gap-6">
        <Block title="Card">
          <dl className="grid gap-4 text-sm sm:grid-cols-2 xl:grid-cols-4">
            {facts.map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs font-semibold tracking-wide text-gray-500 uppercase">{label}</dt>
                <dd className="mt-1 text-gray-900">{value}</dd>
              </div>
            ))}
          </dl>
        </Block>
        <Block title="History">
          <DataTable caption="Gift card history" columns={columns} rows={card.entries} rowKey={(e) => e.id} empty="Nothing has moved this card’s balance yet." />
        </Block>
      </div>
      {isAdjusting && <AdjustGiftCardDialog cardId={card.id} balance={card.balance} onClose={() => setIsAdjusting(false)} />}
    </Page>
  );
}
