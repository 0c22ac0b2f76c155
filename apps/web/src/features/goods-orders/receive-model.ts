import { MAX_QUANTITY, type GoodsOrderItem, type GoodsReceiptInput, type MoneyReader } from '@tillbook/contract';
import { quantityOf } from './form-model.ts';

/** What the person has counted so far, per line id: units arriving now and, when it differs, what each cost. */
export type ReceivingCounts = Record<number, { quantity: string; unitCost: string }>;

export type ReceivingNote = { tone: 'amber' | 'gray' | 'green'; text: string };

/** How a line stands as counted: "2 more than ordered" (amber), "3 still to come", "All in"; nothing while none is counted. */
export function receivingNoteOf(outstanding: number, typed: string): ReceivingNote | null {
  const now = quantityOf(typed);
  if (now === null || now === 0) return null;
  if (now > outstanding) return { tone: 'amber', text: `${(now - outstanding).toLocaleString()} more than ordered` };
  if (now < outstanding) return { tone: 'gray', text: `${(outstanding - now).toLocaleString()} still to come` };
  return { tone: 'green', text: 'All in' };
}

/** One more unit counted on a line (a scan). */
export function countOneMore(counts: ReceivingCounts, itemId: number): ReceivingCounts {
  const current = counts[itemId] ?? { quantity: '', unitCost: '' };
  return { ...counts, [itemId]: { ...current, quantity: String(Math.min((quantityOf(current.quantity) ?? 0) + 1, MAX_QUANTITY)) } };
}

/** The line a scanned variant counts on: the first of its lines still waiting for units, else its first line. */
export function lineForVariant(items: readonly GoodsOrderItem[], counts: ReceivingCounts, variantId: number): GoodsOrderItem | undefined {
  const lines = items.filter((item) => item.variantId === variantId);
  return lines.find((item) => (quantityOf(counts[item.id]?.quantity ?? '') ?? 0) < item.outstanding) ?? lines[0];
}

export type ReceiptDraft = {
  input: GoodsReceiptInput;
  /** The line ids in the order the payload names them, to put a 422 on `items.N.quantity` back on its line. */
  itemIds: number[];
  /** Lines receiving more than is still to come: they need a confirmation. */
  over: Array<{ item: GoodsOrderItem; extra: number }>;
  units: number;
};

/** The delivery to send, or the messages per line id ("quantity" / "unitCost") and for the whole. */
export function readReceipt(
  items: readonly GoodsOrderItem[],
  counts: ReceivingCounts,
  money: MoneyReader,
): { draft: ReceiptDraft } | { lineErrors: Record<number, { quantity?: string; unitCost?: string }>; message: string | null } {
  const lineErrors: Record<number, { quantity?: string; unitCost?: string }> = {};
  const lines: GoodsReceiptInput['items'] = [];
  const itemIds: number[] = [];
  const over: ReceiptDraft['over'] = [];
  let units = 0;
  for (const item of items) {
    const typed = counts[item.id];
    if (!typed || (typed.quantity.trim() === '' && typed.unitCost.trim() === '')) continue;
    const quantity = typed.quantity.trim() === '' ? 0 : quantityOf(typed.quantity);
    if (quantity === null || quantity > MAX_QUANTITY) {
      lineErrors[item.id] = { quantity: 'Enter a whole number of units.' };
      continue;
    }
    if (quantity === 0) continue;
    let unitCost: number | undefined;
    if (typed.unitCost.trim() !== '') {
      const parsed = money.parse(typed.unitCost);
      if (!parsed.ok) {
        lineErrors[item.id] = { unitCost: parsed.message };
        continue;
      }
      if (parsed.minor !== item.unitCost) unitCost = parsed.minor;
    }
    lines.push(unitCost === undefined ? { itemId: item.id, quantity } : { itemId: item.id, quantity, unitCost });
    itemIds.push(item.id);
    units += quantity;
    if (quantity > item.outstanding) over.push({ item, extra: quantity - item.outstanding });
  }
  if (Object.keys(lineErrors).length > 0) return { lineErrors, message: null };
  if (lines.length === 0) return { lineErrors, message: 'Count at least one line that arrived: scan its items or type how many came.' };
  return { draft: { input: { items: lines, allowOver: false }, itemIds, over, units } };
}
