import { describe, expect, it } from 'vitest';
import { MAX_QUANTITY } from './fields.ts';
import { countIdOfNumber, countNumber, stockCountApplyInput, stockCountCreateInput, stockCountEditInput, stockCountEntryInput } from './stock-counts.ts';
import { stockLedgerQuery } from './stock-movements.ts';

function messagesOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('count numbers', () => {
  it('are SC- and the id in six digits', () => {
    expect(countNumber(42)).toBe('SC-000042');
    expect(countNumber(1_234_567)).toBe('SC-1234567');
  });

  it('are found again from what a person types', () => {
    expect(countIdOfNumber('SC-000042')).toBe(42);
    expect(countIdOfNumber('sc42')).toBe(42);
    expect(countIdOfNumber(' 42 ')).toBe(42);
    expect(countIdOfNumber('shelf')).toBeNull();
    expect(countIdOfNumber('TR-000042')).toBeNull();
  });
});

describe('starting a count', () => {
  it('needs the category of a category count and a product of a list count', () => {
    expect(messagesOf(stockCountCreateInput.safeParse({ outletId: 1, scope: 'category' }))).toEqual({ categoryId: 'Choose the category to count.' });
    expect(messagesOf(stockCountCreateInput.safeParse({ outletId: 1, scope: 'list', variantIds: [] }))).toEqual({ variantIds: 'Add at least one product to count.' });
    expect(stockCountCreateInput.parse({ outletId: 1, scope: 'all', note: '  ' })).toEqual({ outletId: 1, scope: 'all', categoryId: null, variantIds: [], note: null });
  });

  it('names the bad product of a list on its row', () => {
    expect(messagesOf(stockCountCreateInput.safeParse({ outletId: 1, scope: 'list', variantIds: [3, 0] }))).toEqual({ 'variantIds.1': 'The product field is required.' });
    expect(messagesOf(stockCountCreateInput.safeParse({ outletId: 0, scope: 'shelf' }))).toMatchObject({
      outletId: 'The outlet field is required.',
      scope: 'The scope must be all products, a category or a list.',
    });
  });
});

describe('counting', () => {
  it('takes whole quantities from zero up to the largest quantity', () => {
    expect(stockCountEntryInput.safeParse({ variantId: 1, quantity: 0, mode: 'set' }).success).toBe(true);
    expect(messagesOf(stockCountEntryInput.safeParse({ variantId: 1, quantity: -1, mode: 'set' }))).toEqual({ quantity: 'The quantity must be at least 0.' });
    expect(messagesOf(stockCountEntryInput.safeParse({ variantId: 1, quantity: 1.5, mode: 'add' }))).toEqual({ quantity: 'The quantity must be a whole number.' });
    expect(messagesOf(stockCountEntryInput.safeParse({ variantId: 1, quantity: MAX_QUANTITY + 1, mode: 'add' }))).toEqual({
      quantity: `The quantity may not be greater than ${MAX_QUANTITY}.`,
    });
    expect(messagesOf(stockCountEntryInput.safeParse({ variantId: 1, quantity: 1, mode: 'replace' }))).toEqual({ mode: 'The mode must be add or set.' });
  });

  it('edits the note or cancels, and applies skipping uncounted lines unless told', () => {
    expect(stockCountEditInput.parse({ note: '' })).toEqual({ note: null });
    expect(stockCountEditInput.parse({ status: 'cancelled' })).toEqual({ status: 'cancelled' });
    expect(stockCountEditInput.safeParse({ status: 'applied' }).success).toBe(false);
    expect(stockCountEditInput.safeParse({}).success).toBe(false);
    expect(stockCountApplyInput.parse({})).toEqual({ uncounted: 'skip' });
  });
});

describe('the ledger list', () => {
  it('takes its filters as the address writes them and refuses an unknown reason', () => {
    expect(stockLedgerQuery.parse({ outletId: '2', reason: 'count', from: '2026-11-01' })).toMatchObject({ outletId: 2, reason: 'count', from: '2026-11-01', page: 1 });
    expect(stockLedgerQuery.safeParse({ reason: 'theft' }).success).toBe(false);
  });
});
