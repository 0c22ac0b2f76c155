import { stockCountScopeLabels, type StockCountScope } from '@tillbook/contract';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { BackLink } from '../../components/back-link.tsx';
import { ButtonLink } from '../../components/button-link.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { VariantPicker, variantLabel, type PickedVariant } from '../../components/variant-picker.tsx';
import { apiErrorOf } from '../../lib/api-error.ts';
import { useCategoryChoices, useOutletChoices } from '../../lib/choices.ts';
import { notify } from '../../lib/notifications.tsx';
import { useStartStockCount } from './api.ts';

const scopeChoices = [
  { value: 'all', label: stockCountScopeLabels.all, description: 'Every product that tracks stock.' },
  { value: 'category', label: stockCountScopeLabels.category, description: 'A category and everything filed under it.' },
  { value: 'list', label: stockCountScopeLabels.list, description: 'Only the products you pick or scan.' },
] as const;

/** /stock-counts/new: which outlet and what to count; starting it freezes what each line expects. */
export function NewStockCountPage() {
  const navigate = useNavigate();
  const outlets = useOutletChoices();
  const categories = useCategoryChoices();
  const start = useStartStockCount();
  const [outletId, setOutletId] = useState('');
  const [scope, setScope] = useState<StockCountScope>('all');
  const [categoryId, setCategoryId] = useState('');
  const [picked, setPicked] = useState<PickedVariant[]>([]);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!outletId) local.outletId = 'Choose the outlet to count.';
    if (scope === 'category' && !categoryId) local.categoryId = 'Choose the category to count.';
    if (scope === 'list' && picked.length === 0) local.variantIds = 'Add at least one product to count.';
    setErrors(local);
    setFormError(null);
    if (Object.keys(local).length) return;
    try {
      const count = await start.mutateAsync({
        outletId: Number(outletId),
        scope,
        categoryId: scope === 'category' ? Number(categoryId) : null,
        variantIds: scope === 'list' ? picked.map((v) => v.variantId) : [],
        note,
      });
      notify.success(`${count.number} started: ${count.totals.lines.toLocaleString()} ${count.totals.lines === 1 ? 'line' : 'lines'} to count.`);
      navigate(`/stock-counts/${count.id}`);
    } catch (error) {
      // What was chosen stays; each message lands beside its field or on its product.
      const { message, fieldErrors } = apiErrorOf(error);
      setErrors(fieldErrors);
      const shown = ['outletId', 'scope', 'categoryId', 'variantIds', 'note'];
      if (!Object.keys(fieldErrors).some((key) => shown.includes(key.split('.')[0] ?? key))) setFormError(message);
    }
  }

  const chosen = new Set(picked.map((v) => v.variantId));
  return (
    <Page>
      <PageHeader title="New stock count" back={<BackLink to="/stock-counts">Stock counts</BackLink>} description="The sheet remembers what each product’s stock is when the count starts; sales during the count are allowed for." />
      <form onSubmit={submit} noValidate className="max-w-3xl space-y-6">
        {formError && <Alert tone="error">{formError}</Alert>}
        <Block title="What to count">
          <div className="space-y-5">
            <Field label="Outlet" error={errors.outletId}>
              <Select value={outletId} onChange={(e) => setOutletId(e.target.value)} className="sm:w-80">
                <option value="">Choose an outlet…</option>
                {(outlets.data ?? []).map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </Select>
            </Field>
            <ChoiceGroup legend="Count" options={scopeChoices} value={scope} onChange={setScope} error={errors.scope} />
            {scope === 'category' && (
              <Field label="Category" error={errors.categoryId} hint="Products in its sub-categories are counted too.">
                <Select value={categoryId} onChange={(e) => setCategoryId(e.target.value)} className="sm:w-80">
                  <option value="">Choose a category…</option>
                  {(categories.data ?? []).map((c) => (
                    <option key={c.id} value={c.id}>
                      {'\u00a0\u00a0'.repeat(c.depth ?? 0)}
                      {c.name}
                    </option>
                  ))}
                </Select>
              </Field>
            )}
            {scope === 'list' && (
              <div className="space-y-3">
                <VariantPicker
                  label="Add a product to count"
                  chosenVariantIds={chosen}
                  onPick={(v) => setPicked((previous) => (previous.some((p) => p.variantId === v.variantId) ? previous : [...previous, v]))}
                />
                {errors.variantIds && <p className="text-sm text-red-600">{errors.variantIds}</p>}
                {picked.length === 0 ? (
                  <p className="rounded-md border border-dashed border-gray-300 px-4 py-6 text-center text-sm text-gray-500">
                    No products yet. Search or scan above to put products on the sheet.
                  </p>
                ) : (
                  <ul aria-label="Products to count" className="divide-y divide-gray-100 rounded-md border border-gray-200">
                    {picked.map((v, index) => (
                      <li key={v.variantId} className="flex items-start justify-between gap-3 px-3 py-2 text-sm">
                        <span>
                          <span className="font-medium text-gray-900">{variantLabel(v)}</span> <span className="font-mono text-xs text-gray-500">{v.sku}</span>
                          {errors[`variantIds.${index}`] && <span className="block text-red-600">{errors[`variantIds.${index}`]}</span>}
                        </span>
                        <Button
                          variant="ghost"
                          className="px-2 py-1 text-xs"
                          aria-label={`Remove ${variantLabel(v)}`}
                          onClick={() => {
                            setPicked((previous) => previous.filter((p) => p.variantId !== v.variantId));
                            // The row messages follow the rows: clear them rather than show them on the wrong one.
                            setErrors((previous) => Object.fromEntries(Object.entries(previous).filter(([key]) => !key.startsWith('variantIds.'))));
                          }}
                        >
                          Remove
                        </Button>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )}
            <Field label="Note" error={errors.note} hint="Optional: why or how the count is done (“Year-end count, aisle 3 first”).">
              <Textarea value={note} onChange={(e) => setNote(e.target.value)} rows={2} />
            </Field>
          </div>
        </Block>
        <div className="flex gap-3">
          <Button type="submit" disabled={start.isPending}>
            {start.isPending ? 'Processing' : 'Start count'}
          </Button>
          <ButtonLink to="/stock-counts" variant="ghost">
            Cancel
          </ButtonLink>
        </div>
      </form>
    </Page>
  );
}
