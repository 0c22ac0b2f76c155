import { formatPercent, ORDER_MAX_QUANTITY, type PricedLine, type PricedTax, type PricingDiscount } from '@tillbook/contract';
import { memo, useState } from 'react';
import { cn } from '../../lib/class-names.ts';
import { useMoney, useShopSettings } from '../../lib/shop-settings.ts';
import { lineTitleOf, stockAfterOf, type CartLine } from './cart.ts';

/**
 * A line's actions, each given the line (and its priced figures): the same functions for every
 * line and every render, so a row whose line and figures did not change is not drawn again when
 * another line is scanned (a 20-line basket drew 20 rows per scan).
 */
export type CartLineActions = {
  /** `typed` in the quantity box, or a `step` of − / +. */
  onQuantity: (line: CartLine, quantity: number, how: 'typed' | 'step') => void;
  onDiscount: (line: CartLine, priced: PricedLine) => void;
  /** "Price": sell one unit at another price (price-dialog.tsx); absent when the till offers no price change. */
  onPrice?: (line: CartLine) => void;
  onRemove: (line: CartLine) => void;
  /** Enter in the quantity box: the box is replaced as the quantity changes, so focus moves on. */
  onQuantityEntered?: () => void;
};

type CartLineRowProps = {
  line: CartLine;
  priced: PricedLine;
  actions: CartLineActions;
  /** The reward giving one unit of this line free: its discount replaces the line's own. */
  rewardName?: string | null;
};

export function quantityInputId(key: string): string {
  return `sell-quantity-${key}`;
}

/** "VAT 20%", even when the tax's name leaves the rate out. */
function taxLabelOf(tax: PricedTax): string {
  return tax.name.includes('%') ? tax.name : `${tax.name} ${formatPercent(tax.rateE4)}%`;
}

/** The same line priced the same: nothing on the row changes. */
function isSameRow(before: CartLineRowProps, after: CartLineRowProps): boolean {
  return (
    before.line === after.line &&
    before.actions === after.actions &&
    (before.rewardName ?? null) === (after.rewardName ?? null) &&
    JSON.stringify(before.priced) === JSON.stringify(after.priced)
  );
}

/** One line: quantity by touch (− / +) or typing, its discount, and its taxes and charges as the engine priced them. */
export const CartLineRow = memo(function CartLineRow({ line, priced, actions, rewardName = null }: CartLineRowProps) {
  const { onQuantityEntered } = actions;
  const onQuantity = (quantity: number, how: 'typed' | 'step') => actions.onQuantity(line, quantity, how);
  const onDiscount = () => actions.onDiscount(line, priced);
  const onPrice = actions.onPrice && (() => actions.onPrice?.(line));
  const onRemove = () => actions.onRemove(line);
  const money = useMoney();
  const { allowNegativeStock } = useShopSettings();
  const [quantityError, setQuantityError] = useState<string | null>(null);
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
            {money.format(priced.unitPrice)} each{line.unitPrice != null ? ` (was ${money.format(line.item.unitPrice)})` : ''}
            {line.item.sku ? ` · ${line.item.sku}` : ''}
          </p>
        </div>
        <p className="shrink-0 text-sm font-semibold text-gray-900 tabular-nums" aria-label={`Line total of ${title}`}>
          {money.format(priced.total)}
        </p>
      </div>
      <div className="mt-1.5 flex items-center gap-1">
        <button type="button" className={button} aria-label={`One less ${title}`} onClick={() => onQuantity(line.quantity - 1, 'step')}>
          −
        </button>
        <QuantityInput
          key={line.quantity}
          id={quantityInputId(line.key)}
          title={title}
          quantity={line.quantity}
          error={quantityError}
          onQuantity={(quantity) => {
            setQuantityError(null);
            onQuantity(quantity, 'typed');
          }}
          onRefused={setQuantityError}
          onEntered={onQuantityEntered}
        />
        <button type="button" className={button} aria-label={`One more ${title}`} onClick={() => onQuantity(line.quantity + 1, 'step')}>
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
        {onPrice && (
          <button type="button" onClick={onPrice} aria-label={`Change price of ${title}`} className="min-h-10 rounded-md px-2 text-xs font-semibold text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600">
            Price
          </button>
        )}
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
        {priced.discount > 0 && (
          <li className={rewardName ? 'font-semibold text-green-800' : undefined}>
            {rewardName ? `Reward: ${rewardName}` : 'Line discount'} −{money.format(priced.discount)}
          </li>
        )}
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
      {quantityError && (
        <p id={`${quantityInputId(line.key)}-error`} role="alert" className="mt-1 text-xs font-medium text-red-700">
          {quantityError}
        </p>
      )}
      {stockAfter !== null && stockAfter < 0 && (
        <p className={cn('mt-1 text-xs font-medium', allowNegativeStock ? 'text-amber-700' : 'text-red-700')}>
          Only {Math.max(0, line.stock ?? 0)} in stock at this outlet:{' '}
          {allowNegativeStock ? `this sale takes it ${Math.abs(stockAfter)} below zero.` : 'this shop does not sell below zero, lower the quantity.'}
        </p>
      )}
    </li>
  );
}, isSameRow);

function discountLabelOf(discount: PricingDiscount | null, format: (minor: number) => string): string | null {
  if (!discount) return null;
  return discount.kind === 'amount' ? `−${format(discount.amount)}` : `−${formatPercent(discount.rateE4)}%`;
}

type QuantityInputProps = {
  id: string;
  title: string;
  quantity: number;
  error: string | null;
  onQuantity: (quantity: number) => void;
  /** Not a quantity: the old number is put back and this says why. */
  onRefused: (message: string) => void;
  /** Enter was pressed: the page moves focus on. */
  onEntered?: () => void;
};

/**
 * Typed quantities take effect on Enter or when the field is left. Digits only: "1e3", "2.5" or
 * "-1" are not quantities (Number() would read 1e3 as 1000) and put the old number back, saying so.
 * The box shows the line's quantity again until the page takes the new one (it may ask first).
 */
function QuantityInput({ id, title, quantity, error, onQuantity, onRefused, onEntered }: QuantityInputProps) {
  const [draft, setDraft] = useState(String(quantity));
  function commit() {
    const typed = draft.trim();
    setDraft(String(quantity));
    if (typed === '' || typed === String(quantity)) return;
    if (!/^\d+$/.test(typed)) return onRefused(`“${typed}” is not a quantity: type whole units in digits, such as 3.`);
    const value = Number(typed);
    if (value > ORDER_MAX_QUANTITY) return onRefused(`At most ${ORDER_MAX_QUANTITY} units of one item fit on a line.`);
    onQuantity(value);
  }
  return (
    <input
      id={id}
      aria-label={`Quantity of ${title}`}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      inputMode="numeric"
      pattern="[0-9]*"
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
