import type { LowStockSuggestion } from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { getShopSettings } from '../settings/service.ts';
import { findLowStock, findOutlet, findSupplier } from './queries.ts';

/**
 * GET /api/goods-orders/low-stock: what to order from a supplier for an outlet. Each of the
 * supplier's variants that is at or below its reorder level there (the level's low-stock
 * threshold, else the shop's default), unless what is on hand and already on order exceeds it,
 * with the quantity that brings it up to the level counting what is already on order: at least 1.
 */
export async function lowStockSuggestions(db: DbOrTx, supplierId: number, outletId: number): Promise<LowStockSuggestion[]> {
  const [supplier, outlet, settings] = await Promise.all([findSupplier(db, supplierId), findOutlet(db, outletId), getShopSettings(db)]);
  const errors: Record<string, string[]> = {};
  if (!supplier) errors.supplierId = ['The selected supplier does not exist.'];
  if (!outlet) errors.outletId = ['The selected outlet does not exist.'];
  if (Object.keys(errors).length) throw AppError.validation(errors);
  const rows = await findLowStock(db, supplierId, outletId, settings.defaultLowStockThreshold);
  return rows.map((r) => ({
    variantId: r.variant_id,
    productTitle: r.product_title,
    variantName: r.variant_name,
    sku: r.sku,
    supplierSku: r.supplier_sku,
    cost: r.cost,
    onHand: r.on_hand,
    onOrder: r.on_order,
    reorderLevel: r.reorder_level,
    quantity: Math.max(1, r.reorder_level - r.on_hand - r.on_order),
  }));
}
