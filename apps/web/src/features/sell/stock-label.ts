import type { SyncProduct, SyncVariant } from '@tillbook/contract';

/** "4 in stock", "Out of stock", "Out of stock (−4)" (sold below zero) or "Not tracked", for the finder and the variant picker. */
export function stockLabelOf(product: SyncProduct, variant: SyncVariant): string {
  if (!product.trackStock || variant.stock === null) return 'Not tracked';
  if (variant.stock < 0) return `Out of stock (\u2212${-variant.stock})`;
  return variant.stock === 0 ? 'Out of stock' : `${variant.stock} in stock`;
}

/**
 * Why the till refuses `quantity` units of an item while the shop does not sell below zero, or
 * null: the server would refuse the sale at payment, so the cashier hears it when the item is added.
 */
export function stockRefusalOf(title: string, stock: number | null, quantity: number, allowNegativeStock: boolean): string | null {
  if (allowNegativeStock || stock === null || quantity <= stock) return null;
  if (stock <= 0) return `${title} is out of stock at this outlet${stock < 0 ? ` (\u2212${-stock})` : ''}: this shop does not sell below zero.`;
  return `Only ${stock} of ${title} in stock at this outlet: this shop does not sell below zero.`;
}

/** Units at this outlet, or null when the product does not track stock. */
export function stockOf(product: SyncProduct, variant: SyncVariant): number | null {
  return product.trackStock ? variant.stock : null;
}
