import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { RemoveLineCell } from '../../components/line-table.tsx';
import { Block } from '../../components/ui/block.tsx';
import { VariantPicker } from '../../components/variant-picker.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { costOf, marginTenthsOf, type SupplierForm } from './form-model.ts';

/** The margin we would make at the supplier's cost, as the person types it. */
function MarginCell({ index, price }: { index: number; price: number }) {
  const money = useMoney();
  const text = useWatch<SupplierForm, `products.${number}.cost`>({ name: `products.${index}.cost` });
  const cost = costOf(text ?? '', money);
  const tenths = cost === null ? null : marginTenthsOf(price, cost);
  if (cost === null || tenths === null) return <span className="text-gray-400">—</span>;
  return (
    <span className={tenths < 0 ? 'text-red-600' : 'text-gray-900'} data-testid={`margin-${index}`}>
      {money.format(price - cost)} · {(tenths / 10).toFixed(1)}%
    </span>
  );
}

/** "Products supplied": picker above, one row per variant with the supplier's SKU and cost. */
export function SupplierProductsSection() {
  const money = useMoney();
  const form = useFormContext<SupplierForm>();
  const rows = useFieldArray({ control: form.control, name: 'products', keyName: 'key' });
  const rowErrors = form.formState.errors.products;
  const listError = rowErrors?.message;
  const chosen = new Set(rows.fields.map((r) => r.variantId));

  return (
    <Block title="Products supplied">
      <div className="space-y-4">
        <VariantPicker
          placeholder="Add a product: type its name, SKU or barcode"
          chosenVariantIds={chosen}
          onPick={(v) => rows.append({ ...v, ourCost: v.cost, supplierSku: '', cost: money.toInput(v.cost) })}
        />
        {listError && <p className="text-sm text-red-600">{listError}</p>}
        {rows.fields.length === 0 ? (
          <p className="rounded-md border border-dashed border-gray-300 px-4 py-6 text-center text-sm text-gray-500">
            No products yet. Search above to add what this supplier delivers, with their SKU and cost.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Products supplied</caption>
              <thead className="text-left text-xs font-semibold text-gray-500 uppercase">
                <tr>
                  <th className="py-2 pr-3">Product</th>
                  <th className="py-2 pr-3">Supplier SKU</th>
                  <th className="py-2 pr-3">Supplier cost</th>
                  <th className="py-2 pr-3 text-right">Our cost / price</th>
                  <th className="py-2 pr-3 text-right">Margin at this cost</th>
                  <th className="py-2">
                    <span className="sr-only">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {rows.fields.map((row, index) => {
                  const errors = rowErrors?.[index];
                  const label = [row.productTitle, row.variantName].filter(Boolean).join(' · ');
                  return (
                    <tr key={row.key} className="align-top">
                      <td className="py-2 pr-3">
                        <div className="font-medium text-gray-900">{label}</div>
                        <div className="font-mono text-xs text-gray-500">{row.sku}</div>
                        {errors?.variantId?.message && <p className="mt-1 text-sm text-red-600">{errors.variantId.message}</p>}
                      </td>
                      <td className="py-2 pr-3">
                        <TextInput
                          aria-label={`Supplier SKU for ${label}`}
                          className="w-36"
                          invalid={Boolean(errors?.supplierSku)}
                          {...form.register(`products.${index}.supplierSku`)}
                        />
                        {errors?.supplierSku?.message && <p className="mt-1 text-sm text-red-600">{errors.supplierSku.message}</p>}
                      </td>
                      <td className="py-2 pr-3">
                        <TextInput
                          aria-label={`Supplier cost for ${label}`}
                          inputMode="decimal"
                          className="w-28"
                          invalid={Boolean(errors?.cost)}
                          {...form.register(`products.${index}.cost`)}
                        />
                        {errors?.cost?.message && <p className="mt-1 text-sm text-red-600">{errors.cost.message}</p>}
                      </td>
                      <td className="py-2 pr-3 text-right whitespace-nowrap text-gray-700">
                        {money.format(row.ourCost)} / {money.format(row.price)}
                      </td>
                      <td className="py-2 pr-3 text-right whitespace-nowrap">
                        <MarginCell index={index} price={row.price} />
                      </td>
                      <RemoveLineCell label={label} onRemove={() => rows.remove(index)} />
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </Block>
  );
}
