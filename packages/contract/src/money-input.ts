import { formatMinorAsDecimal, fractionDigitsOf, parseMoney } from './pricing/decimal.ts';

/**
 * Reading an amount a person typed, the way the shop writes numbers: "1,234.50" in en-US and
 * en-GB, "1.234,50" in de-DE, "1 234,50" in fr-FR (a narrow no-break space between groups).
 * The one money parser behind every money field of the web app; the result is exact minor units
 * (no floating point), or a message that says what was not understood.
 */

type MoneyStyle = { currency: string; locale: string };

export type MoneyInputError = 'empty' | 'notAnAmount' | 'tooManyDecimals' | 'negative' | 'tooLarge';

export type MoneyInputResult = { ok: true; minor: number } | { ok: false; error: MoneyInputError; message: string };

export type MoneyInputOptions = {
  /** Accept "-5.00" (a cash-out, a correction); amounts are zero or more otherwise. */
  allowNegative?: boolean;
};

type Marks = { group: string; decimal: string; symbols: string[] };

const marksCache = new Map<string, Marks>();

/** The locale's grouping and decimal marks and the currency's symbols ("$", "US$", "USD"). */
function marksOf({ locale, currency }: MoneyStyle): Marks {
  const key = `${locale}|${currency}`;
  const cached = marksCache.get(key);
  if (cached) return cached;
  let marks: Marks = { group: ',', decimal: '.', symbols: [currency] };
  try {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(1234567.5);
    const narrow = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(1);
    const valueOf = (list: Intl.NumberFormatPart[], type: string) => list.find((part) => part.type === type)?.value;
    marks = {
      group: valueOf(parts, 'group') ?? ',',
      decimal: valueOf(parts, 'decimal') ?? '.',
      symbols: [valueOf(parts, 'currency'), valueOf(narrow, 'currency'), currency].filter((s): s is string => Boolean(s)),
    };
  } catch {
    // An unknown locale or currency reads like en-US with the currency's code.
  }
  marksCache.set(key, marks);
  return marks;
}

/** Spaces of every width and apostrophes only ever group digits (fr-FR, de-CH), never mark decimals. */
const spaceLike = /[\s\u00a0\u2007\u2009\u202f'’]/;

/** Arabic-Indic, Persian and full-width digits read as 0–9. */
function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\uff10-\uff19]/g, (c) => {
    const code = c.charCodeAt(0);
    const base = code >= 0xff10 ? 0xff10 : code >= 0x06f0 ? 0x06f0 : 0x0660;
    return String(code - base);
  });
}

/** True when `whole` is digits in groups: "1", "1,234", "12,34,567" (en-IN), with one kind of mark. */
function isGrouped(groups: string[]): boolean {
  if (groups.length === 1) return /^\d+$/.test(groups[0]!);
  const [first, ...rest] = groups;
  if (!/^\d{1,3}$/.test(first!)) return false;
  const last = rest.pop()!;
  return /^\d{3}$/.test(last) && rest.every((group) => /^\d{2,3}$/.test(group));
}

/** "1,234.50" → "1234.50" (plain digits, "." decimal), or null when it is no amount in this locale. */
function toPlainDecimal(body: string, marks: Marks): string | null {
  const isGroupMark = (c: string) => c === marks.group || spaceLike.test(c);
  const isDecimalMark = (c: string) => c === marks.decimal;
  const splitWhole = (whole: string): string | null => {
    if (whole === '') return '';
    const groups = whole.split(new RegExp(`[${escapeClass(marks.group)}\\s\\u00a0\\u2007\\u2009\\u202f'’]`));
    return isGrouped(groups) ? groups.join('') : null;
  };
  const decimals = [...body].filter(isDecimalMark).length;
  if (decimals > 1) return null;
  if (decimals === 1) {
    const at = body.lastIndexOf(marks.decimal);
    const whole = splitWhole(body.slice(0, at));
    const fraction = body.slice(at + marks.decimal.length);
    if (whole === null || !/^\d*$/.test(fraction) || (whole === '' && fraction === '')) return null;
    return `${whole || '0'}.${fraction}`;
  }
  // No decimal mark of the locale. "." or "," used once and not as a group of three is read as
  // the decimal mark anyway ("7,5" in en-US, "10.50" in de-DE), as forms have always accepted.
  const others = [...body].filter((c) => (c === '.' || c === ',') && !isDecimalMark(c));
  if (others.length === 1 && others[0] !== undefined) {
    const mark = others[0];
    const at = body.indexOf(mark);
    const fraction = body.slice(at + 1);
    const looksGrouped = mark === marks.group && /^\d{3}(?:\D|$)/.test(fraction);
    if (!looksGrouped) {
      const whole = splitWhole(body.slice(0, at));
      if (whole === null || !/^\d*$/.test(fraction) || (whole === '' && fraction === '')) return null;
      return `${whole || '0'}.${fraction}`;
    }
  }
  if (!/\d/.test(body) || [...body].some((c) => !/\d/.test(c) && !isGroupMark(c))) return null;
  return splitWhole(body);
}

