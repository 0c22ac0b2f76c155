import type { FigureKind, ReportChart as Chart } from '@tillbook/contract';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useFigureFormat } from '../../lib/figure-format.ts';
import { ChartTable } from './chart-table.tsx';

const colours = ['#4f46e5', '#0891b2', '#16a34a', '#d97706', '#dc2626', '#7c3aed'];

type Row = Record<string, string | number | null>;

/** The chart's points as rows: each series by its key, the previous period's beside it as `previous:<key>`. */
function rowsOf(chart: Chart): Row[] {
  return chart.points.map((point, index) => {
    const row: Row = { label: point.label };
    for (const series of chart.series) {
      row[series.key] = point.values[series.key] ?? null;
      if (chart.previous) row[`previous:${series.key}`] = chart.previous[index]?.values[series.key] ?? null;
    }
    return row;
  });
}

/** The report's chart as the server describes it: bars or lines per series, the previous period faded beside them, or a heat map. */
export function ReportChart({ chart }: { chart: Chart }) {
  const figures = useFigureFormat();
  if (chart.points.length === 0) return <p className="py-10 text-center text-sm text-gray-600">Nothing to chart in this range.</p>;
  if (chart.type === 'heatmap') return <ChartTable chart={chart} caption="Heat map" shaded />;
  const rows = rowsOf(chart);
  const axisKind: FigureKind = chart.series[0]?.kind ?? 'count';
  const format = (value: unknown, kind: FigureKind = axisKind) => figures.format(kind, typeof value === 'number' ? value : null);
  const kindOf = (key: string) => chart.series.find((s) => key === s.key || key === `previous:${s.key}`)?.kind ?? axisKind;
  const common = { responsive: true, accessibilityLayer: false, style: { width: '100%', height: 300 }, data: rows, margin: { top: 8, right: 8, bottom: 0, left: 8 } };
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
      <YAxis tick={{ fontSize: 12 }} tickFormatter={(v: number) => format(v)} width={90} />
      <Tooltip formatter={(value, _name, item) => format(value, kindOf(String(item.dataKey)))} />
      <Legend formatter={(value) => <span className="text-sm text-gray-700">{value}</span>} />
    </>
  );
  const previousName = (label: string) => `${label} (previous period)`;

  return (
    <>
      <ChartTable chart={chart} caption="Chart figures" className="sr-only" />
    <div aria-hidden="true" className="break-inside-avoid">
      {chart.type === 'line' ? (
        <LineChart {...common}>
          {axes}
          {chart.series.map((s, index) => [
            chart.previous && (
              <Line key={`previous:${s.key}`} dataKey={`previous:${s.key}`} name={previousName(s.label)} stroke={colours[index % colours.length]} strokeOpacity={0.35} strokeDasharray="4 4" dot={false} isAnimationActive={false} />
            ),
            <Line key={s.key} dataKey={s.key} name={s.label} stroke={colours[index % colours.length]} strokeWidth={2} dot={false} isAnimationActive={false} />,
          ])}
        </LineChart>
      ) : (
        <BarChart {...common}>
          {axes}
          {chart.series.map((s, index) => [
            chart.previous && <Bar key={`previous:${s.key}`} dataKey={`previous:${s.key}`} name={previousName(s.label)} fill={colours[index % colours.length]} fillOpacity={0.3} isAnimationActive={false} />,
            <Bar key={s.key} dataKey={s.key} name={s.label} fill={colours[index % colours.length]} isAnimationActive={false} />,
          ])}
        </BarChart>
      )}
    </div>
    </>
  );
}
