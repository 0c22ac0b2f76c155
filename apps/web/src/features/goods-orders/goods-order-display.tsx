import { goodsOrderStatusLabels, goodsOrderStatuses, localToday, type GoodsOrderListItem, type GoodsOrderStatus } from '@tillbook/contract';
import { Badge } from '../../components/ui/badge.tsx';
import { useMoney, useShopSettings } from '../../lib/shop-settings.ts';
import { formatDay } from '../../lib/date-format.ts';

const statusTones = { draft: 'gray', ordered: 'indigo', partially_received: 'amber', received: 'green', cancelled: 'red' } as const;

export const goodsOrderStatusOptions = goodsOrderStatuses.map((status) => ({ value: status, label: goodsOrderStatusLabels[status] }));

export function GoodsOrderStatusBadge({ status }: { status: GoodsOrderStatus }) {
  return <Badge tone={statusTones[status]}>{goodsOrderStatusLabels[status]}</Badge>;
}

/** Still waited for: placed with the supplier and not all in. */
export function isOpenOrder(status: GoodsOrderStatus): boolean {
  return status === 'ordered' || status === 'partially_received';
}

/** Placed, not all in, and its expected day is before today in the shop's time zone. */
export function isOverdue(order: Pick<GoodsOrderListItem, 'status' | 'expectedAt'>, today: string): boolean {
  return isOpenOrder(order.status) && order.expectedAt !== null && order.expectedAt.slice(0, 10) < today;
}

/** Today in the shop's time zone ("2026-11-22"), for overdue marks. */
export function useShopToday(): string {
  const { timeZone } = useShopSettings();
  return localToday(timeZone);
}

/** The expected day, marked "overdue" in red when the order is late. */
export function ExpectedDay({ order, today }: { order: Pick<GoodsOrderListItem, 'status' | 'expectedAt'>; today: string }) {
  const { locale } = useShopSettings();
  if (!order.expectedAt) return <span className="text-gray-400">—</span>;
  const late = isOverdue(order, today);
  return (
    <span className={late ? 'font-medium whitespace-nowrap text-red-700' : 'whitespace-nowrap'}>
      {formatDay(order.expectedAt, locale)}
      {late && <span className="ml-1.5 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800">Overdue</span>}
    </span>
  );
}

/** "3 lines · 5 of 12 units" (received of ordered); a draft's "3 lines · 12 units". */
export function linesAndUnits(order: Pick<GoodsOrderListItem, 'itemCount' | 'units' | 'receivedUnits' | 'status'>): string {
  const lines = `${order.itemCount} ${order.itemCount === 1 ? 'line' : 'lines'}`;
  const units = order.units === 1 ? 'unit' : 'units';
  const received = order.status === 'draft' ? `${order.units} ${units}` : `${order.receivedUnits} of ${order.units} ${units}`;
  return `${lines} · ${received}`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** The cells of the goods-order tables (lines, receiving, deliveries). */
export const cells = {
  th: 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-gray-500 uppercase',
  thRight: 'px-3 py-2 text-right text-xs font-semibold tracking-wide text-gray-500 uppercase',
  td: 'px-3 py-2 align-top',
  tdNumber: 'px-3 py-2 align-top text-right tabular-nums whitespace-nowrap',
};

/** Units, net, tax and total of an order, in the block at the foot of its page. */
export function PurchaseTotals({ units, net, tax, total, testId }: { units: string; net: number; tax: number; total: number; testId?: string }) {
  const money = useMoney();
  const row = (label: string, value: string, strong = false) => (
    <div className={strong ? 'flex justify-between gap-8 py-1 text-base font-semibold text-gray-900' : 'flex justify-between gap-8 py-1'}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
  return (
    <dl className="text-sm text-gray-700" data-testid={testId}>
      {row('Units', units)}
      {row('Net', money.format(net))}
      {row('Tax', money.format(tax))}
      <div className="my-1 border-t border-gray-200" />
      {row('Total', money.format(total), true)}
    </dl>
  );
}
