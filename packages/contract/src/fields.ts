import { z } from 'zod';

/**
 * Field builders with messages a person reads ("The name field is required."), used by forms
 * and by the server alike, so both say the same words.
 */

// Text rules of DESIGN.md §3, kept here once (docs/decisions/013). No text ever holds U+0000
// (PostgreSQL refuses it). A one-line field (titles, names, SKUs, codes) holds no control
// character and no line break: it is printed as one row of a receipt, a label or a CSV cell. A
// multi-line field (notes, addresses, receipt header and footer) keeps its line breaks and tabs
// but no other control character.
const NUL = '\u0000';
const hasChar = (value: string, test: (code: number) => boolean) => {
  for (let i = 0; i < value.length; i++) if (test(value.charCodeAt(i))) return true;
  return false;
};
const isLineBreak = (c: number) => c === 0x0a || c === 0x0d || c === 0x0b || c === 0x0c || c === 0x85 || c === 0x2028 || c === 0x2029;
// C0 controls, DEL, C1 controls and the Unicode line/paragraph separators.
const isControl = (c: number) => c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029;
// Tab, line feed and carriage return are the only controls a multi-line text keeps.
const isMultiLineControl = (c: number) => (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f;

/** Why a one-line text is refused, or null: a line break, a NUL or another control character. */
export function singleLineProblem(label: string, value: string): string | null {
  if (value.includes(NUL)) return nulMessage(label);
  if (hasChar(value, isLineBreak)) return `The ${label} must be on one line.`;
  if (hasChar(value, isControl)) return `The ${label} may not contain control characters such as tabs.`;
  return null;
}

/** Why a multi-line text is refused, or null: a NUL or a control character other than a line break or tab. */
export function multiLineProblem(label: string, value: string): string | null {
  if (value.includes(NUL)) return nulMessage(label);
  if (hasChar(value, isMultiLineControl)) return `The ${label} may not contain control characters.`;
  return null;
}

export function nulMessage(label: string): string {
  return `The ${label} may not contain a NUL character.`;
}

/** A string check that adds the problem found (if any) as the field's issue. */
function textCheck(label: string, problemOf: (label: string, value: string) => string | null) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = problemOf(label, value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  };
}

/** For one-line texts with rules of their own (a login name, a code to look up). */
export function refuseControls(label: string) {
  return textCheck(label, singleLineProblem);
}

/** For texts with rules of their own (passwords): only the NUL is refused. */
export function refuseNul(label: string) {
  return textCheck(label, (l, value) => (value.includes(NUL) ? nulMessage(l) : null));
}

function givenText(label: string, max: number, problem: typeof singleLineProblem) {
  const required = `The ${label} field is required.`;
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `The ${label} may not be longer than ${max} characters.`)
    .superRefine(textCheck(label, problem));
}

/** Blank becomes null. */
function blankableText(label: string, max: number, problem: typeof singleLineProblem) {
  return z
    .string({ error: `The ${label} must be text.` })
    .trim()
    .max(max, `The ${label} may not be longer than ${max} characters.`)
    .superRefine(textCheck(label, problem))
    .nullish()
    .transform((v) => (v ? v : null));
}

/** One-line text that must be given: no line break, no control character. */
export function requiredText(label: string, max = 255) {
  return givenText(label, max, singleLineProblem);
}

/** Optional one-line text: empty or blank becomes null. */
export function optionalText(label: string, max = 255) {
  return blankableText(label, max, singleLineProblem);
}

/** Multi-line text that must be given (a note's body, a reason): line breaks and tabs are kept. */
export function requiredMultiLineText(label: string, max = 5000) {
  return givenText(label, max, multiLineProblem);
}

/** Optional multi-line text (addresses, notes, receipt header and footer): blank becomes null. */
export function optionalMultiLineText(label: string, max = 5000) {
  return blankableText(label, max, multiLineProblem);
}

/**
 * A query text that is not a field of a form (a search term, a cursor, a sort): any length check
 * is the caller's; a NUL or control character is refused here.
 */
export function queryText(label: string, max = 200) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `The ${label} field is required.` : `The ${label} must be text.`) })
    .trim()
    .max(max, `The ${label} may not be longer than ${max} characters.`)
    .superRefine(textCheck(label, singleLineProblem));
}

export function optionalEmail(label = 'e-mail address') {
  return z
    .string({ error: `The ${label} must be text.` })
    .trim()
    .max(255, `The ${label} may not be longer than 255 characters.`)
    .superRefine(textCheck(label, singleLineProblem))
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .refine((v) => v === null || z.email().safeParse(v).success, `The ${label} must be a valid e-mail address.`);
}

export function booleanField(label: string) {
  return z.boolean({ error: `The ${label} field must be true or false.` });
}

export function integerField(label: string, options: { min?: number; max?: number } = {}) {
  let schema = z.number({ error: `The ${label} must be a whole number.` }).int(`The ${label} must be a whole number.`);
  if (options.min !== undefined) schema = schema.min(options.min, `The ${label} must be at least ${options.min}.`);
  if (options.max !== undefined) schema = schema.max(options.max, `The ${label} may not be greater than ${options.max}.`);
  return schema;
}

