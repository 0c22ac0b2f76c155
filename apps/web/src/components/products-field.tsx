import { useState } from 'react';
import { ProductPicker } from './product-picker.tsx';

export type PickedProduct = { id: number; title: string; sku: string | null };

type ProductsFieldProps = {
  value: PickedProduct[];
  onChange: (next: PickedProduct[]) => void;
  invalid?: boolean;
  /** What the chosen products are, for screen readers ("Chosen products", "Products that earn nothing"). */
  listLabel?: string;
};

/**
 * A set of products chosen with the product picker, each shown as a removable chip: the products a
 * coupon is limited to, the products that earn no points.
 */
export function ProductsField({ value, onChange, invalid, listLabel = 'Chosen products' }: ProductsFieldProps) {
  const [term, setTerm] = useState('');
  const chosen = new Set(value.map((p) => p.id));

  return (
    <div>
      {value.length > 0 && (
        <ul aria-label={listLabel} className="mb-2 flex flex-wrap gap-1.5">
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
      <ProductPicker
        label="Find a product"
        placeholder="Type a product name or SKU"
        perPage={8}
        term={term}
        onTermChange={setTerm}
        isOffered={(product) => !chosen.has(product.id)}
        noMatch={(typed) => `No other product matches “${typed}”.`}
        searchError="The products could not be searched. Try again."
        detailOf={(product) => product.sku && <span className="font-mono">{product.sku}</span>}
        invalid={invalid}
        onPick={(product) => {
          onChange([...value, { id: product.id, title: product.title, sku: product.sku }]);
          setTerm('');
        }}
      />
    </div>
  );
}
