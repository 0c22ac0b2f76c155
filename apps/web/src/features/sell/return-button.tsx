import { useState } from 'react';
import type { LocalCatalogueState } from './local-catalogue-types.ts';
import type { RefundReceiptSlot } from './return-done.tsx';
import { ReturnDialog } from './return-dialog.tsx';
import type { TillDrawer, TillExchange } from './use-return.ts';
import type { Shortcut } from './shortcut-bar.tsx';

/** The return's key on the till's bar (F3: free, and next to the search's F2). */
export const RETURN_KEY = 'F3';

type TillReturnOptions = {
  /** The refund receipt's print / e-mail area. */
  receipt?: RefundReceiptSlot;
  /** The goods chosen come back as part of the next sale (the dialog closes). */
  onExchange?: (exchange: TillExchange) => void;
  /** The till's catalogue copy: with it, goods may come back without a receipt when the shop allows it. */
  catalogue?: LocalCatalogueState;
};

/**
 * "Return" at the till: its shortcut (also a button on the bar), whether its dialog is open (the
 * till's scanner and keys then leave the keyboard to it: a scanned receipt goes into its number
 * field, a scanned product into a return without a receipt), and the dialog to render.
 */
export function useTillReturn(drawer: TillDrawer, { receipt, onExchange, catalogue }: TillReturnOptions = {}) {
  const [isOpen, setOpen] = useState(false);
  const shortcut: Shortcut = { key: RETURN_KEY, label: 'Return', run: () => setOpen(true) };
  const exchange = onExchange && ((chosen: TillExchange) => {
    setOpen(false);
    onExchange(chosen);
  });
  const dialog = <ReturnDialog open={isOpen} drawer={drawer} receipt={receipt} catalogue={catalogue} onClose={() => setOpen(false)} onExchange={exchange} />;
  return { isOpen, shortcut, dialog };
}
