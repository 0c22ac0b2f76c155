import { productSettingsInput, type ProductSettingsInput, type ShopSettings } from '@tillbook/contract';
import { useController, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Form, FormActions, useSchemaForm } from '../../components/form.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { notify } from '../../lib/notifications.tsx';
import { useSaveProductSettings } from './api.ts';
import { skuExample } from './previews.ts';
import { SettingsPage } from './settings-page.tsx';
import { TaxPicker } from './tax-picker.tsx';

type ProductSettingsOutput = z.output<typeof productSettingsInput>;

function toForm(settings: ShopSettings): ProductSettingsInput {
  return {
    defaultTaxIds: settings.defaultTaxIds,
    skuPattern: settings.skuPattern,
    defaultLowStockThreshold: settings.defaultLowStockThreshold,
    allowNegativeStock: settings.allowNegativeStock,
  };
}

/** /settings/products (SPEC.md §2): defaults for new products and the stock rule at the till. */
export function ProductSettingsPage() {
  return (
    <SettingsPage title="Product settings" description="Defaults for new products, and whether the till may sell what is not in stock.">
      {(settings) => <ProductSettingsForm initial={toForm(settings)} />}
    </SettingsPage>
  );
}

function ProductSettingsForm({ initial }: { initial: ProductSettingsInput }) {
  const save = useSaveProductSettings();
  const form = useSchemaForm(productSettingsInput, { defaultValues: initial });
  const { errors } = form.formState;
  const taxes = useController({ control: form.control, name: 'defaultTaxIds' });
  const skuPattern = useWatch({ control: form.control, name: 'skuPattern' });
  const example = skuExample(skuPattern ?? '');

  async function submit(values: ProductSettingsOutput) {
    const saved = await save.mutateAsync(values);
    notify.success('Product settings saved.');
    form.reset(toForm(saved));
  }

  return (
    <Form form={form} onSubmit={submit}>
      <Block title="New products">
        <div className="space-y-6">
          <TaxPicker value={taxes.field.value ?? []} onChange={taxes.field.onChange} error={errors.defaultTaxIds?.message} />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              label="SKU pattern"
              error={errors.skuPattern?.message}
              hint={
                <>
                  Used when a product is saved without a SKU. <code>{'{seq}'}</code> is the next number;{' '}
                  <code>{'{seq:6}'}</code> pads it to 6 digits.
                </>
              }
            >
              <TextInput {...form.register('skuPattern')} autoComplete="off" spellCheck={false} className="font-mono" />
            </Field>
            <Field
              label="Default low-stock threshold"
              error={errors.defaultLowStockThreshold?.message}
              hint="A product counts as low in stock at or below this quantity, unless it sets its own."
            >
              <TextInput {...form.register('defaultLowStockThreshold', { valueAsNumber: true })} type="number" min={0} step={1} inputMode="numeric" className="w-40" />
            </Field>
          </div>
          <p className="rounded-md bg-gray-50 px-3 py-2 text-sm text-gray-700" aria-live="polite" data-testid="sku-example">
            {example ? (
              <>
                Example: <span className="font-mono">{skuPattern.trim()}</span> →{' '}
                <span className="font-mono font-semibold text-gray-900">{example}</span>
              </>
            ) : (
              <>
                Add <code>{'{seq}'}</code> or <code>{'{seq:N}'}</code> to the pattern to see an example SKU.
              </>
            )}
          </p>
        </div>
      </Block>
      <Block title="Selling">
        <Checkbox
          label="Allow selling below zero stock"
          description="When ticked, a register can sell a product even when its outlet has none left in stock; the stock then shows a negative quantity until goods are received or counted. When not ticked, a sale that would take stock below zero is refused."
          {...form.register('allowNegativeStock')}
        />
        {errors.allowNegativeStock?.message && <p className="mt-2 text-sm text-red-600">{errors.allowNegativeStock.message}</p>}
      </Block>
      <FormActions isPending={save.isPending} discard={{ isDirty: form.formState.isDirty, reset: () => form.reset() }} />
    </Form>
  );
}
