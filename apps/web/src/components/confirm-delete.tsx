import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { errorMessageOf } from '../lib/api-error.ts';
import { notify } from '../lib/notifications.tsx';
import { ConfirmDialog } from './ui/dialog.tsx';

export type DeleteConfig<T> = {
  /** The area's delete mutation (DELETE /api/X/{id}). */
  mutation: Pick<UseMutationResult<unknown, Error, number>, 'mutate' | 'isPending'>;
  /** "Delete this outlet?" */
  title: string;
  /** What deleting means for this row, in the confirmation. */
  warning: (row: T) => ReactNode;
  /** "Outlet “Main” deleted." */
  deletedMessage: (row: T) => string;
  /** After a delete that worked (e.g. leave the record's own page). */
  onDeleted?: (row: T) => void;
};

/**
 * Delete with a confirmation, then say what happened: the one confirm → delete → notify of the
 * back office. `ask(row)` opens the dialog; render `dialog` once in the page.
 */
export function useConfirmDelete<T extends { id: number }>({ mutation, title, warning, deletedMessage, onDeleted }: DeleteConfig<T>) {
  const [toDelete, setToDelete] = useState<T | null>(null);

  function confirm() {
    if (!toDelete) return;
    const row = toDelete;
    mutation.mutate(row.id, {
      onSuccess: () => {
        notify.success(deletedMessage(row));
        setToDelete(null);
        onDeleted?.(row);
      },
      onError: (error) => {
        notify.error(errorMessageOf(error));
        setToDelete(null);
      },
    });
  }

  const dialog = (
    <ConfirmDialog open={toDelete !== null} title={title} confirmLabel="Delete" isBusy={mutation.isPending} onConfirm={confirm} onCancel={() => setToDelete(null)}>
      {toDelete && warning(toDelete)}
    </ConfirmDialog>
  );
  return { ask: setToDelete, dialog };
}
