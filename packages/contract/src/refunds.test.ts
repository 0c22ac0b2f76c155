import { describe, expect, it } from 'vitest';
import { defaultRefundPayments, refundPointsOf, refundShareOf, sumRefundTaxes, type RefundableLine } from './refunds.ts';

const vat = { id: 1, name: 'VAT 20', rateE4: 200_000, isInclusive: false, isCompound: false };
// 3 units at 33.33 + 20 %: net 99.99, tax 20.00, total 119.99 — none of them divides by 3.
const line: RefundableLine = { quantity: 3, net: 9999, taxTotal: 2000, total: 11_999, taxes: [{ ...vat, base: 9999, amount: 2000 }] };

describe('refundShareOf', () => {
  it('gives each returned unit its share of what the line was sold for', () => {
    expect(refundShareOf(line, 0, 1)).toEqual({ net: 3333, taxTotal: 666, total: 3999, taxes: [{ ...vat, base: 3333, amount: 666 }] });
  });

  it('adds up to exactly the line in any number of refunds', () => {
    for (const steps of [[1, 1, 1], [2, 1], [1, 2], [3]]) {
      let done = 0;
      const shares = steps.map((units) => {
        const share = refundShareOf(line, done, units);
        done += units;
        return share;
      });
      const sum = (pick: (s: (typeof shares)[number]) => number) => shares.reduce((a, s) => a + pick(s), 0);
      expect(sum((s) => s.total)).toBe(11_999);
      expect(sum((s) => s.net)).toBe(9999);
      expect(sum((s) => s.taxTotal)).toBe(2000);
      expect(sumRefundTaxes(shares)).toEqual([{ ...vat, base: 9999, amount: 2000 }]);
    }
  });

  it('never goes beyond the units sold', () => {
    expect(refundShareOf(line, 2, 5).total).toBe(11_999 - Math.floor((11_999 * 2) / 3));
    expect(refundShareOf(line, 3, 1)).toMatchObject({ total: 0, net: 0, taxTotal: 0 });
  });
});

describe('defaultRefundPayments', () => {
  it("goes back to the sale's tenders in order, each up to what it can still give back", () => {
    const room = [{ tender: 'cash' as const, available: 1000 }, { tender: 'card' as const, available: 5000 }];
    expect(defaultRefundPayments(2500, room)).toEqual([{ tender: 'cash', amount: 1000 }, { tender: 'card', amount: 1500 }]);
    expect(defaultRefundPayments(800, room)).toEqual([{ tender: 'cash', amount: 800 }]);
    expect(defaultRefundPayments(9000, room)).toEqual([{ tender: 'cash', amount: 1000 }, { tender: 'card', amount: 5000 }]);
  });
});

describe('refundPointsOf', () => {
  const sale = { total: 6120, pointsPaid: 1000, pointsRedeemed: 1020, pointsEarned: 43 };
  it('gives and takes back in proportion to the money refunded, and exactly everything over all refunds', () => {
    const first = refundPointsOf(sale, { total: 0, pointsPaidBack: 0, returned: 0, takenBack: 0 }, 2700, false);
    expect(first).toEqual({ pointsPaidBack: 441, returned: 450, toTakeBack: 18 });
    const second = refundPointsOf(sale, { total: 2700, pointsPaidBack: 441, returned: 450, takenBack: 18 }, 3420, true);
    expect(second).toEqual({ pointsPaidBack: 559, returned: 570, toTakeBack: 25 });
    expect(first.returned + second.returned).toBe(1020);
    expect(first.toTakeBack + second.toTakeBack).toBe(43);
  });

  it('gives everything back on the last refund of a sale that cost nothing', () => {
    expect(refundPointsOf({ total: 0, pointsPaid: 0, pointsRedeemed: 200, pointsEarned: 0 }, { total: 0, pointsPaidBack: 0, returned: 0, takenBack: 0 }, 0, true)).toEqual({
      pointsPaidBack: 0,
      returned: 200,
      toTakeBack: 0,
    });
  });
});
