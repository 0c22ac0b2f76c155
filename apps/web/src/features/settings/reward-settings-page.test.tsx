import { defaultRewardSettings, type RewardSettingsView } from '@tillbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, invalid, pageOf, recordRequests, rest, server } from '../../testing/server.ts';
import { RewardSettingsPage } from './reward-settings-page.tsx';
import { buildSettings } from './settings.fixtures.tsx';

/** Loyalty on: 1 point per 1.00 outside Gift cards and the Carrier bag; 100 points = 1.00, up to 50 % of a sale. */
const saved: RewardSettingsView = {
  earning: { enabled: true, points: 1, perAmount: 100, excludedCategoryIds: [3], excludedProductIds: [9], minimumOrder: null },
  redemption: { enabled: true, points: 100, value: 100, minimumBalance: 0, maxShareE4: 500_000, payDiscountedItems: true },
  expiry: { months: null },
  excludedCategories: [{ id: 3, name: 'Gift cards' }],
  excludedProducts: [{ id: 9, title: 'Carrier bag', sku: 'BAG' }],
};

/** The settings as the screen sends them back when nothing was changed. */
const savedInput = {
  earning: { enabled: true, points: 1, perAmount: 100, excludedCategoryIds: [3], excludedProductIds: [9], minimumOrder: null },
  redemption: { enabled: true, points: 100, value: 100, minimumBalance: 0, maxShare: '50', payDiscountedItems: true },
  expiry: { months: null },
};

function openTab(tab: 'points' | 'redemption', settings: RewardSettingsView = saved) {
  const sent = recordRequests();
  server.use(
    rest.get('/api/settings', () => HttpResponse.json({ data: buildSettings() })),
    rest.get('/api/settings/rewards', () => HttpResponse.json({ data: settings })),
    rest.get('/api/categories/list', () =>
      HttpResponse.json({
        data: [
          { id: 3, name: 'Gift cards', parentId: null, depth: 0, colour: null, active: true },
          { id: 5, name: 'Tobacco', parentId: null, depth: 0, colour: null, active: true },
        ],
      }),
    ),
    rest.get('/api/products', () => HttpResponse.json(pageOf([{ id: 12, title: 'Deposit', sku: 'DEP' }], { perPage: 8 }))),
  );
  const view = renderScreen(<RewardSettingsPage />, { path: `/settings/rewards?tab=${tab}`, pattern: '/settings/rewards' });
  return { ...view, sent };
}

/** Replaces a field's text in one input event, as pasting does. */
async function fill(label: string | RegExp, text: string) {
  const field = screen.getByLabelText(label);
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

function input(label: string | RegExp) {
  return screen.getByLabelText(label) as HTMLInputElement;
}

async function sentPut(sent: ReturnType<typeof recordRequests>) {
  await waitFor(() => expect(sent.find('PUT', '/api/settings/rewards')?.body).toBeDefined());
  return sent.find('PUT', '/api/settings/rewards')?.body;
}

describe('RewardSettingsPage: earning points', () => {
  it('shows the saved rules, the rule of counting, and the Rewards settings tab as current', async () => {
    openTab('points');
    expect(((await screen.findByLabelText('Points earned')) as HTMLInputElement).value).toBe('1');
    expect(input('For every (USD)').value).toBe('1.00');
    expect(input(/^Customers earn points/).checked).toBe(true);
    expect(input(/^Points expire/).checked).toBe(false);
    expect(screen.queryByLabelText('Points expire after (months)')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Products that earn nothing' })).getByText('Carrier bag')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Categories that earn nothing' })).getByText('Gift cards')).toBeTruthy());
    expect(
      screen.getByText('Points are counted on what the customer pays for goods after discounts, without tax, rounded down. The part of a sale paid with points earns nothing.'),
    ).toBeTruthy();
    expect(screen.getByText(/Expired points leave the balance oldest first/)).toBeTruthy();
    expect(screen.getByTestId('earning-example').textContent).toBe('1 point for every $1.00: goods of $25.00 earn 25 points.');
    const tabs = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(tabs).getByRole('link', { name: 'Rewards' }).getAttribute('aria-current')).toBe('page');
    expect(within(screen.getByRole('navigation', { name: 'Reward settings' })).getByRole('link', { name: 'Earning points' }).getAttribute('aria-current')).toBe('page');
  });

  it('saves the whole settings with the earning changes and the redemption as it was', async () => {
    const { sent } = openTab('points');
    server.use(rest.put('/api/settings/rewards', () => HttpResponse.json({ data: saved })));
    await screen.findByLabelText('Points earned');
    await fill('Points earned', '2');
    await fill('For every (USD)', '5');
    await fill('Minimum order (USD)', '10');
    await waitFor(() => expect(screen.getByTestId('earning-example').textContent).toBe('2 points for every $5.00: goods of $125.00 earn 50 points.'));
    await userEvent.selectOptions(await screen.findByLabelText('Categories that earn nothing: add'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Carrier bag' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a product' }), 'dep');
    await userEvent.click(await screen.findByRole('button', { name: /Deposit/ }));
    await userEvent.click(input(/^Points expire/));
    await fill('Points expire after (months)', '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await sentPut(sent)).toEqual({
      ...savedInput,
      earning: { enabled: true, points: 2, perAmount: 500, excludedCategoryIds: [3, 5], excludedProductIds: [12], minimumOrder: 1000 },
      expiry: { months: 12 },
    });
    expect(await screen.findByText('Reward settings saved.')).toBeTruthy();
  });

  it('puts the server’s 422 on the earning fields and keeps what was typed', async () => {
    openTab('points');
    server.use(
      rest.put('/api/settings/rewards', () =>
        invalid({ 'earning.points': ['The points earned may not be greater than 1000000000.'], 'expiry.months': ['The months may not be greater than 120.'] }),
      ),
    );
    await screen.findByLabelText('Points earned');
    await fill('Points earned', '99');
    await userEvent.click(input(/^Points expire/));
    await fill('Points expire after (months)', '100');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The points earned may not be greater than 1000000000.')).toBeTruthy();
    expect(screen.getByText('The months may not be greater than 120.')).toBeTruthy();
    expect(input('Points earned').getAttribute('aria-invalid')).toBe('true');
    expect(input('Points earned').value).toBe('99');
    expect(input('Points expire after (months)').value).toBe('100');
  });

  it('checks the figures before sending', async () => {
    const { sent } = openTab('points');
    await screen.findByLabelText('Points earned');
    await fill('Points earned', 'one');
    await fill('For every (USD)', '1.005');
    await userEvent.click(input(/^Points expire/));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The points earned must be a whole number.')).toBeTruthy();
    expect(screen.getByText('Use at most 2 decimals. Enter an amount like 1,234.50.')).toBeTruthy();
    expect(screen.getByText('The months must be a whole number.')).toBeTruthy();
    expect(screen.getByTestId('earning-example').textContent).toBe('Enter the figures above to see what a sale earns.');
    expect(sent.filter('PUT', '/api/settings/rewards')).toHaveLength(0);
  });
});

