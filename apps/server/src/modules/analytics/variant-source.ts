import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { executeOne } from '../../db/execute.ts';
import { addDays, type DayRange } from './periods.ts';
import { once, type ReportContext } from './report-kit.ts';
import { allOf, productsOfCategory, type SummaryFilters } from './queries.ts';
import { variantColumns, variantSumsOver } from './sales-sums.ts';

/**
 * Where a range's per-variant sums are read from (decision 020, "Sealed periods"): days
 * before yesterday never change (every sale, refund and stock move is dated by the database's clock),
 * so seal_summaries() rolls the per-day summaries of each finished ISO week, month, quarter and year
 * into sales_by_variant_period, per outlet and for all outlets (outlet 0). A range reads the whole
 * sealed periods it covers from there and only the days at its ends from sales_by_variant: the last
 * 365 days are about a dozen rows per variant, not 365 per variant and outlet.
 */
export type Block = { kind: 'Y' | 'Q' | 'M' | 'W'; start: string };
export type Plan = { blocks: Block[]; days: DayRange[] };

const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);
const isMonday = (day: string) => dateOf(day).getUTCDay() === 1;
/** The last day of the period of `months` months that starts on `day`. */
const endAfterMonths = (day: string, months: number) => {
  const d = dateOf(day);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 0)).toISOString().slice(0, 10);
};

/** The sealed periods that may start on a day, largest first, with their last day. */
function periodsStartingOn(day: string): Array<{ kind: Block['kind']; end: string }> {
  const periods: Array<{ kind: Block['kind']; end: string }> = [];
  if (day.endsWith('-01-01')) periods.push({ kind: 'Y', end: endAfterMonths(day, 12) });
  if (/-(01|04|07|10)-01$/.test(day)) periods.push({ kind: 'Q', end: endAfterMonths(day, 3) });
  if (day.endsWith('-01')) periods.push({ kind: 'M', end: endAfterMonths(day, 1) });
  if (isMonday(day)) periods.push({ kind: 'W', end: addDays(day, 6) });
  return periods;
}

/**
 * The range cut into whole sealed years, quarters, months and ISO weeks (Monday to Sunday) and runs
 * of single days, in order: greedy from the start, the largest sealed period that fits at each day.
 */
export function planOf(range: DayRange, sealedThrough: string | null): Plan {
  const blocks: Block[] = [];
  const days: DayRange[] = [];
  const limit = sealedThrough && sealedThrough < range.to ? sealedThrough : range.to;
  let day = range.from;
  while (day <= range.to) {
    const period = sealedThrough ? periodsStartingOn(day).find((p) => p.end <= limit) : undefined;
    if (period) {
      blocks.push({ kind: period.kind, start: day });
      day = addDays(period.end, 1);
      continue;
    }
    const last = days.at(-1);
    if (last && addDays(last.to, 1) === day) last.to = day;
    else days.push({ from: day, to: day });
    day = addDays(day, 1);
  }
  return { blocks, days };
}

/** What is sealed: the last sealed day, and the windows (their first days, up to `windowsThrough`). */
export type Sealed = { through: string | null; windowsThrough: string | null; windowStarts: string[] };

export function sealedOf(ctx: ReportContext): Promise<Sealed> {
  return once(ctx, 'sealed', () => loadSealed(ctx.db));
}

export async function loadSealed(db: DbOrTx): Promise<Sealed> {
  const row = await executeOne<{ through: string | null; windowsThrough: string | null; windowStarts: string[] | null }>(
    db,
    sql`select to_char(sealed_through, 'YYYY-MM-DD') as through, to_char(windows_through, 'YYYY-MM-DD') as "windowsThrough", window_starts as "windowStarts" from summary_seal`,
  );
  return { through: row?.through ?? null, windowsThrough: row?.windowsThrough ?? null, windowStarts: row?.windowStarts ?? [] };
}

/** The last day whose summaries are sealed (null before the first seal). */
export async function sealedThroughOf(ctx: ReportContext): Promise<string | null> {
  return (await sealedOf(ctx)).through;
}

/** A relation `v` with sales_by_variant's columns for the range, and the filter on it. */
export type VariantSource = { from: SQL; where: SQL };

