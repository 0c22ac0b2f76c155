/**
 * Printing labels (issue 15): the layouts a shop prints on — A4 sheets of the common
 * Avery-compatible sizes and thermal rolls — and the request of POST /api/labels/create, which
 * answers a PDF (vector barcodes from bwip-js) or, for a thermal printer, ZPL.
 */
import { z } from 'zod';
import { dataOf } from './common.ts';
import { booleanField, dateField, idField, integerField } from './fields.ts';

/** Most labels one request may print (the sum of the lines' quantities). */
export const LABELS_MAX = 10_000;

export type LabelLayout = {
  id: string;
  name: string;
  kind: 'sheet' | 'roll';
  /** The label's size in millimetres. */
  width: number;
  height: number;
  /** A sheet: labels across and down, the page (A4) and where the first label starts; a roll: one label per page. */
  columns: number;
  rows: number;
  pageWidth: number;
  pageHeight: number;
  marginLeft: number;
  marginTop: number;
  /** The gap between two labels side by side / one above the other (sheets). */
  gapX: number;
  gapY: number;
};

const A4 = { pageWidth: 210, pageHeight: 297 };

function sheet(id: string, name: string, columns: number, rows: number, width: number, height: number, gapX: number, gapY: number): LabelLayout {
  // Centred on the page, as the Avery-compatible sheets are cut.
  const marginLeft = Math.round(((A4.pageWidth - columns * width - (columns - 1) * gapX) / 2) * 100) / 100;
  const marginTop = Math.round(((A4.pageHeight - rows * height - (rows - 1) * gapY) / 2) * 100) / 100;
  return { id, name, kind: 'sheet', width, height, columns, rows, ...A4, marginLeft, marginTop, gapX, gapY };
}

function roll(id: string, name: string, width: number, height: number): LabelLayout {
  return { id, name, kind: 'roll', width, height, columns: 1, rows: 1, pageWidth: width, pageHeight: height, marginLeft: 0, marginTop: 0, gapX: 0, gapY: 0 };
}

/** Every layout, sheets first. */
export const labelLayouts: readonly LabelLayout[] = [
  sheet('a4-3x8', 'A4 sheet, 3 × 8 (70 × 37 mm)', 3, 8, 70, 37, 0, 0),
  sheet('a4-4x10', 'A4 sheet, 4 × 10 (52.5 × 29.7 mm)', 4, 10, 52.5, 29.7, 0, 0),
  sheet('a4-2x7', 'A4 sheet, 2 × 7 (99.1 × 38.1 mm)', 2, 7, 99.1, 38.1, 2.5, 0),
  roll('roll-57x32', 'Thermal roll, 57 × 32 mm', 57, 32),
  roll('roll-50x25', 'Thermal roll, 50 × 25 mm', 50, 25),
  roll('roll-40x30', 'Thermal roll, 40 × 30 mm', 40, 30),
];
export const labelLayoutIds = labelLayouts.map((layout) => layout.id) as [string, ...string[]];

export function labelLayoutOf(id: string): LabelLayout | undefined {
  return labelLayouts.find((layout) => layout.id === id);
}

/** Labels per page of a layout (1 on a roll). */
export function labelsPerPage(layout: LabelLayout): number {
  return layout.columns * layout.rows;
}

export const labelLayout = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['sheet', 'roll']),
  width: z.number(),
  height: z.number(),
  columns: z.number().int(),
  rows: z.number().int(),
  pageWidth: z.number(),
  pageHeight: z.number(),
  marginLeft: z.number(),
  marginTop: z.number(),
  gapX: z.number(),
  gapY: z.number(),
});
export const labelLayoutList = dataOf(z.array(labelLayout));

/** What a label shows. The barcode is the variant's EAN-13/UPC-A, or Code 128 of its SKU without one; `qr` draws a QR code instead. */
export const labelFields = z.object({
  shopName: booleanField('shop name'),
  title: booleanField('title'),
  variant: booleanField('variant'),
  price: booleanField('price'),
  barcode: booleanField('barcode'),
  qr: booleanField('QR code'),
  sku: booleanField('SKU'),
});
export type LabelFields = z.infer<typeof labelFields>;
export const defaultLabelFields: LabelFields = { shopName: false, title: true, variant: true, price: true, barcode: true, qr: false, sku: true };

export const labelFormats = ['pdf', 'zpl'] as const;

/** POST /api/labels/create. */
export const labelCreateInput = z.object({
  layout: z.enum(labelLayoutIds, { error: `The layout must be one of: ${labelLayoutIds.join(', ')}.` }),
  items: z
    .array(z.object({ variantId: idField('product'), quantity: integerField('quantity', { min: 1, max: LABELS_MAX }) }), { error: 'Choose at least one product to label.' })
    .min(1, 'Choose at least one product to label.')
    .max(1000, 'Label at most 1000 products at a time.'),
  fields: labelFields,
  /** The first free position on a part-used sheet (1 = top left, row by row); 1 on a roll. */
  startAt: integerField('start position', { min: 1, max: 40 }).nullish().transform((v) => v ?? 1),
  format: z.enum(labelFormats, { error: 'The format must be pdf or zpl.' }),
});
export type LabelCreateInput = z.input<typeof labelCreateInput>;
export type LabelCreateValues = z.output<typeof labelCreateInput>;

/** The last layout and fields a user printed with (remembered per user). */
export const labelPreferences = z.object({
  layout: z.enum(labelLayoutIds, { error: `The layout must be one of: ${labelLayoutIds.join(', ')}.` }),
  fields: labelFields,
});
export type LabelPreferences = z.infer<typeof labelPreferences>;
export const labelPreferencesResult = dataOf(labelPreferences.nullable());

/** GET /api/labels/price-changes: the variants whose price changed on or after a day (the shop's time zone). */
export const labelPriceChangesQuery = z.object({ since: dateField('date') });
export type LabelPriceChangesQuery = z.infer<typeof labelPriceChangesQuery>;

/** The most variants one price-change look-up answers (newest change first). */
export const LABEL_PRICE_CHANGES_MAX = 1000;

/**
 * A variant whose price changed: its price now, the one before the first change since the day (what
 * the shelf label still shows), and when it last changed.
 */
export const labelPriceChange = z.object({
  variantId: z.number().int(),
  title: z.string(),
  variantName: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  price: z.number().int(),
  previousPrice: z.number().int(),
  changedAt: z.string(),
  /** Units on hand at all outlets; null when the product does not track stock (what "stock on hand" labels count). */
  stock: z.number().int().nullable(),
});
export type LabelPriceChange = z.infer<typeof labelPriceChange>;
export const labelPriceChangeList = dataOf(z.array(labelPriceChange));
