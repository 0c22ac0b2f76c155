import type { AnalyticsReport, FigureKind } from '@tillbook/contract';
import { DataTable, type Column } from '../../components/ui/data-table.tsx';
import { cn } from '../../lib/class-names.ts';
import { useFigureFormat } from '../../lib/figure-format.ts';

type Row = AnalyticsReport['rows'][number];

const isNumeric = (kind: FigureKind) => kind === 'money' || kind === 'count' || kind === 'percent';

type ReportTableProps = {
  title: string;
  report: AnalyticsReport | undefined;
  isLoading: boolean;
  error: string | null;
  onRetry: () => void;
  sort: string | undefined;
  onSortChange: (sort: string) => void;
};

/** The report's table as the server describes its columns: sortable where it says so, with the whole table's totals. */
export function ReportTable({ title, report, isLoading, error, onRetry, sort, onSortChange }: ReportTableProps) {
  const figures = useFigureFormat();
  const reportColumns = report?.columns ?? [];
  const rows = report?.rows;
  const columns: Column<Row>[] = reportColumns.map((column) => ({
    key: column.key,
    header: column.label,
    sortKey: column.sortable ? column.key : undefined,
    align: isNumeric(column.kind) ? 'right' : 'left',
    className: isNumeric(column.kind) ? 'whitespace-nowrap' : undefined,
    cell: (row) => figures.format(column.kind, row[column.key]),
  }));
  const totals = report?.totals ?? {};
  const footer =
    reportColumns.length > 0 && Object.keys(totals).length > 0 ? (
      <tr>
        {reportColumns.map((column, index) => {
          const value = totals[column.key];
          return (
            <td key={column.key} className={cn('px-4 py-3 text-gray-900', isNumeric(column.kind) && 'text-right whitespace-nowrap tabular-nums')}>
              {value !== undefined && value !== null ? figures.format(column.kind, value) : index === 0 ? 'Total' : ''}
            </td>
          );
        })}
      </tr>
    ) : null;

  return (
    <DataTable
      caption={title}
      columns={columns}
      rows={rows}
      rowKey={(row) => rows?.indexOf(row) ?? 0}
      isLoading={isLoading}
      error={error}
      onRetry={onRetry}
      empty="Nothing in this range. Choose other dates or fewer filters."
      sort={sort}
      onSortChange={onSortChange}
      footer={footer}
    />
  );
}
