import { Readable } from 'node:stream';
import { localDateOf } from '@tillbook/contract';
import type { FastifyReply } from 'fastify';

/**
 * Sends a CSV download whose first chunk is ready before the answer starts. Each export yields its
 * header line together with its first batch of rows, so a query that fails (a bad filter or sort,
 * an unknown outlet) fails before any byte goes out, as an ordinary 4xx answer: never a 200 that
 * breaks off half way.
 */
export async function sendCsv(reply: FastifyReply, fileName: string, chunks: AsyncIterable<string>) {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* body() {
    if (!first.done) yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(body()));
}

/** "orders-20261122.csv": an export's file name, dated today in the shop's time zone. */
export function datedCsvFileName(prefix: string, timeZone: string, now = new Date()): string {
  return `${prefix}-${localDateOf(now, timeZone).replaceAll('-', '')}.csv`;
}

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