function escapeClass(text: string): string {
  return text.replace(/[\\\]^-]/g, '\\$&');
}

/** "1,234.50" in the shop's locale (the example every money message shows). */
export function moneyInputExample(style: MoneyStyle): string {
  const digits = fractionDigitsOf(style.currency);
  const plain = digits === 0 ? '1234' : `1234.${'5'.padEnd(digits, '0')}`;
  try {
    const format = new Intl.NumberFormat(style.locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    // Intl reads the decimal string exactly (ECMA-402 string numeric literal).
    return format.format(plain as unknown as number);
  } catch {
    return plain;
  }
}

/** Minor units as typed into a money field in the shop's locale: 123450 → "1234,50" (de-DE), no grouping. */
export function formatMoneyInput(minor: number, style: MoneyStyle): string {
  const plain = formatMinorAsDecimal(minor, fractionDigitsOf(style.currency));
  return plain.replace('.', marksOf(style).decimal);
}

/**
 * Typed text → minor units in the shop's currency and locale. Accepts the locale's grouping and
 * decimal marks, any space between groups, the currency's symbol or code, and a leading minus
 * when allowed. Otherwise answers which of these went wrong, with a sentence to show.
 */
export function parseMoneyInput(text: string, style: MoneyStyle, options: MoneyInputOptions = {}): MoneyInputResult {
  const digits = fractionDigitsOf(style.currency);
  const example = moneyInputExample(style);
  const fail = (error: MoneyInputError, message: string): MoneyInputResult => ({ ok: false, error, message });
  const marks = marksOf(style);
  let body = asciiDigits(text).trim();
  if (body === '') return fail('empty', `Enter an amount like ${example}.`);
  for (const symbol of [...marks.symbols].sort((a, b) => b.length - a.length)) {
    if (body.toUpperCase().startsWith(symbol.toUpperCase())) body = body.slice(symbol.length).trim();
    if (body.toUpperCase().endsWith(symbol.toUpperCase())) body = body.slice(0, body.length - symbol.length).trim();
  }
  const isNegative = /^[-−]/.test(body);
  if (isNegative) body = body.slice(1).trim();
  for (const symbol of marks.symbols) if (body.startsWith(symbol)) body = body.slice(symbol.length).trim();
  const plain = toPlainDecimal(body, marks);
  if (plain === null) return fail('notAnAmount', `“${text.trim()}” is not an amount. Enter an amount like ${example}.`);
  const fraction = plain.split('.')[1] ?? '';
  if (fraction.length > digits) {
    return fail(
      'tooManyDecimals',
      digits === 0 ? `${style.currency} amounts have no decimals. Enter an amount like ${example}.` : `Use at most ${digits} decimals. Enter an amount like ${example}.`,
    );
  }
  const minor = parseMoney(plain, digits);
  if (minor === null) return fail('tooLarge', 'This amount is too large.');
  if (isNegative && minor !== 0 && !options.allowNegative) return fail('negative', `The amount may not be negative. Enter an amount like ${example}.`);
  return { ok: true, minor: isNegative && minor !== 0 ? -minor : minor };
}

export type MoneyReader = {
  currency: string;
  fractionDigits: number;
  /** "1,234.50" in the shop's locale, for hints and messages. */
  example: string;
  parse: (text: string, options?: MoneyInputOptions) => MoneyInputResult;
  /** Minor units as a money field shows them for editing ("1234,50" in de-DE). */
  toInput: (minor: number) => string;
};

/** Everything a money field needs in one shop's currency and locale. */
export function moneyReaderOf(style: MoneyStyle): MoneyReader {
  return {
    currency: style.currency,
    fractionDigits: fractionDigitsOf(style.currency),
    example: moneyInputExample(style),
    parse: (text, options) => parseMoneyInput(text, style, options),
    toInput: (minor) => formatMoneyInput(minor, style),
  };
}
