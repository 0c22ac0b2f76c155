import { customerNoteInput, type CustomerNote } from '@tillbook/contract';
import { useState } from 'react';
import type { z } from 'zod';
import { Form, useSchemaForm } from '../../components/form.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useUser } from '../../lib/auth.ts';
import { errorMessageOf } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { useDateFormat } from '../../lib/shop-settings.ts';
import { useAddCustomerNote, useCustomerNotes, useDeleteCustomerNote, useSetNoteReceipt } from './api.ts';

/** The Notes tab: add a note, list them, print one on receipts, delete (cashiers: their own). */
export function CustomerNotes({ customerId }: { customerId: number }) {
  const notes = useCustomerNotes(customerId);
  const me = useUser();
  const remove = useDeleteCustomerNote(customerId);
  const receipt = useSetNoteReceipt(customerId);
  const [toDelete, setToDelete] = useState<CustomerNote | null>(null);
  const dates = useDateFormat();
  // The server's rule too: a cashier changes (print on receipt, delete) only the notes they wrote.
  const canChange = (note: CustomerNote) => me?.type === 'administrator' || note.userId === me?.id;

  return (
    <div className="max-w-3xl space-y-6">
      <AddNoteForm customerId={customerId} />
      <Block title="Notes">
        {notes.isPending ? (
          <div className="flex justify-center p-6">
            <Spinner className="size-6" />
          </div>
        ) : notes.isError ? (
          <div className="p-4">
            <Alert tone="error">{errorMessageOf(notes.error)}</Alert>
          </div>
        ) : notes.data.length === 0 ? (
          <p className="p-6 text-center text-sm text-gray-600">No notes yet. Notes help the next person who serves this customer.</p>
        ) : (
          <ul className="divide-y divide-gray-100" aria-label="Customer notes">
            {notes.data.map((note) => (
              <li key={note.id} className="flex gap-4 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="text-sm whitespace-pre-wrap text-gray-900">{note.body}</p>
                  <p className="mt-1 text-xs text-gray-500">
                    {note.userName ?? 'Former staff member'} · {dates.dateTime(note.createdAt)}
                  </p>
                </div>
                <Checkbox
                  label="Print on receipt"
                  checked={note.printOnReceipt}
                  disabled={receipt.isPending || !canChange(note)}
                  onChange={(e) =>
                    receipt.mutate(
                      { noteId: note.id, printOnReceipt: e.target.checked },
                      { onError: (error) => notify.error(errorMessageOf(error)) },
                    )
                  }
                />
                {canChange(note) && (
                  <Button variant="ghost" className="px-2 py-1 text-xs text-red-700" aria-label="Delete note" onClick={() => setToDelete(note)}>
                    Delete
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </Block>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this note?"
        confirmLabel="Delete"
        isBusy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              notify.success('Note deleted.');
              setToDelete(null);
            },
            onError: (error) => {
              notify.error(errorMessageOf(error));
              setToDelete(null);
            },
          })
        }
      >
        “{toDelete?.body.slice(0, 80)}” will be removed.
      </ConfirmDialog>
    </div>
  );
}

function AddNoteForm({ customerId }: { customerId: number }) {
  const add = useAddCustomerNote(customerId);
  const form = useSchemaForm(customerNoteInput, { defaultValues: { body: '', printOnReceipt: false } });

  async function submit(values: z.output<typeof customerNoteInput>) {
    await add.mutateAsync(values);
    notify.success('Note added.');
    form.reset();
  }

  return (
    <Block title="Add a note">
      <Form form={form} onSubmit={submit} className="space-y-4 p-4">
        <Field label="Note" error={form.formState.errors.body?.message} hint="Up to 2000 characters.">
          <Textarea {...form.register('body')} rows={3} />
        </Field>
        <div className="flex items-center justify-between gap-4">
          <Checkbox label="Print on receipt" description="Shows on this customer's receipts." {...form.register('printOnReceipt')} />
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Processing' : 'Add note'}
          </Button>
        </div>
      </Form>
    </Block>
  );
}
