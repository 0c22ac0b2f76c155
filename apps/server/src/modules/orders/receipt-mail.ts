import type { PaperWidth, ReceiptRow } from '@tillbook/contract';
import type { Mailer } from '../../lib/mailer.ts';
import { orderBarcodePng } from './receipt-barcode.ts';
import { BARCODE_CID, receiptHtml, receiptPdf, receiptText } from './receipt-document.ts';

export type ReceiptMail = {
  to: string;
  businessName: string;
  subject: string;
  rows: ReceiptRow[];
  paperWidth: PaperWidth;
  /** The PDF's file name, and the barcode picture's: "receipt-MAIN-000123". */
  fileStem: string;
  /** The number the barcode row draws (the template shows the order barcode), or null. */
  barcodeValue: string | null;
};

/**
 * Sends receipt rows (a sale's or a refund's) as an HTML body, its barcode an inline picture, and
 * a PDF at the template's paper width. A mailer's failure is thrown as it came.
 */
export async function mailReceipt(mailer: Mailer, mail: ReceiptMail): Promise<{ messageId: string }> {
  const pdf = await receiptPdf(mail.rows, mail.paperWidth, mail.subject);
  // Mail readers show no SVG and many block data: pictures, so the barcode goes as an inline PNG.
  const barcode = mail.barcodeValue ? await orderBarcodePng(mail.barcodeValue) : null;
  return mailer.send({
    to: mail.to,
    fromName: mail.businessName,
    subject: mail.subject,
    html: receiptHtml(mail.rows, mail.paperWidth, mail.businessName, barcode ? `cid:${BARCODE_CID}` : null),
    text: receiptText(mail.rows, mail.paperWidth, mail.businessName),
    attachments: [
      { filename: `${mail.fileStem}.pdf`, content: pdf, contentType: 'application/pdf' },
      ...(barcode && mail.barcodeValue ? [{ filename: `barcode-${mail.barcodeValue}.png`, content: barcode, contentType: 'image/png', cid: BARCODE_CID }] : []),
    ],
  });
}
