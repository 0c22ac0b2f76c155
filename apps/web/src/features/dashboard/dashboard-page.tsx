import { useSearchParams } from 'react-router';
import { NotAllowedPage } from '../../components/not-allowed-page.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { StatCards } from '../../components/stat-cards.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { Select } from '../../components/ui/select.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useUser } from '../../lib/auth.ts';
import { useOutletChoices } from '../../lib/choices.ts';
import { useDateFormat } from '../../lib/shop-settings.ts';
import { useDashboard } from './api.ts';
import { LastOrders, LowStock, OpenDrawers, TopCategories, TopProducts } from './dashboard-lists.tsx';
import { HourlyChart } from './hourly-chart.tsx';

/** /dashboard: how the shop is doing today (administrators only). */
export function DashboardPage() {
  const user = useUser();
  if (user && user.type !== 'administrator') return <NotAllowedPage userType={user.type} />;
  return <Dashboard />;
}

/** A local day ("2026-11-25") as the shop's locale writes it, whatever the reader's time zone. */
const dayOf = (date: string) => `${date}T12:00:00`;

function Dashboard() {
  const [searchParams, setSearchParams] = useSearchParams();
  const outlet = searchParams.get('outlet') ?? undefined;
  const outlets = useOutletChoices();
  const dashboard = useDashboard(outlet);
  const dates = useDateFormat();
  const data = dashboard.data;

  function chooseOutlet(value: string) {
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set('outlet', value);
      else next.delete('outlet');
      return next;
    });
  }

  const todayLabel = data ? `Today (${dates.date(dayOf(data.date))})` : 'Today';
  const comparedLabel = data ? `${new Intl.DateTimeFormat('en', { weekday: 'long' }).format(new Date(dayOf(data.comparedWith)))} last week` : 'Last week';

  return (
    <Page wide>
      <PageHeader
        title="Dashboard"
        description={
          data
            ? `${dates.date(dayOf(data.date))} compared with ${comparedLabel} (${dates.date(dayOf(data.comparedWith))}). Refreshes every minute.`
            : 'How the shop is doing today.'
        }
        actions={
          <label className="flex items-center gap-2 text-sm font-medium text-gray-700">
            Outlet
            <Select value={outlet ?? ''} onChange={(event) => chooseOutlet(event.target.value)} className="w-56">
              <option value="">All outlets</option>
              {(outlets.data ?? []).map((o) => (
                <option key={o.id} value={String(o.id)}>
                  {o.name}
                </option>
              ))}
            </Select>
          </label>
        }
      />
      {dashboard.isError && (
        <Alert tone="error" className="mb-6">
          {data ? 'The figures could not be refreshed: ' : 'The dashboard could not be loaded: '}
          {errorMessageOf(dashboard.error)}{' '}
          <Button variant="secondary" className="ml-2" onClick={() => void dashboard.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {!data ? (
        dashboard.isPending && <PageLoading className="py-16" />
      ) : (
        <div className="space-y-6">
          <StatCards cards={data.cards} comparedWith={comparedLabel} isStale={dashboard.isPlaceholderData} />
          <Block title="Net sales by hour">
            <HourlyChart hourly={data.hourly} todayLabel={todayLabel} comparedLabel={comparedLabel} />
          </Block>
          <div className="grid gap-6 xl:grid-cols-2">
            <TopProducts items={data.topProducts} />
            <TopCategories items={data.topCategories} />
            <LowStock items={data.lowStock} />
            <OpenDrawers items={data.openDrawers} />
          </div>
          <LastOrders items={data.lastOrders} />
        </div>
      )}
    </Page>
  );
}
