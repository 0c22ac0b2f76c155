import { describe, expect, it } from 'vitest';
import { stockTransferInput, stockTransferReceiveInput, stockTransferUpdateInput, transferIdOfNumber, transferNumber } from './stock-transfers.ts';

function issuesOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('transfer numbers', () => {
  it('are TR- and the id in six digits, more when the id needs them', () => {
    expect(transferNumber(42)).toBe('TR-000042');
    expect(transferNumber(1)).toBe('TR-000001');
    expect(transferNumber(1_234_567)).toBe('TR-1234567');
  });

  it('are read back from what a person types in the search', () => {
    expect(transferIdOfNumber('TR-000042')).toBe(42);
    expect(transferIdOfNumber('tr-12')).toBe(12);
    expect(transferIdOfNumber('TR12')).toBe(12);
    expect(transferIdOfNumber(' 12 ')).toBe(12);
    expect(transferIdOfNumber('PO-12')).toBeNull();
    expect(transferIdOfNumber('twelve')).toBeNull();
  });
});

describe('transfer payloads', () => {
  it('refuses the same outlet on both sides, on the destination', () => {
    expect(issuesOf(stockTransferInput.safeParse({ fromOutletId: 1, toOutletId: 1, items: [] }))).toEqual({
      toOutletId: 'The destination must be another outlet than the source.',
    });
  });

  it('names the repeated line and the line whose quantity is no positive whole number', () => {
    const result = stockTransferInput.safeParse({
      fromOutletId: 1,
      toOutletId: 2,
      items: [
        { variantId: 7, quantity: 1 },
        { variantId: 8, quantity: 0 },
        { variantId: 7, quantity: 2 },
      ],
    });
    expect(issuesOf(result)).toEqual({ 'items.1.quantity': 'The quantity must be at least 1.', 'items.2.variantId': 'This product is already on the transfer.' });
  });

  it('is a draft unless sent at once; an edit may carry only a status, and leaves out what it does not give', () => {
    expect(stockTransferInput.parse({ fromOutletId: 1, toOutletId: 2 })).toEqual({ fromOutletId: 1, toOutletId: 2, note: null, items: [], status: 'draft' });
    expect(stockTransferUpdateInput.parse({ status: 'cancelled' })).toEqual({ status: 'cancelled' });
    expect(stockTransferUpdateInput.parse({ note: '' })).toEqual({ note: null });
  });

  it('receives zero or more of a line, each line once', () => {
    expect(stockTransferReceiveInput.parse({})).toEqual({ items: [] });
    expect(
      issuesOf(
        stockTransferReceiveInput.safeParse({
          items: [
            { itemId: 3, quantity: 0 },
            { itemId: 3, quantity: -1 },
          ],
        }),
      ),
    ).toEqual({ 'items.1.quantity': 'The received quantity must be at least 0.', 'items.1.itemId': 'This line is counted twice.' });
  });
});
