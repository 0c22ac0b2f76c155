/**
 * Property-style checks over many seeded random lines and carts (deterministic: a failure
 * reproduces). They state the invariants every receipt and report relies on.
 */
import { describe, expect, it } from 'vitest';
import { priceCart } from './cart.ts';
import { priceLine } from './line.ts';
import type { PriceLineInput, PricedLine, PricingCharge, PricingDiscount, PricingTax } from './types.ts';

/** mulberry32: a tiny seeded generator, so every run checks the same inputs. */
function randomGenerator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { int, chance: (p: number) => next() < p };
}

type Random = ReturnType<typeof randomGenerator>;

function randomRate(random: Random): number {
  // Mostly realistic rates (0–27 % with up to 4 decimals), sometimes odd ones.
  return random.chance(0.1) ? random.int(0, 2_000_000) : random.int(0, 270_000);
}

function randomTaxes(random: Random, inclusive: 'all' | 'none' | 'mixed'): PricingTax[] {
  return Array.from({ length: random.int(0, 4) }, (_, index) => ({
    id: index + 1,
    name: `T${index + 1}`,
    rateE4: randomRate(random),
    isInclusive: inclusive === 'all' || (inclusive === 'mixed' && random.chance(0.5)),
    isCompound: random.chance(0.3),
  }));
}

function randomCharges(random: Random): PricingCharge[] {
  return Array.from({ length: random.int(0, 2) }, (_, index): PricingCharge => {
    const base = { id: index + 1, name: `C${index + 1}`, isTaxable: random.chance(0.5) };
    return random.chance(0.5)
      ? { ...base, kind: 'fixed', amount: random.int(0, 500), per: random.chance(0.5) ? 'unit' : 'line' }
      : { ...base, kind: 'percentage', rateE4: random.int(0, 200_000) };
  });
}

function randomDiscount(random: Random, max: number): PricingDiscount | null {
  if (random.chance(0.5)) return null;
  return random.chance(0.5) ? { kind: 'amount', amount: random.int(0, max) } : { kind: 'percentage', rateE4: random.int(0, 1_000_000) };
}

function randomLine(random: Random, inclusive: 'all' | 'none' | 'mixed'): PriceLineInput {
  const unitPrice = random.chance(0.2) ? random.int(0, 20) : random.int(0, 5_000_000);
  const quantity = random.int(0, random.chance(0.9) ? 12 : 10_000);
  return {
    unitPrice,
    quantity,
    taxes: randomTaxes(random, inclusive),
    charges: randomCharges(random),
    discount: randomDiscount(random, unitPrice * quantity + 100),
  };
}

function expectConsistent(line: PricedLine): void {
  const values = [line.gross, line.discount, line.orderDiscount, line.discountedGross, line.net, line.total, line.taxTotal];
  for (const value of [...values, ...line.taxes.flatMap((t) => [t.base, t.amount]), ...line.charges.flatMap((c) => [c.amount, c.net, c.tax])]) {
    expect(Number.isSafeInteger(value)).toBe(true);
    expect(value).toBeGreaterThanOrEqual(0);
  }
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const inclusive = sum(line.taxes.filter((t) => t.isInclusive).map((t) => t.amount));
  const exclusive = sum(line.taxes.filter((t) => !t.isInclusive).map((t) => t.amount));
  const taxableCharges = line.charges.filter((c) => c.isTaxable);
  expect(line.discountedGross).toBe(line.gross - line.discount - line.orderDiscount);
  expect(line.inclusiveTaxTotal).toBe(inclusive);
  expect(line.exclusiveTaxTotal).toBe(exclusive);
  expect(line.taxTotal).toBe(inclusive + exclusive);
  expect(line.chargeTotal).toBe(sum(line.charges.map((c) => c.amount)));
  // The price (and the taxable charges) = their nets + the inclusive taxes, to the cent.
  expect(line.net + sum(taxableCharges.map((c) => c.net)) + inclusive).toBe(line.discountedGross + sum(taxableCharges.map((c) => c.amount)));
  expect(line.total).toBe(line.discountedGross + line.chargeTotal + exclusive);
  expect(line.total).toBe(line.net + sum(line.charges.map((c) => c.net)) + line.taxTotal);
  expect(line.charges.filter((c) => !c.isTaxable).every((c) => c.tax === 0 && c.net === c.amount)).toBe(true);
}

