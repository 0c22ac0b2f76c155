import type { Order } from '@tillbook/contract';
import { PrintableReceipt } from '../../components/receipt/printable-receipt.tsx';

/** The sale's receipt as the register printed it, marked COPY so a reprint is never taken for a second sale. */
export function OrderReceiptCopy({ order }: { order: Order }) {
  return <PrintableReceipt order={order} isCopy />;
}
