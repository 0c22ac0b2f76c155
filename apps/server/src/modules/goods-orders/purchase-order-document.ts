import { formatPercent, localDateOf, moneyFormatterOf, type GoodsOrder, type ShopSettings } from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { OutletRow, SupplierRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { createPdf, printableText, type PdfFont } from '../../lib/pdf.ts';
import { getShopSettings } from '../settings/service.ts';
import { findOutlet, findSupplier } from './queries.ts';
import { getGoodsOrder } from './service.ts';
import { recordGoodsOrderEvent } from './timeline.ts';

/**
 * The purchase order as the supplier receives it: an A4 PDF (pdfkit with the shop's embedded
 * Unicode fonts, lib/pdf.ts) with the shop and the ordering outlet, the PO number and dates, the
 * supplier, where to deliver, each line (the supplier's SKU first: the one they pick by), the
 * totals and the note; money in the shop's currency and locale. Only an order that has been
 * placed has one: a draft may still change, so it is refused (409) rather than sent by mistake.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const WIDTH = A4[0] - 2 * MARGIN;
const BOTTOM = A4[1] - MARGIN - 16;

type Column = { title: string; width: number; align: 'left' | 'right' };
const columns: Column[] = [
  { title: 'Supplier SKU', width: 72, align: 'left' },
  { title: 'Our SKU', width: 72, align: 'left' },
  { title: 'Product', width: 161, align: 'left' },
  { title: 'Qty', width: 45, align: 'right' },
  { title: 'Unit cost', width: 62, align: 'right' },
  { title: 'Tax', width: 33, align: 'right' },
  { title: 'Line total', width: 70, align: 'right' },
];
const GAP = 4;

export type PurchaseOrderParts = { order: GoodsOrder; supplier: SupplierRow; outlet: OutletRow; settings: ShopSettings };

export const draftHasNoDocument = 'Mark the goods order as ordered first.';

/** The order with everything its document shows; a draft or a cancelled order has no purchase order to send (409). */
export async function purchaseOrderParts(db: DbOrTx, id: number): Promise<PurchaseOrderParts> {
  const order = await getGoodsOrder(db, id);
  if (order.status === 'draft') throw AppError.conflict(draftHasNoDocument);
  if (order.status === 'cancelled') throw AppError.conflict('This goods order is cancelled: it has no purchase order to send.');
  const [supplier, outlet, settings] = await Promise.all([findSupplier(db, order.supplierId), findOutlet(db, order.outletId), getShopSettings(db)]);
  if (!supplier || !outlet) throw AppError.notFound();
  return { order, supplier, outlet, settings };
}

/** "Nov 21, 2026" in the shop's locale; a calendar day (the expected date) is printed as that day wherever the shop is. */
export function dateText(settings: Pick<ShopSettings, 'locale'>, day: string): string {
  try {
    return new Intl.DateTimeFormat(settings.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  } catch {
    return day;
  }
}

export function purchaseOrderFileName(order: Pick<GoodsOrder, 'number'>): string {
  return `purchase-order-${order.number}.pdf`;
}

export async function purchaseOrderPdf({ order, supplier, outlet, settings }: PurchaseOrderParts): Promise<Buffer> {
  const money = moneyFormatterOf(settings);
  const { doc, finish } = createPdf({ size: A4, margin: MARGIN, bufferPages: true, info: { Title: `Purchase order ${order.number}`, Author: settings.businessName } });
  let y = MARGIN;

  const write = (text: string, x: number, top: number, options: { width: number; font?: PdfFont; size?: number; align?: 'left' | 'right' }) => {
    doc.font(options.font ?? 'sans').fontSize(options.size ?? 9);
    // Line by line: a line break is the text's own (an address, a note), not a missing glyph.
    const printable = text
      .split(/\r?\n/)
      .map((line) => printableText(doc, line))
      .join('\n');
    doc.text(printable, x, top, { width: options.width, align: options.align ?? 'left' });
    return doc.heightOfString(printable, { width: options.width });
  };
  const measure = (text: string, width: number) => {
    doc.font('sans').fontSize(9);
    return doc.heightOfString(printableText(doc, text), { width });
  };
  /** A block of lines (empty ones left out) under a small heading; returns its height. */
  const block = (heading: string, lines: Array<string | null>, x: number, top: number, width: number) => {
    let at = top + write(heading.toUpperCase(), x, top, { width, font: 'sans-bold', size: 8 }) + 2;
    lines.forEach((line, index) => {
      if (line) at += write(line, x, at, { width, font: index === 0 ? 'sans-bold' : 'sans', size: 9.5 }) + 1;
    });
    return at - top;
  };

  // The shop (ordering from the outlet's address) and the document's title, number and dates.
  const half = WIDTH / 2 - 10;
  const shopHeight = block('From', [settings.businessName, outlet.address, outlet.phone, outlet.email, outlet.taxNumber ? `Tax number: ${outlet.taxNumber}` : null], MARGIN, y, half);
  let right = y + write('PURCHASE ORDER', MARGIN + half + 20, y, { width: half, font: 'sans-bold', size: 18, align: 'right' }) + 4;
  const placed = order.orderedAt ?? order.createdAt;
  for (const [label, value] of [
    ['PO number', order.number],
    ['Date', dateText(settings, localDateOf(placed, settings.timeZone))],
    ['Expected', order.expectedAt ? dateText(settings, order.expectedAt) : '—'],
  ] as const) {
    right += write(`${label}: ${value}`, MARGIN + half + 20, right, { width: half, size: 10, align: 'right' }) + 1;
  }
  y = Math.max(y + shopHeight, right) + 18;

  // Supplier and where to deliver.
  const supplierHeight = block(
    'Supplier',
    [
      supplier.companyName,
      supplier.contactPerson ? `Attn: ${supplier.contactPerson}` : null,
      supplier.address,
      supplier.email,
      supplier.phone,
      supplier.taxNumber ? `Tax number: ${supplier.taxNumber}` : null,
      supplier.paymentTerms ? `Payment terms: ${supplier.paymentTerms}` : null,
    ],
    MARGIN,
    y,
    half,
  );
  const deliverHeight = block('Deliver to', [outlet.name, outlet.address, outlet.phone], MARGIN + half + 20, y, half);
  y += Math.max(supplierHeight, deliverHeight) + 18;

  // The lines, with the column titles again on each new page.
  const tableHeader = () => {
    let x = MARGIN;
    for (const column of columns) {
      write(column.title, x, y, { width: column.width - GAP, font: 'sans-bold', size: 8.5, align: column.align });
      x += column.width;
    }
    y += 14;
    doc.moveTo(MARGIN, y - 3).lineTo(MARGIN + WIDTH, y - 3).lineWidth(0.7).stroke('#444444');
  };
  tableHeader();
  for (const item of order.items) {
    const cells = [
      item.supplierSku ?? '',
      item.sku,
      item.variantName ? `${item.productTitle} (${item.variantName})` : item.productTitle,
      String(item.quantity),
      money(item.unitCost),
      `${formatPercent(item.taxRateE4)}%`,
      money(item.total),
    ];
    const height = Math.max(...cells.map((cell, i) => measure(cell, columns[i]!.width - GAP)));
    if (y + height > BOTTOM) {
      doc.addPage();
      y = MARGIN;
      tableHeader();
    }
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      write(cell, x, y, { width: column.width - GAP, align: column.align });
      x += column.width;
    });
    y += height + 4;
  }
  doc.moveTo(MARGIN, y).lineTo(MARGIN + WIDTH, y).lineWidth(0.7).stroke('#444444');
  y += 8;

  // Totals, right-aligned under the amounts.
  if (y + 60 > BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  const labelX = MARGIN + WIDTH - 250;
  for (const [label, value, strong] of [
    [`Net (${order.units} units)`, money(order.net), false],
    ['Tax', money(order.tax), false],
    ['Total', money(order.total), true],
  ] as const) {
    const font: PdfFont = strong ? 'sans-bold' : 'sans';
    write(label, labelX, y, { width: 160, font, size: strong ? 11 : 9.5, align: 'right' });
    y += write(value, labelX + 160, y, { width: 90 - GAP, font, size: strong ? 11 : 9.5, align: 'right' }) + 3;
  }

  if (order.note) {
    y += 12;
    if (y + 40 > BOTTOM) {
      doc.addPage();
      y = MARGIN;
    }
    block('Note', [null, order.note], MARGIN, y, WIDTH);
  }

  // Page numbers once every page exists.
  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page += 1) {
    doc.switchToPage(page);
    // The footer sits in the bottom margin: without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    write(`${order.number} · page ${page - range.start + 1} of ${range.count}`, MARGIN, A4[1] - MARGIN + 6, { width: WIDTH, size: 8, align: 'right' });
  }
  return finish();
}

/** GET /api/goods-orders/{id}/pdf: the document, and "downloaded" on the order's timeline. */
export async function downloadPurchaseOrder(db: DbOrTx, id: number, userId: number | null): Promise<{ fileName: string; pdf: Buffer }> {
  const parts = await purchaseOrderParts(db, id);
  const pdf = await purchaseOrderPdf(parts);
  await recordGoodsOrderEvent(db, id, 'downloaded', { number: parts.order.number }, userId);
  return { fileName: purchaseOrderFileName(parts.order), pdf };
}
