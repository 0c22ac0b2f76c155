import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Block } from '../../components/ui/block.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useOutletChoices } from '../../lib/choices.ts';
import type { ProductForm } from './form-model.ts';
import { StockAdjustDialog, type AdjustTarget } from './stock-adjust-dialog.tsx';

/**
 * Stock per outlet and variant. A new product takes opening quantities; afterwards quantities
 * change only through an adjustment with a reason (the ledger) — the thresholds stay editable.
 */
export function StockSection({ productId }: { productId: number | undefined }) {
  const { control, register, formState } = useFormContext<ProductForm>();
  const trackStock = useWatch({ control, name: 'trackStock' });
  const variants = useWatch({ control, name: 'variants' });
  const outlets = useOutletChoices();
  const [adjusting, setAdjusting] = useState<AdjustTarget | null>(null);
  const isNew = productId === undefined;
  const outletName = (id: number) => outlets.data?.find((o) => o.id === id)?.name ?? `Outlet ${id}`;

  if (!trackStock) {
    return (
      <Block title="Stock">
        <p className="text-sm text-gray-600">This product does not track stock. Tick “Track stock” to count it per outlet.</p>
      </Block>
    );
  }
  return (
    <Block title="Stock">
      {outlets.data?.length === 0 && <p className="text-sm text-gray-600">No active outlets: add one under Outlets to keep stock.</p>}
      <div className="overflow-x-auto">
        <table className="min-w-full text-sm">
          <caption className="sr-only">Stock per variant and outlet</caption>
          <thead>
            <tr className="text-left text-xs font-semibold tracking-wide text-gray-600 uppercase">
              <th className="py-2 pr-4">Variant</th>
              {(variants[0]?.stock ?? []).map((level) => (
                <th key={level.outletId} className="py-2 pr-4">
                  {outletName(level.outletId)}
                  <span className="block text-[11px] font-normal tracking-normal text-gray-500 normal-case">
                    {isNew ? 'Opening quantity · low at' : 'On hand · low at'}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {variants.map((variant, i) => (
              <tr key={i} className="align-top">
                <td className="py-2 pr-4 pt-4 font-medium whitespace-nowrap text-gray-800">{variant.name || 'Default'}</td>
                {variant.stock.map((level, j) => {
                  const label = `${variant.name || 'Default'} at ${outletName(level.outletId)}`;
                  const error = formState.errors.variants?.[i]?.stock?.[j];
                  return (
                    <td key={level.outletId} className="py-2 pr-4">
                      <div className="flex items-center gap-2">
                        {isNew ? (
                          <TextInput aria-label={`Opening quantity of ${label}`} inputMode="numeric" placeholder="0" className="w-20 text-right" invalid={!!error?.quantity} {...register(`variants.${i}.stock.${j}.quantity`)} />
                        ) : variant.id !== undefined ? (
                          <button
                            type="button"
                            title="Adjust stock"
                            aria-label={`Adjust stock of ${label}: ${level.current ?? 0} on hand`}
                            className={`w-20 rounded-md border border-dashed border-gray-300 px-2 py-2 text-right tabular-nums hover:border-indigo-400 hover:bg-indigo-50 ${(level.current ?? 0) <= 0 ? 'text-red-700' : 'text-gray-900'}`}
                            onClick={() => setAdjusting({ variantId: variant.id as number, outletId: level.outletId, label, current: level.current ?? 0 })}
                          >
                            {(level.current ?? 0).toLocaleString()}
                          </button>
                        ) : (
                          <span className="w-20 py-2 text-right text-xs text-gray-500">Save first</span>
                        )}
                        <TextInput aria-label={`Low-stock threshold of ${label}`} inputMode="numeric" placeholder="Default" className="w-20 text-right" invalid={!!error?.lowStockThreshold} {...register(`variants.${i}.stock.${j}.lowStockThreshold`)} />
                      </div>
                      {(error?.quantity || error?.lowStockThreshold) && (
                        <p className="mt-1 text-xs text-red-600">{error.quantity?.message ?? error.lowStockThreshold?.message}</p>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!isNew && <p className="mt-3 text-xs text-gray-500">Click a quantity to adjust it with a reason; every change is kept in the stock movements below.</p>}
      {productId !== undefined && adjusting && <StockAdjustDialog productId={productId} target={adjusting} onClose={() => setAdjusting(null)} />}
    </Block>
  );
}