export type SourceOptions = {
  /** Keep the outlets apart (rows by outlet); otherwise a sealed period is read from its all-outlets rows. */
  perOutlet?: boolean;
  /** Only these sum columns (a narrower row sums faster); all by default. */
  columns?: readonly (typeof variantColumns)[number][];
  /** Only these variants (read through the variant's indexes). */
  variants?: number[];
};

/**
 * The range's per-variant rows: sealed periods and day runs as one relation `v` (outlet_id,
 * variant_id, product_id and the sums), with the report's outlet, product and category filters.
 */
export async function variantSource(ctx: ReportContext, range: DayRange, f: SummaryFilters, options: SourceOptions = {}): Promise<VariantSource> {
  return sourceFor(range, await sealedOf(ctx), f, options);
}

/**
 * The window a range can start with: one that begins on the range's first day and is whole up to the
 * last sealed day, which the range reaches (the days after it are read from the day rows).
 */
function windowOf(range: DayRange, sealed: Sealed): string | null {
  const through = sealed.through;
  if (!through || sealed.windowsThrough !== through || through > range.to || range.from > through) return null;
  return sealed.windowStarts.includes(range.from) ? range.from : null;
}

/** variantSource for a known seal (the windows are written from it too). */
export function sourceFor(range: DayRange, sealed: Sealed, f: SummaryFilters, options: SourceOptions = {}): VariantSource {
  const window = windowOf(range, sealed);
  const plan = window ? planOf({ from: addDays(sealed.through!, 1), to: range.to }, sealed.through) : planOf(range, sealed.through);
  const columns = sql.raw((options.columns ?? variantColumns).join(', '));
  const only = (alias: string) =>
    options.variants ? sql` and ${sql.raw(alias)}.variant_id in (${options.variants.length ? sql.join(options.variants.map((id) => sql`${id}`), sql`, `) : sql`null`})` : sql``;
  const parts: SQL[] = [];
  if (plan.days.length) {
    const days = sql.join(plan.days.map((d) => sql`s.day between ${d.from}::date and ${d.to}::date`), sql` or `);
    parts.push(sql`select s.outlet_id, s.variant_id, s.product_id, ${columns} from sales_by_variant s where (${days})${f.outlet ? sql` and s.outlet_id = ${f.outlet}` : sql``}${only('s')}`);
  }
  if (plan.blocks.length) {
    const blocks = sql.join(plan.blocks.map((b) => sql`(${b.kind}, ${b.start}::date)`), sql`, `);
    const outlet = f.outlet ? sql`p.outlet_id = ${f.outlet}` : options.perOutlet ? sql`p.outlet_id <> 0` : sql`p.outlet_id = 0`;
    parts.push(sql`select p.outlet_id, p.variant_id, p.product_id, ${columns} from sales_by_variant_period p where (p.kind, p.start) in (${blocks}) and ${outlet}${only('p')}`);
  }
  if (window) {
    const outlet = f.outlet ? sql`w.outlet_id = ${f.outlet}` : options.perOutlet ? sql`w.outlet_id <> 0` : sql`w.outlet_id = 0`;
    parts.push(sql`select w.outlet_id, w.variant_id, w.product_id, ${columns} from sales_by_variant_window w where w.start = ${window}::date and ${outlet}${only('w')}`);
  }
  if (!parts.length) parts.push(sql`select s.outlet_id, s.variant_id, s.product_id, ${columns} from sales_by_variant s where false`);
  const where: SQL[] = [sql`true`];
  if (f.product) where.push(sql`v.product_id = ${f.product}`);
  if (f.category) where.push(sql`v.product_id in ${productsOfCategory(f.category)}`);
  return { from: sql`(${sql.join(parts, sql` union all `)}) v`, where: allOf(where) };
}


/**
 * A range's per-variant sums (sealed periods, windows and day rows) by `group` of `v`'s outlet_id,
 * variant_id or product_id, or over everything when `group` is null.
 */
export async function rangeVariantSums(ctx: ReportContext, range: DayRange, f: SummaryFilters, group: SQL | null, perOutlet = false) {
  return variantSumsOver(ctx.db, await variantSource(ctx, range, f, { perOutlet }), group);
}
