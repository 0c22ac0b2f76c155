import { formatGiftCardCode, maskGiftCardCode, type Order, type OrderGiftCard } from '@tillbook/contract';
import { Link } from 'react-router';
import { Block } from '../../components/ui/block.tsx';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';

const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-gray-500 uppercase';
const thRight = `${th} text-right`;
const td = 'px-3 py-2 align-top';
const tdMoney = `${td} text-right tabular-nums whitespace-nowrap`;

/** The card in the back office: its code in full, leading to the gift cards list found by it. */
function CardLink({ code }: { code: string }) {
  return (
    <Link to={`/gift-cards?search=${code}`} className="font-mono text-indigo-700 hover:underline">
      {formatGiftCardCode(code)}
    </Link>
  );
}

/** The payments table's rows for the gift cards that paid the sale (not drawer tenders), with the balance each kept. */
export function GiftCardPaymentRows({ order, cellClass, moneyClass }: { order: Order; cellClass: string; moneyClass: string }) {
  const money = useMoney();
  const spent = (order.giftCards ?? []).filter((card) => card.kind === 'spent');
  return spent.map((card) => (
    <tr key={card.code}>
      <td className={cellClass}>Gift card {maskGiftCardCode(card.code)}</td>
      <td className={moneyClass}>{money.format(card.amount)}</td>
      <td className={moneyClass}>{money.format(card.amount)}</td>
      <td className={moneyClass}>—</td>
      <td className={`${cellClass} text-xs text-gray-600`}>{money.format(card.balanceAfter)} left</td>
    </tr>
  ));
}

/** The gift cards the sale sold or topped up: money taken that is not revenue until the cards are spent. */
export function OrderGiftCardsSold({ order }: { order: Order }) {
  const money = useMoney();
  const dates = useDateFormat();
  const sold = (order.giftCards ?? []).filter((card: OrderGiftCard) => card.kind !== 'spent');
  if (sold.length === 0) return null;
  return (
    <Block title="Gift cards sold">
      <div className="overflow-x-auto">
        <table className="min-w-full text-sm">
          <caption className="sr-only">Gift cards sold</caption>
          <thead className="border-b border-gray-200">
            <tr>
              <th className={th}>Card</th>
              <th className={th}>Kind</th>
              <th className={thRight}>Amount</th>
              <th className={thRight}>Balance after</th>
              <th className={th}>Valid until</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {sold.map((card) => (
              <tr key={card.code}>
                <td className={td}>
                  <CardLink code={card.code} />
                </td>
                <td className={td}>{card.kind === 'sold' ? 'New card' : 'Topped up'}</td>
                <td className={tdMoney}>{money.format(card.amount)}</td>
                <td className={tdMoney}>{money.format(card.balanceAfter)}</td>
                <td className={td}>{card.expiresAt ? dates.date(card.expiresAt) : 'Never expires'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Block>
  );
}
