import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import type { ProductForm } from './form-model.ts';
import { useOutletChoices } from './pickers.ts';
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
          <caption className="sr-only">Stock per outlet</caption>
          <thead>
            <tr className="text-left text-xs font-semibold tracking-wide text-gray-600 uppercase">
              <th className="py-2 pr-3">Variant</th>
              <th className="py-2 pr-3">Outlet</th>
              <th className="py-2 pr-3">{isNew ? 'Opening quantity' : 'On hand'}</th>
              <th className="py-2 pr-3">Low-stock threshold</th>
              {!isNew && <th className="py-2" aria-label="Adjust" />}
            </tr>
          </thead>
          <tbody>
            {variants.flatMap((variant, i) =>
              variant.stock.map((level, j) => {
                const label = `${variant.name || 'Default'} at ${outletName(level.outletId)}`;
                const error = formState.errors.variants?.[i]?.stock?.[j];
                return (
                  <tr key={`${i}-${level.outletId}`} className="align-top">
                    <td className="py-2 pr-3 font-medium text-gray-800">{variant.name || 'Default'}</td>
                    <td className="py-2 pr-3 text-gray-700">{outletName(level.outletId)}</td>
                    <td className="py-2 pr-3">
                      {isNew ? (
                        <>
                          <TextInput aria-label={`Opening quantity of ${label}`} inputMode="numeric" placeholder="0" className="w-28 text-right" invalid={!!error?.quantity} {...register(`variants.${i}.stock.${j}.quantity`)} />
                          {error?.quantity && <p className="mt-1 text-xs text-red-600">{error.quantity.message}</p>}
                        </>
                      ) : (
                        <span className="inline-block pt-2 tabular-nums">{(level.current ?? 0).toLocaleString()}</span>
                      )}
                    </td>
                    <td className="py-2 pr-3">
                      <TextInput aria-label={`Low-stock threshold of ${label}`} inputMode="numeric" placeholder="Shop default" className="w-32 text-right" invalid={!!error?.lowStockThreshold} {...register(`variants.${i}.stock.${j}.lowStockThreshold`)} />
                      {error?.lowStockThreshold && <p className="mt-1 text-xs text-red-600">{error.lowStockThreshold.message}</p>}
                    </td>
                    {!isNew && (
                      <td className="py-2">
                        {variant.id !== undefined ? (
                          <Button
                            variant="secondary"
                            className="px-2 py-1 text-xs"
                            onClick={() => setAdjusting({ variantId: variant.id as number, outletId: level.outletId, label, current: level.current ?? 0 })}
                          >
                            Adjust
                          </Button>
                        ) : (
                          <span className="text-xs text-gray-500">Save first</span>
                        )}
                      </td>
                    )}
                  </tr>
                );
              }),
            )}
          </tbody>
        </table>
      </div>
      {productId !== undefined && adjusting && <StockAdjustDialog productId={productId} target={adjusting} onClose={() => setAdjusting(null)} />}
    </Block>
  );
}
