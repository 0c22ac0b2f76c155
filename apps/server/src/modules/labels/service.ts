import {
  barcodeKind,
  LABEL_PRICE_CHANGES_MAX,
  LABELS_MAX,
  labelLayoutOf,
  labelLayouts,
  labelsPerPage,
  localDateOf,
  moneyFormatterOf,
  priceLine,
  validateBarcode,
  zonedDayStart,
  type LabelCreateValues,
  type LabelLayout,
  type LabelPriceChange,
  type LabelPriceChangesQuery,
} from '@tillbook/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { getShopSettings, getShopTimeZone } from '../settings/service.ts';
import type { LabelCode } from './barcode.ts';
import { labelsPdf, type PrintedLabel } from './label-document.ts';
import { findLabelVariants, findPriceChanges, type LabelVariant } from './queries.ts';
import { labelsZpl } from './zpl.ts';

/** Printing labels (issue 15): the layouts, and the labels of some variants as a PDF or ZPL. */
export function listLabelLayouts(): LabelLayout[] {
  return [...labelLayouts];
}

export type LabelFile = { fileName: string; contentType: string; body: Buffer | string };

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * The code a variant's label carries: its EAN-13, UPC-A or EAN-8, else Code 128 of its other
 * barcode (a UPC-E or a supplier's code, as a scanner at the till looks it up), else of its SKU.
 * A barcode that fails its check (a mistyped EAN) is refused: it would never scan.
 */
function codeOf(variant: LabelVariant): LabelCode | string {
  const barcode = variant.barcode?.trim();
  if (!barcode) return { symbology: 'code128', value: variant.sku };
  const problem = validateBarcode(barcode);
  if (problem) return problem;
  const kind = barcodeKind(barcode);
  if (kind === 'ean13' || kind === 'upca' || kind === 'ean8') return { symbology: kind, value: barcode };
  return { symbology: 'code128', value: barcode };
}

const nameOf = (variant: LabelVariant) => (variant.name ? `${variant.title} (${variant.name})` : variant.title);

export async function createLabels(db: DbOrTx, values: LabelCreateValues, now = new Date()): Promise<LabelFile> {
  const layout = labelLayoutOf(values.layout);
  if (!layout) throw AppError.validation({ layout: ['Choose a layout from the list.'] });
  const total = values.items.reduce((sum, item) => sum + item.quantity, 0);
  if (total > LABELS_MAX) {
    throw AppError.validation({ items: [`At most ${numberFormat.format(LABELS_MAX)} labels in one request: this asks for ${numberFormat.format(total)}.`] });
  }
  const startAt = layout.kind === 'sheet' ? values.startAt : 1;
  if (startAt > labelsPerPage(layout)) {
    throw AppError.validation({ startAt: [`A sheet of this layout has ${labelsPerPage(layout)} positions: start at 1 to ${labelsPerPage(layout)}.`] });
  }

  const [variants, settings] = await Promise.all([findLabelVariants(db, values.items.map((item) => item.variantId)), getShopSettings(db)]);
  const money = moneyFormatterOf(settings);
  const errors: Record<string, string[]> = {};
  const labels: PrintedLabel[] = [];
  values.items.forEach((item, index) => {
    const variant = variants.get(item.variantId);
    const field = `items.${index}.variantId`;
    if (!variant) {
      errors[field] = ['This product no longer exists: remove it from the list.'];
      return;
    }
    const code = codeOf(variant);
    if (typeof code === 'string') {
      errors[field] = [`${nameOf(variant)} has an invalid barcode (${variant.barcode}): ${code} Correct it on the product first.`];
      return;
    }
    // The price as the shelf must show it: with the product's taxes when they are added on top.
    const { total: unitTotal } = priceLine({ unitPrice: variant.price, quantity: 1, taxes: variant.taxes });
    labels.push({
      shopName: settings.businessName,
      title: variant.title,
      variantName: variant.name,
      price: money(unitTotal),
      sku: variant.sku,
      code,
      quantity: item.quantity,
    });
  });
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);

  const day = localDateOf(now, settings.timeZone);
  if (values.format === 'zpl') {
    return { fileName: `labels-${day}.zpl`, contentType: 'application/zpl; charset=utf-8', body: labelsZpl(labels, layout, values.fields) };
  }
  const pdf = await labelsPdf(labels, layout, values.fields, startAt, `Labels ${day}`);
  return { fileName: `labels-${day}.pdf`, contentType: 'application/pdf', body: pdf };
}

/** The variants whose price changed on or after a day (in the shop's time zone), newest change first. */
export async function listPriceChanges(db: DbOrTx, query: LabelPriceChangesQuery): Promise<LabelPriceChange[]> {
  const since = zonedDayStart(query.since, await getShopTimeZone(db));
  const rows = await findPriceChanges(db, since, LABEL_PRICE_CHANGES_MAX);
  return rows.map((row) => ({
    variantId: Number(row.variant_id),
    title: row.title,
    variantName: row.name,
    sku: row.sku,
    barcode: row.barcode,
    price: Number(row.price),
    previousPrice: Number(row.previous_price),
    changedAt: new Date(row.changed_at).toISOString(),
    stock: row.stock === null ? null : Number(row.stock),
  }));
}
