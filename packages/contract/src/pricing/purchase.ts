import { divideRounded, HUNDRED_PERCENT, toSafeNumber } from './rounding.ts';

/**
 * Purchases (goods orders, issue 13): what a line and an order cost, and the variant's cost after
 * a delivery. Same units and rounding as the rest of the engine (index.ts): money in minor units,
 * rates as rateE4, exact quotients rounded half away from zero.
 */

export type PurchaseLineInput = { quantity: number; unitCost: number; taxRateE4: number };
export type PricedPurchaseLine = { net: number; tax: number; total: number };
export type PricedPurchase = { lines: PricedPurchaseLine[]; net: number; tax: number; total: number; units: number };

/** A purchase line: quantity × unit cost, and its tax (exclusive, on top) rounded once on the line. */
export function pricePurchaseLine(line: PurchaseLineInput): PricedPurchaseLine {
  const net = BigInt(line.quantity) * BigInt(line.unitCost);
  const tax = divideRounded(net * BigInt(line.taxRateE4), HUNDRED_PERCENT);
  return { net: toSafeNumber(net, 'line net'), tax: toSafeNumber(tax, 'line tax'), total: toSafeNumber(net + tax, 'line total') };
}

/** A goods order's totals: the sum of its lines. */
export function pricePurchase(lines: readonly PurchaseLineInput[]): PricedPurchase {
  const priced = lines.map(pricePurchaseLine);
  const sum = (pick: (l: PricedPurchaseLine) => number) => priced.reduce((total, l) => total + pick(l), 0);
  return { lines: priced, net: sum((l) => l.net), tax: sum((l) => l.tax), total: sum((l) => l.total), units: lines.reduce((n, l) => n + l.quantity, 0) };
}

/**
 * The variant's cost after a delivery (docs/decisions/021): the weighted average of the units on
 * hand at every outlet, at the cost they carry, and the units received, at what they cost:
 *
 *   new cost = (on hand × cost before + received × received cost) ÷ (on hand + received)
 *
 * rounded half away from zero to the minor unit. Stock below zero counts as none (the units sold
 * before they arrived were sold at the old cost, which their sale copied); with nothing on hand the
 * new cost is the received cost.
 */
export function weightedAverageCost(input: { onHand: number; costBefore: number; received: number; receivedCost: number }): number {
  const onHand = BigInt(Math.max(0, input.onHand));
  const received = BigInt(input.received);
  if (received <= 0n) return input.costBefore;
  const value = onHand * BigInt(input.costBefore) + received * BigInt(input.receivedCost);
  return toSafeNumber(divideRounded(value, onHand + received), 'average cost');
}
