import type { StoreCreditEntry, StoreCreditKind } from '@tillbook/contract';
import { useState, type ComponentProps } from 'react';
import { Link } from 'react-router';
import { ListTable } from '../../components/list-table.tsx';
import { noValue } from '../../components/resource-list-columns.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { Column } from '../../components/ui/data-table.tsx';
import { useUser } from '../../lib/auth.ts';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { useCustomer, useCustomerStoreCredit } from './api.ts';
import { AdjustStoreCreditDialog } from './customer-store-credit-adjust.tsx';

const kindLabels: Record<StoreCreditKind, string> = { refund: 'Refund', sale: 'Sale', adjusted: 'Adjusted' };
const kindTones: Record<StoreCreditKind, ComponentProps<typeof Badge>['tone']> = { refund: 'indigo', sale: 'amber', adjusted: 'gray' };

/** A refund's or a sale's line opens the sale (a refund shows on its sale's page); an adjustment shows its reason. */
function DetailsCell({ entry }: { entry: StoreCreditEntry }) {
  const number = entry.kind === 'refund' ? (entry.refundNumber ?? entry.orderNumber) : entry.orderNumber;
  if (entry.orderId === null) return entry.reason ?? number ?? noValue;
  return (
    <Link to={`/orders/${entry.orderId}`} className="font-mono font-semibold whitespace-nowrap text-indigo-700 hover:underline">
      {number ?? 'Open the sale'}
    </Link>
  );
}

function useStoreCreditColumns(): Column<StoreCreditEntry>[] {
  const dates = useDateFormat();
  const money = useMoney();
  return [
    { key: 'createdAt', header: 'When', cell: (e) => <span className="whitespace-nowrap">{dates.dateTime(e.createdAt)}</span> },
    { key: 'kind', header: 'Kind', cell: (e) => <Badge tone={kindTones[e.kind]}>{kindLabels[e.kind]}</Badge> },
    { key: 'details', header: 'Details', cell: (e) => <DetailsCell entry={e} /> },
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
    {
      key: 'balanceAfter',
      header: <span className="whitespace-nowrap">Balance after</span>,
      align: 'right',
      cell: (e) => <span className="tabular-nums">{money.format(e.balanceAfter)}</span>,
    },
    { key: 'by', header: 'By', cell: (e) => e.userName ?? noValue },
  ];
}

/** The Store credit tab: the balance and its ledger; administrators add or take credit with a reason. */
export function CustomerStoreCredit({ customerId }: { customerId: number }) {
  const [page, setPage] = useState(1);
  const ledger = useCustomerStoreCredit(customerId, page);
  const customer = useCustomer(customerId);
  const money = useMoney();
  const isAdministrator = useUser()?.type === 'administrator';
  const [isAdjusting, setIsAdjusting] = useState(false);
  const columns = useStoreCreditColumns();
  const balance = customer.data?.storeCredit;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm text-gray-700">
            Balance: <span className="text-lg font-semibold text-gray-900 tabular-nums">{balance === undefined ? '…' : money.format(balance)}</span>
          </p>
          <p className="text-sm text-gray-600">Store credit pays at the till like any tender.</p>
        </div>
        {isAdministrator && <Button onClick={() => setIsAdjusting(true)}>Adjust</Button>}
      </div>
      <ListTable
        caption="Store credit history"
        columns={columns}
        query={ledger}
        list={{ setPage }}
        noun="entries"
        empty="No store credit yet. Refunds paid as store credit and adjustments appear here."
      />
      {isAdjusting && balance !== undefined && <AdjustStoreCreditDialog customerId={customerId} balance={balance} onClose={() => setIsAdjusting(false)} />}
    </div>
  );
}
