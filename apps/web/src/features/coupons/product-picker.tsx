import { useId, useState } from 'react';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useProductSearch } from './api.ts';

export type PickedProduct = { id: number; title: string; sku: string | null };

type ProductPickerProps = {
  value: PickedProduct[];
  onChange: (next: PickedProduct[]) => void;
  invalid?: boolean;
};

/** Products chosen by typing part of a title or SKU; each shows as a removable chip. */
export function ProductPicker({ value, onChange, invalid }: ProductPickerProps) {
  const [search, setSearch] = useState('');
  const results = useProductSearch(search);
  const listId = useId();
  const chosen = new Set(value.map((p) => p.id));
  const matches = (results.data ?? []).filter((p) => !chosen.has(p.id));
  const hasSearch = search.trim().length > 0;

  return (
    <div>
      {value.length > 0 && (
        <ul aria-label="Chosen products" className="mb-2 flex flex-wrap gap-1.5">
          {value.map((product) => (
            <li key={product.id} className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-indigo-800">
              {product.title}
              {product.sku && <span className="font-mono text-indigo-500">{product.sku}</span>}
              <button
                type="button"
                aria-label={`Remove ${product.title}`}
                className="rounded-full px-1 text-indigo-500 hover:bg-indigo-100 hover:text-indigo-800"
                onClick={() => onChange(value.filter((p) => p.id !== product.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <TextInput
        aria-label="Find a product"
        aria-controls={listId}
        placeholder="Type a product name or SKU"
        value={search}
        invalid={invalid}
        autoComplete="off"
        onChange={(e) => setSearch(e.target.value)}
        clearable
        onClear={() => setSearch('')}
      />
      {hasSearch && (
        <ul id={listId} aria-label="Matching products" className="mt-1 max-h-60 overflow-auto rounded-md border border-gray-200 bg-white shadow-sm">
          {results.isPending ? (
            <li className="px-3 py-2 text-sm text-gray-500">Searching…</li>
          ) : results.isError ? (
            <li className="px-3 py-2 text-sm text-red-600">The products could not be searched. Try again.</li>
          ) : matches.length === 0 ? (
            <li className="px-3 py-2 text-sm text-gray-500">No other product matches “{search.trim()}”.</li>
          ) : (
            matches.map((product) => (
              <li key={product.id}>
                <button
                  type="button"
                  className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-indigo-50 focus:bg-indigo-50 focus:outline-none"
                  onClick={() => {
                    onChange([...value, { id: product.id, title: product.title, sku: product.sku }]);
                    setSearch('');
                  }}
                >
                  <span>{product.title}</span>
                  {product.sku && <span className="font-mono text-xs text-gray-500">{product.sku}</span>}
                </button>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
