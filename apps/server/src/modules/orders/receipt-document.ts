import { receiptLineWidth, type PaperWidth, type ReceiptRow } from '@tillbook/contract';
import PDFDocument from 'pdfkit';

/** One printed line of a receipt; the rows are already laid out at the paper's width. */
type PrintedLine = { text: string; strong: boolean };

const POINTS_PER_MM = 72 / 25.4;
const MARGIN = 3 * POINTS_PER_MM;
/** A Courier glyph is 0.6 of the font size wide. */
const COURIER_ADVANCE = 0.6;
const LINE_SPACING = 1.25;

/**
 * The rows as lines of text. The shop's logo is left out (an e-mail or a PDF is not the till's
 * printer), and the order barcode prints as its number, which is what a scanner would read.
 */
function printedLines(rows: ReceiptRow[], width: number): PrintedLine[] {
  return rows.flatMap((row): PrintedLine[] => {
    switch (row.kind) {
      case 'text':
        return [{ text: row.text, strong: row.strong ?? false }];
      case 'rule':
        return [{ text: row.text, strong: false }];
      case 'barcode':
        return [{ text: ' '.repeat(Math.max(0, Math.floor((width - row.text.length) / 2))) + row.text, strong: false }];
      case 'logo':
        return [];
    }
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** The receipt as plain text, for mail readers that show no HTML. */
export function receiptText(rows: ReceiptRow[], paperWidth: PaperWidth, businessName: string): string {
  const lines = printedLines(rows, receiptLineWidth[paperWidth]).map((line) => line.text.trimEnd());
  return `Thank you for shopping at ${businessName}. Your receipt is below and attached as a PDF.\n\n${lines.join('\n')}\n`;
}

/** The receipt as an HTML mail: the same rows in a monospace block. */
export function receiptHtml(rows: ReceiptRow[], paperWidth: PaperWidth, businessName: string): string {
  const lines = printedLines(rows, receiptLineWidth[paperWidth])
    .map((line) => (line.strong ? `<b>${escapeHtml(line.text)}</b>` : escapeHtml(line.text)))
    .join('\n');
  const name = escapeHtml(businessName);
  return [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>Receipt from ${name}</title></head>`,
    '<body style="margin:0;padding:16px;background:#f3f4f6;color:#111827">',
    `<p style="font-family:Arial,Helvetica,sans-serif;font-size:15px">Thank you for shopping at <b>${name}</b>. Your receipt is below and attached as a PDF.</p>`,
    `<pre style="display:inline-block;margin:0;padding:12px 16px;background:#ffffff;border:1px solid #e5e7eb;font-family:Menlo,Consolas,'Courier New',monospace;font-size:13px;line-height:1.35">${lines}</pre>`,
    '</body></html>',
  ].join('\n');
}

/**
 * The receipt as a PDF of the template's paper width (58 or 80 mm), one page as long as the
 * receipt, the rows in Courier sized so a full row fills the width between the margins.
 */
export function receiptPdf(rows: ReceiptRow[], paperWidth: PaperWidth, title: string): Promise<Buffer> {
  const characters = receiptLineWidth[paperWidth];
  const pageWidth = paperWidth * POINTS_PER_MM;
  const fontSize = (pageWidth - 2 * MARGIN) / (characters * COURIER_ADVANCE);
  const lineHeight = fontSize * LINE_SPACING;
  const lines = printedLines(rows, characters);
  const pageHeight = 2 * MARGIN + Math.max(1, lines.length) * lineHeight;

  const doc = new PDFDocument({ size: [pageWidth, pageHeight], margin: 0, info: { Title: title } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  lines.forEach((line, index) => {
    doc
      .font(line.strong ? 'Courier-Bold' : 'Courier')
      .fontSize(fontSize)
      .text(line.text, MARGIN, MARGIN + index * lineHeight, { lineBreak: false });
  });
  doc.end();
  return done;
}
