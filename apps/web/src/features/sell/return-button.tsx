import { useState } from 'react';
import type { RefundReceiptSlot } from './return-done.tsx';
import { ReturnDialog } from './return-dialog.tsx';
import type { Shortcut } from './shortcut-bar.tsx';

/** The return's key on the till's bar (F3: free, and next to the search's F2). */
export const RETURN_KEY = 'F3';

/**
 * "Return" at the till: its shortcut (also a button on the bar), whether its dialog is open (the
 * till's scanner and keys then leave the keyboard to it: a scanned receipt goes into its number
 * field), and the dialog to render. `receipt`: the refund receipt's print / e-mail area.
 */
export function useTillReturn(drawer: { id: number; registerName: string }, receipt?: RefundReceiptSlot) {
  const [isOpen, setOpen] = useState(false);
  const shortcut: Shortcut = { key: RETURN_KEY, label: 'Return', run: () => setOpen(true) };
  const dialog = <ReturnDialog open={isOpen} drawer={drawer} receipt={receipt} onClose={() => setOpen(false)} />;
  return { isOpen, shortcut, dialog };
}
