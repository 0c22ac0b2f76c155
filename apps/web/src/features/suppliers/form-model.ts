import { formatMinorAsDecimal, parseMoney, type Supplier, type SupplierInput, type SupplierProduct } from '@tillbook/contract';

/** A "Products supplied" row: what we know of the variant, and the supplier's terms as typed. */
export type SupplierProductForm = Omit<SupplierProduct, 'supplierSku' | 'cost'> & { supplierSku: string; cost: string };

/** The supplier form's own state: the cost of each row as the person types it ("1.25"). */
export type SupplierForm = {
  companyName: string;
  contactPerson: string;
  email: string;
  phone: string;
  address: string;
  taxNumber: string;
  paymentTerms: string;
  notes: string;
  active: boolean;
  products: SupplierProductForm[];
};

export const supplierFormFields = [
  'companyName',
  'contactPerson',
  'email',
  'phone',
  'address',
  'taxNumber',
  'paymentTerms',
  'notes',
  'active',
  'products',
] as const;

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

export function toForm(supplier: Supplier, digits: number): SupplierForm {
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
    products: supplier.products.map((p) => ({ ...p, supplierSku: p.supplierSku ?? '', cost: formatMinorAsDecimal(p.cost, digits) })),
  };
}

/** The cost typed in a row in minor units; empty counts as 0, anything unreadable is null. */
export function costOf(text: string, digits: number): number | null {
  return text.trim() === '' ? 0 : parseMoney(text.trim(), digits);
}

/**
 * Margin at the supplier's cost, in tenths of a percent of our price (a display figure only:
 * the amounts stay integers). Null when there is no price to compare with.
 */
export function marginTenthsOf(price: number, cost: number): number | null {
  if (price <= 0) return null;
  return Math.round(((price - cost) * 1000) / price);
}

export type FieldErrors = Record<string, string>;

/** The API payload, or the messages for costs that cannot be read (parsed exactly, never as floats). */
export function toInput(form: SupplierForm, digits: number): { input: SupplierInput } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const products = form.products.map((p, i) => {
    const cost = costOf(p.cost, digits);
    if (cost === null) errors[`products.${i}.cost`] = `The supplier cost must be an amount like ${formatMinorAsDecimal(125, digits)}.`;
    return { variantId: p.variantId, supplierSku: p.supplierSku.trim() || null, cost: cost ?? 0 };
  });
  if (Object.keys(errors).length) return { errors };
  return {
    input: {
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
    },
  };
}
