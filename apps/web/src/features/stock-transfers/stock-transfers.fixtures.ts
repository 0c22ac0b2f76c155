import type { PickedVariant, StockTransfer } from '@tillbook/contract';

/** A draft of two lines from Main store to Harbour Road, and the same transfer sent: what the page tests read. */
export const mug: PickedVariant = { variantId: 51, productId: 5, productTitle: 'Enamel mug', variantName: '', sku: 'MUG-1', barcode: '4006381333931', cost: 400, price: 800 };

export const line = (id: number, v: PickedVariant, quantity: number) => ({
  id,
  variantId: v.variantId,
  productId: v.productId,
  productTitle: v.productTitle,
  variantName: v.variantName,
  sku: v.sku,
  barcode: v.barcode,
  quantity,
  receivedQuantity: null,
  shortQuantity: null,
  unitCost: v.cost,
  fromOnHand: 20,
  toOnHand: 0,
});

export const tea: PickedVariant = { ...mug, variantId: 52, productId: 6, productTitle: 'Breakfast tea', variantName: '50 bags', sku: 'TEA-50', barcode: null, cost: 250 };

export const draft: StockTransfer = {
  id: 7,
  number: 'TR-000007',
  status: 'draft',
  fromOutletId: 1,
  fromOutletName: 'Main store',
  toOutletId: 2,
  toOutletName: 'Harbour Road',
  note: null,
  itemCount: 2,
  unitCount: 7,
  receivedUnitCount: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  sentAt: null,
  receivedAt: null,
  cancelledAt: null,
  createdBy: { id: 1, name: 'Ada Lovelace' },
  sentBy: null,
  receivedBy: null,
  updatedAt: '2026-11-20T09:00:00.000Z',
  value: 2500,
  shortValue: null,
  items: [line(70, mug, 5), line(71, tea, 2)],
};

export const sent: StockTransfer = { ...draft, status: 'sent', sentAt: '2026-11-20T10:00:00.000Z', sentBy: { id: 1, name: 'Ada Lovelace' } };
