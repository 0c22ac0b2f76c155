/**
 * An audit entry's before → after as short lines a person reads: "price: $4.50 → $4.99". The log
 * keeps only the changed fields as JSON (issue 16); this turns each key into words and each value
 * into text: money in the shop's currency, rates as percentages, lists of rows one row at a time.
 */
export type Change = { field: string; before: string | null; after: string | null };

type Money = (minor: number) => string;
type Row = Record<string, unknown>;

/** Whole numbers under keys ending so are money in minor units (cents), as everywhere in Tillbook. */
const moneyKey = /(price|cost|amount|total|float|credit|balance|difference|variance|cash|upto)$/i;
/** Rates are stored × 10,000 under keys ending in E4 (rateE4: 200000 is 20 %). */
const rateKey = /E4$/;
/** What names a row in a list (a variant by its SKU, a drawer figure by its tender). */
const identityKeys = ['sku', 'tender', 'code', 'number', 'name', 'username'];

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);
const isRowList = (value: unknown): value is Row[] => Array.isArray(value) && value.length > 0 && value.every(isRow);
const identityOf = (row: Row) => identityKeys.find((key) => typeof row[key] === 'string' || typeof row[key] === 'number');

/** "lowStockThreshold" → "low stock threshold". */
export function fieldLabel(key: string): string {
  return key
    .replace(/E4$/, '')
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/** One value as text; `inTender`: a drawer figure of one tender, whose whole numbers are all money. */
export function valueText(key: string, value: unknown, money: Money, inTender = false): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return String(value);
    if (rateKey.test(key)) return `${value / 10_000}%`;
    return inTender || (moneyKey.test(key) && !/id$/i.test(key)) ? money(value) : String(value);
  }
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (Array.isArray(value)) {
    if (value.length === 0) return '(none)';
    return value.map((item) => (isRow(item) ? rowText(item, money) : valueText(key, item, money))).join(isRowList(value) ? '; ' : ', ');
  }
  if (isRow(value)) return rowText(value, money);
  return JSON.stringify(value);
}

/** A row of a list, named first: "cash: expected $100.00, counted $98.00, difference −$2.00". */
function rowText(row: Row, money: Money): string {
  const identity = identityOf(row);
  const inTender = identity === 'tender';
  const rest = Object.entries(row)
    .filter(([key]) => key !== identity)
    .map(([key, value]) => `${fieldLabel(key)} ${valueText(key, value, money, inTender)}`)
    .join(', ');
  if (identity === undefined) return rest;
  return rest ? `${String(row[identity])}: ${rest}` : String(row[identity]);
}

function fieldsOf(from: Row, to: Row, money: Money, prefix = '', inTender = false): Change[] {
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return keys.map((key) => ({
    field: `${prefix}${fieldLabel(key)}`,
    before: key in from ? valueText(key, from[key], money, inTender) : null,
    after: key in to ? valueText(key, to[key], money, inTender) : null,
  }));
}

/**
 * The fields of before and after, in the order they come, each with its two sides (null: not
 * there). Two lists of rows (a product's variants) pair row by row: "MUG-1 price: $4.50 → $4.99".
 */
export function changesOf(before: unknown, after: unknown, money: Money): Change[] {
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  if (!hasBefore && !hasAfter) return [];
  if (isRowList(before) && isRowList(after) && before.length === after.length) {
    return before.flatMap((from, i) => {
      const to = after[i] as Row;
      const identity = identityOf(to);
      const same = identity !== undefined && from[identity] === to[identity];
      const strip = (row: Row) => (same ? Object.fromEntries(Object.entries(row).filter(([key]) => key !== identity)) : row);
      return fieldsOf(strip(from), strip(to), money, same ? `${String(to[identity])} ` : '', identity === 'tender');
    });
  }
  if ((hasBefore && !isRow(before)) || (hasAfter && !isRow(after))) {
    // A value that is no set of fields (a bare list, a number): one line of its own.
    return [{ field: '', before: hasBefore ? valueText('', before, money) : null, after: hasAfter ? valueText('', after, money) : null }];
  }
  return fieldsOf((before ?? {}) as Row, (after ?? {}) as Row, money);
}

/** One line: "price: $4.50 → $4.99", "note: Damaged" (only after), "note: Damaged → removed" (only before). */
export function changeText(change: Change): string {
  const label = change.field ? `${change.field}: ` : '';
  if (change.before !== null && change.after !== null) return `${label}${change.before} → ${change.after}`;
  if (change.after !== null) return `${label}${change.after}`;
  return `${label}${change.before} → removed`;
}

/** A line cut to `max` characters for the list (the detail shows it whole). */
export function shortened(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
