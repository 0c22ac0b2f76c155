import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { execute } from '../../db/execute.ts';
import { numbersOf } from './report-kit.ts';

/**
 * Sums of the summaries by a group (a period, a cashier, a variant…): each column summed in bigint
 * and answered as a number, keyed by its camel-case name.
 */
export const hourColumns = [
  'orders', 'units', 'gross', 'line_discounts', 'order_discounts', 'net', 'charges', 'tax', 'total', 'cost', 'costed_net',
  'uncosted_units', 'cash', 'card', 'other', 'points', 'store_credit', 'gift_card', 'gift_cards_sold', 'refunds', 'refund_units', 'refund_net',
  'refund_charges', 'refund_tax', 'refund_total', 'refund_cost', 'refund_costed_net', 'restocked_units', 'damaged_units', 'refund_cash', 'refund_card',
  'refund_other', 'refund_points', 'refund_store_credit', 'refund_gift_card',
] as const;

export const variantColumns = [
  'units', 'gross', 'discounts', 'net', 'tax', 'total', 'cost', 'costed_net', 'uncosted_units', 'refund_units', 'refund_net',
  'refund_tax', 'refund_total', 'refund_cost', 'refund_costed_net', 'restocked_units', 'damaged_units',
] as const;

type Camel<S extends string> = S extends `${infer A}_${infer B}` ? `${A}${Capitalize<Camel<B>>}` : S;
const camel = (s: string) => s.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

export type HourSums = { [K in (typeof hourColumns)[number] as Camel<K>]: number };
export type VariantSums = { [K in (typeof variantColumns)[number] as Camel<K>]: number };

export const hourKeys = hourColumns.map(camel) as Array<keyof HourSums>;
export const variantKeys = variantColumns.map(camel) as Array<keyof VariantSums>;

/** `from` is a relation aliased `alias` (a summary table, or a range's sealed and day rows). */
async function sums<T>(db: DbOrTx, from: SQL, alias: string, columns: readonly string[], where: SQL, group: SQL | null): Promise<Array<T & { group: unknown }>> {
  const a = sql.raw(alias);
  const selected = sql.join(
    columns.map((c) => sql`coalesce(sum(${a}.${sql.raw(c)}), 0)::bigint as ${sql.raw(`"${camel(c)}"`)}`),
    sql`, `,
  );
  const rows = await execute(
    db,
    group
      ? sql`select ${group} as "group", ${selected} from ${from} where ${where} group by 1`
      : sql`select null as "group", ${selected} from ${from} where ${where}`,
  );
  return numbersOf(rows, columns.map(camel)) as unknown as Array<T & { group: unknown }>;
}

/** sales_by_hour (alias h) summed by `group`, or over everything when `group` is null. */
export function hourSums(db: DbOrTx, where: SQL, group: SQL | null) {
  return sums<HourSums>(db, sql`sales_by_hour h`, 'h', hourColumns, where, group);
}

/** sales_by_variant (alias v) summed by `group` (a period of `v.day`), or over everything when `group` is null. */
export function variantSums(db: DbOrTx, where: SQL, group: SQL | null) {
  return sums<VariantSums>(db, sql`sales_by_variant v`, 'v', variantColumns, where, group);
}

/** Per-variant rows of any relation `v` with sales_by_variant's columns (variant-source.ts) summed by `group`, or over everything. */
export function variantSumsOver(db: DbOrTx, source: { from: SQL; where: SQL }, group: SQL | null) {
  return sums<VariantSums>(db, source.from, 'v', variantColumns, source.where, group);
}

export function zeroHourSums(): HourSums {
  return Object.fromEntries(hourKeys.map((k) => [k, 0])) as HourSums;
}

export function zeroVariantSums(): VariantSums {
  return Object.fromEntries(variantKeys.map((k) => [k, 0])) as VariantSums;
}

/** Adds sums of the same shape. */
export function addSums<T extends Record<string, number>>(zero: T, rows: T[]): T {
  const out = { ...zero };
  for (const row of rows) for (const k of Object.keys(zero) as Array<keyof T>) (out[k] as number) += row[k] as number;
  return out;
}
