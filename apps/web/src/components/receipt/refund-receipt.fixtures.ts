import { fallbackReceiptLayout, refundReceiptRows, type ReceiptLayout, type RefundReceipt, type RefundReceiptDocument } from '@tillbook/contract';

/** The built-in 80 mm layout with a header and a footer (no logo, so no picture to wait for). */
const layout: ReceiptLayout = { ...fallbackReceiptLayout, header: 'High Street 1', footer: 'Thank you!', showLogo: false };

/** One shirt of MAIN-000041 back: 30.00, 25.00 in cash and 5.00 as store credit (tests only). */
export const sampleRefundReceipt: RefundReceipt = {
  title: 'REFUND',
  number: 'MAIN-000041-R1',
  orderNumber: 'MAIN-000041',
  date: 'Nov 22, 2026, 3:00 PM',
  outletName: 'Main store',
  registerName: 'Till 1',
  cashierName: 'Carl Cash',
  customerName: 'Ada Lovelace',
  lines: [{ name: 'Linen shirt', variantName: 'M / Blue', quantity: 1, total: 3000 }],
  taxes: [{ name: 'VAT 20%', amount: 500, isInclusive: false }],
  total: 3000,
  payments: [{ name: 'Cash', amount: 2500 }],
  storeCredit: 500,
  pointsPaidBack: 0,
  pointsReturned: 0,
  pointsTakenBack: 30,
  reason: 'Too small',
  approvedBy: 'Alex Admin',
};

/** The server's answer for that refund, its rows laid out by the contract as the server lays them out. */
export function sampleRefundReceiptDocument(formatMoney: (minor: number) => string): RefundReceiptDocument {
  return {
    refundId: 3,
    orderId: 41,
    customerEmail: 'ada@example.com',
    receipt: sampleRefundReceipt,
    template: null,
    paperWidth: 80,
    rows: refundReceiptRows(layout, sampleRefundReceipt, { businessName: 'Corner Shop', formatMoney }),
  };
}
