import { tenderLabels, type Order, type Refund } from '@tillbook/contract';
import { useState } from 'react';
import { Link, useOutletContext } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useUser } from '../../lib/auth.ts';
import { errorMessageOf } from '../../lib/api-error.ts';
import { RefundReceiptActions } from '../../lib/refund-receipt-actions.tsx';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { hasRefundableUnits, useRefunds } from './api.ts';
import { RefundDialog } from './refund-dialog.tsx';

/** The refunds block of an order's page: the page hands the order to its nested route (see routes.tsx). */
export function OrderRefunds() {
  return <RefundsSection order={useOutletContext<Order>()} />;
}

/** An order's refunds — what came back, where it went, how it was paid back — with the Refund button (administrators only). */
export function RefundsSection({ order }: { order: Order }) {
  const isAdministrator = useUser()?.type === 'administrator';
  return isAdministrator ? <Refunds order={order} /> : null;
}

function Refunds({ order }: { order: Order }) {
  const money = useMoney();
  const dates = useDateFormat();
  const refunds = useRefunds(order.id, true);
  const [open, setOpen] = useState(false);
  const [receiptOf, setReceiptOf] = useState<Refund | null>(null);
  const list = refunds.data ?? [];
  return (
    <Block
      title="Refunds"
      // Offered once the refunds are in: until then what is left to refund is not known.
      actions={
        refunds.isSuccess && (
          <Button variant="secondary" disabled={!hasRefundableUnits(order, list)} onClick={() => setOpen(true)}>
            Refund
          </Button>
        )
      }
    >
      <div className="text-sm">
        {refunds.isPending && <Spinner className="size-5" />}
        {refunds.isError && <Alert tone="error">{errorMessageOf(refunds.error)}</Alert>}
        {refunds.isSuccess && list.length === 0 && <p className="text-gray-500">No refunds.</p>}
        <ul className="flex flex-col gap-4">
          {list.map((refund) => (
            <li key={refund.id} aria-label={`Refund ${refund.number}`} className="border-b border-gray-100 pb-3 last:border-0 last:pb-0">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium text-gray-900">
                  {refund.number}{' '}
                  <Button variant="ghost" onClick={() => setReceiptOf(refund)} aria-label={`Receipt of refund ${refund.number}`}>
                    Receipt
                  </Button>
                </span>
                <span className="tabular-nums font-medium">{money.format(refund.total)}</span>
              </div>
              <p className="text-xs text-gray-500">
                {dates.dateTime(refund.createdAt)} · {refund.userName} · {refund.reason}
              </p>
              <ul className="mt-1.5">
                {refund.lines.map((line) => (
                  <li key={line.id} className="flex justify-between gap-2">
                    <span>
                      {line.quantity} × {line.variantName ? `${line.title} · ${line.variantName}` : line.title}{' '}
                      <span className="text-gray-500">({line.restock ? 'restocked' : 'damaged'})</span>
                    </span>
                    <span className="tabular-nums">{money.format(line.total)}</span>
                  </li>
                ))}
              </ul>
              <p className="mt-1 text-xs text-gray-600">
                Paid back:{' '}
                {[
                  ...refund.payments.map((p) => `${tenderLabels[p.tender]} ${money.format(p.amount)}${p.reference ? ` (ref. ${p.reference})` : ''}`),
                  ...refund.giftCards.map((card) => `Back onto gift card ${card.maskedCode} ${money.format(card.amount)}`),
                  ...(refund.storeCredit > 0 ? [`Store credit ${money.format(refund.storeCredit)}`] : []),
                ].join(', ') || 'nothing'}
              </p>
              {refund.approval && <p className="text-xs text-gray-600">Approved by {refund.approval.approverName}</p>}
              {refund.exchange && (
                <p className="text-xs text-gray-600">
                  Exchange: {money.format(refund.exchange.amount)} paid for sale{' '}
                  <Link to={`/orders/${refund.exchange.orderId}`} className="font-medium text-indigo-700 hover:underline">
                    {refund.exchange.orderNumber}
                  </Link>
                </p>
              )}
              {refund.points && <RefundPointsLine points={refund.points} />}
            </li>
          ))}
        </ul>
      </div>
      {open && <RefundDialog order={order} refunds={list} onDone={() => setOpen(false)} />}
      <Dialog
        open={receiptOf !== null}
        title={`Refund receipt ${receiptOf?.number ?? ''}`}
        onClose={() => setReceiptOf(null)}
        footer={<Button variant="ghost" onClick={() => setReceiptOf(null)}>Close</Button>}
      >
        {receiptOf && <RefundReceiptActions refundId={receiptOf.id} customerEmail={order.customerEmail} />}
      </Dialog>
    </Block>
  );
}

/** What a refund did with the customer's points, and what it could not take back. */
function RefundPointsLine({ points }: { points: NonNullable<Refund['points']> }) {
  const parts = [
    points.returned > 0 && `${points.returned.toLocaleString()} points given back`,
    points.reversed > 0 && `${points.reversed.toLocaleString()} earned points taken back`,
    points.unrecovered > 0 && `${points.unrecovered.toLocaleString()} could not be taken back: the customer had spent them`,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <p className="mt-0.5 text-xs text-gray-600">Points: {parts.join('; ')}.</p>;
}
