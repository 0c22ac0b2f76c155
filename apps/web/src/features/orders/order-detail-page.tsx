import type { Order } from '@tillbook/contract';
import type { ReactNode } from 'react';
import { Link, Outlet, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { OrderLoyalty, PointsPaymentRow } from './order-loyalty.tsx';
import { ExchangePaymentRow, StoreCreditPaymentRow } from './order-store-credit.tsx';
import { GiftCardPaymentRows, OrderGiftCardsSold } from './order-gift-cards.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { useOrder } from './api.ts';
import { OrderStatusBadge, tenderLabels } from './order-display.tsx';
import { OrderEditDialog } from './order-edit-dialog.tsx';
import { OrderReceiptCopy } from './order-receipt-copy.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import { ReceiptActions } from './receipt-actions.tsx';

const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-gray-500 uppercase';
const thRight = `${th} text-right`;
const td = 'px-3 py-2 align-top';
const tdMoney = `${td} text-right tabular-nums whitespace-nowrap`;

/** /orders/{id}: one sale as it was rung up — lines, totals, payments, the stock it moved. */
export function OrderDetailPage() {
  const id = Number(useParams().id);
  const order = useOrder(id);
  if (order.isPending) {
    return (
      <Page>
        <div role="status" aria-label="Loading the order" className="flex justify-center p-12">
          <Spinner className="size-6" />
        </div>
      </Page>
    );
  }
  if (order.isError) {
    return (
      <Page>
        <PageHeader title="Order" back={<Link to="/orders" className="text-indigo-700 hover:underline">← Orders</Link>} />
        <Alert tone="error">{errorMessageOf(order.error)}</Alert>
      </Page>
    );
  }
  return <OrderDetail order={order.data} />;
}

function OrderDetail({ order }: { order: Order }) {
  const dates = useDateFormat();
  const place = [order.outletName, order.registerName, order.cashierName].filter(Boolean).join(' · ');
  return (
    <Page wide>
      <PageHeader
        title={`Order ${order.number}`}
        back={<Link to="/orders" className="text-indigo-700 hover:underline">← Orders</Link>}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <OrderStatusBadge status={order.status} />
            <span>{dates.dateTime(order.createdAt)}</span>
            <span className="text-gray-400">·</span>
            <span>{place}</span>
          </span>
        }
        actions={<OrderEditDialog order={order} />}
      />
      {order.tags && order.tags.length > 0 && (
        <ul aria-label="Tags" className="mb-4 flex flex-wrap gap-1.5">
          {order.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-700">
              {tag}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-6 2xl:flex-row 2xl:items-start">
        <div className="flex min-w-0 flex-1 flex-col gap-6">
          <Block title="Customer">
            <p className="text-sm">
              {order.customerId !== null && order.customerName ? (
                <Link to={`/customers/${order.customerId}/edit`} className="font-medium text-indigo-700 hover:underline">
                  {order.customerName}
                </Link>
              ) : (
                <span className="text-gray-500">Walk-in customer</span>
              )}
              {order.customerEmail && <span className="ml-2 text-gray-500">{order.customerEmail}</span>}
            </p>
            <OrderLoyalty order={order} />
          </Block>
          {order.lines.length > 0 && <OrderLines order={order} />}
          <OrderGiftCardsSold order={order} />
          {order.approval && (
            <Alert tone="info">
              The cashier’s discount or price change was approved by {order.approval.approverName} with their {order.approval.method === 'pin' ? 'PIN' : 'password'}.
            </Alert>
          )}
          <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <OrderTotals order={order} />
            <OrderPayments order={order} />
          </div>
          <StockMovements order={order} />
          {/* The refunds (features/refunds), nested under this route by the app. */}
          <Outlet context={order} />
          {order.note && (
            <Block title="Note">
              <p className="text-sm whitespace-pre-wrap">{order.note}</p>
            </Block>
          )}
          <OrderTimeline orderId={order.id} />
        </div>
        <aside aria-label="Receipt" className="shrink-0">
          <h2 className="mb-2 text-sm font-semibold text-gray-700">Receipt (copy)</h2>
          <OrderReceiptCopy order={order} />
          <div className="mt-3">
            <ReceiptActions order={order} />
          </div>
        </aside>
      </div>
    </Page>
  );

}

function OrderLines({ order }: { order: Order }) {
  const money = useMoney();
  return (
    <Block title="Items">
      <div className="overflow-x-auto">
        <table className="min-w-full text-sm">
          <caption className="sr-only">Items</caption>
          <thead className="border-b border-gray-200">
            <tr>
              <th className={th}>Item</th>
              <th className={th}>SKU</th>
              <th className={thRight}>Qty</th>
              <th className={thRight}>Unit price</th>
              <th className={thRight}>Discount</th>
              <th className={thRight}>Charges</th>
              <th className={thRight}>Taxes</th>
              <th className={thRight}>Total</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {order.lines.map((line) => (
              <tr key={line.id}>
                <td className={td}>
                  <span className="font-medium text-gray-900">{line.title}</span>
                  {line.variantName && <span className="text-gray-500"> · {line.variantName}</span>}
                  {line.taxes.length > 0 && <div className="text-xs text-gray-500">{line.taxes.map((t) => t.name).join(', ')}</div>}
                </td>
                <td className={`${td} font-mono text-xs`}>{line.sku}</td>
                <td className={`${td} text-right tabular-nums`}>{line.quantity}</td>
                <td className={tdMoney}>{money.format(line.unitPrice)}</td>
                <td className={tdMoney}>{line.discount + line.orderDiscount > 0 ? `−${money.format(line.discount + line.orderDiscount)}` : '—'}</td>
                <td className={tdMoney}>{line.chargeTotal > 0 ? money.format(line.chargeTotal) : '—'}</td>
                <td className={tdMoney}>{money.format(line.taxTotal)}</td>
                <td className={`${tdMoney} font-medium`}>{money.format(line.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Block>
  );
}

function OrderTotals({ order }: { order: Order }) {
  const money = useMoney();
  const row = (label: ReactNode, value: string, strong = false) => (
    <div className={strong ? 'flex justify-between py-1 font-semibold text-gray-900' : 'flex justify-between py-1'}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
  return (
    <Block title="Totals">
      <dl className="text-sm text-gray-700">
        {row('Subtotal', money.format(order.subtotal))}
        {order.discountTotal > 0 &&
          row(
            <>
              Discounts{order.couponCode && <span className="ml-1 font-mono text-xs text-gray-500">({order.couponCode})</span>}
            </>,
            `−${money.format(order.discountTotal)}`,
          )}
        {order.chargeTotal > 0 && row('Charges', money.format(order.chargeTotal))}
        {order.taxes.map((tax) => (
          <div key={tax.id} className="flex justify-between py-1">
            <dt>
              {tax.name}
              {tax.isInclusive && <span className="ml-1 text-xs text-gray-500">(included)</span>}
            </dt>
            <dd className="tabular-nums">{money.format(tax.amount)}</dd>
          </div>
        ))}
        <div className="my-1 border-t border-gray-200" />
        {row('Total', money.format(order.total), true)}
        {order.loyalty && order.loyalty.pointsPaid > 0 && row('Paid with points', money.format(order.loyalty.pointsPaid))}
        {order.storeCreditPaid > 0 && row('Paid with store credit', money.format(order.storeCreditPaid))}
        {order.giftCardsPaid > 0 && row('Paid with gift cards', money.format(order.giftCardsPaid))}
        {order.exchangeCredit > 0 && row('Paid with returned goods', money.format(order.exchangeCredit))}
        {order.giftCardsSold > 0 && row('Gift cards sold (not in the total)', money.format(order.giftCardsSold))}
        {row('Paid', money.format(order.paid))}
        {order.change > 0 && row('Change', money.format(order.change))}
        {order.refunded && order.refunded.count > 0 && (
          // The sale keeps its figures; what its refunds gave back is shown beside them, and the net.
          <>
            <div className="my-1 border-t border-gray-200" />
            {row(`Refunded (${order.refunded.count} ${order.refunded.count === 1 ? 'refund' : 'refunds'})`, `−${money.format(order.refunded.total)}`)}
            {row('Tax refunded', `−${money.format(order.refunded.taxTotal)}`)}
            {row('Net after refunds', money.format(order.total - order.refunded.total), true)}
            {row('Net tax', money.format(order.taxTotal - order.refunded.taxTotal))}
          </>
        )}
      </dl>
    </Block>
  );
}

function OrderPayments({ order }: { order: Order }) {
  const money = useMoney();
  return (
    <Block title="Payments">
      {order.payments.length === 0 && !order.loyalty?.pointsPaid && !order.storeCreditPaid && !order.giftCardsPaid && !order.exchangeCredit ? (
        <p className="text-sm text-gray-500">Nothing was due.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <caption className="sr-only">Payments</caption>
            <thead className="border-b border-gray-200">
              <tr>
                <th className={th}>Tender</th>
                <th className={thRight}>Amount</th>
                <th className={thRight}>Tendered</th>
                <th className={thRight}>Change</th>
                <th className={th}>Reference</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {order.payments.map((p) => (
                <tr key={p.id}>
                  <td className={td}>{tenderLabels[p.tender]}</td>
                  <td className={tdMoney}>{money.format(p.amount)}</td>
                  <td className={tdMoney}>{money.format(p.tendered)}</td>
                  <td className={tdMoney}>{p.change > 0 ? money.format(p.change) : '—'}</td>
                  <td className={`${td} font-mono text-xs`}>{p.reference ?? ''}</td>
                </tr>
              ))}
              <PointsPaymentRow order={order} cellClass={td} moneyClass={tdMoney} />
              <StoreCreditPaymentRow order={order} cellClass={td} moneyClass={tdMoney} />
              <ExchangePaymentRow order={order} cellClass={td} moneyClass={tdMoney} />
              <GiftCardPaymentRows order={order} cellClass={td} moneyClass={tdMoney} />
            </tbody>
          </table>
        </div>
      )}
    </Block>
  );
}

function StockMovements({ order }: { order: Order }) {
  const movements = order.stockMovements ?? [];
  return (
    <Block title="Stock movements">
      {movements.length === 0 ? (
        <p className="text-sm text-gray-500">This sale moved no stock (its items do not track stock).</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm">
            <caption className="sr-only">Stock movements</caption>
            <thead className="border-b border-gray-200">
              <tr>
                <th className={th}>Item</th>
                <th className={th}>SKU</th>
                <th className={th}>Why</th>
                <th className={thRight}>Change</th>
                <th className={thRight}>In stock after</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {movements.map((m) => (
                <tr key={m.id}>
                  <td className={td}>
                    {m.title}
                    {m.variantName && <span className="text-gray-500"> · {m.variantName}</span>}
                  </td>
                  <td className={`${td} font-mono text-xs`}>{m.sku}</td>
                  <td className={td}>{m.reason === 'refund' ? 'Refund, back to stock' : 'Sale'}</td>
                  <td className={`${td} text-right tabular-nums`}>{m.delta > 0 ? `+${m.delta}` : m.delta}</td>
                  <td className={`${td} text-right tabular-nums`}>{m.quantityAfter}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Block>
  );
}