describe('RewardSettingsPage: paying with points', () => {
  it('shows what points pay, and saves the redemption with the earning as it was', async () => {
    const { sent } = openTab('redemption');
    server.use(rest.put('/api/settings/rewards', () => HttpResponse.json({ data: { ...saved, redemption: { ...saved.redemption, maxShareE4: 250_000 } } })));
    expect(((await screen.findByLabelText('Largest share of a sale (%)')) as HTMLInputElement).value).toBe('50');
    expect(screen.queryByLabelText('Points earned')).toBeNull();
    expect(screen.getByTestId('redemption-example').textContent).toBe(
      '100 points are worth $1.00. A customer with 1,250 points can pay up to $12.50, at most 50 % of a sale.',
    );
    await fill('Points', '200');
    await fill('Minimum balance to redeem', '500');
    await fill('Largest share of a sale (%)', '25');
    await userEvent.click(input(/^Points may pay for discounted items/));
    await waitFor(() =>
      expect(screen.getByTestId('redemption-example').textContent).toBe(
        '200 points are worth $1.00. A customer with 1,250 points can pay up to $6.25, at most 25 % of a sale.',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await sentPut(sent)).toEqual({
      ...savedInput,
      redemption: { enabled: true, points: 200, value: 100, minimumBalance: 500, maxShare: '25', payDiscountedItems: false },
    });
    expect(await screen.findByText('Reward settings saved.')).toBeTruthy();
    expect(input('Largest share of a sale (%)').value).toBe('25');
  });

  it('puts the server’s 422 on the share and keeps what was typed', async () => {
    openTab('redemption');
    server.use(
      rest.put('/api/settings/rewards', () =>
        invalid({ 'redemption.maxShare': ['The largest share must be a percentage above 0 and at most 100 with at most 4 decimals.'] }),
      ),
    );
    await screen.findByLabelText('Largest share of a sale (%)');
    await fill('Are worth (USD)', '2.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The largest share must be a percentage above 0 and at most 100 with at most 4 decimals.')).toBeTruthy();
    expect(input('Largest share of a sale (%)').getAttribute('aria-invalid')).toBe('true');
    expect(input('Are worth (USD)').value).toBe('2.50');
  });

  it('leaves unsaved changes of the other tab behind: the redemption tab sends the earning as saved', async () => {
    const { sent } = openTab('points');
    server.use(rest.put('/api/settings/rewards', () => HttpResponse.json({ data: saved })));
    await screen.findByLabelText('Points earned');
    await fill('Points earned', '7');
    await userEvent.click(screen.getByRole('link', { name: 'Paying with points' }));
    await screen.findByLabelText('Minimum balance to redeem');
    await fill('Minimum balance to redeem', '300');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await sentPut(sent)).toEqual({ ...savedInput, redemption: { ...savedInput.redemption, minimumBalance: 300 } });
  });

  it('opens on the defaults: loyalty off, points never expire', async () => {
    openTab('redemption', { ...defaultRewardSettings, excludedCategories: [], excludedProducts: [] });
    expect(((await screen.findByLabelText(/^Customers can pay with points/)) as HTMLInputElement).checked).toBe(false);
    expect(input('Largest share of a sale (%)').value).toBe('100');
    expect(input('Minimum balance to redeem').value).toBe('0');
  });
});
