import { moneyFormatterOf, type goodsOrderEmailInput } from '@tillbook/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { noMailerMessage, sendFailure, type Mailer } from '../../lib/mailer.ts';
import { dateText, purchaseOrderFileName, purchaseOrderParts, purchaseOrderPdf, type PurchaseOrderParts } from './purchase-order-document.ts';
import { recordGoodsOrderEvent } from './timeline.ts';

export const noSupplierEmailMessage = 'The supplier has no e-mail address. Enter the address to send the purchase order to.';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** The mail's words: the person's message, then what the attached order holds and where it goes. */
function messageLines({ order, supplier, outlet, settings }: PurchaseOrderParts, message: string | null): string[] {
  const money = moneyFormatterOf(settings);
  const lines = `${order.itemCount} ${order.itemCount === 1 ? 'line' : 'lines'}, ${order.units} ${order.units === 1 ? 'unit' : 'units'}`;
  return [
    `Hello ${supplier.contactPerson ?? supplier.companyName},`,
    ...(message ? [message] : []),
    `Please find our purchase order ${order.number} attached (${lines}, ${money(order.total)} in total).` +
      (order.expectedAt ? ` We expect the goods by ${dateText(settings, order.expectedAt)}.` : ''),
    `Deliver to: ${[outlet.name, outlet.address].filter(Boolean).join(', ')}.`,
    `Thank you,\n${settings.businessName}`,
  ];
}

/**
 * POST /api/goods-orders/{id}/email: the purchase order's PDF to the supplier's address (or the one
 * given) through SMTP_URL. Without a mail server it is 503, as for receipts; a send that fails is
 * 502 and, like one that succeeds, is written on the order's timeline with the address.
 */
export async function emailPurchaseOrder(
  db: DbOrTx,
  mailer: Mailer | null,
  id: number,
  input: z.output<typeof goodsOrderEmailInput>,
  userId: number | null,
): Promise<{ sentTo: string; messageId: string }> {
  const parts = await purchaseOrderParts(db, id);
  if (!mailer) throw new AppError(503, noMailerMessage);
  const sentTo = input.to ?? parts.supplier.email?.trim().toLowerCase();
  if (!sentTo) throw AppError.validation({ to: [noSupplierEmailMessage] });

  const pdf = await purchaseOrderPdf(parts);
  const paragraphs = messageLines(parts, input.message);
  const { businessName } = parts.settings;
  let messageId: string;
  try {
    ({ messageId } = await mailer.send({
      to: sentTo,
      fromName: businessName,
      subject: `Purchase order ${parts.order.number} from ${businessName}`,
      text: `${paragraphs.join('\n\n')}\n`,
      html: [
        '<!doctype html>',
        `<html><head><meta charset="utf-8"><title>Purchase order ${escapeHtml(parts.order.number)}</title></head>`,
        '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#111827">',
        ...paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`),
        '</body></html>',
      ].join('\n'),
      attachments: [{ filename: purchaseOrderFileName(parts.order), content: pdf, contentType: 'application/pdf' }],
    }));
  } catch (err) {
    const failure = sendFailure('The purchase order', err);
    await recordGoodsOrderEvent(db, id, 'email_failed', { to: sentTo, reason: failure.message }, userId);
    throw failure;
  }
  await recordGoodsOrderEvent(db, id, 'emailed', { to: sentTo }, userId);
  return { sentTo, messageId };
}
