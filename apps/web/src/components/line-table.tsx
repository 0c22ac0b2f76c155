import type { ReactNode } from 'react';
import { Button } from './ui/button.tsx';
import { variantLabel } from './variant-picker.tsx';

/** Header cells of a lines table (left and right aligned). */
export const lineTh = 'py-2 pr-3 text-left text-xs font-semibold tracking-wide text-gray-500 uppercase';
export const lineThRight = 'py-2 pr-3 text-right text-xs font-semibold tracking-wide text-gray-500 uppercase';

/**
 * The table of a document's lines (a supplier's products, a goods order, a transfer): its header
 * row, its rows, and a footer when there are totals.
 */
export function LineTable({ caption, head, children, foot }: { caption: string; head: ReactNode; children: ReactNode; foot?: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-gray-200">
          <tr>{head}</tr>
        </thead>
        <tbody className="divide-y divide-gray-100">{children}</tbody>
        {foot && <tfoot className="border-t border-gray-200 font-medium text-gray-900">{foot}</tfoot>}
      </table>
    </div>
  );
}

/** The product cell of a line: title · variant, and its SKU. */
export function ProductCell({ line, children }: { line: { productTitle: string; variantName: string; sku: string }; children?: ReactNode }) {
  return (
    <td className="py-2 pr-3">
      <div className="font-medium text-gray-900">{variantLabel(line)}</div>
      <div className="font-mono text-xs text-gray-500">{line.sku}</div>
      {children}
    </td>
  );
}

/** The last cell of an editable line: "Remove", named for the line ("Remove Cola 330ml"). */
export function RemoveLineCell({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <td className="py-2 text-right">
      <Button variant="ghost" className="px-2 py-1 text-xs text-red-700" aria-label={`Remove ${label}`} onClick={onRemove}>
        Remove
      </Button>
    </td>
  );
}
