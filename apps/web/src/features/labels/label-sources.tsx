import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { VariantPicker, type PickedVariant } from '../../components/variant-picker.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useCategoryChoices } from '../../lib/choices.ts';
import { formatDay } from '../../lib/date-format.ts';
import { fetchCategorySources, fetchGoodsOrderSources, fetchLowStockSources, fetchPriceChangeSources, useReceivedGoodsOrders, type LabelSource } from './api.ts';

type Source = 'category' | 'low' | 'order' | 'prices';

type LabelSourcesProps = {
  chosenVariantIds: ReadonlySet<number>;
  /** A variant searched or scanned (a repeated scan adds one label). */
  onPick: (variant: PickedVariant) => void;
  /** Variants of a category, the low-stock items, a goods order or the price changes; `what` names them in the notice. */
  onAdd: (sources: LabelSource[], what: string) => void;
  onError: (message: string) => void;
};

/** Where the lines come from: search or scan, a whole category, the low-stock items, a received goods order, the prices changed since a day. */
export function LabelSources({ chosenVariantIds, onPick, onAdd, onError }: LabelSourcesProps) {
  const categories = useCategoryChoices();
  const orders = useReceivedGoodsOrders();
  const [categoryId, setCategoryId] = useState('');
  const [orderId, setOrderId] = useState('');
  const [since, setSince] = useState('');
  const [busy, setBusy] = useState<Source | null>(null);

  async function load(kind: Source, what: string, fetch: () => Promise<LabelSource[]>) {
    setBusy(kind);
    try {
      onAdd(await fetch(), what);
    } catch (caught) {
      onError(errorMessageOf(caught));
    } finally {
      setBusy(null);
    }
  }

  const categoryName = categories.data?.find((c) => String(c.id) === categoryId)?.name ?? '';
  const orderNumber = orders.data?.find((o) => String(o.id) === orderId)?.number ?? '';
  return (
    <div className="space-y-4">
      <VariantPicker chosenVariantIds={chosenVariantIds} repeat onPick={onPick} />
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex items-center gap-2">
          <Select aria-label="Category" className="w-56" value={categoryId} onChange={(event) => setCategoryId(event.target.value)}>
            <option value="">Choose a category…</option>
            {categories.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {`${'  '.repeat(c.depth ?? 0)}${c.name}`}
              </option>
            ))}
          </Select>
          <Button
            variant="secondary"
            disabled={!categoryId || busy !== null}
            isBusy={busy === 'category'}
            onClick={() => void load('category', `the products of ${categoryName}`, () => fetchCategorySources(Number(categoryId)))}
          >
            {busy === 'category' ? 'Adding…' : 'Add category'}
          </Button>
        </div>
        <div className="flex items-center gap-2">
          <Select aria-label="Received goods order" className="w-64" value={orderId} onChange={(event) => setOrderId(event.target.value)}>
            <option value="">{orders.data?.length === 0 ? 'No goods received yet' : 'Choose a received goods order…'}</option>
            {orders.data?.map((o) => (
              <option key={o.id} value={o.id}>
                {`${o.number} · ${o.supplierName}`}
              </option>
            ))}
          </Select>
          <Button
            variant="secondary"
            disabled={!orderId || busy !== null}
            isBusy={busy === 'order'}
            onClick={() => void load('order', `what ${orderNumber} received`, () => fetchGoodsOrderSources(Number(orderId)))}
          >
            {busy === 'order' ? 'Adding…' : 'Add received items'}
          </Button>
        </div>
        <Button variant="secondary" disabled={busy !== null} isBusy={busy === 'low'} onClick={() => void load('low', 'the low-stock items', fetchLowStockSources)}>
          {busy === 'low' ? 'Adding…' : 'Add low-stock items'}
        </Button>
        <div className="flex items-center gap-2">
          <label className="flex items-center gap-2 text-sm text-gray-700">
            Price changed since
            <TextInput type="date" className="w-40" value={since} onChange={(event) => setSince(event.target.value)} />
          </label>
          <Button
            variant="secondary"
            disabled={!since || busy !== null}
            isBusy={busy === 'prices'}
            onClick={() => void load('prices', `the prices changed since ${formatDay(since)}`, () => fetchPriceChangeSources(since))}
          >
            {busy === 'prices' ? 'Adding…' : 'Add'}
          </Button>
        </div>
      </div>
    </div>
  );
}
