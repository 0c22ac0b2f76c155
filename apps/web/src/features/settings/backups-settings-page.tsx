import type { BackupRecord, BackupStatus, ShopSettings } from '@tillbook/contract';
import { PageLoading } from '../../components/page-loading.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { dateFormatOf, type DateFormat } from '../../lib/date-format.ts';
import { useBackupStatus } from './backups-api.ts';
import { SettingsPage } from './settings-page.tsx';

/** /settings/backups (issue 18): read-only; backups are taken by the server and by `npm run backup`. */
export function BackupsSettingsPage() {
  return (
    <SettingsPage title="Backups" description="The shop's database is backed up on the server. This page shows how the last backup went.">
      {(settings) => <BackupsPanel settings={settings} />}
    </SettingsPage>
  );
}

export function formatBytes(bytes: number, locale: string): string {
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / 1024 / 1024, 'MB'] : [Math.max(1, bytes / 1024), 'kB'];
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
}

function BackupsPanel({ settings }: { settings: ShopSettings }) {
  const status = useBackupStatus();
  if (status.isPending) return <PageLoading className="py-24" />;
  if (status.isError) {
    return (
      <Alert tone="error" title="The backups could not be loaded.">
        <p>{errorMessageOf(status.error)}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const format = dateFormatOf({ locale: settings.locale, timeZone: settings.timeZone });
  return (
    <div className="space-y-6">
      <BackupWarning status={status.data} format={format} />
      <Block title="Last backup">
        {status.data.last ? <BackupFacts record={status.data.last} format={format} locale={settings.locale} /> : <p className="text-sm text-gray-600">No backup yet.</p>}
        {status.data.last?.status === 'failed' && status.data.lastSucceeded && (
          <p className="mt-4 text-sm text-gray-700">
            Last good backup: {format.dateTime(status.data.lastSucceeded.finishedAt)}, {formatBytes(status.data.lastSucceeded.bytes ?? 0, settings.locale)}.
          </p>
        )}
      </Block>
      <Block title="Daily backup">
        <DailyPlan status={status.data} format={format} />
        <p className="mt-3 text-sm text-gray-600">
          On the server, <code>npm run backup</code> takes one now and <code>npm run restore -- FILE</code> puts one back (see the operations guide).
        </p>
      </Block>
    </div>
  );
}

function BackupWarning({ status, format }: { status: BackupStatus; format: DateFormat }) {
  if (status.warning === 'failed') {
    return (
      <Alert tone="error" title={`The last backup failed (${format.dateTime(status.last?.finishedAt ?? '')}).`}>
        <p>{status.last?.error}</p>
      </Alert>
    );
  }
  if (status.warning === 'stale') {
    return <Alert tone="warning" title="The last backup is more than two days old.">Check that the server runs and that its backup folder is writable.</Alert>;
  }
  if (status.warning === 'none') {
    return <Alert tone="warning" title="No backup has been taken yet.">The server takes one at start and every day; run npm run backup on the server to take one now.</Alert>;
  }
  return null;
}

function BackupFacts({ record, format, locale }: { record: BackupRecord; format: DateFormat; locale: string }) {
  const facts: Array<[string, string]> = [
    ['Taken', format.dateTime(record.finishedAt)],
    ['Outcome', record.status === 'succeeded' ? 'Succeeded' : 'Failed'],
    ['Size', record.bytes === null ? '—' : formatBytes(record.bytes, locale)],
    ['Taken by', record.trigger === 'automatic' ? 'The daily backup' : 'npm run backup'],
    ['File', record.file ?? '—'],
  ];
  return (
    <dl className="grid max-w-3xl grid-cols-[8rem_1fr] gap-x-4 gap-y-2 text-sm">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-gray-600">{term}</dt>
          <dd className="break-all text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DailyPlan({ status, format }: { status: BackupStatus; format: DateFormat }) {
  if (status.driver === 'postgres') {
    return (
      <p className="text-sm text-gray-700">
        This shop runs on PostgreSQL: back it up with pg_dump on a schedule or with your database provider's snapshots. Backups taken with npm run backup are shown here.
      </p>
    );
  }
  if (!status.automatic) return <p className="text-sm text-gray-700">The daily backup is off on this server (BACKUP_TIME=off).</p>;
  const { time, keep, directory, nextAt } = status.automatic;
  return (
    <p className="text-sm text-gray-700">
      Every day at {time} (the server's time) into <span className="break-all font-mono">{directory}</span>, keeping the newest {keep}. Next: {format.dateTime(nextAt)}.
    </p>
  );
}
