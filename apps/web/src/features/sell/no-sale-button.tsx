import { noSaleReasons, type DrawerOpening, type NoSaleInput } from '@tillbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { DialogFormActions } from '../../components/form.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { apiErrorOf } from '../../lib/api-error.ts';
import { useApproval } from '../../lib/approvals.tsx';
import { http } from '../../lib/http.ts';
import { notify } from '../../lib/notifications.tsx';
import { queryKeys } from '../../lib/query-keys.ts';

/** POST /api/cashbox/{slug}/no-sale; the drawer's report counts the openings, so its figures refresh. */
function useNoSale(registerSlug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: NoSaleInput) => (await http.post<{ data: DrawerOpening }>(`/api/cashbox/${registerSlug}/no-sale`, input)).data.data,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.cashbox.all }),
  });
}

const OTHER = 'Other';

/**
 * "No sale" on the till's bar: the cashier opens the drawer without a sale, saying why. When the
 * shop does not let cashiers do that alone, the server asks for a manager and the approval dialog
 * takes over. Opening the physical drawer is the till hardware's business; the screen records it.
 */
export function NoSaleButton({ registerSlug, onActiveChange }: { registerSlug: string; onActiveChange?: (active: boolean) => void }) {
  const [isOpen, setOpen] = useState(false);
  const [choice, setChoice] = useState<string>(noSaleReasons[0]);
  const [otherText, setOtherText] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; message?: string }>({});
  const noSale = useNoSale(registerSlug);
  const approval = useApproval();
  // The till's F-keys wait while the reason or the approval is asked.
  const isActive = isOpen || approval.isOpen;
  useEffect(() => onActiveChange?.(isActive), [isActive, onActiveChange]);

  function close() {
    setOpen(false);
    setChoice(noSaleReasons[0]);
    setOtherText('');
    setErrors({});
  }

  function done() {
    close();
    notify.success('Drawer opened');
  }

  function showError(error: unknown) {
    const { fieldErrors, message } = apiErrorOf(error);
    setOpen(true);
    setErrors(fieldErrors.reason ? { reason: fieldErrors.reason } : { message });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const reason = choice === OTHER ? otherText.trim() : choice;
    if (reason === '') {
      setErrors({ reason: 'Say why the drawer is opened.' });
      return;
    }
    setErrors({});
    noSale.mutate(
      { reason },
      {
        onSuccess: done,
        onError: (error) => {
          const retry = async (given: NoSaleInput['approval']) => {
            await noSale.mutateAsync({ reason, approval: given });
            done();
          };
          // The manager approves in their own dialog; this one steps aside meanwhile.
          if (approval.handles(error, retry, showError)) setOpen(false);
          else showError(error);
        },
      },
    );
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex min-h-9 items-center rounded-md border border-gray-200 bg-white px-2 py-1 text-xs text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        No sale
      </button>
      <Dialog open={isOpen} title="Open the drawer without a sale" onClose={close}>
        <form onSubmit={submit} noValidate className="space-y-4">
          {errors.message && <Alert tone="error">{errors.message}</Alert>}
          <Field label="Why" error={choice === OTHER ? undefined : errors.reason}>
            <Select value={choice} onChange={(e) => setChoice(e.target.value)}>
              {noSaleReasons.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </Select>
          </Field>
          {choice === OTHER && (
            <Field label="Reason" error={errors.reason}>
              <TextInput value={otherText} onChange={(e) => setOtherText(e.target.value)} maxLength={200} autoComplete="off" autoFocus />
            </Field>
          )}
          <DialogFormActions isPending={noSale.isPending} onCancel={close} saveLabel="Open drawer" />
        </form>
      </Dialog>
      {approval.dialog}
    </>
  );
}
