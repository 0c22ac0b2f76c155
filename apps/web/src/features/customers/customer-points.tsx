import { zodResolver } from '@hookform/resolvers/zod';
import { pointsAdjustInput, type PointsAdjustInput, type PointsEntry } from '@tillbook/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DataTable, type Column } from '../../components/ui/data-table.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useUser } from '../../lib/auth.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { errorMessageOf } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { useCustomer } from '../people/customers-api.ts';
import { useAdjustPoints, useCustomerPoints } from './api.ts';

const kindLabels: Record<PointsEntry['kind'], string> = { earned: 'Earned', redeemed: 'Redeemed', adjusted: 'Adjusted' };

const columns: Column<PointsEntry>[] = [
  { key: 'createdAt', header: 'When', cell: (e) => new Date(e.createdAt).toLocaleString() },
  { key: 'kind', header: 'Kind', cell: (e) => <Badge tone={e.kind === 'redeemed' ? 'amber' : e.kind === 'earned' ? 'green' : 'gray'}>{kindLabels[e.kind]}</Badge> },
  {
    key: 'delta',
    header: 'Points',
    align: 'right',
    cell: (e) => <span className={`tabular-nums ${e.delta < 0 ? 'text-red-700' : 'text-green-700'}`}>{e.delta > 0 ? `+${e.delta}` : e.delta}</span>,
  },
  { key: 'balanceAfter', header: 'Balance', align: 'right', cell: (e) => <span className="tabular-nums">{e.balanceAfter}</span> },
  { key: 'reason', header: 'Reason', cell: (e) => e.reason ?? (e.orderId ? `Order #${e.orderId}` : '—') },
  { key: 'by', header: 'By', cell: (e) => e.userName ?? '—' },
];

/** The Points tab: the ledger, and for administrators an adjustment with a reason. */
export function CustomerPoints({ customerId }: { customerId: number }) {
  const [page, setPage] = useState(1);
  const ledger = useCustomerPoints(customerId, page);
  const customer = useCustomer(customerId);
  const isAdministrator = useUser()?.type === 'administrator';
  const [isAdjusting, setIsAdjusting] = useState(false);
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <p className="text-sm text-gray-700">
          Balance: <span className="text-lg font-semibold text-gray-900 tabular-nums">{customer.data?.pointsBalance.toLocaleString() ?? '…'}</span> points
        </p>
        {isAdministrator && <Button onClick={() => setIsAdjusting(true)}>Adjust points</Button>}
      </div>
      <DataTable
        caption="Points history"
        columns={columns}
        rows={ledger.data?.data}
        rowKey={(e) => e.id}
        isLoading={ledger.isFetching}
        error={ledger.isError ? errorMessageOf(ledger.error) : null}
        onRetry={() => void ledger.refetch()}
        empty="No points yet. Points are earned with purchases once loyalty is in use."
      />
      <Pagination meta={ledger.data?.meta} onPageChange={setPage} noun="entries" />
      {isAdjusting && <AdjustPointsDialog customerId={customerId} onClose={() => setIsAdjusting(false)} />}
    </div>
  );
}

function AdjustPointsDialog({ customerId, onClose }: { customerId: number; onClose: () => void }) {
  const adjust = useAdjustPoints(customerId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PointsAdjustInput, unknown, PointsAdjustInput>({
    resolver: zodResolver(pointsAdjustInput) as never,
    defaultValues: { delta: undefined as unknown as number, reason: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    adjust.mutate(values, {
      onSuccess: (result) => {
        notify.success(`Points adjusted. New balance: ${result.pointsBalance}.`);
        onClose();
      },
      onError: (error) => setFormError(applyServerErrors(error, form.setError, ['delta', 'reason'])),
    });
  });
  return (
    <Dialog open title="Adjust points" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {formError && <Alert tone="error">{formError}</Alert>}
        <Field label="Points" error={errors.delta?.message} hint="Positive adds points, negative takes them away.">
          <TextInput {...form.register('delta', { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })} type="number" step={1} autoFocus />
        </Field>
        <Field label="Reason" error={errors.reason?.message}>
          <TextInput {...form.register('reason')} placeholder="e.g. Goodwill for a late delivery" />
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose} disabled={adjust.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={adjust.isPending}>
            {adjust.isPending ? 'Processing' : 'Adjust'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
