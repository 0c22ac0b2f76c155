import { describe, expect, it } from 'vitest';
import { CODE128_QUIET_ZONE, code128Bars, code128Values } from './receipt-code128.ts';

describe('Code 128 order barcodes', () => {
  it('encodes an order number in code set B with its check symbol', () => {
    // Start B, the characters, check symbol 23, stop (read back by an independent Code 128 reader).
    expect(code128Values('MAIN-000042')).toEqual([104, 45, 33, 41, 46, 13, 16, 16, 16, 16, 20, 18, 23, 106]);
  });

  it('lays the bars out 11 modules a symbol, 13 for stop, between quiet zones', () => {
    const code = code128Bars('MAIN-000042');
    expect(code?.modules).toBe(CODE128_QUIET_ZONE * 2 + 13 * 11 + 13);
    // Start B is 211214: bars of 2, 1 and 1 modules starting at the quiet zone.
    expect(code?.bars.slice(0, 3)).toEqual([[10, 2], [13, 1], [16, 1]]);
    // The stop pattern ends with a 2-module bar right before the trailing quiet zone.
    expect(code?.bars.at(-1)).toEqual([(code?.modules ?? 0) - CODE128_QUIET_ZONE - 2, 2]);
  });

  it('refuses text outside printable ASCII rather than printing a wrong code', () => {
    expect(code128Values('Café-1')).toBeNull();
    expect(code128Bars('')).toBeNull();
  });
});
