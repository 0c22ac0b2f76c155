import type { ReturnableLine } from '@tillbook/contract';
import type { ReactNode } from 'react';
import { Select } from '../../components/ui/select.tsx';
import { useMoney } from '../../lib/shop-settings.ts';

type Props = {
  lines: ReturnableLine[];
  quantities: Record<number, number>;
  restock: Record<number, boolean>;
  /** What each line gives back for the chosen quantity, as the server will count it. */
  totals: Record<number, number>;
  errors: Record<number, string>;
  onQuantity: (lineId: number, quantity: number) => void;
  onRestock: (lineId: number, restock: boolean) => void;
};

export const returnItemName = (line: Pick<ReturnableLine, 'title' | 'variantName'>) => (line.variantName ? `${line.title} · ${line.variantName}` : line.title);

const stepClass =
  'inline-flex size-9 items-center justify-center rounded-md border border-gray-300 bg-white text-base font-semibold text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-40';

/** The sale's lines: sold, already returned, a stepper up to what is still returnable, and whether the goods go back on the shelf. */
export function ReturnLines({ lines, quantities, restock, totals, errors, onQuantity, onRestock }: Props) {
  const money = useMoney();
  return (
    <ReturnItemsTable>
      {lines.map((line) => {
        const name = returnItemName(line);
        const quantity = quantities[line.id] ?? 0;
        return (
          <tr key={line.id} className="border-t border-gray-100 align-top">
            <td className="py-2 pr-2">
              {name}
              <span className="block text-xs text-gray-500">
                Sold {line.quantity}
                {line.returned > 0 && ` · ${line.returned} already returned`}
                {line.returnable === 0 && ' · nothing left to return'}
              </span>
              {errors[line.id] && <span className="block text-xs text-red-600">{errors[line.id]}</span>}
            </td>
            <td className="py-2 pr-2">
              <ReturnQuantity
                name={name}
                quantity={quantity}
                max={line.returnable}
                isRestocked={restock[line.id] !== false}
                onQuantity={(next) => onQuantity(line.id, next)}
                onRestock={(back) => onRestock(line.id, back)}
              />
            </td>
            <td className="py-2 text-right tabular-nums">{money.format(totals[line.id] ?? 0)}</td>
          </tr>
        );
      })}
    </ReturnItemsTable>
  );
}

/** The items of a return, one row each: the item, how many come back, what they give back. */
export function ReturnItemsTable({ children }: { children: ReactNode }) {
  return (
    <table aria-label="Items to return" className="w-full text-sm">
      <thead>
        <tr className="text-left text-xs text-gray-500 uppercase">
          <th className="py-1 pr-2">Item</th>
          <th className="py-1 pr-2">Return</th>
          <th className="py-1 text-right">Amount</th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

type ReturnQuantityProps = {
  name: string;
  quantity: number;
  max: number;
  isRestocked: boolean;
  onQuantity: (quantity: number) => void;
  onRestock: (restock: boolean) => void;
};

/** How many of an item come back (a stepper up to `max`) and, once some do, whether they go back on the shelf. */
export function ReturnQuantity({ name, quantity, max, isRestocked, onQuantity, onRestock }: ReturnQuantityProps) {
  return (
    <>
      <div className="flex items-center gap-1">
        <button type="button" className={stepClass} aria-label={`One less of ${name}`} disabled={quantity <= 0} onClick={() => onQuantity(quantity - 1)}>
          −
        </button>
        <output aria-label={`Quantity to return of ${name}`} className="w-8 text-center tabular-nums">
          {quantity}
        </output>
        <button type="button" className={stepClass} aria-label={`One more of ${name}`} disabled={quantity >= max} onClick={() => onQuantity(quantity + 1)}>
          +
        </button>
      </div>
      {quantity > 0 && (
        <Select aria-label={`Restock or damaged: ${name}`} value={isRestocked ? 'restock' : 'damaged'} onChange={(e) => onRestock(e.target.value === 'restock')} className="mt-1 w-28">
          <option value="restock">Restock</option>
          <option value="damaged">Damaged</option>
        </Select>
      )}
    </>
  );
}
