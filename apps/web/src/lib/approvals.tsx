import { APPROVAL_FIELD, type ApprovalInput, type Approver } from '@tillbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { ApprovalDialog, type ApprovalDialogErrors } from '../components/approval-dialog.tsx';
import { apiErrorOf } from './api-error.ts';
import { http } from './http.ts';
import { queryKeys } from './query-keys.ts';

/** Administrators who can approve at the till (GET /api/approvals/approvers, cashiers too). */
export const approversQuery = queryOptions({
  queryKey: [...queryKeys.users.all, 'approvers'] as const,
  queryFn: async () => (await http.get<{ data: Approver[] }>('/api/approvals/approvers')).data.data,
  staleTime: 60_000,
});

/** The server's reason when an action needs an administrator's approval (a 422 on `approval`), else null. */
export function approvalNeededOf(error: unknown): string | null {
  return apiErrorOf(error).fieldErrors[APPROVAL_FIELD] ?? null;
}

type Pending = { reason: string; retry: (approval: ApprovalInput) => Promise<unknown>; onError: (error: unknown) => void };

/**
 * Asks for an administrator's approval when the server says an action needs one, and sends the
 * action again with it. A screen calls `handles(error, retry, onError)` from its failure path:
 * true when the dialog took over. Wrong PINs stay in the dialog; any other failure of the retry
 * closes it and goes to `onError`, for the screen to show as it shows its own errors.
 */
export function useApproval(): { handles: (error: unknown, retry: Pending['retry'], onError: Pending['onError']) => boolean; dialog: ReactNode; isOpen: boolean } {
  const [pending, setPending] = useState<Pending | null>(null);
  const [errors, setErrors] = useState<ApprovalDialogErrors>({});
  const [isBusy, setBusy] = useState(false);
  const approvers = useQuery({ ...approversQuery, enabled: pending !== null });

  const handles = useCallback((error: unknown, retry: Pending['retry'], onError: Pending['onError']) => {
    const reason = approvalNeededOf(error);
    if (reason === null) return false;
    setErrors({});
    setPending({ reason, retry, onError });
    return true;
  }, []);

  async function approve(approval: ApprovalInput) {
    const current = pending;
    if (!current) return;
    setBusy(true);
    try {
      await current.retry(approval);
      setPending(null);
    } catch (error) {
      const { status, message, fieldErrors } = apiErrorOf(error);
      const onApproval = Object.keys(fieldErrors).filter((f) => f.startsWith(`${APPROVAL_FIELD}.`));
      if (status === 429 || onApproval.length > 0) {
        setErrors({
          approverId: fieldErrors[`${APPROVAL_FIELD}.approverId`],
          pin: fieldErrors[`${APPROVAL_FIELD}.pin`],
          password: fieldErrors[`${APPROVAL_FIELD}.password`],
          message: status === 429 ? message : undefined,
        });
      } else {
        setPending(null);
        current.onError(error);
      }
    } finally {
      setBusy(false);
    }
  }

  const dialog = (
    <ApprovalDialog
      reason={pending?.reason ?? null}
      approvers={approvers.data ?? null}
      isBusy={isBusy}
      errors={approvers.isError ? { ...errors, message: apiErrorOf(approvers.error).message } : errors}
      onApprove={(approval) => void approve(approval)}
      onCancel={() => setPending(null)}
    />
  );
  return { handles, dialog, isOpen: pending !== null };
}
