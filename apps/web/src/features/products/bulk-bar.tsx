import { useState } from 'react';
import { BulkActions } from '../../components/status-bulk-bar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { useCategoryChoices } from '../../lib/choices.ts';
import { notify } from '../../lib/notifications.tsx';
import { useBulkProducts, type BulkAction } from './api.ts';

type BulkBarProps = { ids: number[]; onDone: () => void };

/** Actions on the selected products: archive, activate, delete, set category, change price. */
export function BulkBar({ ids, onDone }: BulkBarProps) {
  const bulk = useBulkProducts();
  const categories = useCategoryChoices();
  const [dialog, setDialog] = useState<'delete' | 'category' | 'price' | null>(null);
  const [categoryId, setCategoryId] = useState('');
  const [categoryMode, setCategoryMode] = useState<'add' | 'replace'>('add');
  const [percent, setPercent] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  function run(action: BulkAction, values?: Parameters<typeof bulk.mutate>[0]['values'], done = 'Done') {
    setFieldError(null);
    bulk.mutate(
      { ids, action, values },
      {
        onSuccess: (affected) => {
          notify.success(`${done}: ${affected} ${affected === 1 ? 'product' : 'products'}.`);
          setDialog(null);
          onDone();
        },
        onError: (error) => {
          const message = errorMessageOf(error);
          if (dialog === 'category' || dialog === 'price') setFieldError(message);
          else notify.error(message);
        },
      },
    );
  }

  return (
    <BulkActions count={ids.length}>
      <Button variant="secondary" disabled={bulk.isPending} onClick={() => run('archive', undefined, 'Archived')}>
        Archive
      </Button>
      <Button variant="secondary" disabled={bulk.isPending} onClick={() => run('activate', undefined, 'Activated')}>
        Activate
      </Button>
      <Button variant="secondary" onClick={() => setDialog('category')}>
        Set category
      </Button>
      <Button variant="secondary" onClick={() => setDialog('price')}>
        Change price
      </Button>
      <Button variant="danger" onClick={() => setDialog('delete')}>
        Delete
      </Button>

      <ConfirmDialog
        open={dialog === 'delete'}
        title={`Delete ${ids.length} ${ids.length === 1 ? 'product' : 'products'}?`}
        confirmLabel="Delete"
        isBusy={bulk.isPending}
        onConfirm={() => run('delete', undefined, 'Deleted')}
        onCancel={() => setDialog(null)}
      >
        Products that sales refer to are archived instead, so their history stays whole.
      </ConfirmDialog>

      <Dialog
        open={dialog === 'category'}
        title="Set category"
        onClose={() => setDialog(null)}
        footer={
          <>
            <Button variant="ghost" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button disabled={bulk.isPending} onClick={() => run('setCategory', { categoryId: Number(categoryId) || undefined, categoryMode }, 'Category set')}>
              {bulk.isPending ? 'Processing' : 'Apply'}
            </Button>
          </>
        }
      >
        <div className="space-y-4">
          <Field label="Category" error={fieldError ?? undefined}>
            <Select value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
              <option value="">Choose a category…</option>
              {categories.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {`${'— '.repeat(c.depth ?? 0)}${c.name}`}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="How">
            <Select value={categoryMode} onChange={(e) => setCategoryMode(e.target.value as 'add' | 'replace')}>
              <option value="add">Add to the categories they are in</option>
              <option value="replace">Replace their categories</option>
            </Select>
          </Field>
        </div>
      </Dialog>

      <Dialog
        open={dialog === 'price'}
        title="Change price by a percentage"
        onClose={() => setDialog(null)}
        footer={
          <>
            <Button variant="ghost" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button disabled={bulk.isPending} onClick={() => run('changePrice', { percent }, 'Prices changed')}>
              {bulk.isPending ? 'Processing' : 'Apply'}
            </Button>
          </>
        }
      >
        <Field label="Percentage" error={fieldError ?? undefined} hint="10 raises every variant's price by 10 %; -5 lowers it by 5 %. Rounded to the cent.">
          <TextInput inputMode="decimal" value={percent} onChange={(e) => setPercent(e.target.value)} />
        </Field>
      </Dialog>
    </BulkActions>
  );
}
