import type { FastifyRequest } from 'fastify';
import Papa from 'papaparse';
import { AppError } from './errors.ts';

export const MAX_CSV_BYTES = 5 * 1024 * 1024;

/**
 * The text of the CSV file sent as multipart field `file`, up to `maxBytes`. UTF-8 first; a file
 * that is not valid UTF-8 is read as Windows-1252, which is what spreadsheet programs on Windows
 * save "CSV" as. Every CSV import reads its file here.
 */
export async function readCsvUpload(request: FastifyRequest, maxBytes = MAX_CSV_BYTES): Promise<string> {
  const missing = () => AppError.validation({ file: ['The file field is required.'] });
  if (!request.isMultipart()) throw missing();
  const file = await request.file({ limits: { fileSize: maxBytes } });
  if (!file) throw missing();
  const tooLarge = () => AppError.validation({ file: [`The file may not be larger than ${maxBytes / 1024 / 1024} MB.`] });
  let buffer: Buffer;
  try {
    buffer = await file.toBuffer();
  } catch {
    throw tooLarge();
  }
  if (file.file.truncated || buffer.length > maxBytes) throw tooLarge();
  if (buffer.includes(0)) {
    throw AppError.validation({ file: ['The file must be a CSV text file. Save a spreadsheet as CSV before uploading it.'] });
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    text = new TextDecoder('windows-1252').decode(buffer);
  }
  return text.replace(/^\uFEFF/, '');
}

export type CsvRecord = {
  /** Spreadsheet row number: the header is row 1, the first record row 2. */
  row: number;
  cells: Record<string, string>;
  /** Why the row could not be read as it stands (a quote left open, more cells than columns). */
  problem: string | null;
};

/**
 * Splits CSV text into records keyed by the (trimmed, lower-case) header names. The delimiter is
 * detected (comma, semicolon or tab). Blank rows are skipped but keep their numbers, so every
 * row number matches what a spreadsheet shows.
 */
export function parseCsv(
  text: string,
  options: { required: string[]; aliases?: Record<string, string>; maxRows: number },
): { columns: string[]; records: CsvRecord[] } {
  const result = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false });
  const [header, ...rows] = result.data;
  const columns = (header ?? []).map((h) => {
    const name = h.trim().toLowerCase();
    return options.aliases?.[name] ?? name;
  });
  const missing = options.required.filter((c) => !columns.includes(c));
  if (columns.every((c) => c === '') || missing.length) {
    throw AppError.validation({
      file: [`The file's first row must name the columns; it needs ${missing.map((c) => `a ${c} column`).join(' and ') || 'a header row'}.`],
    });
  }
  const nonBlank = rows.filter((cells) => cells.some((c) => c.trim() !== '')).length;
  if (nonBlank === 0) throw AppError.validation({ file: ['The file has no rows under its header.'] });
  if (nonBlank > options.maxRows) throw AppError.validation({ file: [`The file may not have more than ${options.maxRows} rows.`] });

  const problems = new Map<number, string>();
  for (const error of result.errors) {
    if (error.code === 'UndetectableDelimiter' || error.row === undefined) continue;
    problems.set(error.row, error.code === 'MissingQuotes' ? 'A quoted value in this row is never closed.' : error.message);
  }

  const records: CsvRecord[] = [];
  rows.forEach((cells, index) => {
    if (cells.every((c) => c.trim() === '')) return;
    const extra = cells.slice(columns.length).filter((c) => c.trim() !== '');
    const problem =
      problems.get(index + 1) ??
      (extra.length
        ? `This row has more cells than the header has columns. Put values that contain the separator in double quotes.`
        : null);
    const record: Record<string, string> = {};
    columns.forEach((column, i) => {
      if (column) record[column] = cells[i] ?? '';
    });
    records.push({ row: index + 2, cells: record, problem });
  });
  return { columns, records };
}
