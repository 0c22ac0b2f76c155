import { LineTable, lineTh, lineThRight, ProductCell, RemoveLineCell } from '../../components/line-table.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { variantLabel } from '../../components/variant-picker.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import type { LabelSource } from './api.ts';

/** A variant to label and how many labels it gets (as typed). */
export type LabelLine = LabelSource & { quantity: string };

export type QuantityMode = 'one' | 'stock';

/** The labels a new line gets: what a goods order received, else one each or the stock on hand. */
export function quantityOf(source: LabelSource, mode: QuantityMode): string {
  if (source.received !== null) return String(source.received);
  if (mode === 'stock' && source.stock !== null) return String(Math.max(1, source.stock));
  return '1';
}

/** The sum of the lines' quantities (whole numbers above zero only). */
export function labelTotal(lines: LabelLine[]): number {
  return lines.reduce((sum, line) => {
    const quantity = Number(line.quantity);
    return sum + (Number.isInteger(quantity) && quantity > 0 ? quantity : 0);
  }, 0);
}

/** The labels in print order, each line repeated by its quantity, up to `limit`. */
export function labelsInOrder(lines: LabelLine[], limit: number): LabelSource[] {
  const labels: LabelSource[] = [];
  for (const line of lines) {
    const quantity = Number(line.quantity);
    if (!Number.isInteger(quantity) || quantity < 1) continue;
    for (let n = 0; n < quantity && labels.length < limit; n += 1) labels.push(line);
    if (labels.length >= limit) break;
  }
  return labels;
}

type LabelLinesProps = {
  lines: LabelLine[];
  /** Messages per variant (from the form's check or the server's 422). */
  errors: Record<number, string>;
  onQuantity: (variantId: number, quantity: string) => void;
  onRemove: (variantId: number) => void;
};

/** One line per variant: what it is, its barcode, price, stock and the number of labels. */
export function LabelLines({ lines, errors, onQuantity, onRemove }: LabelLinesProps) {
  const money = useMoney();
  if (lines.length === 0) {
    return (
      <p className="rounded-md border border-dashed border-gray-300 px-4 py-6 text-center text-sm text-gray-500">
        Nothing to label yet. Search or scan a product, or add a category, the low-stock items or a received goods order.
      </p>
    );
  }
  return (
    <LineTable
      caption="Products to label"
      head={
        <>
          <th className={lineTh}>Product</th>
          <th className={lineTh}>Barcode</th>
          <th className={lineThRight}>Price</th>
          <th className={lineThRight}>In stock</th>
          <th className={lineThRight}>Labels</th>
          <th className={lineTh}>
            <span className="sr-only">Remove</span>
          </th>
        </>
      }
    >
      {lines.map((line) => {
        const label = variantLabel(line);
        const error = errors[line.variantId];
        return (
          <tr key={line.variantId} data-testid={`line-${line.variantId}`} className="align-top">
            <ProductCell line={line}>{error && <p className="mt-1 text-sm text-red-600">{error}</p>}</ProductCell>
            <td className="py-2 pr-3 font-mono text-xs text-gray-700">{line.barcode ?? <span className="text-gray-400">SKU (Code 128)</span>}</td>
            <td className="py-2 pr-3 text-right">{money.format(line.price)}</td>
            <td className="py-2 pr-3 text-right text-gray-700">{line.stock === null ? '—' : line.stock.toLocaleString()}</td>
            <td className="py-2 pr-3 text-right">
              <TextInput
                aria-label={`Labels for ${label}`}
                inputMode="numeric"
                className="ml-auto w-20 text-right"
                invalid={Boolean(error)}
                value={line.quantity}
                onChange={(event) => onQuantity(line.variantId, event.target.value)}
              />
            </td>
            <RemoveLineCell label={label} onRemove={() => onRemove(line.variantId)} />
          </tr>
        );
      })}
    </LineTable>
  );
}
