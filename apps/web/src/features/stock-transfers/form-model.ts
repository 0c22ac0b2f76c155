import { MAX_QUANTITY, stockTransferInput, type PickedVariant, type StockTransfer, type StockTransferItem, type StockTransferReceiveInput } from '@tillbook/contract';
import { z } from 'zod';
import { checkedInput, readingSchema, type ReadResult } from '../../lib/forms.ts';

/** A line as the draft form holds it: the variant as a person knows it, and the quantity as typed. */
const draftLine = z.object({
  variantId: z.number(),
  productTitle: z.string(),
  variantName: z.string(),
  sku: z.string(),
  quantity: z.string(),
});
export type DraftLine = z.infer<typeof draftLine>;

const draftForm = z.object({
  fromOutletId: z.string(),
  toOutletId: z.string(),
  note: z.string(),
  items: z.array(draftLine),
});
export type DraftForm = z.infer<typeof draftForm>;

/** The draft's payload: what `POST /create` and a draft's `PUT /edit` take, before the status is said. */
export type DraftInput = { fromOutletId: number; toOutletId: number; note: string | null; items: { variantId: number; quantity: number }[] };

export function blankDraft(fromOutletId: number | undefined): DraftForm {
  return { fromOutletId: fromOutletId === undefined ? '' : String(fromOutletId), toOutletId: '', note: '', items: [] };
}

export function toForm(transfer: StockTransfer): DraftForm {
  return {
    fromOutletId: String(transfer.fromOutletId),
    toOutletId: String(transfer.toOutletId),
    note: transfer.note ?? '',
    items: transfer.items.map((item) => ({
      variantId: item.variantId,
      productTitle: item.productTitle,
      variantName: item.variantName,
      sku: item.sku,
      quantity: String(item.quantity),
    })),
  };
}

/** A picked variant as a new line: one of it. */
export function lineOf(v: PickedVariant): DraftLine {
  return { variantId: v.variantId, productTitle: v.productTitle, variantName: v.variantName, sku: v.sku, quantity: '1' };
}

/** The whole number typed ("12", " 3 "), or null for anything else (blank, "1.5", "two"). */
export function wholeNumberOf(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,12}$/.test(trimmed) ? Number(trimmed) : null;
}

/** One more (a repeated scan): a quantity that is no number starts again at 1. */
export function plusOne(quantity: string): string {
  const now = wholeNumberOf(quantity);
  return String(now === null ? 1 : Math.min(now + 1, MAX_QUANTITY));
}

const shownFields = /^(fromOutletId|toOutletId|note|items|items\.\d+\.(quantity|variantId))$/;

/** The payload, or every message at once on its field or line, in the contract's own words. */
export function toInput(form: DraftForm): ReadResult<DraftInput> {
  const input = {
    fromOutletId: Number(form.fromOutletId),
    toOutletId: Number(form.toOutletId),
    note: form.note.trim() || null,
    items: form.items.map((line) => ({ variantId: line.variantId, quantity: wholeNumberOf(line.quantity) ?? Number.NaN })),
  };
  return checkedInput(stockTransferInput, input, {}, shownFields);
}

export function draftFormSchema() {
  return readingSchema(draftForm, toInput);
}

/** What the person has counted per line id, as typed; `counted` once scanned or typed (a scan then adds one). */
export type ReceiveCounts = Record<number, { quantity: string; counted: boolean }>;

/** Every line starts at what was sent: receiving untouched means everything arrived. */
export function initialCounts(items: readonly StockTransferItem[]): ReceiveCounts {
  return Object.fromEntries(items.map((item) => [item.id, { quantity: String(item.quantity), counted: false }]));
}

/**
 * A scan of a line: its first scan starts its count at 1 (what arrived is being counted, not
 * added to what was sent); each further scan adds one.
 */
export function countScan(counts: ReceiveCounts, itemId: number): ReceiveCounts {
  const current = counts[itemId];
  const quantity = current?.counted ? plusOne(current.quantity) : '1';
  return { ...counts, [itemId]: { quantity, counted: true } };
}

export type LineNote = { tone: 'amber' | 'green' | 'red'; text: string };

/** "2 short", "All arrived", "1 more than sent": a line as counted so far. */
export function shortfallOf(sent: number, typed: string): LineNote | null {
  const received = wholeNumberOf(typed);
  if (received === null) return null;
  if (received < sent) return { tone: 'amber', text: `${(sent - received).toLocaleString()} short` };
  if (received > sent) return { tone: 'red', text: `${(received - sent).toLocaleString()} more than sent` };
  return { tone: 'green', text: 'All arrived' };
}

/** The receipt to send (every line, in the transfer's order), or a message per line id. */
export function readReceipt(items: readonly StockTransferItem[], counts: ReceiveCounts): { input: StockTransferReceiveInput } | { errors: Record<number, string> } {
  const errors: Record<number, string> = {};
  const lines = items.map((item) => {
    const received = wholeNumberOf(counts[item.id]?.quantity ?? '');
    if (received === null) errors[item.id] = 'Enter a whole number of units, 0 if none arrived.';
    else if (received > item.quantity) errors[item.id] = `Only ${item.quantity.toLocaleString()} were sent.`;
    return { itemId: item.id, quantity: received ?? 0 };
  });
  return Object.keys(errors).length ? { errors } : { input: { items: lines } };
}

/** Units counted in all, and units short in all, as typed (lines not readable count as nothing). */
export function receiveTotals(items: readonly StockTransferItem[], counts: ReceiveCounts) {
  let received = 0;
  let short = 0;
  for (const item of items) {
    const count = wholeNumberOf(counts[item.id]?.quantity ?? '') ?? 0;
    received += count;
    short += Math.max(0, item.quantity - count);
  }
  return { received, short };
}
