// Shared with the server, which e-mails the same receipt.
export { toReceiptOrder } from '@tillbook/contract';
