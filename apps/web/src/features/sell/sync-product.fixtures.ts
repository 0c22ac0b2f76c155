import type { SyncProduct, SyncVariant } from '@tillbook/contract';

/** A variant as the register's copy holds it: sellable, in stock, with a SKU of its id. */
export function syncVariant(id: number, overrides: Partial<SyncVariant> = {}): SyncVariant {
  return { id, name: '', sku: `SKU-${id}`, barcode: null, price: 1000, active: true, optionIds: [], stock: 10, lowStockThreshold: 2, ...overrides };
}

/** An active product of the copy with one variant (id × 10) unless the overrides give its own. */
export function syncProduct(id: number, title: string, overrides: Partial<SyncProduct> = {}): SyncProduct {
  return { id, title, status: 'active', trackStock: true, categoryIds: [], taxIds: [], chargeIds: [], imageUrl: null, variants: [syncVariant(id * 10)], ...overrides };
}
