import { useState } from 'react';
import { DownloadLink } from '../../components/button-link.tsx';
import { BulkActions } from '../../components/status-bulk-bar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { ordersExportSelectedUrl, useBulkOrders } from './api.ts';

type OrderBulkBarProps = { ids: number[]; onClear: () => void };
type TagAction = 'tag' | 'untag';

const ordersNoun = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;

/** Actions on the selected orders: add or remove a tag, export just them. */
export function OrderBulkBar({ ids, onClear }: OrderBulkBarProps) {
  const bulk = useBulkOrders();
  const [action, setAction] = useState<TagAction | null>(null);
  const [tag, setTag] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  function open(next: TagAction) {
    setTag('');
    setFieldError(null);
    setAction(next);
  }

  function close() {
    setAction(null);
    setFieldError(null);
  }

  function apply() {
    if (!action) return;
    setFieldError(null);
    const tags = tag.trim() ? [tag.trim()] : [];
    bulk.mutate(
      { ids, action, values: { tags } },
      {
        onSuccess: (affected) => {
          notify.success(`${action === 'tag' ? 'Tagged' : 'Untagged'} ${ordersNoun(affected)}.`);
          close();
          onClear();
        },
        // The server's 422 (an empty or too long tag) belongs beside the field the cashier typed in.
        onError: (error) => setFieldError(errorMessageOf(error)),
      },
    );
  }

  return (
    <BulkActions count={ids.length}>
      <Button variant="secondary" onClick={() => open('tag')}>
        Tag…
      </Button>
      <Button variant="secondary" onClick={() => open('untag')}>
        Remove tag…
      </Button>
      <DownloadLink href={ordersExportSelectedUrl(ids)}>Export selected</DownloadLink>
      <Button variant="ghost" onClick={onClear}>
        Clear
      </Button>

      <Dialog
        open={action !== null}
        title={action === 'untag' ? `Remove a tag from ${ordersNoun(ids.length)}` : `Tag ${ordersNoun(ids.length)}`}
        onClose={close}
        footer={
          <>
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button disabled={bulk.isPending} onClick={apply}>
              {bulk.isPending ? 'Processing' : action === 'untag' ? 'Remove tag' : 'Add tag'}
            </Button>
          </>
        }
      >
        <Field label="Tag" error={fieldError ?? undefined}>
          <TextInput
            value={tag}
            onChange={(e) => setTag(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') apply();
            }}
          />
        </Field>
      </Dialog>
    </BulkActions>
  );
}
