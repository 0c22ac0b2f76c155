import { ORDER_MAX_QUANTITY, type SaleItem, type SyncProduct, type SyncVariant } from '@tillbook/contract';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { useBarcodeScanner } from './barcode-scanner.ts';
import { lineTitleOf, type CartLine } from './cart.ts';
import type { LocalCatalogueState } from './local-catalogue-types.ts';
import { CatalogueNotReady } from './product-finder.tsx';
import { ReturnItemsTable, ReturnQuantity } from './return-lines.tsx';

const RESULT_LIMIT = 8;

type Found = { product: SyncProduct; variant: SyncVariant };

type Props = {
  state: LocalCatalogueState;
  lines: readonly CartLine[];
  /** What each line gives back, by line key. */
  totals: Record<string, number>;
  restock: Record<string, boolean>;
  errors: Record<string, string>;
  /** Off while another dialog (a manager's PIN, the customer) has the keyboard. */
  isScannerOn: boolean;
  /** A variant found: what the pricing engine needs of it. */
  onAdd: (item: SaleItem) => void;
  onQuantity: (key: string, quantity: number) => void;
  onRestock: (key: string, restock: boolean) => void;
  /** A scanned code also reached the focused field: the form takes it out of its own fields. */
  onScanned: (code: string) => void;
};

const variantNameOf = ({ product, variant }: Found) => (variant.name ? `${product.title} · ${variant.name}` : product.title);

/**
 * The goods brought back without a receipt, found in the till's own copy of the catalogue: scanned
 * (wherever the focus is), or searched by name, SKU or barcode; then how many and where they go.
 */
export function NoReceiptItems({ state, lines, totals, restock, errors, isScannerOn, onAdd, onQuantity, onRestock, onScanned }: Props) {
  const money = useMoney();
  const { catalogue } = state;
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const found = useFoundVariants(state, text);

  function add({ product, variant }: Found) {
    if (catalogue) onAdd(catalogue.saleItemOf(product, variant));
    setText('');
    setNotice(null);
  }

  async function addCode(code: string): Promise<boolean> {
    const match = await catalogue?.findByCode(code);
    if (match) add(match);
    return Boolean(match);
  }

  useBarcodeScanner(
    (code) => {
      setText('');
      onScanned(code);
      if (!catalogue) return setNotice('The products are still loading: scan again in a moment.');
      void addCode(code).then((isAdded) => isAdded || setNotice(`No product has the barcode ${code}.`));
    },
    { enabled: isScannerOn },
  );

  async function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const query = text.trim();
    if (!query || !catalogue || (await addCode(query))) return;
    const variants = variantsOf(await catalogue.search(query, RESULT_LIMIT));
    if (variants.length === 1) add(variants[0]!);
    else if (variants.length === 0) setNotice(`No product has the barcode or SKU ${query}.`);
  }

  if (!catalogue) return <CatalogueNotReady state={state} />;

  return (
    <section aria-label="Items brought back" className="flex flex-col gap-2">
      <TextInput
        type="search"
        aria-label="Scan or search products"
        placeholder="Scan a barcode, or search by name or SKU"
        autoFocus
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setNotice(null);
        }}
        onKeyDown={(e) => void onKeyDown(e)}
      />
      {notice && <p className="text-sm text-amber-800">{notice}</p>}
      {text.trim() !== '' && found !== null && (
        found.length === 0 ? (
          <p className="text-sm text-gray-600">No product matches “{text.trim()}”.</p>
        ) : (
          <ul aria-label="Products found" className="max-h-48 divide-y divide-gray-100 overflow-auto rounded-md border border-gray-200">
            {found.map((item) => (
              <li key={item.variant.id}>
                <button type="button" onClick={() => add(item)} className="flex w-full justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600">
                  <span className="font-medium text-gray-900">{variantNameOf(item)}</span>
                  <span className="text-gray-600 tabular-nums">{money.format(item.variant.price)}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      )}
      <ReturnItemsTable>
        {lines.length === 0 && (
          <tr className="border-t border-gray-100">
            <td colSpan={3} className="py-3 text-center text-gray-500">
              Nothing yet: scan the items brought back, or search for them above.
            </td>
          </tr>
        )}
        {lines.map((line) => {
          const name = lineTitleOf(line.item);
          return (
            <tr key={line.key} className="border-t border-gray-100 align-top">
              <td className="py-2 pr-2">
                {name}
                {errors[line.key] && <span className="block text-xs text-red-600">{errors[line.key]}</span>}
              </td>
              <td className="py-2 pr-2">
                <ReturnQuantity
                  name={name}
                  quantity={line.quantity}
                  max={ORDER_MAX_QUANTITY}
                  isRestocked={restock[line.key] !== false}
                  onQuantity={(quantity) => onQuantity(line.key, quantity)}
                  onRestock={(back) => onRestock(line.key, back)}
                />
              </td>
              <td className="py-2 text-right tabular-nums">{money.format(totals[line.key] ?? 0)}</td>
            </tr>
          );
        })}
      </ReturnItemsTable>
    </section>
  );
}

/** Each active variant of the products, as its own choice: a return names the size or colour that came back. */
function variantsOf(products: readonly SyncProduct[]): Found[] {
  return products.flatMap((product) => product.variants.filter((v) => v.active).map((variant) => ({ product, variant }))).slice(0, RESULT_LIMIT);
}

/** The variants matching what is typed; null while the first answer is on its way. */
function useFoundVariants(state: LocalCatalogueState, text: string): Found[] | null {
  const { catalogue } = state;
  const query = text.trim();
  const [found, setFound] = useState<{ query: string; variants: Found[] } | null>(null);
  useEffect(() => {
    if (!catalogue || !query) return;
    let isCurrent = true;
    void catalogue.search(query, RESULT_LIMIT).then((products) => {
      if (isCurrent) setFound({ query, variants: variantsOf(products) });
    });
    return () => {
      isCurrent = false;
    };
  }, [catalogue, query]);
  return found?.variants ?? null;
}
