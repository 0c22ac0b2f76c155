import { formatPercent, parsePercent, priceLine, type PricingCharge } from '@tillbook/contract';
import { useMoney } from '../../lib/shop-settings.ts';

export type ChargeExampleInput = {
  name: string;
  kind: 'fixed' | 'percentage';
  /** Minor units, or null while the typed amount is not a sum of money. */
  amount: number | null;
  rate: string;
  per: 'unit' | 'line';
  isTaxable: boolean;
};

/** A line of this many units at 10 (in the shop's currency) shows what the charge adds. */
const EXAMPLE_QUANTITY = 3;

/**
 * What the charge adds to a line of 3 units, worked out by the register's pricing engine:
 * "3 × Bottle deposit $0.25 = $0.75 per line". Null while the amount or rate is not valid.
 */
export function describeChargeExample(input: ChargeExampleInput, money: { format: (minor: number) => string; fractionDigits: number }): string | null {
  const name = input.name.trim() || 'this charge';
  const { format } = money;
  let charge: PricingCharge;
  if (input.kind === 'fixed') {
    if (input.amount === null || input.amount < 1) return null;
    charge = { id: 0, name, isTaxable: input.isTaxable, kind: 'fixed', amount: input.amount, per: input.per };
  } else {
    const rateE4 = parsePercent(input.rate);
    if (rateE4 === null || rateE4 === 0) return null;
    charge = { id: 0, name, isTaxable: input.isTaxable, kind: 'percentage', rateE4 };
  }
  const unitPrice = 10 * 10 ** money.fractionDigits;
  const line = priceLine({ unitPrice, quantity: EXAMPLE_QUANTITY, charges: [charge] });
  if (charge.kind === 'percentage') {
    return `${formatPercent(charge.rateE4)} % of a ${EXAMPLE_QUANTITY} × ${format(unitPrice)} line (${format(line.gross)}) = ${format(line.chargeTotal)}`;
  }
  return charge.per === 'unit'
    ? `${EXAMPLE_QUANTITY} × ${name} ${format(charge.amount)} = ${format(line.chargeTotal)} per line`
    : `${name} ${format(charge.amount)} once per line, whatever the quantity: ${EXAMPLE_QUANTITY} units → ${format(line.chargeTotal)}`;
}

/** The worked example beside the charge form, recomputed as the person types. */
export function ChargeExample(input: ChargeExampleInput) {
  const money = useMoney();
  const example = describeChargeExample(input, money);
  return (
    <div aria-live="polite" className="rounded-md border border-gray-200 bg-gray-50 px-4 py-3 text-sm">
      <p className="text-xs font-semibold tracking-wide text-gray-500 uppercase">Worked example</p>
      {example === null ? (
        <p className="mt-1 text-gray-600">
          {input.kind === 'fixed' ? 'Type an amount such as 0.25 to see how it works out.' : 'Type a rate such as 10 to see how it works out.'}
        </p>
      ) : (
        <>
          <p data-testid="charge-example" className="mt-1 font-medium text-gray-900 tabular-nums">
            {example}
          </p>
          <p className="mt-1 text-xs text-gray-500">
            {input.isTaxable
              ? 'Taxed with the product’s own taxes, like the product itself.'
              : 'Never taxed: the customer pays exactly this on top of the product.'}
          </p>
        </>
      )}
    </div>
  );
}
