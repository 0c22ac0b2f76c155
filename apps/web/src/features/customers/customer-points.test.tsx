import { defaultRewardSettings, type CustomerReward, type PointsEntry, type RewardSettingsView } from '@tillbook/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { administrator, cashier } from '../../testing/fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, pageOf, rest, server } from '../../testing/server.ts';
import { CustomerEditPage } from './customer-edit-page.tsx';
import { buildCustomer, settingsHandler } from './test-data.ts';

function entry(overrides: Partial<PointsEntry>): PointsEntry {
  return { id: 1, delta: 10, balanceAfter: 10, kind: 'earned', reason: null, orderId: null, refundId: null, userName: null, createdAt: '2026-05-02T10:00:00.000Z', ...overrides };
}

const ledger: PointsEntry[] = [
  entry({ id: 6, kind: 'expired', delta: -30, balanceAfter: 1250, reason: 'Points earned before 26 May 2026 expired' }),
  entry({ id: 5, kind: 'refund', delta: -20, balanceAfter: 1280, reason: 'MAIN-R000004', orderId: 41, refundId: 4, userName: 'Ada Lovelace' }),
  entry({ id: 4, kind: 'adjusted', delta: 100, balanceAfter: 1300, reason: 'Goodwill for a late delivery', userName: 'Ada Lovelace' }),
  entry({ id: 3, kind: 'earned', delta: 45, balanceAfter: 1200, reason: 'MAIN-000042', orderId: 42, userName: 'Carl Cash' }),
  entry({ id: 2, kind: 'redeemed', delta: -150, balanceAfter: 1155, reason: 'MAIN-000042', orderId: 42, userName: 'Carl Cash' }),
];

const freeCoffee: CustomerReward = {
  id: 42,
  number: 'MAIN-000042',
  rewardId: 3,
  rewardName: 'Free coffee',
  rewardPoints: 150,
  rewardDiscount: 350,
  status: 'paid',
  createdAt: '2026-05-02T10:00:00.000Z',
};

function rules(overrides: Partial<RewardSettingsView['redemption']> = {}, months: number | null = null): RewardSettingsView {
  return {
    ...defaultRewardSettings,
    redemption: { ...defaultRewardSettings.redemption, enabled: true, ...overrides },
    expiry: { months },
    excludedCategories: [],
    excludedProducts: [],
  };
}

function answer({ entries = ledger, rewards = [freeCoffee], settings = rules() }: { entries?: PointsEntry[]; rewards?: CustomerReward[]; settings?: RewardSettingsView } = {}) {
  server.use(
    settingsHandler,
    rest.get('/api/customers/7/edit', () => HttpResponse.json({ data: buildCustomer({ pointsBalance: 1250 }) })),
    rest.get('/api/customers/7/points', () => HttpResponse.json(pageOf(entries))),
    rest.get('/api/customers/7/rewards', () => HttpResponse.json(pageOf(rewards, { perPage: 10 }))),
    rest.get('/api/settings/rewards', () => HttpResponse.json({ data: settings })),
  );
}

function openPointsTab(signedInAs = cashier) {
  return renderScreen(<CustomerEditPage />, { path: '/customers/7/edit?tab=points', pattern: '/customers/:id/edit', signedInAs });
}

function cellsOf(row: HTMLElement) {
  return within(row).getAllByRole('cell').map((td) => td.textContent);
}

describe('the Points tab', () => {
  it('shows the balance and what it pays, by the shop’s rules', async () => {
    answer({ settings: rules({ points: 100, value: 100 }, 12) });
    openPointsTab();
    expect(await screen.findByText('$12.50')).toBeTruthy();
    expect(screen.getByText(/Balance:/).textContent).toBe('Balance: 1,250 points');
    expect(screen.getByText(/when paying with points/).textContent).toBe('Worth $12.50 when paying with points (100 points = $1.00).');
    expect(screen.getByText('Points expire 12 months after they are earned, oldest first.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Adjust points' })).toBeNull();
  });

  it('says so when points do not pay', async () => {
    answer({ settings: rules({ enabled: false }) });
    openPointsTab();
    expect(await screen.findByText('Paying with points is turned off.')).toBeTruthy();
    expect(screen.queryByText(/^Points expire/)).toBeNull();
  });

  it('lists the ledger with readable kinds, signed points, the balance after, who, and links to the sales', async () => {
    answer();
    openPointsTab();
    const table = await screen.findByRole('table', { name: 'Points history' });
    await within(table).findByRole('link', { name: 'MAIN-R000004' });
    const header = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(header).toEqual(['When', 'Kind', 'Reason', 'Points', 'Balance after', 'By']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => cellsOf(row).slice(1))).toEqual([
      ['Expired', 'Points earned before 26 May 2026 expired', '\u221230', '1,250', '—'],
      ['Refund', 'MAIN-R000004', '\u221220', '1,280', 'Ada Lovelace'],
      ['Adjusted', 'Goodwill for a late delivery', '+100', '1,300', 'Ada Lovelace'],
      ['Earned', 'MAIN-000042', '+45', '1,200', 'Carl Cash'],
      ['Redeemed', 'MAIN-000042', '\u2212150', '1,155', 'Carl Cash'],
    ]);
    // A refund opens its sale, where the refunds show; an adjustment and an expiry link nowhere.
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'MAIN-R000004' }).getAttribute('href')).toBe('/orders/41');
    expect(within(rows[3] as HTMLElement).getByRole('link', { name: 'MAIN-000042' }).getAttribute('href')).toBe('/orders/42');
    expect(within(rows[4] as HTMLElement).getByRole('link', { name: 'MAIN-000042' }).getAttribute('href')).toBe('/orders/42');
    expect(within(rows[0] as HTMLElement).queryByRole('link')).toBeNull();
    expect(within(rows[2] as HTMLElement).queryByRole('link')).toBeNull();
  });

  it('lists the rewards used with their points, what they took off and their sale', async () => {
    answer();
    openPointsTab();
    const list = await screen.findByRole('list', { name: 'Rewards used' });
    const [item] = within(list).getAllByRole('listitem');
    expect(within(item as HTMLElement).getByText('Free coffee')).toBeTruthy();
    expect(within(item as HTMLElement).getByText(/150 points/).textContent).toBe('150 points · $3.50 off');
    expect(within(item as HTMLElement).getByRole('link', { name: 'MAIN-000042' }).getAttribute('href')).toBe('/orders/42');
  });

  it('marks a reward whose sale was refunded', async () => {
    answer({ rewards: [{ ...freeCoffee, status: 'refunded' }] });
    openPointsTab();
    const list = await screen.findByRole('list', { name: 'Rewards used' });
    expect(within(list).getByText('(sale refunded, points given back)')).toBeTruthy();
  });

  it('says plainly when there are no points and no rewards yet', async () => {
    answer({ entries: [], rewards: [] });
    openPointsTab(administrator);
    expect(await screen.findByText(/No points yet/)).toBeTruthy();
    expect(await screen.findByText('No rewards used yet. Rewards taken at the till show here with their sale.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Adjust points' })).toBeTruthy();
  });
});
