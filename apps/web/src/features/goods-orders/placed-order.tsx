import type { GoodsOrder } from '@tillbook/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { BackLink } from '../../components/back-link.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { goodsOrderPdfUrl, goodsOrderTimelineKey, useUpdateGoodsOrder, type GoodsReceiptAnswer } from './api.ts';
import { EmailOrderDialog } from './email-order-dialog.tsx';
import { OrderDetailsDialog } from './order-details-dialog.tsx';
import { cells, ExpectedDay, GoodsOrderStatusBadge, isOpenOrder, plural, PurchaseTotals, useShopToday } from './goods-order-display.tsx';
import { GoodsOrderTimeline } from './goods-order-timeline.tsx';
import { ReceiptLines, ReceiptsSection } from './receipts-section.tsx';
import { ReceivePanel, receivedMessage } from './receive-panel.tsx';

const { th, thRight, td, tdNumber } = cells;

/** An order placed with the supplier: receiving while it is open, its record once received or cancelled. */
export function PlacedOrder({ order }: { order: GoodsOrder }) {
  const dates = useDateFormat();
  const today = useShopToday();
  const client = useQueryClient();
  const update = useUpdateGoodsOrder();
  const [asking, setAsking] = useState<'cancel' | 'rest' | null>(null);
  const [isEmailing, setIsEmailing] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  const [lastReceipt, setLastReceipt] = useState<GoodsReceiptAnswer | null>(null);
  const outstanding = order.items.reduce((n, item) => n + item.outstanding, 0);
  const open = isOpenOrder(order.status);

  function move() {
    const status = asking === 'rest' ? 'received' : 'cancelled';
    update.mutate(
      { id: order.id, input: { status } },
      {
        onSuccess: () => {
          notify.success(status === 'received' ? `The rest of ${order.number} is cancelled (${plural(outstanding, 'unit')}).` : `Goods order ${order.number} cancelled.`);
          setAsking(null);
        },
        onError: (error) => {
          notify.error(errorMessageOf(error));
          setAsking(null);
        },
      },
    );
  }

  const facts: Array<[string, ReactNode]> = [
    ['Supplier', order.supplierName],
    ['Outlet', order.outletName],
    ['Expected', <ExpectedDay key="expected" order={order} today={today} />],
    ['Ordered', order.orderedAt ? `${dates.dateTime(order.orderedAt)}${order.userName ? ` by ${order.userName}` : ''}` : '—'],
  ];
  if (order.receivedAt) facts.push(['Received', dates.dateTime(order.receivedAt)]);
  if (order.cancelledAt) facts.push([order.status === 'cancelled' ? 'Cancelled' : 'Rest cancelled', dates.dateTime(order.cancelledAt)]);

  return (
    <Page wide>
      <PageHeader
        title={`Goods order ${order.number}`}
        back={<BackLink to="/goods-orders">Goods orders</BackLink>}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <GoodsOrderStatusBadge status={order.status} />
            <span>
              {order.supplierName} → {order.outletName}
            </span>
          </span>
        }
        actions={
          <>
            <a
              href={goodsOrderPdfUrl(order.id)}
              download
              onClick={() => window.setTimeout(() => void client.invalidateQueries({ queryKey: goodsOrderTimelineKey(order.id) }), 1500)}
              className="inline-flex items-center rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold tracking-wide text-gray-700 uppercase shadow-sm hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              Download PDF
            </a>
            <Button variant="secondary" onClick={() => setIsEmailing(true)}>
              E-mail to supplier
            </Button>
            {order.status === 'ordered' && (
              <Button variant="ghost" className="text-red-700" onClick={() => setAsking('cancel')}>
                Cancel order
              </Button>
            )}
            {order.status === 'partially_received' && (
              <Button variant="ghost" className="text-red-700" onClick={() => setAsking('rest')}>
                Cancel the rest
              </Button>
            )}
          </>
        }
      />
      <div className="flex flex-col gap-6">
        <Block
          title="Order"
          actions={
            open && (
              <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setIsEditing(true)}>
                Change date or note
              </Button>
            )
          }
        >
          <dl className="grid gap-4 text-sm sm:grid-cols-2 xl:grid-cols-4">
            {facts.map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs font-semibold tracking-wide text-gray-500 uppercase">{label}</dt>
                <dd className="mt-1 text-gray-900">{value}</dd>
              </div>
            ))}
          </dl>
          {order.note && <p className="mt-4 text-sm whitespace-pre-wrap text-gray-700">{order.note}</p>}
        </Block>
        {lastReceipt && (
          <Alert tone="success" title={receivedMessage(lastReceipt)}>
            <p className="mb-2">What each product costs now (the weighted average of the stock on hand and this delivery):</p>
            <div className="rounded-md bg-white text-gray-700">
              <ReceiptLines lines={lastReceipt.lines} caption="This delivery" />
            </div>
          </Alert>
        )}
        {open ? <ReceivePanel order={order} onReceived={setLastReceipt} /> : <ClosedLines order={order} />}
        <OrderTotals order={order} />
        <ReceiptsSection order={order} />
        <div className="max-w-3xl">
          <GoodsOrderTimeline orderId={order.id} />
        </div>
      </div>
      <EmailOrderDialog order={order} open={isEmailing} onClose={() => setIsEmailing(false)} />
      {isEditing && <OrderDetailsDialog order={order} open onClose={() => setIsEditing(false)} />}
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'rest' ? 'Cancel what has not come?' : 'Cancel this goods order?'}
        confirmLabel={asking === 'rest' ? 'Cancel the rest' : 'Cancel order'}
        isBusy={update.isPending}
        onConfirm={move}
        onCancel={() => setAsking(null)}
      >
        {asking === 'rest'
          ? `${plural(outstanding, 'unit')} still to come will be cancelled and ${order.number} closed as received. What arrived stays in stock.`
          : `${order.number} stays on record as cancelled. Tell ${order.supplierName} too: nothing is sent to them.`}
      </ConfirmDialog>
    </Page>
  );
}

