import { supplierInput, supplierProduct, type MoneyReader, type Supplier, type SupplierInput } from '@tillbook/contract';
import { z } from 'zod';
import { checkedInput, readingSchema, type FieldErrors, type ReadResult } from '../../lib/forms.ts';

/** A "Products supplied" row: what we know of the variant, and the supplier's terms as typed. */
const supplierProductForm = supplierProduct.extend({ supplierSku: z.string(), cost: z.string() });
export type SupplierProductForm = z.input<typeof supplierProductForm>;

/** The supplier form's own state: the cost of each row as the person types it ("1.25"). */
const supplierForm = z.object({
  companyName: z.string(),
  contactPerson: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  taxNumber: z.string(),
  paymentTerms: z.string(),
  notes: z.string(),
  active: z.boolean(),
  products: z.array(supplierProductForm),
});
export type SupplierForm = z.input<typeof supplierForm>;

export const blankSupplier: SupplierForm = {
  companyName: '',
  contactPerson: '',
  email: '',
  phone: '',
  address: '',
  taxNumber: '',
  paymentTerms: '',
  notes: '',
  active: true,
  products: [],
};

export function toForm(supplier: Supplier, money: MoneyReader): SupplierForm {
  return {
    companyName: supplier.companyName,
    contactPerson: supplier.contactPerson ?? '',
    email: supplier.email ?? '',
    phone: supplier.phone ?? '',
    address: supplier.address ?? '',
    taxNumber: supplier.taxNumber ?? '',
    paymentTerms: supplier.paymentTerms ?? '',
    notes: supplier.notes ?? '',
    active: supplier.active,
    products: supplier.products.map((p) => ({ ...p, supplierSku: p.supplierSku ?? '', cost: money.toInput(p.cost) })),
  };
}

/** The cost typed in a row in minor units; empty counts as 0, anything unreadable is null. */
export function costOf(text: string, money: MoneyReader): number | null {
  if (text.trim() === '') return 0;
  const parsed = money.parse(text);
  return parsed.ok ? parsed.minor : null;
}

/**
 * Margin at the supplier's cost, in tenths of a percent of our price (a display figure only:
 * the amounts stay integers). Null when there is no price to compare with.
 */
export function marginTenthsOf(price: number, cost: number): number | null {
  if (price <= 0) return null;
  return Math.round(((price - cost) * 1000) / price);
}

const shownFields = /^(companyName|contactPerson|email|phone|address|taxNumber|paymentTerms|notes|active|products\.\d+\.(cost|supplierSku))$/;

/**
 * The API payload, or every message at once: costs that cannot be read (parsed exactly, never as
 * floats) and what the contract's schema refuses on the fields the form shows.
 */
export function toInput(form: SupplierForm, money: MoneyReader): ReadResult<SupplierInput> {
  const errors: FieldErrors = {};
  const products = form.products.map((p, i) => {
    const parsed = p.cost.trim() === '' ? ({ ok: true, minor: 0 } as const) : money.parse(p.cost);
    if (!parsed.ok) errors[`products.${i}.cost`] = parsed.message;
    return { variantId: p.variantId, supplierSku: p.supplierSku.trim() || null, cost: parsed.ok ? parsed.minor : 0 };
  });
  const input: SupplierInput = {
    companyName: form.companyName,
    contactPerson: form.contactPerson || null,
    email: form.email || null,
    phone: form.phone || null,
    address: form.address || null,
    taxNumber: form.taxNumber || null,
    paymentTerms: form.paymentTerms || null,
    notes: form.notes || null,
    active: form.active,
    products,
  };
  return checkedInput(supplierInput, input, errors, shownFields);
}

/** The form's schema: fields hold what was typed, submit gets the payload `toInput` reads from it. */
export function supplierFormSchema(money: MoneyReader) {
  return readingSchema(supplierForm, (values) => toInput(values, money));
}
