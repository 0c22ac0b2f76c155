import type { Dashboard } from '@tillbook/contract';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { useMoney } from '../../lib/shop-settings.ts';

type HourlyChartProps = { hourly: Dashboard['hourly']; todayLabel: string; comparedLabel: string };

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** Net sales per hour today beside the same hours of the compared day; a table of the same figures for screen readers. */
export function HourlyChart({ hourly, todayLabel, comparedLabel }: HourlyChartProps) {
  const money = useMoney();
  const hasSales = hourly.some((h) => h.today !== 0 || h.compared !== 0);
  if (!hasSales) return <p className="py-10 text-center text-sm text-gray-600">No sales yet today. The hours fill in as the registers ring up sales.</p>;
  const data = hourly.map((h) => ({ ...h, label: hourLabel(h.hour) }));
  return (
    <>
      <div aria-hidden="true">
        <BarChart responsive accessibilityLayer={false} style={{ width: '100%', height: 260 }} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
          <YAxis tick={{ fontSize: 12 }} tickFormatter={(v: number) => money.format(v)} width={80} />
          <Tooltip formatter={(v) => money.format(Number(v))} />
          <Legend formatter={(value) => <span className="text-sm text-gray-700">{value}</span>} />
          <Bar dataKey="compared" name={comparedLabel} fill="#c7d2fe" isAnimationActive={false} />
          <Bar dataKey="today" name={todayLabel} fill="#4f46e5" isAnimationActive={false} />
        </BarChart>
      </div>
      <table className="sr-only">
        <caption>Net sales by hour</caption>
        <thead>
          <tr>
            <th scope="col">Hour</th>
            <th scope="col">{todayLabel}</th>
            <th scope="col">{comparedLabel}</th>
          </tr>
        </thead>
        <tbody>
          {data
            .filter((h) => h.today !== 0 || h.compared !== 0)
            .map((h) => (
              <tr key={h.hour}>
                <th scope="row">{h.label}</th>
                <td>{money.format(h.today)}</td>
                <td>{money.format(h.compared)}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </>
  );
}
