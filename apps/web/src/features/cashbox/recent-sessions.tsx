import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { useRecentSessions } from './api.ts';
import { Variance } from './variance.tsx';

/** The last closed shifts of a register, each with its over/short and a link to its Z report. */
export function RecentSessions({ registerId }: { registerId: number }) {
  const dates = useDateFormat();
  const money = useMoney();
  const sessions = useRecentSessions(registerId);
  return (
    <Block title="Recent shifts">
      {sessions.isPending ? (
        <p className="text-sm text-gray-500">Loading…</p>
      ) : sessions.isError ? (
        <Alert tone="error">{errorMessageOf(sessions.error)}</Alert>
      ) : sessions.data.data.length === 0 ? (
        <p className="text-sm text-gray-500">No closed shifts on this register yet.</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">Recent shifts</caption>
          <thead>
            <tr className="text-left text-xs text-gray-500">
              <th className="py-1 font-medium">Closed</th>
              <th className="py-1 font-medium">By</th>
              <th className="py-1 text-right font-medium">Sales</th>
              <th className="py-1 text-right font-medium">Over/short</th>
              <th className="py-1">
                <span className="sr-only">Report</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.data.data.map((s) => (
              <tr key={s.id} className="border-t border-gray-100">
                <td className="py-1.5">{s.closedAt ? dates.dateTime(s.closedAt) : '—'}</td>
                <td className="py-1.5">{s.closedByName ?? s.openedByName}</td>
                <td className="py-1.5 text-right tabular-nums">
                  {s.salesCount} · {money.format(s.salesTotal)}
                </td>
                <td className="py-1.5 text-right">
                  <Variance difference={s.difference} />
                </td>
                <td className="py-1.5 text-right">
                  <Link to={`/registers/${registerId}/drawer/sessions/${s.id}`} className="text-xs font-semibold text-indigo-700 uppercase hover:underline">
                    Z report
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Block>
  );
}
