import { describe, expect, it } from 'vitest';
import { additionalChargeInput } from './additional-charges.ts';
import { couponInput } from './coupons.ts';
import { taxInput } from './taxes.ts';
import { staffCreateInput } from './users.ts';

function fieldsOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }): string[] {
  return (result.error?.issues ?? []).map((issue) => issue.path.join('.')).sort();
}

describe('every mistake of a form at once', () => {
  it('a fixed charge without a name misses its amount too', () => {
    const result = additionalChargeInput.safeParse({ kind: 'fixed', per: 'unit', isTaxable: false, active: true });
    expect(fieldsOf(result)).toEqual(['amount', 'name']);
  });

  it('a coupon with no code reports its missing amount, its reversed dates and its empty eligibility too', () => {
    const result = couponInput.safeParse({
      code: '',
      name: '',
      kind: 'fixed',
      validFrom: '2026-12-01T00:00:00.000Z',
      validUntil: '2026-11-01T00:00:00.000Z',
      appliesTo: 'some',
      categoryIds: [],
      productIds: [],
      active: true,
    });
    expect(fieldsOf(result)).toEqual(['amount', 'appliesTo', 'code', 'name', 'validUntil']);
  });

  it('a rule that reads a failed field stays quiet rather than guess', () => {
    const result = couponInput.safeParse({ code: 'SAVE5', name: 'X', kind: 'bogus', appliesTo: 'all', categoryIds: [], productIds: [], active: true });
    expect(fieldsOf(result)).toEqual(['kind']);
  });

  it('a tax with no name that is inclusive and compound says both', () => {
    expect(fieldsOf(taxInput.safeParse({ rate: '20', isInclusive: true, isCompound: true, active: true }))).toEqual(['isCompound', 'name']);
  });

  it('a new cashier with no name, no outlet and no password hears all three', () => {
    const result = staffCreateInput.safeParse({ username: 'till.anna', type: 'cashier', outletId: null, active: true, password: null });
    expect(fieldsOf(result)).toEqual(['name', 'outletId', 'password']);
  });
});
