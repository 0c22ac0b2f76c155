import {
  formatPercent,
  goodsOrderCreateInput,
  MAX_MONEY,
  MAX_QUANTITY,
  parsePercent,
  pricePurchase,
  type GoodsOrder,
  type GoodsOrderCreateInput,
  type LowStockSuggestion,
  type MoneyReader,
  type PickedVariant,
  type PricedPurchase,
} from '@tillbook/contract';
import { z } from 'zod';
import { checkedInput, readingSchema, type FieldErrors, type ReadResult } from '../../lib/forms.ts';

/** What we know of a line's stock when it was added (low-stock suggestions say more than a search). */
const lineStock = z.object({ onHand: z.number(), onOrder: z.number().nullable(), reorderLevel: z.number().nullable() }).nullable();

/** A line as the draft form holds it: the variant, and the figures as the person types them. */
const draftLine = z.object({
  variantId: z.number(),
  productTitle: z.string(),
  variantName: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  supplierSku: z.string(),
  quantity: z.string(),
  unitCost: z.string(),
  /** Percent as typed ("20", "7.5"); empty is no tax. */
  taxRate: z.string(),
  stock: lineStock,
});
export type DraftLine = z.infer<typeof draftLine>;

const draftForm = z.object({
  supplierId: z.string(),
  outletId: z.string(),
  expectedAt: z.string(),
  note: z.string(),
  items: z.array(draftLine),
});
export type DraftForm = z.infer<typeof draftForm>;

export function blankDraft(outletId: number | undefined): DraftForm {
  return { supplierId: '', outletId: outletId === undefined ? '' : String(outletId), expectedAt: '', note: '', items: [] };
}

export function toForm(order: GoodsOrder, money: MoneyReader): DraftForm {
  return {
    supplierId: String(order.supplierId),
    outletId: String(order.outletId),
    expectedAt: order.expectedAt?.slice(0, 10) ?? '',
    note: order.note ?? '',
    items: order.items.map((item) => ({
      variantId: item.variantId,
      productTitle: item.productTitle,
      variantName: item.variantName,
      sku: item.sku,
      barcode: item.barcode,
      supplierSku: item.supplierSku ?? '',
      quantity: String(item.quantity),
      unitCost: money.toInput(item.unitCost),
      taxRate: item.taxRateE4 ? formatPercent(item.taxRateE4) : '',
      stock: { onHand: item.onHand, onOrder: null, reorderLevel: null },
    })),
  };
}

/** A picked variant as a new line: one of it, at the supplier's cost and SKU when the supplier lists it, else at our cost. */
export function lineOfVariant(v: PickedVariant, link: { supplierSku: string | null; cost: number } | undefined, money: MoneyReader): DraftLine {
  return {
    variantId: v.variantId,
    productTitle: v.productTitle,
    variantName: v.variantName,
    sku: v.sku,
    barcode: v.barcode,
    supplierSku: link?.supplierSku ?? '',
    quantity: '1',
    unitCost: money.toInput(link ? link.cost : v.cost),
    taxRate: '',
    stock: null,
  };
}

/** A low-stock suggestion as a new line: the quantity that reaches the reorder level, at the supplier's cost. */
export function lineOfSuggestion(s: LowStockSuggestion, money: MoneyReader): DraftLine {
  return {
    variantId: s.variantId,
    productTitle: s.productTitle,
    variantName: s.variantName,
    sku: s.sku,
    barcode: null,
    supplierSku: s.supplierSku ?? '',
    quantity: String(s.quantity),
    unitCost: money.toInput(s.cost),
    taxRate: '',
    stock: { onHand: s.onHand, onOrder: s.onOrder, reorderLevel: s.reorderLevel },
  };
}

/** A whole number of units as typed, or null. */
export function quantityOf(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,10}$/.test(trimmed) ? Number(trimmed) : null;
}

