import { receiptLineWidth, type PaperWidth, type ReceiptRow } from '@tillbook/contract';

/** The attribute that marks the one element a sale's print-out contains. */
export const receiptPrintAttribute = 'data-print-receipt';

/** Unprintable edge a thermal printer leaves on each side, in millimetres. */
const PRINTER_MARGIN_MM = 2;
/** A monospace character is about 0.6 of its font size wide. */
const CHARACTER_WIDTH_EM = 0.6;
const LINE_HEIGHT = 1.35;

/**
 * Print rules for a receipt on a roll: the page is the paper's width and about the receipt's
 * length (a roll printer feeds as much paper as the page is long), the font is sized so a line of
 * the template's characters fills the paper, and everything but the receipt is left out.
 * `rowCount` is the receipt's rows; a logo or barcode counts as a few.
 */
export function receiptPrintStyle(paperWidth: PaperWidth, rowCount: number): string {
  const characters = receiptLineWidth[paperWidth];
  const fontMm = (paperWidth - 2 * PRINTER_MARGIN_MM) / (characters * CHARACTER_WIDTH_EM);
  const lengthMm = Math.ceil(rowCount * fontMm * LINE_HEIGHT + 4 * PRINTER_MARGIN_MM);
  const receipt = `[${receiptPrintAttribute}]`;
  return `@media print {
  @page { size: ${paperWidth}mm ${lengthMm}mm; margin: 0; }
  html, body { background: #fff !important; }
  body *:not(:has(${receipt})):not(${receipt}):not(${receipt} *) { display: none !important; }
  body *:has(${receipt}) { display: block !important; position: static !important; margin: 0 !important; padding: 0 !important; border: 0 !important; box-shadow: none !important; overflow: visible !important; height: auto !important; width: auto !important; max-width: none !important; }
  ${receipt} { width: ${paperWidth}mm; margin: 0; }
  ${receipt} figure { width: auto !important; margin: 0 !important; padding: ${PRINTER_MARGIN_MM}mm !important; box-shadow: none !important; border: 0 !important; font-size: ${fontMm.toFixed(2)}mm !important; line-height: ${LINE_HEIGHT} !important; }
}`;
}

/** A logo or a barcode takes about this many text rows of paper. */
const PICTURE_ROWS = 5;

/** How many text rows of paper the receipt's rows take: a logo counts only when the shop has one. */
export function printedRowCount(rows: ReceiptRow[], hasLogo: boolean): number {
  return rows.reduce((sum, row) => sum + (row.kind === 'barcode' || (row.kind === 'logo' && hasLogo) ? PICTURE_ROWS : row.kind === 'logo' ? 0 : 1), 0);
}
