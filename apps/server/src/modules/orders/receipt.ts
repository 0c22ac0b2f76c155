import { fallbackReceiptLayout, moneyFormatterOf, receiptLineWidth, receiptRows, toReceiptOrder, type OrderReceipt, type ReceiptRow } from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import { findReceiptTemplateById, toReceiptTemplate } from '../receipts/service.ts';
import { getShopSettings } from '../settings/service.ts';
import type { OutletScope } from '../../lib/viewer.ts';
import { getOrder } from './read.ts';
import { receiptPdf } from './receipt-document.ts';
import { recordOrderEvent } from './timeline.ts';

const COPY_MARK = '*** COPY ***';

function centred(text: string, width: number): string {
  return ' '.repeat(Math.max(0, Math.floor((width - text.length) / 2))) + text;
}

/**
 * A past sale's receipt laid out with the template it was printed with (templates never change,
 * so a reprint looks like the original), headed by a COPY mark so nobody takes it for a new sale.
 * Every call is a reprint and goes on the order's timeline.
 */
export async function orderReceipt(db: DbOrTx, id: number, scope: OutletScope, userId: number): Promise<OrderReceipt> {
  const order = await getOrder(db, { id }, scope);
  const [settings, templateRow] = await Promise.all([
    getShopSettings(db),
    order.receiptTemplateId === null ? undefined : findReceiptTemplateById(db, order.receiptTemplateId),
  ]);
  const template = templateRow ? toReceiptTemplate(templateRow) : null;
  const layout = template ?? fallbackReceiptLayout;
  const copyRow: ReceiptRow = { kind: 'text', text: centred(COPY_MARK, receiptLineWidth[layout.paperWidth]), strong: true };
  const rows = [
    copyRow,
    ...receiptRows(layout, toReceiptOrder(order, settings), { businessName: settings.businessName, formatMoney: moneyFormatterOf(settings) }),
  ];
  await recordOrderEvent(db, order.id, 'printed', { copy: true }, userId);
  return { order, template, rows, isCopy: true };
}

/** The same copy as a PDF at the template's paper width, with the download's file name. */
export async function orderReceiptPdf(db: DbOrTx, id: number, scope: OutletScope, userId: number): Promise<{ fileName: string; pdf: Buffer }> {
  const receipt = await orderReceipt(db, id, scope, userId);
  const paperWidth = receipt.template?.paperWidth ?? fallbackReceiptLayout.paperWidth;
  const pdf = await receiptPdf(receipt.rows, paperWidth, `Receipt ${receipt.order.number} (copy)`);
  return { fileName: `receipt-${receipt.order.number}.pdf`, pdf };
}
