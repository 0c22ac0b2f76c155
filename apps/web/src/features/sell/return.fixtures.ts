import type { SaleForReturn } from '@tillbook/contract';

/** A sale as a return finds it (tests only): two linen shirts of 30.00 and a mug already returned, paid in cash and by card. */
export const saleForReturn: SaleForReturn = {
  id: 41,
  number: 'MAIN-000041',
  status: 'paid',
  createdAt: '2026-11-22T10:00:00.000Z',
  outletId: 2,
  outletName: 'Harbour Road',
  registerId: 3,
  registerName: 'Harbour till',
  customerId: 7,
  customerName: 'Rosa Return',
  total: 6400,
  lines: [
    { id: 1, variantId: 11, title: 'Linen shirt', variantName: 'M / Blue', sku: 'SHIRT', quantity: 2, returned: 0, returnable: 2, unitPrice: 2500, net: 5000, taxTotal: 1000, total: 6000, taxes: [] },
    { id: 2, variantId: 12, title: 'Mug', variantName: '', sku: 'MUG', quantity: 1, returned: 1, returnable: 0, unitPrice: 400, net: 400, taxTotal: 0, total: 400, taxes: [] },
  ],
  tenders: [
    { tender: 'cash', paid: 2000, refundable: 1600 },
    { tender: 'card', paid: 4400, refundable: 4400 },
  ],
  storeCreditPaid: 0,
  storeCreditRefundable: 0,
  tendersRefundable: 6000,
  giftCardsPaid: 0,
  giftCardRefundable: 0,
  giftCards: [],
  points: { pointsPaid: 0, pointsRedeemed: 0, pointsEarned: 0 },
  refundedBefore: { total: 400, pointsPaidBack: 0, returned: 0, takenBack: 0 },
};
