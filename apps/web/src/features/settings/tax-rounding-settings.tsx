import { useState } from 'react';
import { priceCart, type PricingTax, type TaxRounding } from '@tillbook/contract';
import { Block } from '../../components/ui/block.tsx';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { useSaveTaxSettings } from './api.ts';

/** The worked example beside the choice: ten items at 0.99 (in the shop's currency) including 20 % VAT. */
const exampleTax: PricingTax = { id: 1, name: 'VAT', rateE4: 200_000, isInclusive: true, isCompound: false };
const exampleLines = Array.from({ length: 10 }, () => ({ unitPrice: 99, quantity: 1, taxes: [exampleTax] }));

/** The VAT of the example sale under each way of rounding, worked out by the pricing engine. */
export function taxRoundingExample(mode: TaxRounding): number {
  return priceCart({ lines: exampleLines, taxRounding: mode }).taxTotal;
}

/** How sales round their taxes: saved as soon as it is chosen, like the blind close. */
export function TaxRoundingSettings({ taxRounding }: { taxRounding: TaxRounding }) {
  const money = useMoney();
  const save = useSaveTaxSettings();
  const unit = money.format(99);
  // The choice shows at once (a controlled radio would otherwise spring back until the mutation's
  // pending state arrives); a refusal puts the saved value back.
  const [chosen, setChosen] = useState<TaxRounding | null>(null);
  const value = chosen ?? taxRounding;
  return (
    <Block title="Taxes">
      <ChoiceGroup<TaxRounding>
        legend="Tax rounding"
        value={value}
        onChange={(next) => {
          setChosen(next);
          save.mutate(
            { taxRounding: next },
            {
              onSuccess: () => notify.success(next === 'sale' ? 'Taxes are now rounded once per sale.' : 'Taxes are now rounded on each line.'),
              onError: (error) => {
                setChosen(null);
                notify.error(errorMessageOf(error));
              },
            },
          );
        }}
        options={[
          {
            value: 'line',
            label: 'Round on each line',
            description: `Every line's tax is rounded to the cent, and the sale's tax is the sum of the lines. Ten items at ${unit} including 20 % VAT: ${money.format(taxRoundingExample('line'))} of VAT.`,
          },
          {
            value: 'sale',
            label: 'Round once per sale',
            description: `Each tax rate is added up over the sale unrounded and rounded once, then shared back over the lines. The same ten items: ${money.format(taxRoundingExample('sale'))} of VAT.`,
          },
        ]}
        hint="Ask your accountant which your tax authority expects. Sales already made keep the taxes they were sold with; receipts, the drawer's report and refunds follow each sale's own figures."
      />
    </Block>
  );
}
