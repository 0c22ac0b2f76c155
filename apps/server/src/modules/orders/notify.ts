import {
  fallbackReceiptLayout,
  moneyFormatterOf,
  noReceiptEmailMessage,
  receiptRows,
  toReceiptOrder,
  type orderNotifyInput,
  type ReceiptLayout,
} from '@tillbook/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { noMailerMessage, sendFailure, type Mailer } from '../../lib/mailer.ts';
import { getReceiptTemplate } from '../receipts/service.ts';
import { getShopSettings } from '../settings/service.ts';
import type { OutletScope } from '../../lib/viewer.ts';
import { getOrder } from './read.ts';
import { orderBarcodePng } from './receipt-barcode.ts';
import { BARCODE_CID, receiptHtml, receiptPdf, receiptText } from './receipt-document.ts';
import { recordOrderEvent } from './timeline.ts';

/**
 * E-mails a sale's receipt, laid out with the template it was printed with, as an HTML body (its
 * order barcode an inline picture) and a PDF at the template's paper width: to the address given,
 * else to the order's customer.
 */
export async function notifyOrder(
  db: DbOrTx,
  mailer: Mailer | null,
  id: number,
  input: z.output<typeof orderNotifyInput>,
  scope: OutletScope,
  userId: number | null = null,
): Promise<{ sentTo: string; messageId: string }> {
  const order = await getOrder(db, { id }, scope);
  if (!mailer) throw new AppError(503, noMailerMessage);
  const sentTo = input.email ?? order.customerEmail;
  if (!sentTo) throw AppError.validation({ email: [noReceiptEmailMessage] });

  const [settings, template] = await Promise.all([
    getShopSettings(db),
    order.receiptTemplateId === null ? null : getReceiptTemplate(db, order.receiptTemplateId),
  ]);
  const layout: ReceiptLayout = template ?? fallbackReceiptLayout;
  const rows = receiptRows(layout, toReceiptOrder(order, settings), {
    businessName: settings.businessName,
    formatMoney: moneyFormatterOf(settings),
  });
  const subject = `Your receipt ${order.number} from ${settings.businessName}`;
  const pdf = await receiptPdf(rows, layout.paperWidth, subject);
  // Mail readers show no SVG and many block data: pictures, so the barcode goes as an inline PNG.
  const barcode = layout.showOrderBarcode ? await orderBarcodePng(order.number) : null;

  let messageId: string;
  try {
    ({ messageId } = await mailer.send({
      to: sentTo,
      fromName: settings.businessName,
      subject,
      html: receiptHtml(rows, layout.paperWidth, settings.businessName, barcode ? `cid:${BARCODE_CID}` : null),
      text: receiptText(rows, layout.paperWidth, settings.businessName),
      attachments: [
        { filename: `receipt-${order.number}.pdf`, content: pdf, contentType: 'application/pdf' },
        ...(barcode ? [{ filename: `barcode-${order.number}.png`, content: barcode, contentType: 'image/png', cid: BARCODE_CID }] : []),
      ],
    }));
  } catch (err) {
    const failure = sendFailure('The receipt', err);
    await recordOrderEvent(db, order.id, 'email_failed', { to: sentTo, reason: failure.message }, userId);
    throw failure;
  }
  await recordOrderEvent(db, order.id, 'emailed', { to: sentTo }, userId);
  return { sentTo, messageId };
}
