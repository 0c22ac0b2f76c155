import { pointsAdjustInput, type PointsEntry } from '@tillbook/contract';
import { useState } from 'react';
import type { z } from 'zod';
import { DialogFormActions, Form, useSchemaForm } from '../../components/form.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { Column } from '../../components/ui/data-table.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useUser } from '../../lib/auth.ts';
import { notify } from '../../lib/notifications.tsx';
import { useDateFormat } from '../../lib/shop-settings.ts';
import { useAdjustPoints, useCustomer, useCustomerPoints } from './api.ts';

const kindLabels: Record<PointsEntry['kind'], string> = { earned: 'Earned', redeemed: 'Redeemed', adjusted: 'Adjusted' };

function usePointsColumns(): Column<PointsEntry>[] {
  const dates = useDateFormat();
  return [
    { key: 'createdAt', header: 'When', cell: (e) => dates.dateTime(e.createdAt) },
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
}

/** The Points tab: the ledger, and for administrators an adjustment with a reason. */
export function CustomerPoints({ customerId }: { customerId: number }) {
  const [page, setPage] = useState(1);
  const ledger = useCustomerPoints(customerId, page);
  const customer = useCustomer(customerId);
  const isAdministrator = useUser()?.type === 'administrator';
  const [isAdjusting, setIsAdjusting] = useState(false);
  const columns = usePointsColumns();
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <p className="text-sm text-gray-700">
          Balance: <span className="text-lg font-semibold text-gray-900 tabular-nums">{customer.data?.pointsBalance.toLocaleString() ?? '…'}</span> points
        </p>
        {isAdministrator && <Button onClick={() => setIsAdjusting(true)}>Adjust points</Button>}
      </div>
      <ListTable
        caption="Points history"
        columns={columns}
        query={ledger}
        list={{ setPage }}
        noun="entries"
        empty="No points yet. Points are earned with purchases once loyalty is in use."
      />
      {isAdjusting && <AdjustPointsDialog customerId={customerId} onClose={() => setIsAdjusting(false)} />}
    </div>
  );
}

function AdjustPointsDialog({ customerId, onClose }: { customerId: number; onClose: () => void }) {
  const adjust = useAdjustPoints(customerId);
  const form = useSchemaForm(pointsAdjustInput, { defaultValues: { reason: '' } });
  const { errors } = form.formState;

  async function submit(values: z.output<typeof pointsAdjustInput>) {
    const result = await adjust.mutateAsync(values);
    notify.success(`Points adjusted. New balance: ${result.pointsBalance}.`);
    onClose();
  }

  return (
    <Dialog open title="Adjust points" onClose={onClose}>
      <Form form={form} onSubmit={submit} className="space-y-4">
        <Field label="Points" error={errors.delta?.message} hint="Positive adds points, negative takes them away.">
          <TextInput {...form.register('delta', { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })} type="number" step={1} autoFocus />
        </Field>
        <Field label="Reason" error={errors.reason?.message}>
          <TextInput {...form.register('reason')} placeholder="e.g. Goodwill for a late delivery" />
        </Field>
        <DialogFormActions isPending={adjust.isPending} onCancel={onClose} saveLabel="Adjust" />
      </Form>
    </Dialog>
  );
}
