import { useState, type ReactNode } from 'react';
import { errorMessageOf } from '../lib/api-error.ts';
import { notify } from '../lib/notifications.tsx';
import { Button } from './ui/button.tsx';
import { ConfirmDialog } from './ui/dialog.tsx';

export type StatusBulkAction = 'activate' | 'deactivate' | 'delete';

type StatusBulkBarProps = {
  ids: number[];
  onDone: () => void;
  /** ['coupon', 'coupons'] */
  noun: [singular: string, plural: string];
  /** The list's bulk mutation (POST /api/X/update): takes {ids, action}, answers how many changed. */
  bulk: {
    mutate: (input: { ids: number[]; action: StatusBulkAction }, callbacks: { onSuccess: (affected: number) => void; onError: (error: unknown) => void }) => void;
    isPending: boolean;
  };
  /** What deleting means for this area, in the confirmation. */
  deleteWarning: ReactNode;
};

const doneWords: Record<StatusBulkAction, string> = { activate: 'Activated', deactivate: 'Deactivated', delete: 'Deleted' };

/** Activate, deactivate or delete the selected rows of a list; delete asks first. */
export function StatusBulkBar({ ids, onDone, noun, bulk, deleteWarning }: StatusBulkBarProps) {
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const countOf = (count: number) => `${count} ${count === 1 ? noun[0] : noun[1]}`;

  function run(action: StatusBulkAction) {
    bulk.mutate(
      { ids, action },
      {
        onSuccess: (affected) => {
          notify.success(`${doneWords[action]}: ${countOf(affected)}.`);
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
        title={`Delete ${countOf(ids.length)}?`}
        confirmLabel="Delete"
        isBusy={bulk.isPending}
        onConfirm={() => run('delete')}
        onCancel={() => setIsConfirmingDelete(false)}
      >
        {deleteWarning}
      </ConfirmDialog>
    </div>
  );
}
