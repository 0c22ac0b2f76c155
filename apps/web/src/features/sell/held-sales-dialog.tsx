import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { useDateFormat } from '../../lib/shop-settings.ts';
import type { HeldSale } from './local-catalogue-types.ts';

type HeldSalesDialogProps<T> = {
  open: boolean;
  sales: HeldSale<T>[];
  /** The cart has items: resuming asks the cashier to hold it first. */
  isCartEmpty: boolean;
  onResume: (id: string) => void;
  onDiscard: (id: string) => void;
  onHoldCurrent: () => void;
  onClose: () => void;
};

/** Sales parked at this register, newest first: resume one or discard it. */
export function HeldSalesDialog<T>({ open, sales, isCartEmpty, onResume, onDiscard, onHoldCurrent, onClose }: HeldSalesDialogProps<T>) {
  const dates = useDateFormat();
  return (
    <Dialog
      open={open}
      title={`Held sales (${sales.length})`}
      onClose={onClose}
      footer={
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      }
    >
      {!isCartEmpty && sales.length > 0 && (
        <div className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-amber-900">
          <p>The current sale has items. Hold it first, then resume another.</p>
          <Button variant="secondary" className="mt-2" onClick={onHoldCurrent}>
            Hold the current sale
          </Button>
        </div>
      )}
      {sales.length === 0 ? (
        <p className="text-gray-600">No sales are held at this register.</p>
      ) : (
        <ul aria-label="Held sales" className="max-h-80 space-y-2 overflow-auto">
          {sales.map((sale) => (
            <li key={sale.id} className="flex items-center gap-2 rounded-md border border-gray-200 px-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-gray-900">{sale.label}</p>
                <p className="text-xs text-gray-500">Held at {dates.time(sale.heldAt)}</p>
              </div>
              <Button variant="primary" className="px-3 py-1.5 text-xs" disabled={!isCartEmpty} onClick={() => onResume(sale.id)}>
                Resume
              </Button>
              <Button variant="ghost" className="px-2 py-1.5 text-xs text-red-700" aria-label={`Discard ${sale.label}`} onClick={() => onDiscard(sale.id)}>
                Discard
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
