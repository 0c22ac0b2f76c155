import type { Product } from '@tillbook/contract';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useMoney } from '../../lib/shop-settings.ts';
import { fetchProductVariants, useProductSearch } from './api.ts';
import type { SupplierProductForm } from './form-model.ts';

type ProductPickerProps = {
  /** Variants already in the list: shown as added, not offered twice. */
  chosenVariantIds: ReadonlySet<number>;
  onPick: (row: SupplierProductForm) => void;
};

function useDebounced(value: string, delayMs = 250): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** Search-as-you-type over the catalogue; a product with several variants asks which one. */
export function ProductPicker({ chosenVariantIds, onPick }: ProductPickerProps) {
  const money = useMoney();
  const [term, setTerm] = useState('');
  const debounced = useDebounced(term.trim());
  const search = useProductSearch(debounced);
  // Results of an earlier term are never offered: a click must add what the person sees for what they typed.
  const isStale = debounced !== term.trim() || search.isPlaceholderData;
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

  const results = term.trim() && !isStale ? (search.data ?? []) : [];
  return (
    <div className="space-y-2">
      <TextInput
        type="search"
        aria-label="Add a product"
        placeholder="Add a product: type its name, SKU or barcode"
        value={term}
        clearable
        onClear={() => setTerm('')}
        onChange={(event) => {
          setTerm(event.target.value);
          setProduct(null);
          setError(null);
        }}
      />
      {error && <p className="text-sm text-red-600">{error}</p>}
      {product ? (
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
      ) : term.trim() ? (
        <div className="rounded-md border border-gray-200">
          {search.isError ? (
            <p className="px-3 py-2 text-sm text-red-600">{errorMessageOf(search.error)}</p>
          ) : isStale || search.isPending ? (
            <p className="flex items-center gap-2 px-3 py-2 text-sm text-gray-500">
              <Spinner className="size-4" /> Searching…
            </p>
          ) : results.length === 0 ? (
            <p className="px-3 py-2 text-sm text-gray-500">No products match “{term.trim()}”.</p>
          ) : (
            <ul aria-label="Matching products" className="max-h-72 divide-y divide-gray-100 overflow-y-auto">
              {results.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-indigo-50 focus:bg-indigo-50 focus:outline-none"
                    disabled={loadingId !== null}
                    onClick={() => void choose(p.id)}
                  >
                    <span>
                      <span className="font-medium text-gray-900">{p.title}</span>{' '}
                      <span className="text-xs text-gray-500">
                        {p.variantCount > 1 ? `${p.variantCount} variants` : (p.sku ?? '')}
                      </span>
                    </span>
                    <span className="flex items-center gap-2 text-xs text-gray-500">
                      {loadingId === p.id && <Spinner className="size-4" />}
                      {money.format(p.price)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
