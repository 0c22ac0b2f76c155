import { beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { readProductColumns, useProductColumns } from './column-options.ts';

beforeEach(() => window.localStorage.clear());

describe('product list columns', () => {
  it('defaults to exactly title, sku, barcode, categories, stock, price (SPEC.md §3, §9)', () => {
    expect(readProductColumns()).toEqual(['title', 'sku', 'barcode', 'categories', 'stock', 'price']);
  });

  it('keeps the choice in localStorage under the product options key, in the list order', () => {
    const { result } = renderHook(() => useProductColumns());
    act(() => result.current.toggle('barcode'));
    act(() => result.current.toggle('cost'));
    expect(result.current.columns).toEqual(['title', 'sku', 'categories', 'stock', 'price', 'cost']);
    expect(JSON.parse(window.localStorage.getItem('productOptions') ?? '{}')).toEqual({
      columns: ['title', 'sku', 'categories', 'stock', 'price', 'cost'],
    });
    // A reload reads it back.
    expect(renderHook(() => useProductColumns()).result.current.columns).toEqual(['title', 'sku', 'categories', 'stock', 'price', 'cost']);
  });

  it('ignores unreadable or unknown stored options', () => {
    window.localStorage.setItem('productOptions', '{broken');
    expect(readProductColumns()).toHaveLength(6);
    window.localStorage.setItem('productOptions', JSON.stringify({ columns: ['password', 'price'] }));
    expect(readProductColumns()).toEqual(['price']);
  });
});
