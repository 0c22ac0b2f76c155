// The receipt layout lives in the contract so the server's e-mailed receipt prints the very same rows.
export { receiptRows, sampleReceiptOrder } from '@tillbook/contract';
export type { ReceiptAmount, ReceiptLine, ReceiptOrder, ReceiptRow, ReceiptRowOptions } from '@tillbook/contract';
