import type { Order } from '@tillbook/contract';
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
