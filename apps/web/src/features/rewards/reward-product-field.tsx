import { useFormContext, useWatch } from 'react-hook-form';
import { VariantPicker } from '../../components/variant-picker.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { variantNameOf } from './reward-display.tsx';
import { formVariantOf, type RewardForm, type RewardFormVariant } from './reward-form-model.ts';

const noneChosen = new Set<number>();

/** The product a reward gives free: searched or scanned with the variant picker, one variant. */
export function RewardProductField() {
  const form = useFormContext<RewardForm>();
  const money = useMoney();
  const variant = useWatch({ control: form.control, name: 'variant' });
  const error = form.formState.errors.variantId?.message;

  function choose(next: RewardFormVariant | null) {
    form.setValue('variant', next, { shouldDirty: true });
    form.setValue('variantId', next?.id ?? null, { shouldDirty: true });
    form.clearErrors('variantId');
  }

  return (
    <div>
      <p className="mb-1.5 text-sm font-medium text-gray-700">Product given free</p>
      {variant ? (
        <div className="flex items-center justify-between gap-3 rounded-md border border-gray-200 px-3 py-2 text-sm" data-testid="reward-product">
          <span>
            <span className="font-medium text-gray-900">{variantNameOf(variant)}</span>{' '}
            {variant.sku && <span className="font-mono text-xs text-gray-500">{variant.sku}</span>}
            <span className="block text-xs text-gray-500">One unit, sold today at {money.format(variant.unitPrice)}.</span>
          </span>
          <Button variant="ghost" className="px-2 py-1 text-xs" aria-label={`Remove ${variantNameOf(variant)}`} onClick={() => choose(null)}>
            Change
          </Button>
        </div>
      ) : (
        <VariantPicker label="Find the product" chosenVariantIds={noneChosen} offerAll={false} onPick={(picked) => choose(formVariantOf(picked))} />
      )}
      {error && <p className="mt-1.5 text-sm text-red-600">{error}</p>}
    </div>
  );
}
