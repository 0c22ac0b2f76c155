/** Round sums a customer commonly hands over, in whole currency units. */
const ROUND_STEPS = [1, 5, 10, 20, 50, 100] as const;
const MOST_QUICK_AMOUNTS = 5;

/**
 * The next round amounts above what is due, for the cash buttons: 32.10 due → 33, 35, 40, 50,
 * 100. `fractionDigits` is the currency's (JPY 0), so a "unit" is one yen or one dollar.
 */
export function quickCashAmounts(due: number, fractionDigits: number): number[] {
  if (due <= 0) return [];
  const unit = 10 ** fractionDigits;
  const amounts = new Set<number>();
  for (const step of ROUND_STEPS) {
    const size = step * unit;
    const rounded = Math.ceil(due / size) * size;
    // A sum equal to the due is the "Exact" button already.
    if (rounded > due) amounts.add(rounded);
  }
  return [...amounts].sort((a, b) => a - b).slice(0, MOST_QUICK_AMOUNTS);
}
