import type { Tax } from '@tillbook/contract';

/** A tax as the API answers it; a test names what matters to it. */
export function buildTax(overrides: Partial<Tax> = {}): Tax {
  return {
    id: 7,
    name: 'State tax',
    rate: '8.875',
    rateE4: 88_750,
    isInclusive: false,
    isCompound: false,
    active: true,
    productCount: 3,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
