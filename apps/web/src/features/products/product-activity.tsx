import { stockMoveReasonLabels, type StockMoveReason } from '@tillbook/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Block } from '../../components/ui/block.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { useProductHistory, useStockMovements } from './api.ts';

const moneyFields = /(^|\s)(price|cost)$/;

/** The product's history (every change: who, when, before → after) and its stock ledger. */
export function ProductActivity({ productId }: { productId: number }) {
  const [tab, setTab] = useState<'history' | 'stock'>('history');
  return (
    <Block
      title="Activity"
      actions={
        <div role="tablist" className="flex gap-1 text-sm">
          {(['history', 'stock'] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={tab === t}
              className={`rounded px-3 py-1 ${tab === t ? 'bg-indigo-50 font-medium text-indigo-800' : 'text-gray-600 hover:bg-gray-50'}`}
              onClick={() => setTab(t)}
            >
              {t === 'history' ? 'History' : 'Stock movements'}
            </button>
          ))}
        </div>
      }
    >
      {tab === 'history' ? <History productId={productId} /> : <Movements productId={productId} />}
    </Block>
  );
}

function History({ productId }: { productId: number }) {
  const [page, setPage] = useState(1);
  const history = useProductHistory(productId, page);
  const money = useMoney();
  const dates = useDateFormat();
  const show = (field: string, value: unknown) => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'number' && moneyFields.test(field)) return money.format(value);
    if (Array.isArray(value)) return value.length ? value.join(', ') : 'none';
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  };
  if (history.isError) return <p role="alert" className="text-sm text-red-700">{errorMessageOf(history.error)}</p>;
  if (!history.data) return <p className="text-sm text-gray-500">Loading…</p>;
  return (
    <>
      <ol className="divide-y divide-gray-100 text-sm">
        {history.data.data.map((entry) => (
          <li key={entry.id} className="py-2">
            <p className="text-gray-600">
              <span className="font-medium text-gray-900">{entry.user?.name ?? 'System'}</span> · {entry.action} ·{' '}
              <time dateTime={entry.createdAt}>{dates.dateTime(entry.createdAt)}</time>
            </p>
            {entry.changes.length > 0 && (
              <ul className="mt-1 space-y-0.5">
                {entry.changes.map((c, i) => (
                  <li key={i} className="text-gray-800">
                    {c.field}: <span className="text-gray-500 line-through">{show(c.field, c.before)}</span> → {show(c.field, c.after)}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <Pagination meta={history.data.meta} onPageChange={setPage} noun="changes" />
    </>
  );
}

function Movements({ productId }: { productId: number }) {
  const [page, setPage] = useState(1);
  const movements = useStockMovements(productId, page);
  const dates = useDateFormat();
  if (movements.isError) return <p role="alert" className="text-sm text-red-700">{errorMessageOf(movements.error)}</p>;
  if (!movements.data) return <p className="text-sm text-gray-500">Loading…</p>;
  if (movements.data.data.length === 0) return <p className="text-sm text-gray-600">No stock movements yet.</p>;
  return (
    <>
      <table className="min-w-full text-sm">
        <caption className="sr-only">Stock movements</caption>
        <thead>
          <tr className="text-left text-xs font-semibold tracking-wide text-gray-600 uppercase">
            <th className="py-2 pr-3">When</th>
            <th className="py-2 pr-3">Variant</th>
            <th className="py-2 pr-3">Outlet</th>
            <th className="py-2 pr-3">Why</th>
            <th className="py-2 pr-3 text-right">Change</th>
            <th className="py-2 pr-3 text-right">After</th>
            <th className="py-2 pr-3">Document</th>
            <th className="py-2">Who</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {movements.data.data.map((m) => (
            <tr key={m.id}>
              <td className="py-2 pr-3">{dates.dateTime(m.createdAt)}</td>
              <td className="py-2 pr-3">{m.variantName || 'Default'}</td>
              <td className="py-2 pr-3">{m.outletName}</td>
              <td className="py-2 pr-3">
                {stockMoveReasonLabels[m.reason as StockMoveReason] ?? m.reason}
                {m.note && <span className="block text-xs text-gray-500">{m.note}</span>}
              </td>
              <td className={`py-2 pr-3 text-right tabular-nums ${m.delta < 0 ? 'text-red-700' : 'text-green-700'}`}>{m.delta > 0 ? `+${m.delta}` : m.delta}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{m.quantityAfter}</td>
              <td className="py-2 pr-3">
                {m.document ? (
                  <Link to={m.document.path} className="font-mono text-xs font-semibold whitespace-nowrap text-indigo-700 hover:underline">
                    {m.document.label}
                  </Link>
                ) : (
                  '—'
                )}
              </td>
              <td className="py-2">{m.userName ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination meta={movements.data.meta} onPageChange={setPage} noun="movements" />
    </>
  );
}
