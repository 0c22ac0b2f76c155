import { describe, expect, it } from 'vitest';
import { datedCsvFileName } from './csv-write.ts';

describe('an export’s file name', () => {
  it('is dated today on the shop’s clock', () => {
    const lateEvening = new Date('2026-11-22T04:30:00Z');
    expect(datedCsvFileName('orders', 'America/New_York', lateEvening)).toBe('orders-20261121.csv');
    expect(datedCsvFileName('customers', 'UTC', lateEvening)).toBe('customers-20261122.csv');
    expect(datedCsvFileName('products', 'Pacific/Chatham', new Date('2026-12-31T10:15:00Z'))).toBe('products-20270101.csv');
  });
});
