import { MAX_QUANTITY, type StockCount, type StockCountLine } from '@tillbook/contract';
import { useState } from 'react';
import { FilterSelect } from '../../components/filter-select.tsx';
import { Block } from '../../components/ui/block.tsx';
import { DataTable, type Column } from '../../components/ui/data-table.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { VariantPicker, variantLabel } from '../../components/variant-picker.tsx';
import { apiErrorOf, errorMessageOf } from '../../lib/api-error.ts';
import { useListParams } from '../../lib/list-params.ts';
import { useMoney } from '../../lib/shop-settings.ts';
import { useCountEntry, useStockCountLines } from './api.ts';
import { signed, varianceClass } from './count-display.tsx';

const noScans: ReadonlySet<number> = new Set();

const lineFilters = [
  { value: 'uncounted', label: 'Not counted yet' },
  { value: 'counted', label: 'Counted' },
  { value: 'variance', label: 'With a variance' },
];

/** The scan box: each scan (or pick from the matches) adds 1 to what everyone has counted of it. */
export function ScanBox({ count }: { count: StockCount }) {
  const entry = useCountEntry(count.id);
  const [last, setLast] = useState<{ text: string; tone: 'ok' | 'error' } | null>(null);
  return (
    <Block title="Scan or search">
      <div className="space-y-2">
        <VariantPicker
          label="Scan or search a product to count"
          placeholder="Scan a barcode, or type a name or SKU"
          chosenVariantIds={noScans}
          repeat
          offerAll={false}
          onPick={(variant) => {
            entry.mutate(
              { variantId: variant.variantId, quantity: 1, mode: 'add' },
              {
                onSuccess: (line) => setLast({ tone: 'ok', text: `${variantLabel(line)}: ${line.counted?.toLocaleString()} counted.` }),
                onError: (error) => setLast({ tone: 'error', text: `${variantLabel(variant)}: ${errorMessageOf(error)}` }),
              },
            );
          }}
        />
        <p aria-live="polite" data-testid="last-scan" className={last?.tone === 'error' ? 'text-sm text-red-600' : 'text-sm text-gray-700'}>
          {last?.text ?? 'Each scan adds one. Type a total in the sheet below to set it.'}
        </p>
      </div>
    </Block>
  );
}

/** What one line's box shows and sends: typing sets the counted total (Enter or leaving the box). */
function CountedInput({ count, line, isOpen }: { count: StockCount; line: StockCountLine; isOpen: boolean }) {
  const entry = useCountEntry(count.id);
  const stored = line.counted === null ? '' : String(line.counted);
  const [draft, setDraft] = useState<string | null>(null);
  // What the server answered to this box's last entry, until the sheet is read again.
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Someone else's count (or this one, read back) arrived: show it.
  const [seen, setSeen] = useState(stored);
  if (stored !== seen) {
    setSeen(stored);
    setDraft(null);
    setConfirmed(null);
  }
  const current = confirmed ?? stored;
  const label = `Counted ${variantLabel(line)}`;
  if (!isOpen) return <span className="tabular-nums">{line.counted === null ? <span className="text-gray-400">—</span> : line.counted.toLocaleString()}</span>;

  function save() {
    if (draft === null || draft.trim() === current) {
      setDraft(null);
      setError(null);
      return;
    }
    const text = draft.trim();
    const quantity = Number(text);
    if (!/^\d+$/.test(text) || quantity > MAX_QUANTITY) {
      setError(`Type a whole number from 0 to ${MAX_QUANTITY.toLocaleString()}.`);
      return;
    }
    setError(null);
    entry.mutate(
      { variantId: line.variantId, quantity, mode: 'set' },
      {
        onSuccess: (saved) => {
          setConfirmed(saved.counted === null ? '' : String(saved.counted));
          setDraft(null);
        },
        onError: (caught) => {
          const { message, fieldErrors } = apiErrorOf(caught);
          setError(fieldErrors.quantity ?? fieldErrors.status ?? message);
        },
      },
    );
  }

  return (
    <div className="flex flex-col items-end">
      <TextInput
        aria-label={label}
        inputMode="numeric"
        className="w-24 text-right tabular-nums"
        placeholder="—"
        invalid={error !== null}
        value={draft ?? current}
        disabled={entry.isPending}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            save();
          }
          if (e.key === 'Escape') {
            setDraft(null);
            setError(null);
          }
        }}
      />
      {error && <p className="mt-1 max-w-48 text-left text-xs text-red-600">{error}</p>}
    </div>
  );
}

/** The sheet: a page of lines (search, filter), each with its expected, counted and variance. */
export function CountSheet({ count }: { count: StockCount }) {
  const money = useMoney();
  const list = useListParams({ perPage: 50 });
  const filter = list.get('filter');
  const isOpen = count.status === 'counting';
  const params = list.query({ filter });
  const lines = useStockCountLines(count.id, params, isOpen);
  const isFiltered = Boolean(list.search) || filter !== undefined;

  const columns: Column<StockCountLine>[] = [
    {
      key: 'product',
      header: 'Product',
      cell: (l) => (
        <>
          <span className="font-medium text-gray-900">{l.productTitle}</span>
          {l.variantName && <span className="text-gray-500"> · {l.variantName}</span>}
          <span className="block font-mono text-xs text-gray-500">
            {l.sku}
            {l.barcode && ` · ${l.barcode}`}
          </span>
        </>
      ),
    },
    { key: 'expected', header: 'Expected', align: 'right', cell: (l) => l.expected.toLocaleString() },
    {
      key: 'moved',
      header: <span title="Sales, receipts and other moves since the count started, as of the line's last count">Moved since start</span>,
      align: 'right',
      cell: (l) => (l.movedBeforeCount === 0 ? <span className="text-gray-400">0</span> : signed(l.movedBeforeCount)),
    },
    { key: 'counted', header: 'Counted', align: 'right', cell: (l) => <CountedInput count={count} line={l} isOpen={isOpen} /> },
    { key: 'variance', header: 'Variance', align: 'right', cell: (l) => <span className={varianceClass(l.variance)}>{l.variance === null ? '—' : signed(l.variance)}</span> },
    {
      key: 'value',
      header: 'Value at cost',
      align: 'right',
      cell: (l) => (l.varianceValue === null ? <span className="text-gray-400">—</span> : <span className={varianceClass(l.varianceValue)}>{money.format(l.varianceValue)}</span>),
    },
  ];

  return (
    <Block title="Count sheet">
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <div className="w-72">
          <SearchInput label="Search the sheet" placeholder="Title, SKU or barcode" value={list.search} onChange={list.setSearch} />
        </div>
        <FilterSelect label="Show" allLabel="All lines" className="w-52" options={lineFilters} value={filter} onChange={(value) => list.set({ filter: value })} />
      </div>
      <DataTable
        caption="Count sheet"
        columns={columns}
        rows={lines.data?.data}
        rowKey={(l) => l.variantId}
        isLoading={lines.isFetching && !lines.data}
        error={lines.isError ? errorMessageOf(lines.error) : null}
        onRetry={() => void lines.refetch()}
        empty={isFiltered ? 'No lines match this search or filter.' : 'The sheet has no lines.'}
      />
      <Pagination meta={lines.data?.meta} onPageChange={list.setPage} noun="lines" />
    </Block>
  );
}
