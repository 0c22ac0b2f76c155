import type { ReportChart } from '@tillbook/contract';
import { useFigureFormat } from '../../lib/figure-format.ts';

type ChartTableProps = { chart: ReportChart; caption: string; shaded?: boolean; className?: string };

/**
 * The chart's figures as a table: one row per point, one column per series. `shaded` makes it the
 * heat map (orders by hour of day × weekday), each cell shaded by its share of the largest value
 * and carrying its figure as text; otherwise it is what a screen reader reads for the chart.
 */
export function ChartTable({ chart, caption, shaded = false, className }: ChartTableProps) {
  const figures = useFigureFormat();
  const values = chart.points.flatMap((p) => chart.series.map((s) => p.values[s.key] ?? 0));
  const max = Math.max(0, ...values);
  return (
    <div className={className ?? 'overflow-x-auto print:overflow-visible'}>
      <table className="border-separate border-spacing-0.5 text-xs">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <td>
              <span className="sr-only">Period</span>
            </td>
            {chart.series.map((s) => (
              <th key={s.key} scope="col" className="px-1 py-1 font-medium text-gray-600">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.points.map((point) => (
            <tr key={point.period}>
              <th scope="row" className="pr-2 text-right font-medium whitespace-nowrap text-gray-600">
                {point.label}
              </th>
              {chart.series.map((s) => {
                const value = point.values[s.key] ?? null;
                const share = max > 0 && value !== null ? value / max : 0;
                // Light cells carry dark figures, dark cells white ones; no shade in between where neither reads well.
                const isDark = share >= 0.6;
                const alpha = isDark ? 0.9 + (share - 0.6) * 0.25 : 0.06 + share * 0.6;
                return (
                  <td
                    key={s.key}
                    className="h-8 min-w-10 rounded-sm px-1 text-center tabular-nums"
                    style={shaded ? { backgroundColor: `rgba(79, 70, 229, ${alpha.toFixed(2)})`, color: isDark ? '#fff' : '#1f2937' } : undefined}
                  >
                    {figures.format(s.kind, value)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
