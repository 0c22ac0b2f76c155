import { describe, expect, it } from 'vitest';
import { documentIdOf, documentNumber, goodsOrderNumber } from './document-numbers.ts';

describe('document numbers', () => {
  it('writes the prefix and six digits', () => {
    expect(goodsOrderNumber(42)).toBe('PO-000042');
    expect(documentNumber('stockTransfer', 7)).toBe('TR-000007');
    expect(documentNumber('stockCount', 1234567)).toBe('SC-1234567');
  });

  it('reads a number back however it is typed, and nothing else', () => {
    for (const typed of ['PO-000042', 'po-42', 'PO42', '000042', '42', ' 42 ']) expect(documentIdOf('goodsOrder', typed)).toBe(42);
    for (const typed of ['TR-42', 'PO-', 'abc', '0', '99999999999', 'PO-4x']) expect(documentIdOf('goodsOrder', typed)).toBeNull();
  });
});