/** A received or cancelled order's lines: ordered, received and cancelled per line. */
function ClosedLines({ order }: { order: GoodsOrder }) {
  const money = useMoney();
  return (
    <Block title="Lines">
      <div className="overflow-x-auto">
        <table className="min-w-full text-sm">
          <caption className="sr-only">Lines</caption>
          <thead className="border-b border-gray-200">
            <tr>
              <th className={th}>Product</th>
              <th className={th}>Supplier SKU</th>
              <th className={thRight}>Ordered</th>
              <th className={thRight}>Received</th>
              <th className={thRight}>Cancelled</th>
              <th className={thRight}>Unit cost</th>
              <th className={thRight}>Tax</th>
              <th className={thRight}>Total</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {order.items.map((item) => (
              <tr key={item.id}>
                <td className={td}>
                  <div className="font-medium text-gray-900">{[item.productTitle, item.variantName].filter(Boolean).join(' · ')}</div>
                  <div className="font-mono text-xs text-gray-500">{item.sku}</div>
                </td>
                <td className={`${td} font-mono text-xs`}>{item.supplierSku ?? '—'}</td>
                <td className={tdNumber}>{item.quantity}</td>
                <td className={tdNumber}>{item.receivedQuantity}</td>
                <td className={tdNumber}>{item.cancelledQuantity || '—'}</td>
                <td className={tdNumber}>{money.format(item.unitCost)}</td>
                <td className={tdNumber}>{money.format(item.tax)}</td>
                <td className={`${tdNumber} font-medium`}>{money.format(item.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Block>
  );
}

function OrderTotals({ order }: { order: GoodsOrder }) {
  return (
    <Block title="Totals" className="self-end md:w-96">
      <PurchaseTotals units={`${order.receivedUnits.toLocaleString()} of ${order.units.toLocaleString()} received`} net={order.net} tax={order.tax} total={order.total} />
    </Block>
  );
}
