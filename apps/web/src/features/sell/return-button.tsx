import { useState } from 'react';
import type { RefundReceiptSlot } from './return-done.tsx';
import { ReturnDialog } from './return-dialog.tsx';
import type { TillExchange } from './use-return.ts';
import type { Shortcut } from './shortcut-bar.tsx';

/** The return's key on the till's bar (F3: free, and next to the search's F2). */
export const RETURN_KEY = 'F3';

/**
 * "Return" at the till: its shortcut (also a button on the bar), whether its dialog is open (the
 * till's scanner and keys then leave the keyboard to it: a scanned receipt goes into its number
 * field), and the dialog to render. `receipt`: the refund receipt's print / e-mail area;
 * `onExchange`: the goods chosen come back as part of the next sale (the dialog closes).
 */
export function useTillReturn(drawer: { id: number; registerName: string }, receipt?: RefundReceiptSlot, onExchange?: (exchange: TillExchange) => void) {
  const [isOpen, setOpen] = useState(false);
  const shortcut: Shortcut = { key: RETURN_KEY, label: 'Return', run: () => setOpen(true) };
  const exchange = onExchange && ((chosen: TillExchange) => {
    setOpen(false);
    onExchange(chosen);
  });
  const dialog = <ReturnDialog open={isOpen} drawer={drawer} receipt={receipt} onClose={() => setOpen(false)} onExchange={exchange} />;
  return { isOpen, shortcut, dialog };
}
