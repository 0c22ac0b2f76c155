import { productColumns, type ProductColumn } from '@tillbook/contract';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';

export const productColumnLabels: Record<ProductColumn, string> = {
  title: 'Title',
  sku: 'SKU',
  barcode: 'Barcode',
  categories: 'Categories',
  stock: 'Stock',
  price: 'Price',
  cost: 'Cost',
  variants: 'Variants',
  status: 'Status',
  updatedAt: 'Last changed',
};

type ColumnChooserProps = { columns: ProductColumn[]; onToggle: (column: ProductColumn) => void; onReset: () => void };

/** "Columns" menu of the product list; the choice survives a reload (localStorage). */
export function ColumnChooser({ columns, onToggle, onReset }: ColumnChooserProps) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <div className="relative">
      <Button variant="secondary" aria-expanded={isOpen} aria-haspopup="true" onClick={() => setIsOpen((v) => !v)}>
        Columns
      </Button>
      {isOpen && (
        <div
          role="group"
          aria-label="Columns shown"
          className="absolute right-0 z-20 mt-2 w-56 rounded-md border border-gray-200 bg-white p-3 shadow-lg"
          onKeyDown={(event) => event.key === 'Escape' && setIsOpen(false)}
        >
          <ul className="space-y-1.5">
            {productColumns.map((column) => (
              <li key={column}>
                <label className="flex items-center gap-2 text-sm text-gray-800">
                  <input
                    type="checkbox"
                    className="size-4 accent-indigo-600"
                    checked={columns.includes(column)}
                    disabled={column === 'title'}
                    onChange={() => onToggle(column)}
                  />
                  {productColumnLabels[column]}
                </label>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex justify-between border-t border-gray-100 pt-2">
            <button type="button" className="text-xs text-indigo-700 hover:underline" onClick={onReset}>
              Reset to default
            </button>
            <button type="button" className="text-xs text-gray-600 hover:underline" onClick={() => setIsOpen(false)}>
              Close
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
