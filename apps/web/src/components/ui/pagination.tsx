import type { PageMeta } from '@tillbook/contract';
import { Button } from './button.tsx';

type PaginationProps = { meta: PageMeta | undefined; onPageChange: (page: number) => void; noun?: string };

/** "Showing 26–50 of 312 products" (or "of 1,000+" when the count stopped at a cap) with Previous / Next. */
export function Pagination({ meta, onPageChange, noun = 'rows' }: PaginationProps) {
  if (!meta || meta.total === 0) return null;
  const from = (meta.page - 1) * meta.perPage + 1;
  const to = Math.min(meta.page * meta.perPage, meta.total);
  // A search that matched more than it counts: "of 1,000+ products".
  const more = meta.totalCapped ? '+' : '';
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-4 text-sm text-gray-600">
      <p>
        Showing <span className="font-medium text-gray-900">{from.toLocaleString()}</span>–
        <span className="font-medium text-gray-900">{to.toLocaleString()}</span> of{' '}
        <span className="font-medium text-gray-900">{`${meta.total.toLocaleString()}${more}`}</span> {noun}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" disabled={meta.page <= 1} onClick={() => onPageChange(meta.page - 1)}>
          Previous
        </Button>
        <span aria-current="page">
          Page {meta.page} of {`${meta.lastPage}${more}`}
        </span>
        <Button variant="secondary" disabled={meta.page >= meta.lastPage} onClick={() => onPageChange(meta.page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
