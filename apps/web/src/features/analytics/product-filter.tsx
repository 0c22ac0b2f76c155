import { useId, useState } from 'react';
import { ProductPicker } from '../../components/product-picker.tsx';
import { useProductTitle } from './api.ts';

type ProductFilterProps = { productId: string | undefined; onChange: (productId: string) => void };

/** One product the report is limited to: found by typing, shown by its title with a way to clear it. */
export function ProductFilter({ productId, onChange }: ProductFilterProps) {
  const [term, setTerm] = useState('');
  const id = productId ? Number(productId) : undefined;
  const title = useProductTitle(id !== undefined && Number.isInteger(id) ? id : undefined);
  const labelId = useId();

  return (
    <div role="group" aria-labelledby={labelId} className="w-72">
      <span id={labelId} className="block text-sm font-medium text-gray-700">
        Product
      </span>
      <div className="mt-1.5">
        {productId ? (
          <p className="flex items-center justify-between gap-2 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm">
            <span className="truncate">{title.data ?? `Product #${productId}`}</span>
            <button type="button" className="text-link text-sm" onClick={() => onChange('')}>
              All products
            </button>
          </p>
        ) : (
          <ProductPicker
            label="Find a product"
            placeholder="All products: type to choose one"
            perPage={8}
            term={term}
            onTermChange={setTerm}
            noMatch={(typed) => `No product matches “${typed}”.`}
            onPick={(product) => {
              setTerm('');
              onChange(String(product.id));
            }}
          />
        )}
      </div>
    </div>
  );
}
