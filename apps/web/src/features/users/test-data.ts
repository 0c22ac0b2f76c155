import type { StaffUser } from '@tillbook/contract';
import { HttpResponse, rest } from '../../testing/server.ts';

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

const outletNames = [
  { id: 1, name: 'Main store' },
  { id: 2, name: 'Harbour Road' },
];

const userTypeItems = [
  { id: 'administrator', name: 'Administrator', description: 'Runs the whole business.' },
  { id: 'cashier', name: 'Cashier', description: 'Sells at their outlet.' },
];

/** The pickers the staff screens fill: outlets and staff types. */
export const pickerHandlers = [
  rest.get('/api/outlets/list', () => HttpResponse.json({ data: outletNames })),
  rest.get('/api/users/types', () => HttpResponse.json({ data: userTypeItems })),
];
