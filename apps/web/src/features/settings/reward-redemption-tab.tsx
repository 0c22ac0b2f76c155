import { formatPercent } from '@tillbook/contract';
import { useFormContext, useWatch } from 'react-hook-form';
import { Block } from '../../components/ui/block.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useMoney, useShopSettings } from '../../lib/shop-settings.ts';
import { exampleBalance, exampleValue, typedRules, type RewardSettingsForm } from './reward-settings-model.ts';

/** ?tab=redemption: whether customers pay with points, what a point is worth, and the limits. */
export function RewardRedemptionTab() {
  const form = useFormContext<RewardSettingsForm>();
  const { errors } = form.formState;
  const money = useMoney();
  const { locale } = useShopSettings();
  const values = useWatch({ control: form.control }) as RewardSettingsForm;
  const rules = typedRules(values, money, 'redemption');

  return (
    <Block title="Paying with points">
      <div className="space-y-5">
        <Checkbox
          label="Customers can pay with points"
          description="At the till, points pay for part of a sale like a tender. Rewards are taken for points either way."
          {...form.register('redemption.enabled')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Points" error={errors.redemption?.points?.message} hint="A whole number, e.g. 100.">
            <TextInput {...form.register('redemption.points')} inputMode="numeric" autoComplete="off" className="w-40" />
          </Field>
          <Field label={`Are worth (${money.currency})`} error={errors.redemption?.value?.message} hint={`e.g. ${money.toInput(100)}.`}>
            <TextInput {...form.register('redemption.value')} inputMode="decimal" autoComplete="off" className="w-40" />
          </Field>
          <Field
            label="Minimum balance to redeem"
            error={errors.redemption?.minimumBalance?.message}
            hint="Points a customer needs before paying with them. 0: any balance."
          >
            <TextInput {...form.register('redemption.minimumBalance')} inputMode="numeric" autoComplete="off" className="w-40" />
          </Field>
          <Field label="Largest share of a sale (%)" error={errors.redemption?.maxShare?.message} hint="Points pay at most this part of a sale, e.g. 50. 100: all of it.">
            <TextInput {...form.register('redemption.maxShare')} inputMode="decimal" autoComplete="off" className="w-40" />
          </Field>
        </div>
        <div>
          <Checkbox
            label="Points may pay for discounted items"
            description="When not ticked, points pay only for items without a discount (their own, the sale’s, a coupon’s or a reward’s)."
            {...form.register('redemption.payDiscountedItems')}
          />
        </div>
        <p className="rounded-md bg-gray-50 px-3 py-2 text-sm text-gray-700" aria-live="polite" data-testid="redemption-example">
          {rules
            ? `${rules.redemption.points.toLocaleString(locale)} points are worth ${money.format(rules.redemption.value)}. A customer with ${exampleBalance(rules).toLocaleString(locale)} points can pay up to ${money.format(exampleValue(rules))}, at most ${formatPercent(rules.redemption.maxShareE4)} % of a sale.`
            : 'Enter the figures above to see what points pay.'}
        </p>
      </div>
    </Block>
  );
}
