import type { SyncProduct } from '@tillbook/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import type { LocalCatalogue, LocalCatalogueState } from './local-catalogue-types.ts';
import { ProductFinder, type FinderHandle } from './product-finder.tsx';
import { BURST_SETTLE_MS, BurstGate, SCANNER_GAP_MS } from './typed-query.ts';

describe('BurstGate', () => {
  it('searches a person’s keys at once, and a scanner’s burst only after it pauses', () => {
    const gate = new BurstGate();
    expect(gate.typed(1000)).toBe('now');
    expect(gate.typed(1000 + 150)).toBe('now');
    expect(gate.typed(1150 + 4)).toBe('after-pause');
    expect(gate.typed(1154 + SCANNER_GAP_MS - 1)).toBe('after-pause');
    expect(gate.typed(1153 + 2 * SCANNER_GAP_MS)).toBe('now');
  });
});

/** The finder as the till holds it: its text cleared by a scan's Enter. */
function Finder({ catalogue }: { catalogue: LocalCatalogue }) {
  const handle = useRef<FinderHandle>(null);
  const [state] = useState<LocalCatalogueState>({ catalogue, status: 'ready', received: 0, total: null, error: null, lastSyncedAt: new Date(0), refresh: () => {} });
  return <ProductFinder state={state} onTyped={() => {}} onEnter={() => handle.current?.clear()} onChoose={() => {}} searchRef={null} handle={handle} />;
}

function fakeCatalogue() {
  const search = vi.fn(async (_text: string, _limit?: number): Promise<SyncProduct[]> => []);
  const catalogue: LocalCatalogue = {
    search,
    findByCode: async () => null,
    findByVariant: async () => null,
    productsInCategory: async () => [],
    categories: async () => [],
    saleItemOf: () => {
      throw new Error('not used');
    },
  };
  return { catalogue, search };
}

describe('the product finder', () => {
  it('searches each key a person types', async () => {
    const { catalogue, search } = fakeCatalogue();
    renderScreen(<Finder catalogue={catalogue} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search products' }), 'tea', { delay: 150 });
    await waitFor(() => expect(search.mock.calls.map(([text]) => text)).toEqual(['t', 'te', 'tea']));
  });

  it('does not search each digit of a scanned barcode: the burst ends with Enter and nothing waits', async () => {
    const { catalogue, search } = fakeCatalogue();
    renderScreen(<Finder catalogue={catalogue} />);
    const box = screen.getByRole('searchbox', { name: 'Search products' });
    // A scanner: 13 digits within a few milliseconds, then Enter.
    let typed = '';
    for (const digit of '5901234123457') {
      typed += digit;
      fireEvent.change(box, { target: { value: typed } });
    }
    fireEvent.keyDown(box, { key: 'Enter' });
    await new Promise((resolve) => setTimeout(resolve, BURST_SETTLE_MS + 50));
    // Only the first digit looked like a person's key.
    expect(search.mock.calls.map(([text]) => text)).toEqual(['5']);
    expect((box as HTMLInputElement).value).toBe('');
  });
});
