import type { RewardSettingsInput } from '@tillbook/contract';
import type { TestClient } from '../../testing/test-client.ts';

/** The common rules (tests only): 1 point per 1.00 spent, 100 points = 1.00, no limits. */
export const everyDollarRules: RewardSettingsInput = {
  earning: { enabled: true, points: 1, perAmount: 100, excludedCategoryIds: [], excludedProductIds: [], minimumOrder: null },
  redemption: { enabled: true, points: 100, value: 100, minimumBalance: 0, maxShare: '100', payDiscountedItems: true },
  expiry: { months: null },
};

export async function setRewardRules(admin: TestClient, rules: RewardSettingsInput = everyDollarRules): Promise<void> {
  const res = await admin.put('/api/settings/rewards', rules);
  if (res.statusCode !== 200) throw new Error(`Reward settings were not saved: ${res.body}`);
}

/** A customer with `points` on their balance (adjusted by hand, as an administrator would). */
export async function customerWithPoints(admin: TestClient, name: string, points: number): Promise<number> {
  const created = await admin.post('/api/customers/create', { name, marketingConsent: false });
  if (created.statusCode !== 201) throw new Error(`The customer was not created: ${created.body}`);
  const id = created.json().data.id as number;
  if (points > 0) {
    const adjusted = await admin.post(`/api/customers/${id}/points`, { delta: points, reason: 'Welcome gift' });
    if (adjusted.statusCode >= 300) throw new Error(`The points were not added: ${adjusted.body}`);
  }
  return id;
}

export async function createReward(admin: TestClient, input: Record<string, unknown>): Promise<number> {
  const res = await admin.post('/api/rewards/create', { active: true, ...input });
  if (res.statusCode !== 201) throw new Error(`The reward was not created: ${res.body}`);
  return res.json().data.id as number;
}

export async function balanceOf(client: TestClient, customerId: number): Promise<number> {
  return (await client.get(`/api/rewards/points?customer=${customerId}`)).json().data.balance as number;
}
