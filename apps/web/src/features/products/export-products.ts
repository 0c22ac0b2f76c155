import type { ListParamValue } from '../../lib/list-params.ts';

/** Not filters: the export takes every matching product, whatever page the list shows. */
const listOnlyParams = new Set(['page', 'perPage', 'sort']);

/** GET /api/products/export with the list's filters (search, category, stock, status, outlet). */
export function exportUrl(params: Record<string, ListParamValue>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (listOnlyParams.has(key) || value === undefined || value === null || value === '') continue;
    query.set(key, String(value));
  }
  const text = query.toString();
  return `/api/products/export${text ? `?${text}` : ''}`;
}

/**
 * Downloads the products the list shows (all pages) as CSV. The browser fetches the file itself
 * (the answer is an attachment), so a large catalogue streams to disk instead of into memory.
 */
export function exportProducts(params: Record<string, ListParamValue>): void {
  const link = document.createElement('a');
  link.href = exportUrl(params);
  link.rel = 'noopener';
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
