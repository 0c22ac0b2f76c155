import type { SyncProduct, SyncVariant } from '@tillbook/contract';

/** "4 in stock", "Out of stock" or "Not tracked", for the finder and the variant picker. */
export function stockLabelOf(product: SyncProduct, variant: SyncVariant): string {
  if (!product.trackStock || variant.stock === null) return 'Not tracked';
  return variant.stock === 0 ? 'Out of stock' : `${variant.stock} in stock`;
}

/** Units at this outlet, or null when the product does not track stock. */
export function stockOf(product: SyncProduct, variant: SyncVariant): number | null {
  return product.trackStock ? variant.stock : null;
}
