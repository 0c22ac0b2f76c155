import {
  fallbackReceiptLayout,
  moneyFormatterOf,
  noRefundReceiptEmailMessage,
  refundReceiptRows,
  toRefundReceipt,
  type orderNotifyInput,
  type RefundReceiptDocument,
} from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { customers, outlets, refunds, registers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { noMailerMessage, sendFailure, type Mailer } from '../../lib/mailer.ts';
import { everyOutlet, isOutletInScope, type OutletScope } from '../../lib/viewer.ts';
import { getOrder, mailReceipt, receiptPdf } from '../orders/service.ts';
import { findReceiptTemplateById, toReceiptTemplate } from '../receipts/service.ts';
import { getShopSettings } from '../settings/service.ts';
import { getRefund } from './read.ts';

/** Where a refund happened: its outlet and register by name, and the template that register prints with now. */
async function findRefundPlace(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      orderId: refunds.orderId,
      outletId: refunds.outletId,
      outletName: outlets.name,
      registerName: registers.name,
      registerTemplateId: registers.receiptTemplateId,
      // A return without a receipt: the customer its store credit went to.
      customerName: customers.name,
      customerEmail: customers.email,
    })
    .from(refunds)
    .innerJoin(outlets, eq(outlets.id, refunds.outletId))
    .leftJoin(customers, eq(customers.id, refunds.customerId))
    .leftJoin(registers, eq(registers.id, refunds.registerId))
    .where(eq(refunds.id, id))
    .limit(1);
  return row;
}

/**
 * A refund's receipt: headed REFUND with the original order's number, laid out with the template
 * of the register that took the return as it is now (a back-office refund, made at no register,
 * prints with the sale's own template; with neither, the built-in layout). A cashier reaches the
 * refunds taken at their outlet and those of their outlet's sales; anything else is not found.
 */
export async function refundReceipt(db: DbOrTx, id: number, scope: OutletScope): Promise<RefundReceiptDocument> {
  const place = await findRefundPlace(db, id);
  if (!place) throw AppError.notFound();
  const source = await sourceOf(db, place, scope);
  const refund = await getRefund(db, id);
  if (!refund) throw AppError.notFound();
  const templateId = place.registerTemplateId ?? source.receiptTemplateId;
  const [settings, templateRow] = await Promise.all([getShopSettings(db), templateId === null ? undefined : findReceiptTemplateById(db, templateId)]);
  const template = templateRow ? toReceiptTemplate(templateRow) : null;
  const layout = template ?? fallbackReceiptLayout;
  const receipt = toRefundReceipt(
    refund,
    { orderNumber: source.orderNumber, customerName: source.customerName, outletName: place.outletName, registerName: place.registerName },
    settings,
  );
  const rows = refundReceiptRows(layout, receipt, { businessName: settings.businessName, formatMoney: moneyFormatterOf(settings) });
  return { refundId: refund.id, orderId: place.orderId, customerEmail: source.customerEmail, receipt, template, paperWidth: layout.paperWidth, rows };
}

type Place = NonNullable<Awaited<ReturnType<typeof findRefundPlace>>>;

/** The sale the goods came from (a return taken here of a sale made at another outlet prints here too), or the return's own customer without one. */
async function sourceOf(db: DbOrTx, place: Place, scope: OutletScope) {
  const isHere = isOutletInScope(scope, place.outletId);
  if (place.orderId === null) {
    if (!isHere) throw AppError.notFound();
    return { orderNumber: null, customerName: place.customerName, customerEmail: place.customerEmail, receiptTemplateId: null };
  }
  const order = await getOrder(db, { id: place.orderId }, isHere ? everyOutlet : scope);
  return { orderNumber: order.number, customerName: order.customerName, customerEmail: order.customerEmail, receiptTemplateId: order.receiptTemplateId };
}

/** The refund receipt as a PDF at the template's paper width, with the download's file name. */
export async function refundReceiptPdf(db: DbOrTx, id: number, scope: OutletScope): Promise<{ fileName: string; pdf: Buffer }> {
  const document = await refundReceipt(db, id, scope);
  const pdf = await receiptPdf(document.rows, document.paperWidth, `Refund ${document.receipt.number}`);
  return { fileName: `refund-${document.receipt.number}.pdf`, pdf };
}

/** E-mails the refund receipt (HTML and PDF, as a sale's receipt goes) to the address given, else to the sale's customer. */
export async function notifyRefund(
  db: DbOrTx,
  mailer: Mailer | null,
  id: number,
  input: z.output<typeof orderNotifyInput>,
  scope: OutletScope,
): Promise<{ sentTo: string; messageId: string }> {
  const document = await refundReceipt(db, id, scope);
  if (!mailer) throw new AppError(503, noMailerMessage);
  const sentTo = input.email ?? document.customerEmail;
  if (!sentTo) throw AppError.validation({ email: [noRefundReceiptEmailMessage] });
  const { businessName } = await getShopSettings(db);
  const { receipt } = document;
  try {
    const { messageId } = await mailReceipt(mailer, {
      to: sentTo,
      businessName,
      subject: `Your refund receipt ${receipt.number} from ${businessName}`,
      rows: document.rows,
      paperWidth: document.paperWidth,
      fileStem: `refund-${receipt.number}`,
      barcodeValue: document.rows.some((row) => row.kind === 'barcode') ? receipt.orderNumber : null,
    });
    return { sentTo, messageId };
  } catch (err) {
    throw sendFailure('The refund receipt', err);
  }
}
