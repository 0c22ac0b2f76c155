import { graphemesOf, labelsPerPage, type LabelFields, type LabelLayout } from '@tillbook/contract';
import { createPdf, printableText, type PdfFont } from '../../lib/pdf.ts';
import { labelSymbol, type LabelCode, type LabelSymbol } from './barcode.ts';

/**
 * Labels as a PDF (pdfkit with the shop's embedded fonts, lib/pdf.ts): on a sheet, labels placed
 * by the layout's columns, rows, margins and gaps from position `startAt` (the ones before it left
 * empty, for a part-used sheet), new pages as needed; on a roll, one label per page of its size.
 * Each label stacks the chosen text lines (each fitted to the label's width), the barcode (vector
 * bars with their quiet zones, the module width scaled so the whole symbol fits) and the SKU.
 */
export type PrintedLabel = {
  shopName: string;
  title: string;
  variantName: string;
  price: string;
  sku: string;
  /** The code a scanner should read; the QR code (fields.qr) encodes the same value. */
  code: LabelCode;
  quantity: number;
};

const MM = 72 / 25.4;
/** Space kept inside each label's edge, where a sheet's cut or a printer's offset may fall. */
const PADDING = 1.5 * MM;
/** The widest bar module drawn (0.5 mm): wider labels keep the barcode at a scanner-friendly size. */
const MAX_MODULE = 0.5 * MM;
const LINE_SPACING = 1.2;

type TextLine = { text: string; font: PdfFont; size: number };
/** One label's content, fitted once and drawn as many times as its quantity. */
type Prepared = { top: TextLine[]; bottom: TextLine | null; symbol: LabelSymbol | null };

/** Base font sizes (pt) of a 37 mm high label; a smaller label scales them down. */
const SIZES = { shopName: 6, title: 8, variant: 7, price: 13, sku: 6 };

