import { defaultRewardSettings, defaultShopSettings, type PointsSummary } from '@tillbook/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render.tsx';
import { HttpResponse, rest, server } from '../../testing/server.ts';
import { LoyaltyPanel } from './loyalty-panel.tsx';
import type { SaleLoyaltyState } from './use-sale-loyalty.ts';

const rules = { ...defaultRewardSettings, earning: { ...defaultRewardSettings.earning, enabled: true } };
const summary: PointsSummary = { customerId: 8, balance: 320, value: 0, refusal: 'At least 500 points are needed to redeem.', rewards: [], next: null, storeCredit: 0 };

function renderPanel(loyalty: Partial<SaleLoyaltyState>) {
  server.use(rest.get('/api/settings', () => HttpResponse.json({ data: { ...defaultShopSettings, currency: 'USD', locale: 'en-US' } })));
  const state: SaleLoyaltyState = { customer: null, rules, summary, isOn: true, isLoading: false, isError: false, retry: vi.fn(), ...loyalty };
  renderScreen(<LoyaltyPanel loyalty={state} taken={null} hasCoupon={false} isChecking={false} refusal={null} onTake={vi.fn()} />);
  return state;
}

describe('LoyaltyPanel', () => {
  it('shows the balance without a worth while points do not pay, and why nothing can be redeemed yet', () => {
    renderPanel({});
    expect(screen.getByText('320 points')).toBeTruthy();
    expect(screen.queryByText(/worth/)).toBeNull();
    expect(screen.getByText('At least 500 points are needed to redeem.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Rewards within reach' })).toBeNull();
  });

  it('says when the points could not be loaded, and tries again', async () => {
    const state = renderPanel({ isError: true, summary: null });
    expect(screen.getByRole('alert').textContent).toContain('The customer’s points could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(state.retry).toHaveBeenCalledTimes(1);
  });

  it('shows nothing while the shop runs no loyalty', () => {
    renderPanel({ isOn: false });
    expect(screen.queryByRole('region', { name: 'Points' })).toBeNull();
    expect(screen.queryByText(/points/)).toBeNull();
  });
});
