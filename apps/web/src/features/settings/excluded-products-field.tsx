import { useState } from 'react';
import { ProductPicker } from '../../components/product-picker.tsx';
import type { ExcludedProduct } from './reward-settings-model.ts';

type ExcludedProductsFieldProps = {
  value: ExcludedProduct[];
  onChange: (next: ExcludedProduct[]) => void;
  invalid?: boolean;
};

/** The products that earn no points, chosen with the product picker; each shows as a removable chip. */
export function ExcludedProductsField({ value, onChange, invalid }: ExcludedProductsFieldProps) {
  const [term, setTerm] = useState('');
  const chosen = new Set(value.map((p) => p.id));

  return (
    <div>
      {value.length > 0 && (
        <ul aria-label="Products that earn nothing" className="mb-2 flex flex-wrap gap-1.5">
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
