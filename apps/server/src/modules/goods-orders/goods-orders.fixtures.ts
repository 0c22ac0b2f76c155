import type { GoodsOrder, GoodsOrderCreateInput } from '@tillbook/contract';
import { expect } from 'vitest';
import type { TestContext } from '../../testing/test-app.ts';
import { seedSaleShop, type SaleShop } from '../orders/sale.fixtures.ts';

/**
 * A shop to buy for (tests only): the sale shop (Main store and Harbour Road, a shirt at 11.00
 * cost with 10 at Main, a mug at 3.00 with 5 at Main) and a supplier, Fjord Textiles, that
 * supplies both: the shirt as FJ-SHIRT-M at 10.00, the mug as FJ-MUG at 2.50.
 */
export type PurchasingShop = SaleShop & { supplier: { id: number; name: string; email: string } };

export async function seedPurchasingShop(ctx: TestContext): Promise<PurchasingShop> {
  const shop = await seedSaleShop(ctx);
  const res = await shop.admin.post('/api/suppliers/create', {
    companyName: 'Fjord Textiles',
    contactPerson: 'Ingrid Berg',
    email: 'orders@fjord.example',
    phone: '+47 5555 0101',
    address: '12 Quay Street, Bergen',
    taxNumber: 'NO-998877',
    paymentTerms: 'Net 30',
    active: true,
    products: [
      { variantId: shop.shirt.variantId, supplierSku: 'FJ-SHIRT-M', cost: 1000 },
      { variantId: shop.mug.variantId, supplierSku: 'FJ-MUG', cost: 250 },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  const supplier = res.json().data as { id: number; companyName: string };
  return { ...shop, supplier: { id: supplier.id, name: supplier.companyName, email: 'orders@fjord.example' } };
}

/** A draft's body for the shop's supplier and Main store; lines as [variantId, quantity, unitCost, taxRateE4?]. */
export function draftBody(shop: PurchasingShop, lines: Array<[number, number, number, number?]>, overrides: Partial<GoodsOrderCreateInput> = {}): GoodsOrderCreateInput {
  return {
    supplierId: shop.supplier.id,
    outletId: shop.main.id,
    expectedAt: '2026-12-01',
    note: null,
    items: lines.map(([variantId, quantity, unitCost, taxRateE4 = 0]) => ({ variantId, quantity, unitCost, taxRateE4 })),
    ...overrides,
  };
}

export async function createDraft(shop: PurchasingShop, body: GoodsOrderCreateInput): Promise<GoodsOrder> {
  const res = await shop.admin.post('/api/goods-orders/create', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as GoodsOrder;
}

/** A draft placed with the supplier (status "ordered"). */
export async function placeOrder(shop: PurchasingShop, body: GoodsOrderCreateInput): Promise<GoodsOrder> {
  const draft = await createDraft(shop, body);
  const res = await shop.admin.put(`/api/goods-orders/${draft.id}/edit`, { status: 'ordered' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as GoodsOrder;
}
