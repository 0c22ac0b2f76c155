import { TooManyCombinationsError, variantCombinations } from '@tillbook/contract';
import { useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ChipsSelect } from '../../components/ui/chips-select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useAttributeChoices, useOutletChoices } from '../../lib/choices.ts';
import { notify } from '../../lib/notifications.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { createBarcode } from './api.ts';
import { blankVariant, type ProductForm } from './form-model.ts';

/** Attributes → one variant per chosen combination, each with its SKU, barcode, price and cost. */
export function VariantsSection() {
  const money = useMoney();
  const { control, register, setValue, getValues, formState } = useFormContext<ProductForm>();
  const variants = useFieldArray({ control, name: 'variants', keyName: 'key' });
  const attributeIds = useWatch({ control, name: 'attributeIds' });
  const attributes = useAttributeChoices();
  const outlets = useOutletChoices();
  const outletIds = (outlets.data ?? []).map((o) => o.id);
  const chosen = attributeIds.flatMap((id) => (attributes.data ?? []).filter((a) => a.id === id));
  const [pickedOptions, setPickedOptions] = useState<Record<number, number[]>>({});
  // Until the person ticks something, the options the variants already use count as picked.
  const usedOptionIds = new Set(getValues('variants').flatMap((v) => v.optionIds));
  const pickedOf = (attribute: { id: number; options: Array<{ id: number }> }) =>
    pickedOptions[attribute.id] ?? attribute.options.filter((o) => usedOptionIds.has(o.id)).map((o) => o.id);
  const [combinationError, setCombinationError] = useState<string | null>(null);
  const errors = formState.errors;

  function setAttributes(next: number[]) {
    if (next.length > 3) return;
    setValue('attributeIds', next, { shouldDirty: true });
    if (next.length === 0) {
      // Back to a single default variant; keep the first row's prices.
      const first = getValues('variants')[0] ?? blankVariant(outletIds);
      variants.replace([{ ...first, optionIds: [], name: '' }]);
    }
  }

  function buildVariants() {
    setCombinationError(null);
    try {
      const combinations = variantCombinations(
        attributeIds.map((id) => {
          const attribute = chosen.find((a) => a.id === id);
          const picked = attribute ? pickedOf(attribute) : [];
          return { id, options: (attribute?.options ?? []).filter((o) => picked.includes(o.id)) };
        }),
      );
      if (combinations.length === 0) {
        setCombinationError('Tick at least one option of each attribute.');
        return;
      }
      const current = getValues('variants');
      const template = current[0];
      const key = (ids: number[]) => [...ids].sort((a, b) => a - b).join('-');
      variants.replace(
        combinations.map((c) => {
          const existing = current.find((v) => v.optionIds.length && key(v.optionIds) === key(c.optionIds));
          return existing ?? { ...blankVariant(outletIds, c.optionIds, c.name), price: template?.price ?? '', cost: template?.cost ?? '' };
        }),
      );
    } catch (error) {
      setCombinationError(error instanceof TooManyCombinationsError ? error.message : errorMessageOf(error));
    }
  }

  async function generateBarcode(index: number) {
    try {
      setValue(`variants.${index}.barcode`, await createBarcode(), { shouldDirty: true });
    } catch (error) {
      notify.error(errorMessageOf(error));
    }
  }

  const hasAttributes = attributeIds.length > 0;
  const errorOf = (index: number, field: 'sku' | 'barcode' | 'price' | 'cost' | 'optionIds') => errors.variants?.[index]?.[field]?.message;

  return (
    <Block title="Variants">
      <div className="mb-5 grid gap-5 sm:grid-cols-2">
        <div>
          <p className="mb-1.5 text-sm font-medium text-gray-700">Attributes</p>
          <ChipsSelect
            label="Attributes"
            options={attributes.data}
            value={attributeIds}
            onChange={setAttributes}
            placeholder="Add an attribute (Size, Colour…)"
            emptyText="No attributes yet — add them under Products › Attributes to sell sizes or colours."
          />
          <p className="mt-1.5 text-xs text-gray-500">Without attributes the product has one variant. Up to 3 attributes, 200 combinations.</p>
        </div>
        {hasAttributes && (
          <div className="space-y-3">
            {chosen.map((attribute) => (
              <fieldset key={attribute.id}>
                <legend className="text-sm font-medium text-gray-700">{attribute.name}</legend>
                <div className="mt-1 flex flex-wrap gap-3">
                  {attribute.options.map((option) => (
                    <label key={option.id} className="flex items-center gap-1.5 text-sm">
                      <input
                        type="checkbox"
                        className="size-4 accent-indigo-600"
                        checked={pickedOf(attribute).includes(option.id)}
                        onChange={(e) => {
                          const list = pickedOf(attribute);
                          setPickedOptions((prev) => ({
                            ...prev,
                            [attribute.id]: e.target.checked ? [...list, option.id] : list.filter((x) => x !== option.id),
                          }));
                        }}
                      />
                      {option.name}
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
            <Button variant="secondary" onClick={buildVariants}>
              Create variants
            </Button>
            {combinationError && <Alert tone="error">{combinationError}</Alert>}
          </div>
        )}
      </div>
      {errors.variants?.message && <Alert tone="error" className="mb-3">{errors.variants.message}</Alert>}
      {errors.variants?.root?.message && <Alert tone="error" className="mb-3">{errors.variants.root.message}</Alert>}
      <div className="overflow-x-auto">
        <table className="min-w-full text-sm">
          <caption className="sr-only">Variants</caption>
          <thead>
            <tr className="text-left text-xs font-semibold tracking-wide text-gray-600 uppercase">
              <th className="py-2 pr-3">Variant</th>
              <th className="py-2 pr-3">SKU</th>
              <th className="py-2 pr-3">Barcode</th>
              <th className="py-2 pr-3">Price</th>
              <th className="py-2 pr-3">Cost</th>
              <th className="py-2 pr-3">On sale</th>
              {hasAttributes && (
                <th className="py-2">
                  <span className="sr-only">Remove</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {variants.fields.map((variant, index) => (
              <tr key={variant.key} className="align-top">
                <td className="py-2 pr-3 font-medium text-gray-800">
                  {variant.name || 'Default'}
                  {errorOf(index, 'optionIds') && <p className="mt-1 text-xs font-normal text-red-600">{errorOf(index, 'optionIds')}</p>}
                </td>
                <td className="py-2 pr-3">
                  <TextInput aria-label={`SKU of ${variant.name || 'the product'}`} placeholder="Generated" invalid={!!errorOf(index, 'sku')} className="w-36" {...register(`variants.${index}.sku`)} />
                  {errorOf(index, 'sku') && <p className="mt-1 text-xs text-red-600">{errorOf(index, 'sku')}</p>}
                </td>
                <td className="py-2 pr-3">
                  <div className="flex gap-1">
                    <TextInput aria-label={`Barcode of ${variant.name || 'the product'}`} invalid={!!errorOf(index, 'barcode')} className="w-40 font-mono" {...register(`variants.${index}.barcode`)} />
                    <Button variant="ghost" className="px-2 text-xs" title="Make a new in-store barcode" onClick={() => void generateBarcode(index)}>
                      New
                    </Button>
                  </div>
                  {errorOf(index, 'barcode') && <p className="mt-1 max-w-56 text-xs text-red-600">{errorOf(index, 'barcode')}</p>}
                </td>
                <td className="py-2 pr-3">
                  <TextInput aria-label={`Price of ${variant.name || 'the product'}`} inputMode="decimal" placeholder={money.toInput(0)} invalid={!!errorOf(index, 'price')} className="w-28 text-right" {...register(`variants.${index}.price`)} />
                  {errorOf(index, 'price') && <p className="mt-1 max-w-40 text-xs text-red-600">{errorOf(index, 'price')}</p>}
                </td>
                <td className="py-2 pr-3">
                  <TextInput aria-label={`Cost of ${variant.name || 'the product'}`} inputMode="decimal" placeholder={money.toInput(0)} invalid={!!errorOf(index, 'cost')} className="w-28 text-right" {...register(`variants.${index}.cost`)} />
                  {errorOf(index, 'cost') && <p className="mt-1 max-w-40 text-xs text-red-600">{errorOf(index, 'cost')}</p>}
                </td>
                <td className="py-2 pr-3 pt-4">
                  <input type="checkbox" aria-label={`${variant.name || 'The product'} is on sale`} className="size-4 accent-indigo-600" {...register(`variants.${index}.active`)} />
                </td>
                {hasAttributes && (
                  <td className="py-2">
                    <Button variant="ghost" className="px-2 text-xs text-red-700" disabled={variants.fields.length === 1} onClick={() => variants.remove(index)}>
                      Remove
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Block>
  );
}