describe('pricing invariants over random input', () => {
  it('inclusive lines: net + taxes === gross exactly, and the tax is the exact quotient rounded half away from zero', { timeout: 60_000 }, () => {
    const random = randomGenerator(20240601);
    for (let run = 0; run < 3000; run += 1) {
      const input = { ...randomLine(random, 'all'), charges: [] };
      const line = priceLine(input);
      expectConsistent(line);
      expect(line.net + line.taxTotal).toBe(line.discountedGross);
      expect(line.total).toBe(line.discountedGross);
      // The exact tax is G × (F − P) / F with F the price factor × 10^6^k and P = 10^6^(k+1);
      // |tax − exact tax| ≤ ½ is checked in BigInt as |2·tax·F − 2·G·(F − P)| ≤ F.
      const scale = 1_000_000n;
      let factor = scale + (input.taxes ?? []).filter((t) => !t.isCompound).reduce((s, t) => s + BigInt(t.rateE4), 0n);
      let power = scale;
      for (const t of (input.taxes ?? []).filter((t) => t.isCompound)) {
        factor *= scale + BigInt(t.rateE4);
        power *= scale;
      }
      const error = 2n * BigInt(line.taxTotal) * factor - 2n * BigInt(line.discountedGross) * (factor - power);
      expect((error < 0n ? -error : error) <= factor).toBe(true);
    }
  });

  it('9.99 including 20 % holds 1.665 of tax → 1.67 (the tax is rounded, not the net): net 8.32', () => {
    const line = priceLine({ unitPrice: 999, quantity: 1, taxes: [{ id: 1, name: 'VAT', rateE4: 200_000, isInclusive: true, isCompound: false }] });
    expect([line.net, line.taxTotal, line.total]).toEqual([832, 167, 999]);
  });

  it('at 20 % included, every price from 0.01 to 100.00 holds the tax price / 6 rounded half away from zero (the UK VAT fraction)', { timeout: 60_000 }, () => {
    const vat: PricingTax = { id: 1, name: 'VAT', rateE4: 200_000, isInclusive: true, isCompound: false };
    for (let price = 1; price <= 10_000; price += 1) {
      const line = priceLine({ unitPrice: price, quantity: 1, taxes: [vat] });
      expect(line.taxTotal).toBe(Math.floor((2 * price + 6) / 12));
      expect(line.net).toBe(price - line.taxTotal);
    }
  });

  it('exclusive lines: each tax is its base × rate rounded half away from zero, once per line', { timeout: 60_000 }, () => {
    const random = randomGenerator(7);
    for (let run = 0; run < 3000; run += 1) {
      const line = priceLine(randomLine(random, 'none'));
      expectConsistent(line);
      for (const t of line.taxes) {
        const exact2 = 2n * BigInt(t.base) * BigInt(t.rateE4);
        const rounded = (exact2 + 1_000_000n) / 2_000_000n; // half away from zero for a non-negative value
        expect(BigInt(t.amount)).toBe(rounded);
      }
    }
  });

  it('mixed lines with charges and discounts stay integer and add up', { timeout: 60_000 }, () => {
    const random = randomGenerator(99);
    for (let run = 0; run < 3000; run += 1) expectConsistent(priceLine(randomLine(random, 'mixed')));
  });

  it.each(['line', 'sale'] as const)('carts (taxes rounded per %s): the order discount pieces add up exactly and the totals agree with the lines', { timeout: 60_000 }, (taxRounding) => {
    const random = randomGenerator(4242);
    for (let run = 0; run < 500; run += 1) {
      const lines = Array.from({ length: random.int(0, 8) }, () => randomLine(random, 'mixed'));
      const orderDiscount = randomDiscount(random, 2_000_000);
      const cart = priceCart({ lines, orderDiscount, taxRounding });
      const before = lines.map((l) => priceLine(l));
      const discountable = before.reduce((s, l) => s + l.discountedGross, 0);
      const expected =
        !orderDiscount ? 0
        : orderDiscount.kind === 'amount' ? Math.min(orderDiscount.amount, discountable)
        : Number((2n * BigInt(discountable) * BigInt(orderDiscount.rateE4) + 1_000_000n) / 2_000_000n);
      expect(cart.orderDiscountTotal).toBe(expected);
      expect(cart.lines.reduce((s, l) => s + l.orderDiscount, 0)).toBe(expected);
      cart.lines.forEach((l, i) => {
        expectConsistent(l);
        // Each piece is within one cent of its exact proportional share.
        // |piece − expected × weight / discountable| < 1, in BigInt.
        const gap = BigInt(l.orderDiscount) * BigInt(discountable) - BigInt(expected) * BigInt(before[i]?.discountedGross ?? 0);
        expect((gap < 0n ? -gap : gap) < BigInt(Math.max(discountable, 1))).toBe(true);
      });
      expect(cart.total).toBe(cart.subtotal - cart.discountTotal + cart.chargeTotal + cart.exclusiveTaxTotal);
      expect(cart.total).toBe(cart.netTotal + cart.taxTotal);
      expect(cart.taxes.reduce((s, t) => s + t.amount, 0)).toBe(cart.taxTotal);
      // Each tax of the sale is the sum of its line pieces.
      for (const tax of cart.taxes) {
        const pieces = cart.lines.flatMap((l) => l.taxes.filter((t) => t.id === tax.id && t.rateE4 === tax.rateE4 && t.isInclusive === tax.isInclusive && t.isCompound === tax.isCompound));
        expect(pieces.reduce((s, t) => s + t.amount, 0)).toBe(tax.amount);
      }
    }
  });

  it('sale rounding: each tax is its exact amount over the sale rounded once, shared over the lines within a cent of their exact shares', { timeout: 60_000 }, () => {
    const random = randomGenerator(1313);
    const rates = [200_000, 75_000, 99_750, 50_000];
    for (let run = 0; run < 500; run += 1) {
      // One tax per line, drawn from a few shared taxes, so the exact amounts are easy to state.
      const lines: PriceLineInput[] = Array.from({ length: random.int(1, 12) }, () => {
        const id = random.int(1, 4);
        const isInclusive = id % 2 === 1;
        const tax: PricingTax = { id, name: `T${id}`, rateE4: rates[id - 1] ?? 0, isInclusive, isCompound: false };
        return { unitPrice: random.int(0, 5_000), quantity: random.int(1, 5), taxes: [tax] };
      });
      const cart = priceCart({ lines, taxRounding: 'sale' });
      // Exact tax of a line as numerator / denominator: inclusive A·r / (S + r), exclusive A·r / S.
      const S = 1_000_000n;
      const exactOf = (l: PriceLineInput) => {
        const tax = l.taxes?.[0];
        const amount = BigInt(l.unitPrice * l.quantity);
        const rate = BigInt(tax?.rateE4 ?? 0);
        return tax?.isInclusive ? { n: amount * rate, d: S + rate } : { n: amount * rate, d: S };
      };
      for (const tax of cart.taxes) {
        const members = lines.flatMap((l, i) => (l.taxes?.[0]?.id === tax.id ? [i] : []));
        const d = (members.length ? exactOf(lines[members[0]!]!) : { d: 1n }).d;
        const n = members.reduce((s, i) => s + exactOf(lines[i]!).n, 0n);
        expect(BigInt(tax.amount)).toBe((2n * n + d) / (2n * d));
        for (const i of members) {
          // |piece − amount × exact_i / Σ exact| < 1
          const piece = BigInt(cart.lines[i]!.taxTotal);
          const gap = piece * n - BigInt(tax.amount) * exactOf(lines[i]!).n;
          expect((gap < 0n ? -gap : gap) < (n === 0n ? 1n : n)).toBe(true);
        }
      }
    }
  });
});
