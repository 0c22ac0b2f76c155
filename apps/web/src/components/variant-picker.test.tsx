import { defaultShopSettings, type PickedVariant } from '@tillbook/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../testing/render.tsx';
import { HttpResponse, pageOf, rest, server } from '../testing/server.ts';
import { VariantPicker } from './variant-picker.tsx';

const oat: PickedVariant = {
  variantId: 71,
  productId: 7,
  productTitle: 'Oat Milk 1L',
  variantName: '',
  sku: 'OAT-1L',
  barcode: '4006381333931',
  cost: 140,
  price: 299,
};

function renderPicker(props: { chosen?: number[]; repeat?: boolean }) {
  const onPick = vi.fn();
  server.use(
    rest.get('/api/settings', () => HttpResponse.json({ data: defaultShopSettings })),
    rest.get('/api/products', () => HttpResponse.json(pageOf([], { perPage: 10 }))),
    rest.get('/api/products/variants', ({ request }) => {
      const code = new URL(request.url).searchParams.get('code');
      return HttpResponse.json({ data: code === oat.barcode ? [oat] : [] });
    }),
  );
  const view = renderScreen(<VariantPicker chosenVariantIds={new Set(props.chosen ?? [])} repeat={props.repeat} onPick={onPick} />);
  return { ...view, onPick };
}

describe('VariantPicker', () => {
  it('picks the scanned variant when the scanner ends its code with Enter, and empties the box for the next scan', async () => {
    const { user, onPick } = renderPicker({});
    const box = screen.getByRole('searchbox', { name: 'Add a product' });
    await user.type(box, '4006381333931{Enter}');
    await vi.waitFor(() => expect(onPick).toHaveBeenCalledWith(oat, { scanned: true }));
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('says so when no product has the code, and keeps what was typed', async () => {
    const { user, onPick } = renderPicker({});
    const box = screen.getByRole('searchbox', { name: 'Add a product' });
    await user.type(box, '123{Enter}');
    expect(await screen.findByText('No product has the barcode or SKU “123”.')).toBeTruthy();
    expect((box as HTMLInputElement).value).toBe('123');
    expect(onPick).not.toHaveBeenCalled();
  });

  it('refuses a variant already in the list unless the list counts repeats', async () => {
    const once = renderPicker({ chosen: [71] });
    await once.user.type(screen.getByRole('searchbox', { name: 'Add a product' }), '4006381333931{Enter}');
    expect(await screen.findByText('Oat Milk 1L is already in the list.')).toBeTruthy();
    expect(once.onPick).not.toHaveBeenCalled();
    once.unmount();

    const again = renderPicker({ chosen: [71], repeat: true });
    await again.user.type(screen.getByRole('searchbox', { name: 'Add a product' }), '4006381333931{Enter}');
    await vi.waitFor(() => expect(again.onPick).toHaveBeenCalledWith(oat, { scanned: true }));
  });
});
