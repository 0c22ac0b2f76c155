import { defaultShopSettings, type Customer, type StaffUser } from '@tillbook/contract';
import { vi } from 'vitest';
import { http } from '../../lib/http.ts';

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
    totalSpent: 12_345,
    orderCount: 3,
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

export function buildStaffUser(overrides: Partial<StaffUser> = {}): StaffUser {
  return {
    id: 9,
    username: 'harbour',
    name: 'Hana Harbour',
    email: null,
    type: 'cashier',
    outletId: 2,
    active: true,
    hasPin: true,
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

export const outletNames = [
  { id: 1, name: 'Main store' },
  { id: 2, name: 'Harbour Road' },
];

export const userTypeItems = [
  { id: 'administrator', name: 'Administrator', description: 'Runs the whole business.' },
  { id: 'cashier', name: 'Cashier', description: 'Sells at their outlet.' },
];

export function pageOf<T>(data: T[]) {
  return { data: { data, meta: { page: 1, perPage: 25, total: data.length, lastPage: 1 } } };
}

/** Answers the GETs the people screens make; `extra` adds or overrides by URL. */
export function mockPeopleGets(extra: Record<string, unknown> = {}) {
  const answers: Record<string, unknown> = {
    '/api/settings': { data: defaultShopSettings },
    '/api/outlets/list': { data: outletNames },
    '/api/users/types': { data: userTypeItems },
    ...extra,
  };
  return vi.spyOn(http, 'get').mockImplementation((url: string) => {
    if (url in answers) return Promise.resolve({ data: answers[url] });
    return Promise.reject(new Error(`unexpected GET ${url}`));
  });
}
