import type { Reward } from '@tillbook/contract';

/** A reward as the API answers it: 150 off for 100 points, active, never used. */
export function buildReward(overrides: Partial<Reward> = {}): Reward {
  return {
    id: 4,
    name: 'Small thank you',
    kind: 'amount',
    amount: 150,
    rate: null,
    rateE4: 0,
    variantId: null,
    variant: null,
    points: 100,
    startsOn: null,
    endsOn: null,
    active: true,
    archived: false,
    state: 'active',
    timesUsed: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const largeCoffee = { id: 71, productId: 7, title: 'Coffee', variantName: 'Large', sku: 'COF-L', unitPrice: 350 };
