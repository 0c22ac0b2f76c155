import { defaultShopSettings } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { landing, renderScreen } from '../../testing/render.tsx';
import { HttpResponse, pageOf, recordRequests, rest, server } from '../../testing/server.ts';
import { RewardListPage } from './reward-list-page.tsx';
import { buildReward, largeCoffee } from './reward.fixtures.ts';

const rewards = [
  buildReward({ id: 1, name: 'Small thank you', timesUsed: 12 }),
  buildReward({ id: 2, name: 'Tenth off', kind: 'percentage', amount: 0, rate: '10', rateE4: 100_000, points: 400, startsOn: '2026-03-01', endsOn: '2026-03-31', state: 'ended' }),
  buildReward({ id: 3, name: 'Free coffee', kind: 'product', amount: 0, variantId: 71, variant: largeCoffee, points: 500, startsOn: '2027-01-01', state: 'scheduled' }),
  buildReward({ id: 4, name: 'Old offer', active: false, state: 'inactive' }),
  buildReward({ id: 5, name: 'Retired offer', archived: true, state: 'archived', timesUsed: 3 }),
];

function renderList(path = '/rewards', rows = rewards) {
  const sent = recordRequests();
  server.use(
    rest.get('/api/settings', () => HttpResponse.json({ data: defaultShopSettings })),
    rest.get('/api/rewards', () => HttpResponse.json(pageOf(rows))),
  );
  const view = renderScreen(<RewardListPage />, { path, pattern: '/rewards', routes: [landing('/rewards/new', 'New reward form'), landing('/settings/rewards', 'Reward settings screen')] });
  return { ...view, sent };
}

function rowOf(name: string) {
  return screen.getByRole('link', { name }).closest('tr') as HTMLElement;
}

describe('RewardListPage', () => {
  it('shows what each reward gives, its points, dates, state and uses', async () => {
    renderList();
    await screen.findByRole('link', { name: 'Small thank you' });
    const small = within(rowOf('Small thank you'));
    expect(small.getByText('$1.50 off')).toBeTruthy();
    expect(small.getByText('Always')).toBeTruthy();
    expect(small.getByText('Active')).toBeTruthy();
    expect(small.getByText('12')).toBeTruthy();
    const tenth = within(rowOf('Tenth off'));
    expect(tenth.getByText('10 % off')).toBeTruthy();
    expect(tenth.getByText('Mar 1, 2026 – Mar 31, 2026')).toBeTruthy();
    expect(tenth.getByText('Ended')).toBeTruthy();
    const coffee = within(rowOf('Free coffee'));
    expect(coffee.getByText('Free: Coffee — Large')).toBeTruthy();
    expect(coffee.getByText('From Jan 1, 2027')).toBeTruthy();
    expect(coffee.getByText('Scheduled')).toBeTruthy();
    expect(within(rowOf('Old offer')).getByText('Inactive')).toBeTruthy();
    expect(within(rowOf('Retired offer')).getByText('Archived')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Archive Small thank you' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore Retired offer' })).toBeTruthy();
  });

  it('asks the server for the state chosen, fewest points first by default, and keeps it in the address', async () => {
    const { sent, router } = renderList();
    await screen.findByRole('link', { name: 'Small thank you' });
    expect(sent.find('GET', '/api/rewards')?.search.get('sort')).toBe('points');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'ended');
    await waitFor(() => expect(sent.filter('GET', '/api/rewards').some((r) => r.search.get('state') === 'ended')).toBe(true));
    expect(router.state.location.search).toBe('?state=ended');
  });

  it('explains rewards when there are none, and points to the settings', async () => {
    renderList('/rewards', []);
    expect(await screen.findByText(/No rewards yet\. A reward is what a customer takes for points at the till/)).toBeTruthy();
    expect(screen.getByText(/Set how customers earn points in/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings › Rewards' }).getAttribute('href')).toBe('/settings/rewards?tab=points');
    expect(screen.getByRole('link', { name: 'Add the first one' }).getAttribute('href')).toBe('/rewards/new');
  });

  it('archives a reward from its row', async () => {
    const { sent } = renderList();
    server.use(rest.post('/api/rewards/1/archive', () => HttpResponse.json({ data: buildReward({ id: 1, archived: true, state: 'archived' }) })));
    await userEvent.click(await screen.findByRole('button', { name: 'Archive Small thank you' }));
    await waitFor(() => expect(sent.find('POST', '/api/rewards/1/archive')).toBeDefined());
    expect(await screen.findByText('Reward “Small thank you” archived.')).toBeTruthy();
  });

  it('shows the server’s reason when a used reward cannot be deleted', async () => {
    renderList();
    server.use(
      rest.delete('/api/rewards/1', () => HttpResponse.json({ message: 'This reward was used by 12 sales: archive it instead.' }, { status: 409 })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Small thank you' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This reward was used by 12 sales: archive it instead.')).toBeTruthy();
  });
});
