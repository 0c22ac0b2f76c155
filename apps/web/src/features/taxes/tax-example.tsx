import { parsePercent, priceLine } from '@tillbook/contract';
import { useMoney } from '../../lib/shop-settings.ts';

type TaxExampleInput = { rate: string; isInclusive: boolean; isCompound: boolean };

/**
 * What the tax does to a price of 10 in the shop's currency, worked out by the pricing engine
 * the register uses: "A $10.00 price → net $9.30 + tax $0.70 = $10.00" (inclusive) or
 * "$10.00 + $0.75 tax = $10.75" (exclusive). Null while the rate is not a percentage.
 */
export function describeTaxExample(input: TaxExampleInput, money: { format: (minor: number) => string; fractionDigits: number }): string | null {
  const rateE4 = parsePercent(input.rate);
  if (rateE4 === null) return null;
  const unitPrice = 10 * 10 ** money.fractionDigits;
  const line = priceLine({
    unitPrice,
    quantity: 1,
    taxes: [{ id: 0, name: 'This tax', rateE4, isInclusive: input.isInclusive, isCompound: input.isCompound }],
  });
  const { format } = money;
  return input.isInclusive
    ? `A ${format(unitPrice)} price → net ${format(line.net)} + tax ${format(line.taxTotal)} = ${format(line.total)}`
    : `${format(unitPrice)} + ${format(line.taxTotal)} tax = ${format(line.total)}`;
}

/** The worked example beside the tax form, recomputed as the person types. */
export function TaxExample(input: TaxExampleInput) {
  const money = useMoney();
  const example = describeTaxExample(input, money);
  const isImpossible = input.isInclusive && input.isCompound;
  return (
    <div aria-live="polite" className="rounded-md border border-gray-200 bg-gray-50 px-4 py-3 text-sm">
      <p className="text-xs font-semibold tracking-wide text-gray-500 uppercase">Worked example</p>
      {example === null || isImpossible ? (
        <p className="mt-1 text-gray-600">
          {isImpossible ? 'A compound tax is added on top of the price, so it cannot be included in it.' : 'Type a rate such as 7.5 to see how it works out.'}
        </p>
      ) : (
        <>
          <p data-testid="tax-example" className="mt-1 font-medium text-gray-900 tabular-nums">
            {example}
          </p>
          <p className="mt-1 text-xs text-gray-500">
            {input.isInclusive
              ? 'The shelf price stays the same; the tax is the part of it that goes to the tax office.'
              : 'The tax is added at the till, on top of the shelf price.'}
            {input.isCompound && ' As a compound tax it is worked out on the price plus the taxes before it on the product.'}
          </p>
        </>
      )}
    </div>
  );
}
