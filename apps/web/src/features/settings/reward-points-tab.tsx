import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Block } from '../../components/ui/block.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { ChipsSelect } from '../../components/ui/chips-select.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useCategoryChoices } from '../../lib/choices.ts';
import { useMoney, useShopSettings } from '../../lib/shop-settings.ts';
import { ProductsField } from '../../components/products-field.tsx';
import { exampleEarned, typedRules, type ExcludedProduct, type RewardSettingsForm } from './reward-settings-model.ts';

/** Said on the screen as the engine counts (issue 14): what earns, and how it is rounded. */
export const earningRule =
  'Points are counted on what the customer pays for goods after discounts, without tax, rounded down. The part of a sale paid with points earns nothing.';

/** ?tab=points: whether and how sales earn points, what earns nothing, and when points expire. */
export function RewardPointsTab() {
  const form = useFormContext<RewardSettingsForm>();
  const { errors } = form.formState;
  const money = useMoney();
  const { locale } = useShopSettings();
  const values = useWatch({ control: form.control }) as RewardSettingsForm;
  const rules = typedRules(values, money, 'points');
  const exampleNet = rules ? rules.earning.perAmount * 25 : 0;

  return (
    <>
      <Block title="Earning points">
        <div className="space-y-5">
          <Checkbox
            label="Customers earn points"
            description="A completed, paid sale with a customer on it adds points to the customer’s balance."
            {...form.register('earning.enabled')}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Points earned" error={errors.earning?.points?.message} hint="A whole number, e.g. 1.">
              <TextInput {...form.register('earning.points')} inputMode="numeric" autoComplete="off" className="w-40" />
            </Field>
            <Field label={`For every (${money.currency})`} error={errors.earning?.perAmount?.message} hint={`Spent on goods, e.g. ${money.toInput(100)}.`}>
              <TextInput {...form.register('earning.perAmount')} inputMode="decimal" autoComplete="off" className="w-40" />
            </Field>
          </div>
          <p className="rounded-md bg-gray-50 px-3 py-2 text-sm text-gray-700" aria-live="polite" data-testid="earning-example">
            {rules
              ? `${rules.earning.points.toLocaleString(locale)} ${rules.earning.points === 1 ? 'point' : 'points'} for every ${money.format(rules.earning.perAmount)}: goods of ${money.format(exampleNet)} earn ${exampleEarned(rules, exampleNet).toLocaleString(locale)} points.`
              : 'Enter the figures above to see what a sale earns.'}
          </p>
          <p className="text-sm text-gray-700">{earningRule}</p>
          <Field
            label={`Minimum order (${money.currency})`}
            error={errors.earning?.minimumOrder?.message}
            hint="The goods of a sale (after discounts, without tax) must come to at least this to earn. Empty: any sale earns."
          >
            <TextInput {...form.register('earning.minimumOrder')} inputMode="decimal" autoComplete="off" className="w-40" />
          </Field>
        </div>
      </Block>
      <ExcludedBlock />
      <ExpiryBlock />
    </>
  );
}

/** Categories and products whose items earn no points (their share of a sale counts for nothing). */
function ExcludedBlock() {
  const form = useFormContext<RewardSettingsForm>();
  const { errors } = form.formState;
  const categories = useCategoryChoices();
  const products = useWatch({ control: form.control, name: 'earning.excludedProducts' });

  function changeProducts(next: ExcludedProduct[]) {
    form.setValue('earning.excludedProducts', next, { shouldDirty: true });
    form.setValue(
      'earning.excludedProductIds',
      next.map((p) => p.id),
      { shouldDirty: true },
    );
    form.clearErrors('earning.excludedProductIds');
  }

  return (
    <Block title="What earns nothing">
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <p className="mb-1.5 text-sm font-medium text-gray-700">Categories</p>
          <Controller
            control={form.control}
            name="earning.excludedCategoryIds"
            render={({ field }) => (
              <ChipsSelect
                label="Categories that earn nothing"
                options={categories.data}
                value={field.value}
                onChange={field.onChange}
                placeholder="Add a category…"
                invalid={Boolean(errors.earning?.excludedCategoryIds)}
                emptyText="No categories yet."
              />
            )}
          />
          {categories.isError && <p className="mt-1 text-sm text-red-600">The categories could not be loaded.</p>}
          {errors.earning?.excludedCategoryIds?.message && <p className="mt-1 text-sm text-red-600">{errors.earning.excludedCategoryIds.message}</p>}
        </div>
        <div>
          <p className="mb-1.5 text-sm font-medium text-gray-700">Products</p>
          <ProductsField value={products ?? []} onChange={changeProducts} invalid={Boolean(errors.earning?.excludedProductIds)} listLabel="Products that earn nothing" />
          {errors.earning?.excludedProductIds?.message && <p className="mt-1 text-sm text-red-600">{errors.earning.excludedProductIds.message}</p>}
        </div>
      </div>
    </Block>
  );
}

/** Points expire N months after they were earned; off by default. */
function ExpiryBlock() {
  const form = useFormContext<RewardSettingsForm>();
  const { errors } = form.formState;
  const isExpiring = useWatch({ control: form.control, name: 'expiry.enabled' });
  return (
    <Block title="Expiry">
      <div className="space-y-5">
        <Checkbox label="Points expire" description="When not ticked, points never expire." {...form.register('expiry.enabled')} />
        {isExpiring && (
          <Field label="Points expire after (months)" error={errors.expiry?.months?.message} hint="Counted from the sale that earned them, 1 to 120 months.">
            <TextInput {...form.register('expiry.months')} inputMode="numeric" autoComplete="off" className="w-40" />
          </Field>
        )}
        <p className="text-sm text-gray-700">Expired points leave the balance oldest first, and each expiry shows in the customer’s points history.</p>
      </div>
    </Block>
  );
}
