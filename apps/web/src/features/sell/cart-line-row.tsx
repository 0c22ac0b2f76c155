import { formatPercent, type PricedLine, type PricedTax, type PricingDiscount } from '@tillbook/contract';
import { useState } from 'react';
import { cn } from '../../lib/class-names.ts';
import { useMoney } from '../../lib/shop-settings.ts';
import { lineTitleOf, stockAfterOf, type CartLine } from './cart.ts';

type CartLineRowProps = {
  line: CartLine;
  priced: PricedLine;
  onQuantity: (quantity: number) => void;
  onDiscount: () => void;
  onRemove: () => void;
  /** Enter in the quantity box: the box is replaced as the quantity changes, so focus moves on. */
  onQuantityEntered?: () => void;
};

export function quantityInputId(key: string): string {
  return `sell-quantity-${key}`;
}

/** "VAT 20%", even when the tax's name leaves the rate out. */
function taxLabelOf(tax: PricedTax): string {
  return tax.name.includes('%') ? tax.name : `${tax.name} ${formatPercent(tax.rateE4)}%`;
}

/** One line: quantity by touch (− / +) or typing, its discount, and its taxes and charges as the engine priced them. */
export function CartLineRow({ line, priced, onQuantity, onDiscount, onRemove, onQuantityEntered }: CartLineRowProps) {
  const money = useMoney();
  const title = lineTitleOf(line.item);
  const stockAfter = stockAfterOf(line);
  const discountLabel = discountLabelOf(line.discount, money.format);
  const button = 'flex size-10 items-center justify-center rounded-md border border-gray-300 bg-white text-lg font-semibold text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-indigo-600';
  return (
    <li className="border-b border-gray-100 py-2.5 last:border-b-0">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-gray-900">{title}</p>
          <p className="text-xs text-gray-500 tabular-nums">
            {money.format(line.item.unitPrice)} each{line.item.sku ? ` · ${line.item.sku}` : ''}
          </p>
        </div>
        <p className="shrink-0 text-sm font-semibold text-gray-900 tabular-nums" aria-label={`Line total of ${title}`}>
          {money.format(priced.total)}
        </p>
      </div>
      <div className="mt-1.5 flex items-center gap-1">
        <button type="button" className={button} aria-label={`One less ${title}`} onClick={() => onQuantity(line.quantity - 1)}>
          −
        </button>
        <QuantityInput key={line.quantity} id={quantityInputId(line.key)} title={title} quantity={line.quantity} onQuantity={onQuantity} onEntered={onQuantityEntered} />
        <button type="button" className={button} aria-label={`One more ${title}`} onClick={() => onQuantity(line.quantity + 1)}>
          +
        </button>
        <button
          type="button"
          onClick={onDiscount}
          aria-label={discountLabel ? `Discount ${discountLabel}` : 'Discount'}
          className={cn(
            'min-h-10 rounded-md px-2 text-xs font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-indigo-600',
            discountLabel ? 'bg-green-50 text-green-800 hover:bg-green-100' : 'text-indigo-700 hover:bg-indigo-50',
          )}
        >
          {discountLabel ?? 'Discount'}
        </button>
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove ${title}`}
          title="Remove"
          className="ml-auto flex size-10 items-center justify-center rounded-md text-xl text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          ×
        </button>
      </div>
      <ul className="mt-1 space-y-0.5 text-xs text-gray-600 tabular-nums">
        {priced.discount > 0 && <li>Line discount −{money.format(priced.discount)}</li>}
        {priced.orderDiscount > 0 && <li>Share of the sale discount −{money.format(priced.orderDiscount)}</li>}
        {priced.charges.map((charge) => (
          <li key={`c${charge.id}`}>
            + {charge.name} {money.format(charge.amount)}
          </li>
        ))}
        {priced.taxes.map((tax) => (
          <li key={`t${tax.id}-${tax.rateE4}`}>
            {tax.isInclusive ? 'incl.' : '+'} {taxLabelOf(tax)} {money.format(tax.amount)}
          </li>
        ))}
      </ul>
      {stockAfter !== null && stockAfter < 0 && (
        <p className="mt-1 text-xs font-medium text-amber-700">
          Only {Math.max(0, line.stock ?? 0)} in stock at this outlet: this sale takes it {Math.abs(stockAfter)} below zero.
        </p>
      )}
    </li>
  );
}

function discountLabelOf(discount: PricingDiscount | null, format: (minor: number) => string): string | null {
  if (!discount) return null;
  return discount.kind === 'amount' ? `−${format(discount.amount)}` : `−${formatPercent(discount.rateE4)}%`;
}

/** Typed quantities take effect on Enter or when the field is left; junk puts the old number back. */
function QuantityInput({ id, title, quantity, onQuantity, onEntered }: { id: string; title: string; quantity: number; onQuantity: (quantity: number) => void; onEntered?: () => void }) {
  const [draft, setDraft] = useState(String(quantity));
  function commit() {
    const value = Number(draft);
    if (draft.trim() !== '' && Number.isInteger(value) && value >= 0) onQuantity(value);
    else setDraft(String(quantity));
  }
  return (
    <input
      id={id}
      aria-label={`Quantity of ${title}`}
      inputMode="numeric"
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onFocus={(event) => event.target.select()}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
          onEntered?.();
        }
      }}
      className="h-10 w-14 rounded-md border border-gray-300 text-center text-sm tabular-nums focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/40 focus:outline-none"
    />
  );
}
