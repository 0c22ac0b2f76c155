import { describe, expect, it } from 'vitest';
import { couponInput, couponStateOf } from './coupons.ts';

const valid = { code: 'Save-10', name: 'Ten off', kind: 'percentage', rate: '10', appliesTo: 'all', active: true };

describe('couponInput', () => {
  it('keeps the code as typed and turns the rate into rateE4', () => {
    expect(couponInput.parse(valid)).toMatchObject({ code: 'Save-10', rateE4: 100_000, amount: 0, categoryIds: [], validFrom: null });
  });

  it('asks for the value of the chosen kind only', () => {
    const errors = couponInput.safeParse({ ...valid, kind: 'fixed', amount: 0, rate: 'junk' }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(errors).toEqual([['amount', 'The amount must be more than zero.']]);
    expect(couponInput.parse({ ...valid, kind: 'fixed', amount: 500 })).toMatchObject({ rateE4: 0, amount: 500 });
  });

  it('refuses bad codes, a rate over 100 %, an end before the start and "some" with nothing chosen', () => {
    const result = couponInput.safeParse({
      ...valid,
      code: 'a b',
      rate: '101',
      validFrom: '2026-03-02T10:00:00Z',
      validUntil: '2026-03-01T10:00:00Z',
      appliesTo: 'some',
      usageLimit: -1,
    });
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths?.sort()).toEqual(['appliesTo', 'code', 'rate', 'usageLimit', 'validUntil']);
  });
});

describe('couponStateOf', () => {
  const now = new Date('2026-03-03T12:00:00Z');
  const base = { active: true, validFrom: null, validUntil: null, usageLimit: null, usedCount: 0 };
  it.each([
    [{}, 'active'],
    [{ active: false }, 'inactive'],
    [{ validFrom: '2026-04-01T00:00:00Z' }, 'scheduled'],
    [{ validUntil: '2026-03-01T00:00:00Z' }, 'expired'],
    [{ usageLimit: 5, usedCount: 5 }, 'used-up'],
  ])('%j is %s', (overrides, state) => {
    expect(couponStateOf({ ...base, ...overrides }, now)).toBe(state);
  });
});

describe('couponInput output', () => {
  it('is valid input again (the form sends what it validated)', () => {
    const once = couponInput.parse({ ...valid, rate: '12,50' });
    expect(once).toMatchObject({ rate: '12.5', rateE4: 125_000 });
    expect(couponInput.parse(once)).toEqual(once);
    const fixed = couponInput.parse({ ...valid, kind: 'fixed', amount: 200, appliesTo: 'some', categoryIds: [3, 3] });
    expect(couponInput.parse(fixed)).toEqual(fixed);
    expect(fixed.categoryIds).toEqual([3]);
  });
});
