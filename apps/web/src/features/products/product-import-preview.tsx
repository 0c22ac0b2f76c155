import { PRODUCT_CSV_MAX_BYTES, PRODUCT_CSV_MAX_ROWS, productCsvColumns, type UploadResult } from '@tillbook/contract';
import Papa from 'papaparse';

/** What the import panel shows of a products CSV: the browser's read of it, and the rows with problems. */

/** What the browser read of the file before sending it: its header, first rows and size. */
export type Preview = { columns: string[]; rows: string[][]; rowCount: number; unknownColumns: string[] };

const PREVIEW_ROWS = 5;
const SHOWN_PROBLEMS = 200;
const known = new Set<string>(productCsvColumns);
// The server reads these names as the columns above (e.g. "Name" is the title).
const aliases = new Set(['name', 'category', 'tax', 'quantity', 'track stock', 'low stock threshold']);

export async function readPreview(file: File): Promise<Preview | string> {
  if (file.size > PRODUCT_CSV_MAX_BYTES) return `The file may not be larger than ${PRODUCT_CSV_MAX_BYTES / 1024 / 1024} MB.`;
  const parsed = Papa.parse<string[]>((await file.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header = [], ...rows] = parsed.data;
  const columns = header.map((c) => c.trim());
  const names = columns.map((c) => c.toLowerCase());
  if (!names.includes('title') && !names.includes('sku') && !names.includes('name')) {
    return 'The first row must name the columns, e.g. title, sku, barcode, price. It needs a title column (or a sku column to update products).';
  }
  if (rows.length === 0) return 'The file has no rows under its header.';
  if (rows.length > PRODUCT_CSV_MAX_ROWS) return `The file may not have more than ${PRODUCT_CSV_MAX_ROWS.toLocaleString()} rows.`;
  const unknownColumns = columns.filter((c, i) => c && !known.has(names[i] as string) && !aliases.has(names[i] as string));
  return { columns, rows: rows.slice(0, PREVIEW_ROWS), rowCount: rows.length, unknownColumns };
}

export function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

export function Problems({ failed }: { failed: UploadResult['failed'] }) {
  const rows = new Set(failed.map((f) => f.row)).size;
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold text-gray-900">{`${plural(rows, 'row has', 'rows have')} problems and will not be imported`}</h3>
      <div className="mt-2 max-h-72 overflow-auto rounded-md border border-gray-200">
        <table className="min-w-full divide-y divide-gray-200 text-sm">
          <caption className="sr-only">Rows with problems</caption>
          <thead className="sticky top-0 bg-gray-50 text-left text-xs font-semibold uppercase tracking-wide text-gray-600">
            <tr>
              <th scope="col" className="px-3 py-2">Row</th>
              <th scope="col" className="px-3 py-2">Column</th>
              <th scope="col" className="px-3 py-2">Problem</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {failed.slice(0, SHOWN_PROBLEMS).map((f, i) => (
              <tr key={`${f.row}-${f.field ?? ''}-${i}`}>
                <td className="px-3 py-2 tabular-nums text-gray-700">{f.row}</td>
                <td className="px-3 py-2 font-mono text-xs text-gray-700">{f.field ?? '—'}</td>
                <td className="px-3 py-2 text-red-700">{f.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {failed.length > SHOWN_PROBLEMS && (
        <p className="mt-1 text-xs text-gray-500">{`The first ${SHOWN_PROBLEMS} problems are shown; ${(failed.length - SHOWN_PROBLEMS).toLocaleString()} more are not.`}</p>
      )}
    </div>
  );
}
export function PreviewTable({ file, preview }: { file: File; preview: Preview }) {
  return (
    <div className="mt-4">
      <p className="text-sm text-gray-700">
        <span className="font-medium text-gray-900">{file.name}</span>
        {` · ${plural(preview.rowCount, 'row', 'rows')} · ${Math.max(1, Math.round(file.size / 1024)).toLocaleString()} KB`}
      </p>
      <div className="mt-2 overflow-x-auto rounded-md border border-gray-200">
        <table className="min-w-full divide-y divide-gray-200 text-xs">
          <caption className="sr-only">{`The first rows of ${file.name}`}</caption>
          <thead className="bg-gray-50 text-left font-semibold text-gray-600">
            <tr>
              {preview.columns.map((c, i) => (
                <th key={`${c}-${i}`} scope="col" className={`whitespace-nowrap px-3 py-2 ${preview.unknownColumns.includes(c) ? 'text-gray-400 line-through' : ''}`}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {preview.rows.map((cells, r) => (
              <tr key={r}>
                {preview.columns.map((_, i) => (
                  <td key={i} className="max-w-48 truncate whitespace-nowrap px-3 py-1.5 text-gray-700">
                    {cells[i] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {preview.rowCount > preview.rows.length && (
        <p className="mt-1 text-xs text-gray-500">{`The first ${preview.rows.length} of ${plural(preview.rowCount, 'row', 'rows')}.`}</p>
      )}
      {preview.unknownColumns.length > 0 && (
        <p className="mt-1 text-xs text-amber-800">{`Not imported (unknown columns): ${preview.unknownColumns.join(', ')}.`}</p>
      )}
    </div>
  );
}
