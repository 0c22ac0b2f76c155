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
import { mailReceipt } from './receipt-mail.ts';
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

  let messageId: string;
  try {
    ({ messageId } = await mailReceipt(mailer, {
      to: sentTo,
      businessName: settings.businessName,
      subject,
      rows,
      paperWidth: layout.paperWidth,
      fileStem: `receipt-${order.number}`,
      barcodeValue: layout.showOrderBarcode ? order.number : null,
    }));
  } catch (err) {
    const failure = sendFailure('The receipt', err);
    await recordOrderEvent(db, order.id, 'email_failed', { to: sentTo, reason: failure.message }, userId);
    throw failure;
  }
  await recordOrderEvent(db, order.id, 'emailed', { to: sentTo }, userId);
  return { sentTo, messageId };
}
