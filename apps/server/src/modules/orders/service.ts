/**
 * What other modules may use of orders (eslint: a module reaches another only through its
 * service.ts). Orders keeps its work split by task — create, read, edit, timeline — and this is
 * its public face: customers list their orders, refunds write the order's timeline.
 */
export { listOrders } from './read.ts';
export { recordOrderEvent } from './timeline.ts';
export { priceSaleFromDb } from './pricing.ts';
// Refunds print and e-mail their receipts with the sale's receipt machinery.
export { getOrder } from './read.ts';
export { receiptPdf } from './receipt-document.ts';
export { mailReceipt } from './receipt-mail.ts';
// A return without a receipt values and names its lines as a sale would.
export { soldLines } from './sale-document.ts';
