import { formatGiftCardCode } from '@tillbook/contract';
import { useMoney } from '../../lib/shop-settings.ts';
import type { CartGiftCard } from './cart-gift-cards.ts';

/**
 * The gift cards the sale sells, apart from the goods: outside their pricing and their total, each
 * with its code in full, its amount, Remove, and the server's word on it when it refused the sale.
 */
export function CartGiftCardLines({ cards, onRemove }: { cards: readonly CartGiftCard[]; onRemove: (code: string) => void }) {
  const money = useMoney();
  if (cards.length === 0) return null;
  return (
    <ul aria-label="Gift cards sold" className="border-t border-dashed border-gray-300 py-1">
      {cards.map((card) => {
        const name = `Gift card ${formatGiftCardCode(card.code)}`;
        return (
          <li key={card.code} className="py-1.5">
            <div className="flex items-center gap-2 text-sm">
              <span className="min-w-0 flex-1 font-medium text-gray-900">
                Gift card <span className="font-mono tabular-nums">{formatGiftCardCode(card.code)}</span>
              </span>
              <span className="font-semibold tabular-nums text-gray-900">{money.format(card.amount)}</span>
              <button
                type="button"
                onClick={() => onRemove(card.code)}
                aria-label={`Remove ${name}`}
                title="Remove"
                className="flex size-10 items-center justify-center rounded-md text-xl text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                ×
              </button>
            </div>
            {card.refusal && (
              <p role="alert" className="text-xs font-medium text-red-700">
                {card.refusal}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
