import type { Product } from '@tillbook/contract';
import { useState } from 'react';
import { ProductPicker } from '../../components/product-picker.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useMoney } from '../../lib/shop-settings.ts';
import { fetchProductVariants } from './api.ts';
import type { SupplierProductForm } from './form-model.ts';

type ProductPickerProps = {
  /** Variants already in the list: shown as added, not offered twice. */
  chosenVariantIds: ReadonlySet<number>;
  onPick: (row: SupplierProductForm) => void;
};

/** The catalogue's product picker; a product with several variants asks which one. */
export function SupplierProductPicker({ chosenVariantIds, onPick }: ProductPickerProps) {
  const money = useMoney();
  const [term, setTerm] = useState('');
  const [product, setProduct] = useState<Product | null>(null);
  const [loadingId, setLoadingId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  function rowOf(p: Product, variant: Product['variants'][number]): SupplierProductForm {
    return {
      variantId: variant.id,
      productId: p.id,
      productTitle: p.title,
      variantName: variant.name,
      sku: variant.sku,
      ourCost: variant.cost ?? 0,
      price: variant.price,
      supplierSku: '',
      cost: money.toInput(variant.cost ?? 0),
    };
  }

  function done() {
    setProduct(null);
    setTerm('');
  }

  function pick(p: Product, variant: Product['variants'][number]) {
    if (chosenVariantIds.has(variant.id)) {
      setError(`${[p.title, variant.name].filter(Boolean).join(' · ')} is already in the list.`);
      return;
    }
    onPick(rowOf(p, variant));
    done();
  }

  /** A supplier often delivers every size and colour of a product. */
  function pickAll(p: Product) {
    for (const variant of p.variants) if (!chosenVariantIds.has(variant.id)) onPick(rowOf(p, variant));
    done();
  }

  async function choose(productId: number) {
    setError(null);
    setLoadingId(productId);
    try {
      const loaded = await fetchProductVariants(productId);
      const [only] = loaded.variants;
      if (loaded.variants.length === 1 && only) pick(loaded, only);
      else setProduct(loaded);
    } catch (caught) {
      setError(errorMessageOf(caught));
    } finally {
      setLoadingId(null);
    }
  }

  return (
    <ProductPicker
      label="Add a product"
      placeholder="Add a product: type its name, SKU or barcode"
      perPage={10}
      term={term}
      onTermChange={(next) => {
        setTerm(next);
        setProduct(null);
        setError(null);
      }}
      onPick={(p) => void choose(p.id)}
      noMatch={(typed) => `No products match “${typed}”.`}
      detailOf={(p) => (p.variantCount > 1 ? `${p.variantCount} variants` : (p.sku ?? ''))}
      asideOf={(p) => money.format(p.price)}
      busyId={loadingId}
      message={error}
    >
      {product && (
        <div className="rounded-md border border-gray-200">
          <p className="border-b border-gray-200 bg-gray-50 px-3 py-2 text-sm text-gray-700">
            Which variant of <span className="font-medium">{product.title}</span>?
          </p>
          <ul aria-label={`Variants of ${product.title}`} className="max-h-72 divide-y divide-gray-100 overflow-y-auto">
            {product.variants.map((v) => (
              <li key={v.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <span>
                  {v.name || 'Default'} <span className="font-mono text-xs text-gray-500">{v.sku}</span>
                </span>
                {chosenVariantIds.has(v.id) ? (
                  <span className="text-xs text-gray-500">Added</span>
                ) : (
                  <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => pick(product, v)}>
                    Add
                  </Button>
                )}
              </li>
            ))}
          </ul>
          <div className="flex justify-between gap-2 border-t border-gray-200 px-3 py-2">
            <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setProduct(null)}>
              Back to results
            </Button>
            <Button
              variant="secondary"
              className="px-2 py-1 text-xs"
              disabled={product.variants.every((v) => chosenVariantIds.has(v.id))}
              onClick={() => pickAll(product)}
            >
              Add all variants
            </Button>
          </div>
        </div>
      )}
    </ProductPicker>
  );
}
