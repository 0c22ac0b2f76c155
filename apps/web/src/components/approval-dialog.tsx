import type { Approver, ApprovalInput } from '@tillbook/contract';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';
import { Field } from './ui/field.tsx';
import { Select } from './ui/select.tsx';
import { TextInput } from './ui/text-input.tsx';

export type ApprovalDialogErrors = { approverId?: string; pin?: string; password?: string; message?: string };

type ApprovalDialogProps = {
  /** Why an approval is needed, as the server said it ("A refund above $20.00 needs…"); null: closed. */
  reason: string | null;
  /** Null while the list loads. */
  approvers: Approver[] | null;
  isBusy: boolean;
  errors: ApprovalDialogErrors;
  onApprove: (approval: ApprovalInput) => void;
  onCancel: () => void;
};

/**
 * An administrator approves at the cashier's screen: they pick their name and type their PIN (or
 * their password, for one without a PIN). Nothing the cashier entered on the screen behind is lost.
 */
export function ApprovalDialog({ reason, approvers, isBusy, errors, onApprove, onCancel }: ApprovalDialogProps) {
  return (
    <Dialog open={reason !== null} title="Manager approval" onClose={onCancel}>
      {reason !== null && approvers === null && <p>{errors.message ?? 'Loading the administrators…'}</p>}
      {reason !== null && approvers !== null && (
        <ApprovalForm reason={reason} approvers={approvers} isBusy={isBusy} errors={errors} onApprove={onApprove} onCancel={onCancel} />
      )}
    </Dialog>
  );
}

function ApprovalForm({ reason, approvers, isBusy, errors, onApprove, onCancel }: ApprovalDialogProps & { reason: string; approvers: Approver[] }) {
  const [approverId, setApproverId] = useState<number | null>(approvers[0]?.id ?? null);
  const approver = approvers.find((a) => a.id === approverId) ?? null;
  const [usePassword, setUsePassword] = useState(false);
  const [secret, setSecret] = useState('');
  const secretRef = useRef<HTMLInputElement>(null);
  const withPassword = usePassword || (approver !== null && !approver.hasPin);

  useEffect(() => {
    const timer = window.setTimeout(() => secretRef.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [approverId, withPassword]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (approverId === null) return;
    onApprove(withPassword ? { approverId, password: secret } : { approverId, pin: secret });
  }

  if (approvers.length === 0) {
    return (
      <div className="space-y-4">
        <p>{reason}</p>
        <Alert tone="warning">No administrator can approve: ask the shop owner to add one under Staff.</Alert>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onCancel}>
            Close
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <p>{reason}</p>
      {errors.message && <Alert tone="error">{errors.message}</Alert>}
      <Field label="Approved by" error={errors.approverId}>
        <Select value={approverId ?? ''} onChange={(e) => { setApproverId(Number(e.target.value)); setSecret(''); }}>
          {approvers.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={withPassword ? 'Their password' : 'Their PIN'} error={withPassword ? errors.password : errors.pin}>
        <TextInput
          ref={secretRef}
          type="password"
          inputMode={withPassword ? undefined : 'numeric'}
          autoComplete="off"
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
        />
      </Field>
      {approver?.hasPin && (
        <button type="button" className="text-sm text-indigo-700 underline" onClick={() => { setUsePassword(!usePassword); setSecret(''); }}>
          {usePassword ? 'Use the PIN instead' : 'Use the password instead'}
        </button>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isBusy={isBusy} disabled={secret === ''}>
          Approve
        </Button>
      </div>
    </form>
  );
}
