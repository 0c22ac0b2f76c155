import { useCallback, useEffect, useRef, useState } from 'react';
import type { Dispatch, FormEvent, ReactNode } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { lineTitleOf, type CartAction, type CartLine } from './cart.ts';
import { useCashierRights } from './use-cashier-rights.ts';

export const priceApprovalNote = 'A manager will approve the new price at payment.';

type PriceDialogProps = {
  line: CartLine | null;
  onApply: (line: CartLine, unitPrice: number | null) => void;
  onClose: () => void;
};

/**
 * "Change price": one unit of the line sells at the price typed instead of the catalogue's. It is
 * offered to every user; for a cashier without the shop's right the dialog says a manager will
 * approve it at payment (the server asks then).
 */
export function PriceDialog({ line, onApply, onClose }: PriceDialogProps) {
  return (
    <Dialog open={line !== null} title={line ? `Price of ${lineTitleOf(line.item)}` : 'Price'} onClose={onClose}>
      {line && <PriceForm key={line.key} line={line} onApply={onApply} onClose={onClose} />}
    </Dialog>
  );
}

function PriceForm({ line, onApply, onClose }: PriceDialogProps & { line: CartLine }) {
  const money = useMoney();
  const rights = useCashierRights();
  const [text, setText] = useState(money.toInput(line.unitPrice ?? line.item.unitPrice));
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const isOverridden = line.unitPrice != null;

  useEffect(() => {
    const timer = window.setTimeout(() => {
      inputRef.current?.focus();
      inputRef.current?.select();
    }, 0);
    return () => window.clearTimeout(timer);
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') return onApply(line, null);
    const parsed = money.parse(text);
    if (!parsed.ok) return setError(parsed.message);
    onApply(line, parsed.minor);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p>Catalogue price: {money.format(line.item.unitPrice)} each.</p>
      {rights && !rights.priceOverride && <Alert tone="warning">{priceApprovalNote}</Alert>}
      <Field label={`New price for one unit (${money.currency})`} error={error}>
        <TextInput
          ref={inputRef}
          inputMode="decimal"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
        />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        {isOverridden && (
          <Button variant="secondary" onClick={() => onApply(line, null)}>
            Catalogue price
          </Button>
        )}
        <Button type="submit">Apply</Button>
      </div>
    </form>
  );
}

/** The price dialog of the till: `open(line)` from a line's "Price" button, `dialog` rendered by the page. */
export function useLinePrice(dispatch: Dispatch<CartAction>, onClosed: () => void): { open: (line: CartLine) => void; isOpen: boolean; dialog: ReactNode } {
  const [line, setLine] = useState<CartLine | null>(null);
  const close = useCallback(() => {
    setLine(null);
    onClosed();
  }, [onClosed]);
  const dialog = (
    <PriceDialog
      line={line}
      onApply={(target, unitPrice) => {
        dispatch({ type: 'setLinePrice', key: target.key, unitPrice });
        close();
      }}
      onClose={close}
    />
  );
  return { open: setLine, isOpen: line !== null, dialog };
}
