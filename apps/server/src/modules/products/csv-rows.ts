import {
  formatMinorAsDecimal,
  fractionDigitsOf,
  parseMoney,
  PRODUCT_CSV_LIST_SEPARATOR,
  variantStockInput,
  type ProductInput,
  type UploadResult,
} from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { categories, outlets, taxes } from '../../db/schema/index.ts';
import type { CsvRecord } from '../../lib/csv.ts';
import { getShopSettings } from '../settings/service.ts';

/**
 * Reading one row of a products CSV (contract: productCsvColumns; the export writes the same
 * columns, so an export imports again). Money is exact decimal text in the shop's currency
 * ("1.99"); categories and taxes are names separated by "|".
 */

export type Failure = UploadResult['failed'][number];

/** Category names, and "Parent > Child" paths for names that several categories share. */
export class CategoryNames {
  private readonly byName = new Map<string, number[]>();
  private readonly byPath = new Map<string, number>();
  readonly labelOf = new Map<number, string>();

  constructor(rows: Array<{ id: number; name: string; parentId: number | null }>) {
    const byId = new Map(rows.map((r) => [r.id, r]));
    const pathOf = (id: number): string => {
      const names: string[] = [];
      for (let row = byId.get(id); row && names.length < 50; row = row.parentId === null ? undefined : byId.get(row.parentId)) names.unshift(row.name);
      return names.join(' > ');
    };
    for (const row of rows) {
      const key = row.name.toLowerCase();
      this.byName.set(key, [...(this.byName.get(key) ?? []), row.id]);
      this.byPath.set(pathOf(row.id).toLowerCase(), row.id);
    }
    for (const row of rows) this.labelOf.set(row.id, (this.byName.get(row.name.toLowerCase()) ?? []).length > 1 ? pathOf(row.id) : row.name);
  }

  resolve(text: string): number | 'missing' | 'ambiguous' {
    const key = text.replace(/\s*>\s*/g, ' > ').toLowerCase();
    const byPath = this.byPath.get(key);
    if (byPath !== undefined) return byPath;
    const ids = this.byName.get(key) ?? [];
    if (ids.length === 1) return ids[0] as number;
    return ids.length ? 'ambiguous' : 'missing';
  }
}

/** What an import looks names up in, loaded once per file. */
export type Lookups = {
  categories: CategoryNames;
  taxIds: Map<string, number>;
  defaultTaxIds: number[];
  skuPattern: string;
  fractionDigits: number;
  outletId: number;
  outletName: string;
  /** The shop's money style, for the audit log's price lines. */
  money: { currency: string; locale: string };
};

export async function loadLookups(db: DbOrTx, outletId: number): Promise<Lookups> {
  const [categoryRows, taxRows, settings, [outlet]] = await Promise.all([
    db.select({ id: categories.id, name: categories.name, parentId: categories.parentId }).from(categories),
    db.select({ id: taxes.id, name: taxes.name }).from(taxes),
    getShopSettings(db),
    db.select({ name: outlets.name }).from(outlets).where(eq(outlets.id, outletId)),
  ]);
  return {
    categories: new CategoryNames(categoryRows),
    taxIds: new Map(taxRows.map((t) => [t.name.toLowerCase(), t.id])),
    defaultTaxIds: settings.defaultTaxIds,
    skuPattern: settings.skuPattern,
    fractionDigits: fractionDigitsOf(settings.currency),
    outletId,
    outletName: outlet?.name ?? `outlet ${outletId}`,
    money: { currency: settings.currency, locale: settings.locale },
  };
}

/** A cell as written; a leading ' that an export put before =, +, - or @ (spreadsheet formulas) is dropped. */
export function cellOf(record: CsvRecord, column: string): string | undefined {
  const value = record.cells[column];
  if (value === undefined) return undefined;
  const text = value.trim();
  return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
}

/** The values one row gives; `undefined` means the column is missing or the cell empty: keep what is there. */
export type RowValues = {
  title?: string;
  variant?: string;
  sku?: string;
  barcode?: string;
  price?: number;
  cost?: number;
  categoryIds?: number[];
  taxIds?: number[];
  description?: string;
  trackStock?: boolean;
  stock?: number;
  lowStockThreshold?: number;
  status?: 'active' | 'archived';
};