/**
 * Limits of whole numbers, each stored in a bigint column (docs/decisions/009-money-and-rates.md):
 * one amount of money up to 1,000,000,000.00 in a currency of cents, one quantity up to a billion
 * units, so ninety thousand of the largest amounts (nine million of the largest quantities) still
 * add up to an exact JavaScript number (below 2^53).
 */
export const MAX_MONEY = 100_000_000_000;
export const MAX_QUANTITY = 1_000_000_000;
/**
 * A counted total (the cash in a drawer at the close) sums many amounts: up to 10,000 of the
 * largest, still exact as a JavaScript number.
 */
export const MAX_MONEY_TOTAL = 1_000_000_000_000_000;
/** A place in a list (sort order); stored as an integer. */
export const MAX_POSITION = 1_000_000;

/** Money in minor units (cents): an integer, never a float (DESIGN.md §3). */
export function moneyField(label: string, options: { min?: number; max?: number } = { min: 0 }) {
  return integerField(label, { min: options.min ?? 0, max: options.max ?? MAX_MONEY });
}

/** Ids are PostgreSQL integers: a larger number is no id at all (422, never a database error). */
export const MAX_ID = 2_147_483_647;

/** Ids chosen from a list (categories, products): at most 1000, each once; left out: none. */
export function idListField(label: string) {
  return z
    .array(z.number().int().positive().max(MAX_ID), { error: `The ${label} must be a list of ids.` })
    .max(1000, `Choose at most 1000 ${label}.`)
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]);
}

export function idField(label: string) {
  return z
    .number({ error: `The ${label} field is required.` })
    .int()
    .positive(`The ${label} field is required.`)
    .max(MAX_ID, `The chosen ${label} does not exist.`);
}

/** "#4f46e5"-style colours for POS tiles. */
export function colourField(label = 'colour') {
  return z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, `The ${label} must be a colour like #4f46e5.`)
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null));
}

/**
 * Ids in paths and queries are plain digits ("12"), never "+12", "0x0c", "1e1" or " 12": a
 * number-like text that is not an id is refused, not read as some other row's id.
 */
export function queryId(label: string, message = `The ${label} must be chosen from the list.`) {
  return z
    .string({ error: message })
    .regex(/^[0-9]{1,10}$/, message)
    .transform(Number)
    .refine((id) => id >= 1 && id <= MAX_ID, message);
}

/** The `{id}` of a path: digits only (DESIGN.md §3). */
export function pathId(label = 'id') {
  return queryId(label, `The ${label} must be a whole number written with digits only.`);
}

/** A whole number in a query string (page, perPage, limit): digits only, within its bounds. */
export function queryNumber(label: string, options: { min: number; max: number }) {
  const message = `The ${label} must be a whole number.`;
  return z
    .string({ error: message })
    .regex(/^[0-9]{1,10}$/, { message, abort: true })
    .transform(Number)
    .refine((n) => n >= options.min, `The ${label} must be at least ${options.min}.`)
    .refine((n) => n <= options.max, `The ${label} may not be greater than ${options.max}.`);
}

/**
 * Dates stay within a sane range (DESIGN.md §3): years 1900 to 2100. A typo such as 20266 or 0202
 * is refused with the range, never stored, and every date fits PostgreSQL and JavaScript alike.
 */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2100-12-31';
const rangeMessage = (label: string) => `The ${label} must be between ${MIN_DATE} and ${MAX_DATE}.`;

function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

/** A calendar day "YYYY-MM-DD" between MIN_DATE and MAX_DATE (a required string). */
export function dateField(label: string, example = '2026-11-22') {
  const shape = `The ${label} must be a date like ${example}.`;
  return z
    .string({ error: shape })
    .trim()
    .refine(isCalendarDay, { message: shape, abort: true })
    .refine((v) => v >= MIN_DATE && v <= MAX_DATE, rangeMessage(label));
}

/** An optional calendar day: empty becomes null; `latest` is a tighter upper bound (a birthday: today). */
export function optionalDateField(label: string, example = '2026-11-22', latest?: { date: () => string; message: string }) {
  const shape = `The ${label} must be a date like ${example}.`;
  return z
    .string({ error: shape })
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .superRefine((v, ctx) => {
      if (v === null) return;
      if (!isCalendarDay(v)) ctx.addIssue({ code: 'custom', message: shape });
      else if (latest && v > latest.date()) ctx.addIssue({ code: 'custom', message: latest.message });
      else if (v < MIN_DATE || v > MAX_DATE) ctx.addIssue({ code: 'custom', message: rangeMessage(label) });
    });
}

/** An optional moment (ISO-8601 date and time with its offset), stored as UTC; empty becomes null. */
export function optionalDateTimeField(label: string) {
  const shape = `The ${label} must be a date and time.`;
  return z
    .string({ error: shape })
    .trim()
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const time = Date.parse(v);
      if (Number.isNaN(time)) {
        ctx.addIssue({ code: 'custom', message: shape });
        return z.NEVER;
      }
      const iso = new Date(time).toISOString();
      if (!/^\d{4}-/.test(iso) || iso.slice(0, 10) < MIN_DATE || iso.slice(0, 10) > MAX_DATE) {
        ctx.addIssue({ code: 'custom', message: rangeMessage(label) });
        return z.NEVER;
      }
      return iso;
    });
}
