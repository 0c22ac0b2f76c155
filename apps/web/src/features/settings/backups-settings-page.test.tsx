import type { BackupStatus } from '@tillbook/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, rest, server } from '../../testing/server.ts';
import { BackupsSettingsPage } from './backups-settings-page.tsx';
import { buildSettings } from './settings.fixtures.tsx';

const good = {
  id: 3,
  startedAt: '2026-11-24T08:00:00.000Z',
  finishedAt: '2026-11-24T08:00:02.000Z',
  trigger: 'automatic',
  status: 'succeeded',
  file: '/srv/tillbook/backups/tillbook-2026-11-24T08-00-00Z.tar.gz',
  bytes: 6_291_456,
  error: null,
} as const;

function statusOf(overrides: Partial<BackupStatus> = {}): BackupStatus {
  return {
    driver: 'pglite',
    automatic: { time: '03:00', keep: 14, directory: '/srv/tillbook/backups', nextAt: '2026-11-25T08:00:00.000Z' },
    last: good,
    lastSucceeded: good,
    warning: null,
    ...overrides,
  };
}

async function openBackups(answer: () => Response) {
  server.use(
    rest.get('/api/settings', () => HttpResponse.json({ data: buildSettings() })),
    rest.get('/api/backups', answer),
  );
  renderScreen(<BackupsSettingsPage />, { path: '/settings/backups' });
  await screen.findByRole('heading', { level: 1, name: 'Backups' });
}

describe('BackupsSettingsPage', () => {
  it("shows the last backup's time and size and the daily plan, in the shop's time zone", async () => {
    await openBackups(() => HttpResponse.json({ data: statusOf() }));
    const tabs = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(tabs).getByRole('link', { name: 'Backups' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByText('6 MB')).toBeTruthy();
    expect(screen.getByText(/Nov 24, 2026/)).toBeTruthy();
    expect(screen.getByText(good.file)).toBeTruthy();
    expect(screen.getByText(/Every day at 03:00/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns when the last backup is over two days old', async () => {
    await openBackups(() => HttpResponse.json({ data: statusOf({ warning: 'stale' }) }));
    expect(await screen.findByText('The last backup is more than two days old.')).toBeTruthy();
  });

  it('says so when there was never a backup', async () => {
    await openBackups(() => HttpResponse.json({ data: statusOf({ last: null, lastSucceeded: null, warning: 'none' }) }));
    expect(await screen.findByText('No backup has been taken yet.')).toBeTruthy();
    expect(screen.getByText('No backup yet.')).toBeTruthy();
  });

  it('shows a failed backup as an error with its reason, and the last good one', async () => {
    const failed = { ...good, id: 4, status: 'failed', file: null, bytes: null, error: 'ENOSPC: no space left on device' } as const;
    await openBackups(() => HttpResponse.json({ data: statusOf({ last: failed, warning: 'failed' }) }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/The last backup failed/)).toBeTruthy();
    expect(within(alert).getByText('ENOSPC: no space left on device')).toBeTruthy();
    expect(screen.getByText(/Last good backup: .*6 MB/)).toBeTruthy();
  });

  it('explains PostgreSQL, where nothing runs daily in the server', async () => {
    await openBackups(() => HttpResponse.json({ data: statusOf({ driver: 'postgres', automatic: null, last: null, lastSucceeded: null }) }));
    expect(await screen.findByText(/This shop runs on PostgreSQL/)).toBeTruthy();
  });

  it('offers to try again when the backups cannot be loaded', async () => {
    let calls = 0;
    await openBackups(() => (calls++ === 0 ? HttpResponse.json({ message: 'Server error.' }, { status: 500 }) : HttpResponse.json({ data: statusOf() })));
    expect(await screen.findByText('The backups could not be loaded.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('6 MB')).toBeTruthy();
  });
});
