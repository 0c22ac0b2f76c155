import { useState, type ReactNode } from 'react';
import { errorMessageOf } from '../lib/api-error.ts';
import { notify } from '../lib/notifications.tsx';
import { Button } from './ui/button.tsx';
import { ConfirmDialog } from './ui/dialog.tsx';

export type StatusBulkAction = 'activate' | 'deactivate' | 'delete';

/** The bar above a list while rows are selected: how many, then what can be done to them. */
export function BulkActions({ count, children }: { count: number; children: ReactNode }) {
  return (
    <div role="region" aria-label="Bulk actions" className="mb-3 flex flex-wrap items-center gap-2 rounded-md border border-indigo-200 bg-indigo-50 px-4 py-2 text-sm">
      <span className="mr-2 font-medium text-indigo-900">{count} selected</span>
      {children}
    </div>
  );
}

/** A list's bulk mutation (POST /api/X/update): takes {ids, action}, answers what changed. */
export type StatusBulkMutation<Result = number> = {
  mutate: (input: { ids: number[]; action: StatusBulkAction }, callbacks: { onSuccess: (result: Result) => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
};

type StatusBulkBarProps<Result> = {
  ids: number[];
  onDone: () => void;
  /** ['coupon', 'coupons'] */
  noun: [singular: string, plural: string];
  bulk: StatusBulkMutation<Result>;
  /** What deleting means for this area, in the confirmation. */
  deleteWarning: ReactNode;
  /** Says how it went; "Activated: 3 coupons." when the mutation answers a count. */
  announce?: (action: StatusBulkAction, result: Result) => void;
  /** More actions, between Deactivate and Delete. */
  children?: ReactNode;
};

const doneWords: Record<StatusBulkAction, string> = { activate: 'Activated', deactivate: 'Deactivated', delete: 'Deleted' };

/** "3 coupons" */
export function countOf(count: number, [singular, plural]: [singular: string, plural: string]) {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** Activate, deactivate or delete the selected rows of a list; delete asks first. */
export function StatusBulkBar<Result = number>({ ids, onDone, noun, bulk, deleteWarning, announce, children }: StatusBulkBarProps<Result>) {
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);

  function run(action: StatusBulkAction) {
    bulk.mutate(
      { ids, action },
      {
        onSuccess: (result) => {
          if (announce) announce(action, result);
          else notify.success(`${doneWords[action]}: ${countOf(result as number, noun)}.`);
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
    <BulkActions count={ids.length}>
      <Button variant="secondary" disabled={bulk.isPending} onClick={() => run('activate')}>
        Activate
      </Button>
      <Button variant="secondary" disabled={bulk.isPending} onClick={() => run('deactivate')}>
        Deactivate
      </Button>
      {children}
      <Button variant="danger" disabled={bulk.isPending} onClick={() => setIsConfirmingDelete(true)}>
        Delete
      </Button>
      <Button variant="ghost" onClick={onDone}>
        Clear selection
      </Button>
      <ConfirmDialog
        open={isConfirmingDelete}
        title={`Delete ${countOf(ids.length, noun)}?`}
        confirmLabel="Delete"
        isBusy={bulk.isPending}
        onConfirm={() => run('delete')}
        onCancel={() => setIsConfirmingDelete(false)}
      >
        {deleteWarning}
      </ConfirmDialog>
    </BulkActions>
  );
}

/** A list config's `bulk` (`ResourceList.bulk`): this bar over the area's bulk mutation. */
export function statusBulk({ useBulk, noun, deleteWarning }: { useBulk: () => StatusBulkMutation; noun: [singular: string, plural: string]; deleteWarning: ReactNode }) {
  function AreaBulkBar({ ids, onDone }: { ids: number[]; onDone: () => void }) {
    const bulk = useBulk();
    return <StatusBulkBar ids={ids} onDone={onDone} noun={noun} bulk={bulk} deleteWarning={deleteWarning} />;
  }
  return (ids: number[], clear: () => void) => <AreaBulkBar ids={ids} onDone={clear} />;
}