/** `text` shortened with "…" so it fits `width` in the current font. */
function fitted(doc: PDFKit.PDFDocument, text: string, width: number): string {
  const printable = printableText(doc, text);
  if (doc.widthOfString(printable) <= width) return printable;
  const graphemes = graphemesOf(printable);
  let low = 0;
  let high = graphemes.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${graphemes.slice(0, mid).join('').trimEnd()}…`) <= width) low = mid;
    else high = mid - 1;
  }
  return `${graphemes.slice(0, low).join('').trimEnd()}…`;
}

function prepare(doc: PDFKit.PDFDocument, label: PrintedLabel, fields: LabelFields, layout: LabelLayout): Prepared {
  const width = layout.width * MM - 2 * PADDING;
  const scale = Math.min(1.1, Math.max(0.7, layout.height / 37));
  const line = (text: string, font: PdfFont, size: number): TextLine => {
    doc.font(font).fontSize(size * scale);
    return { text: fitted(doc, text, width), font, size: size * scale };
  };
  const top: TextLine[] = [];
  if (fields.shopName && label.shopName) top.push(line(label.shopName, 'sans', SIZES.shopName));
  if (fields.title) top.push(line(label.title, 'sans-bold', SIZES.title));
  if (fields.variant && label.variantName) top.push(line(label.variantName, 'sans', SIZES.variant));
  if (fields.price) {
    // The price is never cut short: a price too wide for the label is set smaller instead.
    doc.font('sans-bold').fontSize(SIZES.price * scale);
    const drawn = doc.widthOfString(label.price);
    top.push({ text: label.price, font: 'sans-bold', size: SIZES.price * scale * Math.min(1, width / drawn) });
  }
  const bottom = fields.sku ? line(`SKU ${label.sku}`, 'mono', SIZES.sku) : null;
  const code = fields.qr ? { symbology: 'qrcode' as const, value: label.code.value } : label.code;
  const symbol = fields.barcode || fields.qr ? labelSymbol(code) : null;
  return { top, bottom, symbol };
}

/**
 * The module size of a symbol in a `width` × `height` box and where its quiet zone starts (from the
 * box's left edge), in points: the whole symbol, quiet zones included, fits the box, so nothing of
 * it is cut at the label's edge.
 */
export function symbolPlacement(symbol: LabelSymbol, width: number, height: number): { module: number; offset: number } {
  const module = symbol.kind === 'linear' ? Math.min(MAX_MODULE, width / symbol.modules) : Math.min(width, height) / symbol.modules;
  return { module, offset: (width - symbol.modules * module) / 2 };
}

/** How wide the barcode's box is on a label of `layout` (0.5 mm kept at each edge), in points. */
export const symbolWidth = (layout: LabelLayout) => layout.width * MM - 1 * MM;

function drawSymbol(doc: PDFKit.PDFDocument, symbol: LabelSymbol, left: number, top: number, width: number, height: number) {
  if (height <= 0) return;
  const { module, offset } = symbolPlacement(symbol, width, height);
  const x0 = left + offset;
  if (symbol.kind === 'linear') {
    for (const [x, w] of symbol.bars) doc.rect(x0 + x * module, top, w * module, height);
  } else {
    for (const [x, y, w] of symbol.runs) doc.rect(x0 + x * module, top + y * module, w * module, module);
  }
  doc.fill('#000000');
}

function drawLabel(doc: PDFKit.PDFDocument, label: Prepared, layout: LabelLayout, left: number, top: number) {
  const height = layout.height * MM;
  let y = top + PADDING;
  for (const line of label.top) {
    doc.font(line.font).fontSize(line.size).text(line.text, left + PADDING, y, { lineBreak: false });
    y += line.size * LINE_SPACING;
  }
  let bottom = top + height - PADDING;
  if (label.bottom) {
    bottom -= label.bottom.size * LINE_SPACING;
    doc.font(label.bottom.font).fontSize(label.bottom.size).text(label.bottom.text, left + PADDING, bottom + label.bottom.size * 0.1, { lineBreak: false });
  }
  if (label.symbol) {
    const gap = 0.5 * MM;
    drawSymbol(doc, label.symbol, left + 0.5 * MM, y + gap, symbolWidth(layout), bottom - y - 2 * gap);
  }
}

/** Where label number `slot` (0-based, counting the skipped positions) goes: its page and its top-left corner in points. */
export function labelPosition(layout: LabelLayout, slot: number): { page: number; x: number; y: number } {
  const perPage = labelsPerPage(layout);
  const position = slot % perPage;
  const column = position % layout.columns;
  const row = Math.floor(position / layout.columns);
  return {
    page: Math.floor(slot / perPage),
    x: (layout.marginLeft + column * (layout.width + layout.gapX)) * MM,
    y: (layout.marginTop + row * (layout.height + layout.gapY)) * MM,
  };
}

/** Pages the labels take: the skipped positions count on the first sheet. */
export function labelPageCount(layout: LabelLayout, labels: number, startAt: number): number {
  const skipped = layout.kind === 'sheet' ? startAt - 1 : 0;
  return Math.max(1, Math.ceil((skipped + labels) / labelsPerPage(layout)));
}

export async function labelsPdf(labels: readonly PrintedLabel[], layout: LabelLayout, fields: LabelFields, startAt: number, title: string): Promise<Buffer> {
  const size: [number, number] = [layout.pageWidth * MM, layout.pageHeight * MM];
  const { doc, finish } = createPdf({ size, margin: 0, autoFirstPage: false, info: { Title: title } });
  let slot = layout.kind === 'sheet' ? startAt - 1 : 0;
  let page = -1;
  for (const label of labels) {
    const prepared = prepare(doc, label, fields, layout);
    for (let copy = 0; copy < label.quantity; copy += 1) {
      const at = labelPosition(layout, slot);
      while (page < at.page) {
        doc.addPage({ size, margin: 0 });
        page += 1;
      }
      drawLabel(doc, prepared, layout, at.x, at.y);
      slot += 1;
    }
  }
  if (page < 0) doc.addPage({ size, margin: 0 });
  return finish();
}
