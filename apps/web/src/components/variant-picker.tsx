import type { PickedVariant, Product } from '@tillbook/contract';
import { useState } from 'react';
import { errorMessageOf } from '../lib/api-error.ts';
import { fetchProduct, findVariantsByCode } from '../lib/product-search.ts';
import { useMoney } from '../lib/shop-settings.ts';
import { ProductPicker } from './product-picker.tsx';
import { Button } from './ui/button.tsx';

export type { PickedVariant };

type VariantPickerProps = {
  /** The box's accessible name ("Add a product"). */
  label?: string;
  placeholder?: string;
  /** Variants already in the list: shown as added; picking one again from the search is refused unless `repeat`. */
  chosenVariantIds: ReadonlySet<number>;
  /** Picking a chosen variant again calls onPick again (a count or a receipt adds one more) instead of refusing it. */
  repeat?: boolean;
  /** `scanned`: the code was typed or scanned and Enter pressed, not picked from the matches. */
  onPick: (variant: PickedVariant, how: { scanned: boolean }) => void;
  /** Offer "Add all variants" for a product with several (default true). */
  offerAll?: boolean;
};

export function pickedVariantOf(product: Product, variant: Product['variants'][number]): PickedVariant {
  return {
    variantId: variant.id,
    productId: product.id,
    productTitle: product.title,
    variantName: variant.name,
    sku: variant.sku,
    barcode: variant.barcode ?? null,
    cost: variant.cost ?? 0,
    price: variant.price,
  };
}

/** "Cola · 330ml": a variant as one line names it. */
export function variantLabel(v: Pick<PickedVariant, 'productTitle' | 'variantName'>): string {
  return [v.productTitle, v.variantName].filter(Boolean).join(' · ');
}

/**
 * The back office's way to put a variant on a list (a supplier's products, a goods order, a
 * transfer, a count): type part of a title, SKU or barcode and pick from the matches — a product
 * with several variants asks which one — or scan a barcode (or type a SKU) and press Enter, which
 * picks that variant at once and leaves the box empty for the next scan.
 */
export function VariantPicker({
  label = 'Add a product',
  placeholder = 'Type a name, SKU or barcode — or scan',
  chosenVariantIds,
  repeat = false,
  onPick,
  offerAll = true,
}: VariantPickerProps) {
  const money = useMoney();
  const [term, setTerm] = useState('');
  const [product, setProduct] = useState<Product | null>(null);
  const [loadingId, setLoadingId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  function done() {
    setProduct(null);
    setTerm('');
  }

  function pick(p: Product, variant: Product['variants'][number]) {
    if (!repeat && chosenVariantIds.has(variant.id)) {
      setError(`${variantLabel({ productTitle: p.title, variantName: variant.name })} is already in the list.`);
      return;
    }
    onPick(pickedVariantOf(p, variant), { scanned: false });
    done();
  }

  function pickAll(p: Product) {
    for (const variant of p.variants) if (!chosenVariantIds.has(variant.id)) onPick(pickedVariantOf(p, variant), { scanned: false });
    done();
  }

  async function choose(productId: number) {
    setError(null);
    setLoadingId(productId);
    try {
      const loaded = await fetchProduct(productId);
      const [only] = loaded.variants;
      if (loaded.variants.length === 1 && only) pick(loaded, only);
      else setProduct(loaded);
    } catch (caught) {
      setError(errorMessageOf(caught));
    } finally {
      setLoadingId(null);
    }
  }

  async function scan(code: string) {
    setError(null);
    try {
      const [found] = await findVariantsByCode(code);
      if (!found) {
        setError(`No product has the barcode or SKU “${code}”.`);
        return;
      }
      if (!repeat && chosenVariantIds.has(found.variantId)) {
        setError(`${variantLabel(found)} is already in the list.`);
        setTerm('');
        return;
      }
      onPick(found, { scanned: true });
      done();
    } catch (caught) {
      setError(errorMessageOf(caught));
    }
  }

  return (
    <ProductPicker
      label={label}
      placeholder={placeholder}
      perPage={10}
      term={term}
      onTermChange={(next) => {
        setTerm(next);
        setProduct(null);
        setError(null);
      }}
      onEnter={(code) => void scan(code)}
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
                {chosenVariantIds.has(v.id) && !repeat ? (
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
            {offerAll && (
              <Button
                variant="secondary"
                className="px-2 py-1 text-xs"
                disabled={product.variants.every((v) => chosenVariantIds.has(v.id))}
                onClick={() => pickAll(product)}
              >
                Add all variants
              </Button>
            )}
          </div>
        </div>
      )}
    </ProductPicker>
  );
}
