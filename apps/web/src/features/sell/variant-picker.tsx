import type { SyncProduct, SyncVariant } from '@tillbook/contract';
import { useEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { stockLabelOf } from './stock-label.ts';

type VariantPickerProps = {
  product: SyncProduct | null;
  onPick: (product: SyncProduct, variant: SyncVariant) => void;
  onClose: () => void;
};

/** Which variant of a product: big buttons, arrow keys and Enter, or a touch. */
export function VariantPicker({ product, onPick, onClose }: VariantPickerProps) {
  const money = useMoney();
  const listRef = useRef<HTMLDivElement>(null);
  const variants = product?.variants.filter((v) => v.active) ?? [];

  useEffect(() => {
    if (product) listRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [product]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.key === 'ArrowDown' || event.key === 'ArrowRight' ? 1 : event.key === 'ArrowUp' || event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const buttons = Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
    const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
    buttons[(current + step + buttons.length) % buttons.length]?.focus();
  }

  return (
    <Dialog
      open={product !== null}
      title={product ? `Which ${product.title}?` : ''}
      onClose={onClose}
      footer={
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      }
    >
      <div ref={listRef} role="group" aria-label="Variants" onKeyDown={onKeyDown} className="grid max-h-[60vh] grid-cols-1 gap-2 overflow-auto sm:grid-cols-2">
        {product &&
          variants.map((variant) => (
            <button
              key={variant.id}
              type="button"
              onClick={() => onPick(product, variant)}
              className="min-h-14 rounded-md border border-gray-300 bg-white px-3 py-2 text-left text-sm hover:border-indigo-400 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <span className="block font-semibold text-gray-900">{variant.name || product.title}</span>
              <span className="block text-gray-600">
                {money.format(variant.price)} · {stockLabelOf(product, variant)}
              </span>
            </button>
          ))}
      </div>
    </Dialog>
  );
}
