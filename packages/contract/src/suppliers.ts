import { z } from 'zod';
import { bulkInput, dataOf, listItem, queryBoolean } from './common.ts';
import { booleanField, idField, moneyField, optionalEmail, optionalText, requiredText } from './fields.ts';
import { listQuery, paginated } from './pagination.ts';
import { queryId, optionalMultiLineText } from './fields.ts';

/** Suggestions for the free-text payment terms field. */
export const paymentTermSuggestions = ['Cash on delivery', 'Net 7', 'Net 14', 'Net 30', 'Net 60', 'End of month'] as const;

/** At most this many product rows per supplier (one form). */
export const maxSupplierProducts = 1000;

export const supplierProductInput = z.object({
  variantId: idField('product'),
  supplierSku: optionalText('supplier SKU', 64),
  cost: moneyField('supplier cost'),
});
export type SupplierProductInput = z.input<typeof supplierProductInput>;

export const supplierInput = z.object({
  companyName: requiredText('company name', 160),
  contactPerson: optionalText('contact person', 120),
  email: optionalEmail(),
  phone: optionalText('phone', 40),
  address: optionalMultiLineText('address', 500),
  taxNumber: optionalText('tax number', 60),
  paymentTerms: optionalText('payment terms', 120),
  notes: optionalMultiLineText('notes', 5000),
  active: booleanField('active'),
  products: z
    .array(supplierProductInput, { error: 'The products must be a list.' })
    .max(maxSupplierProducts, `A supplier may list at most ${maxSupplierProducts} products.`)
    .default([]),
});
export type SupplierInput = z.input<typeof supplierInput>;
export type SupplierValues = z.output<typeof supplierInput>;

/** A product row as the form shows it: the supplier's terms beside our own SKU, cost and price. */
export const supplierProduct = z.object({
  variantId: z.number().int(),
  productId: z.number().int(),
  productTitle: z.string(),
  variantName: z.string(),
  sku: z.string(),
  ourCost: z.number().int(),
  price: z.number().int(),
  supplierSku: z.string().nullable(),
  cost: z.number().int(),
});
export type SupplierProduct = z.infer<typeof supplierProduct>;

const supplierFields = {
  id: z.number().int(),
  companyName: z.string(),
  contactPerson: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  taxNumber: z.string().nullable(),
  paymentTerms: z.string().nullable(),
  notes: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const supplierListItem = z.object({ ...supplierFields, productCount: z.number().int() });
export type SupplierListItem = z.infer<typeof supplierListItem>;

export const supplier = z.object({ ...supplierFields, products: z.array(supplierProduct) });
export type Supplier = z.infer<typeof supplier>;

export const supplierListQuery = listQuery.extend({
  active: queryBoolean.optional(),
  /** Who supplies this variant (a product screen asks). */
  variantId: queryId('variant').optional(),
});

export const supplierPage = paginated(supplierListItem);
export const supplierResult = dataOf(supplier);
export const supplierNames = dataOf(z.array(listItem));

export const supplierBulkActions = ['activate', 'deactivate', 'delete'] as const;
export const supplierBulkInput = bulkInput(supplierBulkActions, z.object({}));
export type SupplierBulkInput = z.input<typeof supplierBulkInput>;
