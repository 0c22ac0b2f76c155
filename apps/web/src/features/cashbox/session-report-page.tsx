import { formatPercent, tenderLabels, type CashboxReport } from '@tillbook/contract';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageLoading } from '../../components/page-loading.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { useCashboxReport } from './api.ts';
import { Variance } from './variance.tsx';

// Printing shows the report alone: the navigation and the buttons stay on screen only.
const printStyle = `@media print {
  body * { visibility: hidden; }
  #cashbox-report, #cashbox-report * { visibility: visible; }
  #cashbox-report { position: absolute; inset: 0 auto auto 0; width: 100%; padding: 0; }
  #cashbox-report [data-no-print] { display: none; }
}`;

/** /registers/:id/drawer/sessions/:sessionId: the end-of-shift (Z) report, or the running (X) figures of an open drawer. */
export function SessionReportPage() {
  const params = useParams();
  const report = useCashboxReport(Number(params.sessionId));
  const back = (
    <Link to={`/registers/${params.id}/drawer`} className="text-indigo-700 hover:underline">
      ← Cash drawer
    </Link>
  );
  if (report.isPending) return <PageLoading className="py-24" />;
  if (report.isError) {
    return (
      <Page>
        <PageHeader title="Drawer report" back={back} />
        <Alert tone="error" title="The report could not be loaded.">
          <p>{errorMessageOf(report.error)}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void report.refetch()}>
            Try again
          </Button>
        </Alert>
      </Page>
    );
  }
  return (
    <Page>
      <style>{printStyle}</style>
      <div id="cashbox-report">
        <div data-no-print>
          <PageHeader
            title={report.data.session.status === 'closed' ? 'End-of-shift report (Z)' : 'Running report (X)'}
            back={back}
            actions={<Button onClick={() => window.print()}>Print</Button>}
          />
        </div>
        <p className="mb-4 hidden text-lg font-semibold print:block">
          {report.data.session.status === 'closed' ? 'End-of-shift report (Z)' : 'Running report (X)'} · {report.data.session.registerName}
        </p>
        <ReportBody report={report.data} />
      </div>
    </Page>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-6 break-inside-avoid rounded-lg border border-gray-200 bg-white p-5 shadow-sm print:border-0 print:p-0 print:shadow-none">
      <h2 className="mb-3 text-base font-semibold text-gray-900">{title}</h2>
      {children}
    </section>
  );
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-xs text-gray-500">
          {head.map((h, i) => (
            <th key={i} className={i === 0 ? 'py-1 text-left font-medium' : 'py-1 text-right font-medium'}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, r) => (
          <tr key={r} className="border-t border-gray-100">
            {cells.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="py-1.5 text-left font-medium text-gray-800">
                  {cell}
                </th>
              ) : (
                <td key={i} className="py-1.5 text-right tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ReportBody({ report }: { report: CashboxReport }) {
  const dates = useDateFormat();
  const money = useMoney();
  const { session } = report;
  const m = money.format;
  return (
    <div>
      <Section title={`${session.registerName} · ${session.outletName}`}>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-gray-500">Opened</dt>
            <dd>
              {dates.dateTime(session.openedAt)} by {session.openedByName} · float {m(session.openingFloat)}
            </dd>
          </div>
          <div>
            <dt className="text-gray-500">Closed</dt>
            <dd>{session.closedAt ? `${dates.dateTime(session.closedAt)} by ${session.closedByName}` : 'Still open'}</dd>
          </div>
          {report.approvedBy && (
            <div>
              <dt className="text-gray-500">Difference approved</dt>
              <dd>Approved by {report.approvedBy}</dd>
            </div>
          )}
          <div>
            <dt className="text-gray-500">No sale</dt>
            <dd>{report.noSales === 0 ? 'The drawer was not opened without a sale.' : `Opened without a sale ${report.noSales === 1 ? 'once' : `${report.noSales} times`}`}</dd>
          </div>
          {report.note && (
            <div className="sm:col-span-2">
              <dt className="text-gray-500">Note</dt>
              <dd>{report.note}</dd>
            </div>
          )}
        </dl>
      </Section>
      <Section title="Over/short">
        {report.reconciliation === null ? (
          <p className="text-sm text-gray-600">The expected figures show once the drawer is counted and closed (blind close).</p>
        ) : (
          <Table
            caption="Expected, counted and over/short per tender"
            head={['Tender', 'Expected', 'Counted', 'Over/short']}
            rows={report.reconciliation.map((r) => [
              tenderLabels[r.tender],
              m(r.expected),
              r.counted === null ? '—' : m(r.counted),
              <Variance key="v" difference={r.difference} />,
            ])}
          />
        )}
      </Section>
      <Section title="Sales">
        <Table
          caption="Sales totals"
          head={['Figure', 'Amount']}
          rows={[
            ['Sales', report.sales.count.toLocaleString()],
            ['Subtotal', m(report.sales.subtotal)],
            ['Discounts', m(-report.sales.discounts)],
            ['Charges', m(report.sales.charges)],
            // Taxes inside the prices are not added to the total; only taxes on top are.
            ['Taxes added', m(report.taxes.filter((t) => !t.isInclusive).reduce((sum, t) => sum + t.amount, 0))],
            ['Total', m(report.sales.total)],
            ['Taxes in the total', m(report.sales.taxes)],
            ['Refunds', `${report.refunds.count} · ${m(-report.refunds.total)}`],
            ['Refunded taxes', m(-report.refunds.taxTotal)],
            ['Net of refunds', m(report.net.total)],
            ['Net taxes', m(report.net.taxTotal)],
            // Gift cards sold are taken in the tenders below but are not sales; cards paid with are sales in no drawer.
            ['Gift cards sold', m(report.giftCards.sold)],
            ['Paid with gift cards', m(report.giftCards.paid)],
            ...(report.giftCards.refunded > 0 ? [['Put back onto gift cards', m(-report.giftCards.refunded)]] : []),
          ]}
        />
      </Section>
      <Section title="By tender">
        <Table
          caption="Takings by tender"
          head={['Tender', 'Taken', 'Change given', 'Refunded', 'Net']}
          rows={report.byTender.map((t) => [tenderLabels[t.tender], m(t.taken), m(t.change), m(t.refunded), m(t.net)])}
        />
      </Section>
      <Section title="Taxes">
        {report.taxes.length === 0 ? (
          <p className="text-sm text-gray-600">No taxes on the sales or refunds of this shift.</p>
        ) : (
          // Refunds of this shift (whichever shift sold the goods) come off what was sold: the net is what is owed.
          <Table
            caption="Taxes sold, refunded and net"
            head={['Tax', 'Rate', 'Base sold', 'Tax sold', 'Base refunded', 'Tax refunded', 'Net base', 'Net tax']}
            rows={report.taxes.map((t) => [
              `${t.name}${t.isInclusive ? ' (included)' : ''}`,
              `${formatPercent(t.rateE4)}%`,
              m(t.base),
              m(t.amount),
              m(-t.refundedBase),
              m(-t.refundedAmount),
              m(t.netBase),
              m(t.netAmount),
            ])}
          />
        )}
      </Section>
      <Section title="Cash movements">
        {report.movements.length === 0 ? (
          <p className="text-sm text-gray-600">No cash was put in or taken out.</p>
        ) : (
          <Table
            caption="Cash movements"
            head={['Reason', 'By', 'When', 'Amount']}
            rows={[
              ...report.movements.map((mv) => [mv.reason, mv.userName, dates.dateTime(mv.createdAt), m(mv.kind === 'out' ? -mv.amount : mv.amount)]),
              ['Cash in', '', '', m(report.cashIn)],
              ['Cash out', '', '', m(-report.cashOut)],
            ]}
          />
        )}
      </Section>
    </div>
  );
}