/** The typed quantity plus one (a repeated scan); unreadable counts as none. */
export function plusOne(text: string): string {
  return String(Math.min((quantityOf(text) ?? 0) + 1, MAX_QUANTITY));
}

function costOf(text: string, money: MoneyReader): number | null {
  if (text.trim() === '') return 0;
  const parsed = money.parse(text);
  return parsed.ok ? parsed.minor : null;
}

function rateOf(text: string): number | null {
  return text.trim() === '' ? 0 : parsePercent(text);
}

/**
 * The order's totals as typed, priced by the contract's engine (the server prices with the same):
 * lines whose figures cannot be read yet count as nothing; null when a figure is past every limit.
 */
export function draftTotals(lines: readonly Pick<DraftLine, 'quantity' | 'unitCost' | 'taxRate'>[], money: MoneyReader): PricedPurchase | null {
  const inputs = lines.map((line) => {
    const quantity = quantityOf(line.quantity);
    const unitCost = costOf(line.unitCost, money);
    const taxRateE4 = rateOf(line.taxRate);
    const readable = quantity !== null && quantity <= MAX_QUANTITY && unitCost !== null && unitCost <= MAX_MONEY && taxRateE4 !== null;
    return readable ? { quantity, unitCost, taxRateE4 } : { quantity: 0, unitCost: 0, taxRateE4: 0 };
  });
  try {
    return pricePurchase(inputs);
  } catch {
    return null;
  }
}

/** The form's name of a field the API names ("items.3.taxRateE4" → "items.3.taxRate"). */
export function formFieldOf(apiField: string): string {
  return apiField.replace(/^(items\.\d+)\.taxRateE4$/, '$1.taxRate');
}

const shownFields = /^(supplierId|outletId|expectedAt|note|items|items\.\d+\.(variantId|quantity|unitCost|taxRateE4|supplierSku))$/;

/**
 * The API payload, or every message at once: quantities, costs and rates that cannot be read
 * (parsed exactly, never as floats), and what the contract refuses on the fields the form shows.
 */
export function toInput(form: DraftForm, money: MoneyReader): ReadResult<GoodsOrderCreateInput> {
  const errors: FieldErrors = {};
  const items = form.items.map((line, i) => {
    const quantity = quantityOf(line.quantity);
    if (quantity === null) errors[`items.${i}.quantity`] = 'The quantity must be a whole number of units.';
    const unitCost = line.unitCost.trim() === '' ? ({ ok: true, minor: 0 } as const) : money.parse(line.unitCost);
    if (!unitCost.ok) errors[`items.${i}.unitCost`] = unitCost.message;
    const taxRateE4 = rateOf(line.taxRate);
    if (taxRateE4 === null) errors[`items.${i}.taxRate`] = 'The tax must be a percentage between 0 and 100 with at most 4 decimals.';
    return {
      variantId: line.variantId,
      quantity: quantity ?? 0,
      unitCost: unitCost.ok ? unitCost.minor : 0,
      taxRateE4: taxRateE4 ?? 0,
      supplierSku: line.supplierSku.trim() || null,
    };
  });
  const input: GoodsOrderCreateInput = {
    supplierId: form.supplierId ? Number(form.supplierId) : 0,
    outletId: form.outletId ? Number(form.outletId) : 0,
    expectedAt: form.expectedAt || null,
    note: form.note || null,
    items,
  };
  const result = checkedInput(goodsOrderCreateInput, input, errors, shownFields);
  if ('input' in result) return result;
  // Unreadable figures already say why; the contract's word on the zero put in their place is left out.
  const messages: FieldErrors = {};
  for (const [field, message] of Object.entries(result.errors)) {
    const name = formFieldOf(field);
    if (!(name in messages)) messages[name] = errors[name] ?? message;
  }
  return { errors: messages };
}

/** The form's schema: fields hold what was typed, submit gets the payload `toInput` reads from it. */
export function draftFormSchema(money: MoneyReader) {
  return readingSchema(draftForm, (values) => toInput(values, money));
}
