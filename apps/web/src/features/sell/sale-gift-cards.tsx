import { formatGiftCardCode, maskGiftCardCode, type Order } from '@tillbook/contract';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';

/** After a sale: the gift cards it sold (code in full, for the customer) and spent (with what each has left), for the cashier to tell them. */
export function SaleGiftCards({ order }: { order: Order }) {
  const money = useMoney();
  const dates = useDateFormat();
  const cards = order.giftCards ?? [];
  if (cards.length === 0) return null;
  return (
    <ul aria-label="Gift cards" className="mt-2 space-y-1 text-sm text-gray-700">
      {cards.map((card) =>
        card.kind === 'spent' ? (
          <li key={`spent${card.code}`}>
            Gift card {maskGiftCardCode(card.code)} paid <span className="font-semibold tabular-nums">{money.format(card.amount)}</span> ·{' '}
            <span className="tabular-nums">{money.format(card.balanceAfter)}</span> left on it
          </li>
        ) : (
          <li key={`sold${card.code}`}>
            Gift card <span className="font-mono font-semibold text-gray-900">{formatGiftCardCode(card.code)}</span> {card.kind === 'loaded' ? 'loaded with' : 'sold for'}{' '}
            <span className="font-semibold tabular-nums">{money.format(card.amount)}</span>
            {card.kind === 'loaded' && <> · balance {money.format(card.balanceAfter)}</>}
            {card.expiresAt && <> · valid until {dates.date(card.expiresAt)}</>}
          </li>
        ),
      )}
    </ul>
  );
}
