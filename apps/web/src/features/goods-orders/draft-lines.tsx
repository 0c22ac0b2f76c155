import { useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { RemoveLineCell } from '../../components/line-table.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { VariantPicker, variantLabel, type PickedVariant } from '../../components/variant-picker.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useOutletChoices } from '../../lib/choices.ts';
import { cn } from '../../lib/class-names.ts';
import { useMoney } from '../../lib/shop-settings.ts';
import { fetchLowStock, useSupplierTerms } from './api.ts';
import { draftTotals, lineOfSuggestion, lineOfVariant, plusOne, type DraftForm, type DraftLine } from './form-model.ts';
import { plural } from './goods-order-display.tsx';

const th = 'py-2 pr-3 text-left text-xs font-semibold tracking-wide text-gray-500 uppercase';
const error = (message: string | undefined) => message && <p className="mt-1 text-sm text-red-600">{message}</p>;

function stockText(stock: DraftLine['stock']): string | null {
  if (!stock) return null;
  const parts = [`On hand ${stock.onHand.toLocaleString()}`];
  if (stock.onOrder !== null) parts.push(`on order ${stock.onOrder.toLocaleString()}`);
  if (stock.reorderLevel !== null) parts.push(`reorder level ${stock.reorderLevel.toLocaleString()}`);
  return parts.join(' · ');
}