export function readRow(record: CsvRecord, lookups: Lookups): { values: RowValues; failures: Failure[] } {
  const failures: Failure[] = [];
  const fail = (field: string, message: string) => failures.push({ row: record.row, field, message });
  const values: RowValues = {};
  const text = (column: string) => cellOf(record, column) || undefined;
  values.title = text('title');
  values.variant = text('variant');
  values.sku = text('sku');
  values.barcode = text('barcode');
  values.description = text('description');

  const example = formatMinorAsDecimal(199, lookups.fractionDigits);
  for (const column of ['price', 'cost'] as const) {
    const cell = text(column);
    if (cell === undefined) continue;
    const amount = parseMoney(cell, lookups.fractionDigits);
    if (amount === null) fail(column, `The ${column} must be an amount like ${example}, without a currency sign.`);
    else values[column] = amount;
  }
  for (const [column, key] of [['stock', 'stock'], ['low_stock_threshold', 'lowStockThreshold']] as const) {
    const cell = text(column);
    if (cell === undefined) continue;
    if (!/^-?\d{1,10}$/.test(cell)) {
      fail(column, `The ${column.replaceAll('_', ' ')} must be a whole number.`);
      continue;
    }
    // The product form's limits, for a row that updates a product as for one that creates it.
    const checked = variantStockInput.shape[key === 'stock' ? 'quantity' : key].safeParse(Number(cell));
    if (checked.success) values[key] = Number(cell);
    else fail(column, checked.error.issues[0]?.message ?? `The ${column.replaceAll('_', ' ')} is out of range.`);
  }
  const trackStock = text('track_stock')?.toLowerCase();
  if (trackStock !== undefined) {
    if (['yes', 'y', 'true', '1'].includes(trackStock)) values.trackStock = true;
    else if (['no', 'n', 'false', '0'].includes(trackStock)) values.trackStock = false;
    else fail('track_stock', 'The track stock column must be yes or no.');
  }
  const status = text('status')?.toLowerCase();
  if (status !== undefined) {
    if (status === 'active' || status === 'archived') values.status = status;
    else fail('status', 'The status must be active or archived.');
  }

  const names = (column: string) =>
    text(column)
      ?.split(PRODUCT_CSV_LIST_SEPARATOR)
      .map((n) => n.trim())
      .filter(Boolean);
  const categoryNames = names('categories');
  if (categoryNames) {
    const found = categoryNames.map((name) => ({ name, id: lookups.categories.resolve(name) }));
    const missing = found.filter((f) => f.id === 'missing').map((f) => `“${f.name}”`);
    const ambiguous = found.filter((f) => f.id === 'ambiguous').map((f) => `“${f.name}”`);
    if (missing.length) fail('categories', `These categories do not exist: ${missing.join(', ')}. Create them first, or correct the names.`);
    else if (ambiguous.length) fail('categories', `Several categories are called ${ambiguous.join(', ')}: write the parent too, e.g. “Drinks > Tea”.`);
    else values.categoryIds = [...new Set(found.map((f) => f.id as number))];
  }
  const taxNames = names('taxes');
  if (taxNames) {
    const missing = taxNames.filter((n) => !lookups.taxIds.has(n.toLowerCase())).map((n) => `“${n}”`);
    if (missing.length) fail('taxes', `These taxes do not exist: ${missing.join(', ')}. Create them first, or correct the names.`);
    else values.taxIds = [...new Set(taxNames.map((n) => lookups.taxIds.get(n.toLowerCase()) as number))];
  }
  return { values, failures };
}

/** Where a product form's error belongs in the file: "variants.0.barcode" → barcode. */
const columnOfField: Record<string, string> = {
  title: 'title',
  description: 'description',
  categoryIds: 'categories',
  taxIds: 'taxes',
  trackStock: 'track_stock',
  status: 'status',
  sku: 'sku',
  barcode: 'barcode',
  price: 'price',
  cost: 'cost',
  quantity: 'stock',
  lowStockThreshold: 'low_stock_threshold',
};

export function failuresOf(row: number, errors: Record<string, string[]>): Failure[] {
  return Object.entries(errors).flatMap(([path, messages]) => {
    const key = path.split('.').filter((part) => !/^\d+$/.test(part)).at(-1) ?? path;
    return messages.slice(0, 1).map((message) => ({ row, field: columnOfField[key] ?? null, message }));
  });
}

/** The product form's values for a new product from one row (one default variant). */
export function createInput(values: RowValues, lookups: Lookups): ProductInput {
  const trackStock = values.trackStock ?? true;
  const hasLevel = trackStock && (values.stock !== undefined || values.lowStockThreshold !== undefined);
  return {
    title: values.title ?? '',
    description: values.description ?? null,
    categoryIds: values.categoryIds ?? [],
    taxIds: values.taxIds ?? lookups.defaultTaxIds,
    trackStock,
    status: values.status ?? 'active',
    variants: [
      {
        sku: values.sku ?? null,
        barcode: values.barcode ?? null,
        price: values.price as number,
        cost: values.cost ?? 0,
        stock: hasLevel ? [{ outletId: lookups.outletId, quantity: values.stock, lowStockThreshold: values.lowStockThreshold ?? null }] : [],
      },
    ],
  };
}

/** `{"a","b"}`: many values in one bind parameter. */
export function textArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}


export function zodErrors(issues: Array<{ path: PropertyKey[]; message: string }>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}
