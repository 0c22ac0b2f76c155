import type { ProductListItem } from '@tillbook/contract';
import { useId, type ReactNode } from 'react';
import { errorMessageOf } from '../lib/api-error.ts';
import { useProductSearch } from '../lib/product-search.ts';
import { Spinner } from './ui/spinner.tsx';
import { TextInput } from './ui/text-input.tsx';

type ProductPickerProps = {
  /** The search box's accessible name ("Find a product"). */
  label: string;
  placeholder: string;
  /** How many matches are offered. */
  perPage: number;
  term: string;
  onTermChange: (term: string) => void;
  onPick: (product: ProductListItem) => void;
  /** Matches not offered again (already chosen). */
  isOffered?: (product: ProductListItem) => boolean;
  /** "No products match “cola”." */
  noMatch: (term: string) => string;
  /** What a failed search says; the server's message unless given. */
  searchError?: string;
  /** Beside a match's title (its SKU, or how many variants it has). */
  detailOf?: (product: ProductListItem) => ReactNode;
  /** At the end of a match's line (its price). */
  asideOf?: (product: ProductListItem) => ReactNode;
  /** The match being opened: it shows a spinner and no other can be picked meanwhile. */
  busyId?: number | null;
  invalid?: boolean;
  /** A message under the box (why a pick was refused). */
  message?: string | null;
  /** Shown instead of the matches while set (which variant of the picked product). */
  children?: ReactNode;
  /** Enter in the box (a barcode scanner ends its code with Enter): given the typed text; never submits a form. */
  onEnter?: (term: string) => void;
};

/** A product chosen by typing part of its title, SKU or barcode: the one product picker of the back office. */
export function ProductPicker(props: ProductPickerProps) {
  const { label, placeholder, perPage, term, onTermChange, onPick, isOffered, noMatch, busyId = null, children } = props;
  const search = useProductSearch(term, perPage);
  const listId = useId();
  const matches = isOffered ? search.results.filter(isOffered) : search.results;

  return (
    <div className="space-y-2">
      <TextInput
        type="search"
        aria-label={label}
        // Only while the list of matches is on the page: a reference to nothing is invalid ARIA.
        aria-controls={children === undefined && search.term ? listId : undefined}
        placeholder={placeholder}
        value={term}
        invalid={props.invalid}
        autoComplete="off"
        clearable
        onClear={() => onTermChange('')}
        onChange={(event) => onTermChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || !props.onEnter) return;
          event.preventDefault();
          if (term.trim()) props.onEnter(term.trim());
        }}
      />
      {props.message && <p className="text-sm text-red-600">{props.message}</p>}
      {children ??
        (search.term && (
          <div id={listId} className="rounded-md border border-gray-200 bg-white">
            {search.error ? (
              <p className="px-3 py-2 text-sm text-red-600">{props.searchError ?? errorMessageOf(search.error)}</p>
            ) : search.isSearching ? (
              <p className="flex items-center gap-2 px-3 py-2 text-sm text-gray-500">
                <Spinner className="size-4" /> Searching…
              </p>
            ) : matches.length === 0 ? (
              <p className="px-3 py-2 text-sm text-gray-500">{noMatch(search.term)}</p>
            ) : (
              <ul aria-label="Matching products" className="max-h-72 divide-y divide-gray-100 overflow-y-auto">
                {matches.map((product) => (
                  <li key={product.id}>
                    <button
                      type="button"
                      className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-indigo-50 focus:bg-indigo-50 focus:outline-none"
                      disabled={busyId !== null}
                      onClick={() => onPick(product)}
                    >
                      <span>
                        <span className="font-medium text-gray-900">{product.title}</span>{' '}
                        <span className="text-xs text-gray-500">{props.detailOf?.(product)}</span>
                      </span>
                      <span className="flex items-center gap-2 text-xs text-gray-500">
                        {busyId === product.id && <Spinner className="size-4" />}
                        {props.asideOf?.(product)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
    </div>
  );
}
