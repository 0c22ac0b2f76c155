import type { CouponBulkInput } from '@tillbook/contract';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { errorMessageOf } from '../../lib/forms.ts';
import { notify } from '../../lib/notifications.tsx';
import { useBulkCoupons } from './api.ts';

const doneWords: Record<CouponBulkInput['action'], string> = { activate: 'Activated', deactivate: 'Deactivated', delete: 'Deleted' };

function couponsWord(count: number): string {
  return `${count} ${count === 1 ? 'coupon' : 'coupons'}`;
}

/** Activate, deactivate or delete the selected coupons; the server does all or none. */
export function CouponBulkBar({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const bulk = useBulkCoupons();
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);

  function run(action: CouponBulkInput['action']) {
    bulk.mutate(
      { ids, action },
      {
        onSuccess: (affected) => {
          notify.success(`${doneWords[action]}: ${couponsWord(affected)}.`);
          setIsConfirmingDelete(false);
          onDone();
        },
        onError: (error) => {
          notify.error(errorMessageOf(error));
          setIsConfirmingDelete(false);
        },
      },
    );
  }

  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-md border border-indigo-200 bg-indigo-50 px-4 py-2 text-sm"
    >
      <span className="mr-2 font-medium text-indigo-900">{ids.length} selected</span>
      <Button variant="secondary" disabled={bulk.isPending} onClick={() => run('activate')}>
        Activate
      </Button>
      <Button variant="secondary" disabled={bulk.isPending} onClick={() => run('deactivate')}>
        Deactivate
      </Button>
      <Button variant="danger" disabled={bulk.isPending} onClick={() => setIsConfirmingDelete(true)}>
        Delete
      </Button>
      <Button variant="ghost" onClick={onDone}>
        Clear selection
      </Button>
      <ConfirmDialog
        open={isConfirmingDelete}
        title={`Delete ${couponsWord(ids.length)}?`}
        confirmLabel="Delete"
        isBusy={bulk.isPending}
        onConfirm={() => run('delete')}
        onCancel={() => setIsConfirmingDelete(false)}
      >
        Coupons that orders have used cannot be deleted; if one of them is among the selection nothing is deleted.
        Deactivate them instead.
      </ConfirmDialog>
    </div>
  );
}