/** The draft's lines: added by search or scan (a repeated scan adds one), or all the supplier's low-stock items at once. */
export function DraftLines() {
  const money = useMoney();
  const form = useFormContext<DraftForm>();
  const rows = useFieldArray({ control: form.control, name: 'items', keyName: 'key' });
  const lines = useWatch<DraftForm, 'items'>({ name: 'items' }) ?? [];
  const [supplierId, outletId] = useWatch<DraftForm, ['supplierId', 'outletId']>({ name: ['supplierId', 'outletId'] });
  const terms = useSupplierTerms(supplierId ? Number(supplierId) : undefined);
  const outlets = useOutletChoices();
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const [isFilling, setIsFilling] = useState(false);
  const [touched, setTouched] = useState<number | null>(null);
  const itemErrors = form.formState.errors.items;
  const listError = itemErrors?.message ?? itemErrors?.root?.message;
  const chosen = new Set(rows.fields.map((r) => r.variantId));
  const outletName = outlets.data?.find((o) => String(o.id) === outletId)?.name ?? 'this outlet';

  function pick(v: PickedVariant) {
    const current = form.getValues('items');
    const index = current.findIndex((line) => line.variantId === v.variantId);
    setTouched(v.variantId);
    if (index >= 0) {
      const quantity = plusOne(current[index]?.quantity ?? '');
      form.setValue(`items.${index}.quantity`, quantity, { shouldDirty: true });
      form.clearErrors(`items.${index}.quantity`);
      setNotice({ tone: 'info', text: `${variantLabel(v)}: ${quantity} on the order.` });
      return;
    }
    const link = terms.data?.products.find((p) => p.variantId === v.variantId);
    rows.append(lineOfVariant(v, link, money), { shouldFocus: false });
    setNotice({ tone: 'info', text: `${variantLabel(v)} added.` });
  }

  async function addLowStock() {
    setNotice(null);
    setIsFilling(true);
    try {
      const suggestions = await fetchLowStock(Number(supplierId), Number(outletId));
      const current = form.getValues('items');
      const fresh = [];
      let already = 0;
      for (const s of suggestions) {
        const index = current.findIndex((line) => line.variantId === s.variantId);
        if (index < 0) {
          fresh.push(lineOfSuggestion(s, money));
          continue;
        }
        already += 1;
        form.setValue(`items.${index}.stock`, { onHand: s.onHand, onOrder: s.onOrder, reorderLevel: s.reorderLevel });
      }
      if (fresh.length > 0) rows.append(fresh, { shouldFocus: false });
      const text =
        suggestions.length === 0
          ? `Nothing this supplier delivers is low at ${outletName}.`
          : fresh.length === 0
            ? `The ${plural(already, 'low-stock item')} ${already === 1 ? 'is' : 'are'} already on the order.`
            : `Added ${plural(fresh.length, 'low-stock item')}, each up to its reorder level${already ? ` (${already} already on the order)` : ''}.`;
      setNotice({ tone: 'info', text });
    } catch (caught) {
      setNotice({ tone: 'error', text: errorMessageOf(caught) });
    } finally {
      setIsFilling(false);
    }
  }

  const canFill = Boolean(supplierId && outletId);
  return (
    <Block
      title="Lines"
      actions={
        <div className="flex items-center gap-3">
          {!canFill && <span className="text-xs text-gray-500">Choose the supplier and the outlet first.</span>}
          <Button variant="secondary" disabled={!canFill} isBusy={isFilling} onClick={() => void addLowStock()}>
            {isFilling ? 'Looking…' : 'Add low-stock items'}
          </Button>
        </div>
      }
    >
      <div className="space-y-4">
        <VariantPicker label="Add a product" placeholder="Type a name, SKU or barcode — or scan" chosenVariantIds={chosen} repeat onPick={pick} />
        {notice && (
          <p role={notice.tone === 'error' ? 'alert' : 'status'} className={cn('text-sm', notice.tone === 'error' ? 'text-red-600' : 'text-gray-700')}>
            {notice.text}
          </p>
        )}
        {listError && <p className="text-sm text-red-600">{listError}</p>}
        {rows.fields.length === 0 ? (
          <p className="rounded-md border border-dashed border-gray-300 px-4 py-6 text-center text-sm text-gray-500">
            No lines yet. Search or scan above to add products, or add this supplier’s low-stock items.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Lines</caption>
              <thead className="border-b border-gray-200">
                <tr>
                  <th className={th}>Product</th>
                  <th className={th}>Supplier SKU</th>
                  <th className={th}>Quantity</th>
                  <th className={th}>Unit cost</th>
                  <th className={th}>Tax %</th>
                  <th className={`${th} text-right`}>Line total</th>
                  <th className="py-2">
                    <span className="sr-only">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {rows.fields.map((row, index) => {
                  const line = lines[index] ?? row;
                  const errors = itemErrors?.[index];
                  const label = variantLabel(row);
                  const priced = draftTotals([line], money)?.lines[0];
                  const stock = stockText(line.stock);
                  return (
                    <tr key={row.key} className={cn('align-top', touched === row.variantId && 'bg-indigo-50/60')} data-testid={`line-${row.variantId}`}>
                      <td className="py-2 pr-3">
                        <div className="font-medium text-gray-900">{label}</div>
                        <div className="font-mono text-xs text-gray-500">{row.sku}</div>
                        {stock && <div className="text-xs text-gray-500">{stock}</div>}
                        {error(errors?.variantId?.message)}
                      </td>
                      <td className="py-2 pr-3">
                        <TextInput aria-label={`Supplier SKU for ${label}`} className="w-36" invalid={Boolean(errors?.supplierSku)} {...form.register(`items.${index}.supplierSku`)} />
                        {error(errors?.supplierSku?.message)}
                      </td>
                      <td className="py-2 pr-3">
                        <TextInput aria-label={`Quantity of ${label}`} inputMode="numeric" className="w-24" invalid={Boolean(errors?.quantity)} {...form.register(`items.${index}.quantity`)} />
                        {error(errors?.quantity?.message)}
                      </td>
                      <td className="py-2 pr-3">
                        <TextInput aria-label={`Unit cost of ${label}`} inputMode="decimal" className="w-28" invalid={Boolean(errors?.unitCost)} {...form.register(`items.${index}.unitCost`)} />
                        {error(errors?.unitCost?.message)}
                      </td>
                      <td className="py-2 pr-3">
                        <TextInput aria-label={`Tax % of ${label}`} inputMode="decimal" placeholder="0" className="w-20" invalid={Boolean(errors?.taxRate)} {...form.register(`items.${index}.taxRate`)} />
                        {error(errors?.taxRate?.message)}
                      </td>
                      <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums" data-testid={`line-total-${row.variantId}`}>
                        {priced ? money.format(priced.total) : '—'}
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
