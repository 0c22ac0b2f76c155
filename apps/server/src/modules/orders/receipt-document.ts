import { receiptLineWidth, textCells, type PaperWidth, type ReceiptRow } from '@tillbook/contract';
import { createPdf, MONO_ADVANCE, printableText } from '../../lib/pdf.ts';
import { orderBarcodeBars } from './receipt-barcode.ts';

/**
 * What a receipt's PDF and e-mail print: its rows already laid out at the paper's width. The
 * shop's logo is left out (an e-mail or a PDF is not the till's printer); the order barcode is
 * drawn, with its number under it.
 */
type PrintedBlock = { kind: 'line'; text: string; strong: boolean } | { kind: 'barcode'; value: string };

const POINTS_PER_MM = 72 / 25.4;
const MARGIN = 3 * POINTS_PER_MM;
const LINE_SPACING = 1.25;
const BARCODE_HEIGHT = 12 * POINTS_PER_MM;
const BARCODE_GAP = 1.5 * POINTS_PER_MM;
/** Wider bars than this make no easier reading; a long order number gets narrower ones to fit the paper. */
const MAX_MODULE_WIDTH = 0.5 * POINTS_PER_MM;

/** The content id of the barcode picture in the receipt e-mail. */
export const BARCODE_CID = 'order-barcode@tillbook';

function printedBlocks(rows: ReceiptRow[]): PrintedBlock[] {
  return rows.flatMap((row): PrintedBlock[] => {
    switch (row.kind) {
      case 'text':
        return [{ kind: 'line', text: row.text, strong: row.strong ?? false }];
      case 'rule':
        return [{ kind: 'line', text: row.text, strong: false }];
      case 'barcode':
        return [{ kind: 'barcode', value: row.text }];
      case 'logo':
        return [];
    }
  });
}

function centredLine(text: string, width: number): string {
  return ' '.repeat(Math.max(0, Math.floor((width - textCells(text)) / 2))) + text;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** The receipt as plain text, for mail readers that show no HTML: the barcode is its number. */
export function receiptText(rows: ReceiptRow[], paperWidth: PaperWidth, businessName: string): string {
  const width = receiptLineWidth[paperWidth];
  const lines = printedBlocks(rows).map((block) => (block.kind === 'line' ? block.text : centredLine(block.value, width)).trimEnd());
  return `Thank you for shopping at ${businessName}. Your receipt is below and attached as a PDF.\n\n${lines.join('\n')}\n`;
}

const PRE_STYLE = "margin:0;font-family:Menlo,Consolas,'DejaVu Sans Mono','Courier New',monospace;font-size:13px;line-height:1.35";

/**
 * The receipt as an HTML mail: the same rows in a monospace block, the order barcode as a picture
 * (`barcodeSrc`, e.g. the cid of an inline PNG) with its number under it; without a picture, the number.
 */
export function receiptHtml(rows: ReceiptRow[], paperWidth: PaperWidth, businessName: string, barcodeSrc: string | null = null): string {
  const width = receiptLineWidth[paperWidth];
  const parts: string[] = [];
  let lines: string[] = [];
  const flush = () => {
    if (lines.length > 0) parts.push(`<pre style="${PRE_STYLE}">${lines.join('\n')}</pre>`);
    lines = [];
  };
  for (const block of printedBlocks(rows)) {
    if (block.kind === 'line') {
      lines.push(block.strong ? `<b>${escapeHtml(block.text)}</b>` : escapeHtml(block.text));
    } else if (barcodeSrc) {
      flush();
      parts.push(
        `<div style="margin:6px 0;text-align:center"><img src="${escapeHtml(barcodeSrc)}" alt="Barcode ${escapeHtml(block.value)}" style="display:block;margin:0 auto;max-width:100%;height:48px"><pre style="${PRE_STYLE}">${escapeHtml(block.value)}</pre></div>`,
      );
    } else {
      lines.push(escapeHtml(centredLine(block.value, width)));
    }
  }
  flush();
  const name = escapeHtml(businessName);
  return [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>Receipt from ${name}</title></head>`,
    '<body style="margin:0;padding:16px;background:#f3f4f6;color:#111827">',
    `<p style="font-family:Arial,Helvetica,sans-serif;font-size:15px">Thank you for shopping at <b>${name}</b>. Your receipt is below and attached as a PDF.</p>`,
    `<div style="display:inline-block;padding:12px 16px;background:#ffffff;border:1px solid #e5e7eb">${parts.join('\n')}</div>`,
    '</body></html>',
  ].join('\n');
}

/**
 * The receipt as a PDF of the template's paper width (58 or 80 mm), one page as long as the
 * receipt, the rows in DejaVu Sans Mono sized so a full row fills the width between the margins.
 * Rows are laid out in cells; a row that would still come out wider (a character drawn wider than
 * its cell) is set smaller, so no amount ever leaves the paper.
 */
export async function receiptPdf(rows: ReceiptRow[], paperWidth: PaperWidth, title: string): Promise<Buffer> {
  const characters = receiptLineWidth[paperWidth];
  const pageWidth = paperWidth * POINTS_PER_MM;
  const textWidth = pageWidth - 2 * MARGIN;
  const fontSize = textWidth / (characters * MONO_ADVANCE);
  const lineHeight = fontSize * LINE_SPACING;
  const blocks = printedBlocks(rows).map((block) => (block.kind === 'line' ? block : { ...block, code: orderBarcodeBars(block.value) }));
  // A barcode: a little space, the bars, its number under them, a little space.
  const barsHeight = BARCODE_HEIGHT + BARCODE_GAP;
  const contentHeight = blocks.reduce(
    (sum, block) => sum + lineHeight + (block.kind === 'barcode' ? lineHeight / 2 + (block.code ? barsHeight : 0) : 0),
    0,
  );
  const pageHeight = 2 * MARGIN + Math.max(lineHeight, contentHeight);

  const { doc, finish } = createPdf({ size: [pageWidth, pageHeight], margin: 0, info: { Title: title } });
  let y = MARGIN;
  const printLine = (text: string, strong: boolean) => {
    doc.font(strong ? 'mono-bold' : 'mono').fontSize(fontSize);
    const printable = printableText(doc, text.trimEnd(), { keepCells: true });
    const drawn = doc.widthOfString(printable);
    if (drawn > textWidth) doc.fontSize((fontSize * textWidth) / drawn);
    doc.text(printable, MARGIN, y, { lineBreak: false });
    y += lineHeight;
  };
  for (const block of blocks) {
    if (block.kind === 'line') {
      printLine(block.text, block.strong);
      continue;
    }
    y += lineHeight / 4;
    if (block.code) {
      const moduleWidth = Math.min(MAX_MODULE_WIDTH, textWidth / block.code.modules);
      const left = MARGIN + (textWidth - block.code.modules * moduleWidth) / 2;
      for (const [x, width] of block.code.bars) doc.rect(left + x * moduleWidth, y, width * moduleWidth, BARCODE_HEIGHT);
      doc.fill('#000000');
      y += barsHeight;
    }
    printLine(centredLine(block.value, characters), false);
    y += lineHeight / 4;
  }
  return finish();
}
