import { defaultProductColumns, productColumns, productOptionsStorageKey, type ProductColumn } from '@tillbook/contract';
import { useState } from 'react';

/** The product list's chosen columns, kept in localStorage under the product options key (SPEC.md §3). */
export function readProductColumns(): ProductColumn[] {
  try {
    const raw = window.localStorage.getItem(productOptionsStorageKey);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    const columns = (parsed as { columns?: unknown } | null)?.columns;
    if (Array.isArray(columns)) {
      const known = columns.filter((c): c is ProductColumn => (productColumns as readonly string[]).includes(c));
      if (known.length) return known;
    }
  } catch {
    // Unreadable options: fall back to the defaults.
  }
  return [...defaultProductColumns];
}

export function writeProductColumns(columns: ProductColumn[]) {
  try {
    window.localStorage.setItem(productOptionsStorageKey, JSON.stringify({ columns }));
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
}

export function useProductColumns() {
  const [columns, setColumns] = useState<ProductColumn[]>(readProductColumns);
  return {
    columns,
    toggle(column: ProductColumn) {
      const next = columns.includes(column) ? columns.filter((c) => c !== column) : productColumns.filter((c) => c === column || columns.includes(c));
      if (next.length === 0) return;
      setColumns(next);
      writeProductColumns(next);
    },
    reset() {
      setColumns([...defaultProductColumns]);
      writeProductColumns([...defaultProductColumns]);
    },
  };
}
