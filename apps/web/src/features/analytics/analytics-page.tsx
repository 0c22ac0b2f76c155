import { reportTitles } from '@tillbook/contract';
import { NotAllowedPage } from '../../components/not-allowed-page.tsx';
import { StatCards } from '../../components/stat-cards.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { apiErrorOf, splitFieldErrors } from '../../lib/api-error.ts';
import { useUser } from '../../lib/auth.ts';
import { useFigureFormat } from '../../lib/figure-format.ts';
import { useDateFormat } from '../../lib/shop-settings.ts';
import { analyticsCsvUrl, useAnalyticsReport, useAnalyticsStats } from './api.ts';
import { DateRange } from './date-range.tsx';
import { ReportChart } from './report-chart.tsx';
import { ReportFilters } from './report-filters.tsx';
import { useReportParams } from './report-params.ts';
import { ReportTable } from './report-table.tsx';

/** /analytics?report=…: the eight reports (administrators only). */
export function AnalyticsPage() {
  const user = useUser();
  if (user && user.type !== 'administrator') return <NotAllowedPage userType={user.type} />;
  return <Report />;
}

/** On paper only: which rows of how many the printed page holds (the table prints the page on screen). */
function PrintedRows({ meta }: { meta: { page: number; perPage: number; total: number } }) {
  const { format } = useFigureFormat();
  const first = (meta.page - 1) * meta.perPage + 1;
  const last = Math.min(meta.total, meta.page * meta.perPage);
  return (
    <p className="hidden text-sm text-gray-600 print:block">
      Rows {format('count', first)}–{format('count', last)} of {format('count', meta.total)}. Export CSV holds every row.
    </p>
  );
}

/** Fields of the query shown on the screen's own controls; any other message goes above the report. */
const controlFields = new Set(['from', 'to', 'at', 'deadDays']);

/** One screen for every report, built from the server's answer: its cards, chart type and series, columns and their kinds. */
function Report() {
  const params = useReportParams();
  const report = useAnalyticsReport(params.query, params.isReady);
  const stats = useAnalyticsStats(params.query, params.isReady);
  const dates = useDateFormat();
  const title = reportTitles[params.report];
  const failure = report.error ?? stats.error;
  const { onFields, leftOver } = failure ? splitFieldErrors(failure, (root) => controlFields.has(root)) : { onFields: {}, leftOver: null };
  const isRangeRefused = failure !== null && apiErrorOf(failure).status === 422;
  // A refused query is said beside the dates, or here; the table says its own failure, this block the cards'.
  const alert = isRangeRefused ? leftOver : stats.isError && !report.isError ? apiErrorOf(stats.error).message : null;
  const day = (date: string) => dates.date(`${date}T12:00:00`);
  const previous = stats.data?.previous ?? report.data?.previous ?? null;

  return (
    <Page wide>
      <PageHeader
        title={title}
        description={`${day(params.range.from)} – ${day(params.range.to)}${params.compare && previous ? `, compared with ${day(previous.from)} – ${day(previous.to)}` : ''}`}
        actions={
          <div className="flex gap-2 print:hidden">
            <a href={analyticsCsvUrl(params.query)} download className={buttonClasses('secondary')}>
              Export CSV
            </a>
            <Button variant="secondary" onClick={() => window.print()}>
              Print
            </Button>
          </div>
        }
      />
      <div className="space-y-6">
        <Block title="Report options" className="print:hidden">
          <div className="space-y-4">
            <DateRange preset={params.preset} range={params.range} errors={onFields} set={params.set} />
            <ReportFilters params={params} errors={onFields} />
          </div>
        </Block>
        {alert && (
          <Alert tone="error" title={isRangeRefused ? 'This report cannot be made' : 'The headline figures could not be loaded'}>
            {alert}
          </Alert>
        )}
        {stats.data && stats.data.cards.length > 0 && (
          <StatCards cards={stats.data.cards} comparedWith="Previous period" isStale={stats.isPlaceholderData} />
        )}
        {report.data ? (
          <Block title="Chart" className="break-inside-avoid">
            <ReportChart chart={report.data.chart} />
          </Block>
        ) : (
          report.isPending && !failure && <PageLoading className="py-10" />
        )}
        {!isRangeRefused && (
        <section aria-label="Table">
          <ReportTable
            title={title}
            report={report.data}
            isLoading={report.isFetching}
            error={report.isError && !isRangeRefused ? apiErrorOf(report.error).message : null}
            onRetry={() => void report.refetch()}
            sort={params.sort}
            onSortChange={params.setSort}
          />
          <div className="print:hidden">
            <Pagination meta={report.data?.meta} onPageChange={params.setPage} />
          </div>
          {report.data && report.data.meta.lastPage > 1 && <PrintedRows meta={report.data.meta} />}
          {report.data && report.data.notes.length > 0 && (
            <ul aria-label="Notes" className="mt-4 list-disc space-y-1 pl-5 text-sm text-gray-600">
              {report.data.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
        </section>
        )}
      </div>
    </Page>
  );
}
