import type { Order } from '@tillbook/contract';
import { Link } from 'react-router';
import { useMoney } from '../../lib/shop-settings.ts';

/** The payments table's row for the part of the sale the customer's store credit paid (not a drawer tender). */
export function StoreCreditPaymentRow({ order, cellClass, moneyClass }: { order: Order; cellClass: string; moneyClass: string }) {
  const money = useMoney();
  if (order.storeCreditPaid <= 0) return null;
  return (
    <tr>
      <td className={cellClass}>Store credit</td>
      <td className={moneyClass}>{money.format(order.storeCreditPaid)}</td>
      <td className={moneyClass}>{money.format(order.storeCreditPaid)}</td>
      <td className={moneyClass}>—</td>
      <td className={cellClass} />
    </tr>
  );
}

/** The payments table's row for what goods returned in an exchange paid (not a drawer tender), with the sale they came from. */
export function ExchangePaymentRow({ order, cellClass, moneyClass }: { order: Order; cellClass: string; moneyClass: string }) {
  const money = useMoney();
  if (!order.exchange || order.exchangeCredit <= 0) return null;
  return (
    <tr>
      <td className={cellClass}>
        Returned goods from{' '}
        <Link to={`/orders/${order.exchange.orderId}`} className="font-medium text-indigo-700 hover:underline">
          {order.exchange.orderNumber}
        </Link>
      </td>
      <td className={moneyClass}>{money.format(order.exchangeCredit)}</td>
      <td className={moneyClass}>{money.format(order.exchangeCredit)}</td>
      <td className={moneyClass}>—</td>
      <td className={`${cellClass} font-mono text-xs`}>{order.exchange.refundNumber}</td>
    </tr>
  );
}
