import { defaultShopSettings, type Customer } from '@tillbook/contract';
import { HttpResponse, rest } from '../../testing/server.ts';

export function buildCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 7,
    name: 'Grace Hopper',
    email: 'grace@example.test',
    phone: '+1 555 010 2000',
    address: null,
    birthday: '1990-12-09',
    marketingConsent: true,
    pointsBalance: 120,
    storeCredit: 0,
    totalSpent: 12_345,
    orderCount: 3,
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

/** The shop's settings the customer screens read (money and dates). */
export const settingsHandler = rest.get('/api/settings', () => HttpResponse.json({ data: defaultShopSettings }));
