/** Cells a spreadsheet would run as a formula get a leading ' (CSV imports drop it again). */
const formulaStart = /^[=+\-@\t\r]/;

/** One CSV cell: quoted when needed; text that looks like a formula is defused. */
export function csvCell(value: string | number | boolean | null, isText = false): string {
  if (value === null) return '';
  let text = String(value);
  if (isText && formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line (CRLF, as RFC 4180 and spreadsheets expect); strings are text cells. */
export function csvLine(values: (string | number | boolean | null)[]): string {
  return `${values.map((v) => csvCell(v, typeof v === 'string')).join(',')}\r\n`;
}
