import { pointsAdjustInput, pointsValue, type PointsEntry, type PointsKind, type RewardSettings } from '@tillbook/contract';
import { useState, type ComponentProps } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { DialogFormActions, Form, useSchemaForm } from '../../components/form.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { noValue } from '../../components/resource-list-columns.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { Column } from '../../components/ui/data-table.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useUser } from '../../lib/auth.ts';
import { notify } from '../../lib/notifications.tsx';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { useAdjustPoints, useCustomer, useCustomerPoints, useRewardSettings } from './api.ts';
import { CustomerRewardsUsed } from './customer-rewards-used.tsx';

const pointsKindLabels: Record<PointsKind, string> = { earned: 'Earned', redeemed: 'Redeemed', refund: 'Refund', expired: 'Expired', adjusted: 'Adjusted' };
const kindTones: Record<PointsKind, ComponentProps<typeof Badge>['tone']> = { earned: 'green', redeemed: 'amber', refund: 'indigo', expired: 'red', adjusted: 'gray' };

/** A sale's or refund's entry opens the sale (a refund shows on its sale's page), named by the number in its reason. */
function ReasonCell({ entry }: { entry: PointsEntry }) {
  if (entry.orderId === null) return entry.reason ?? noValue;
  return (
    <Link to={`/orders/${entry.orderId}`} className="font-mono font-semibold whitespace-nowrap text-indigo-700 hover:underline">
      {entry.reason ?? 'Open the sale'}
    </Link>
  );
}

function usePointsColumns(): Column<PointsEntry>[] {
  const dates = useDateFormat();
  return [
    { key: 'createdAt', header: 'When', cell: (e) => <span className="whitespace-nowrap">{dates.dateTime(e.createdAt)}</span> },
    { key: 'kind', header: 'Kind', cell: (e) => <Badge tone={kindTones[e.kind]}>{pointsKindLabels[e.kind]}</Badge> },
    { key: 'reason', header: 'Reason', cell: (e) => <ReasonCell entry={e} /> },
    {
      key: 'delta',
      header: 'Points',
      align: 'right',
      cell: (e) => (
        <span className={`tabular-nums ${e.delta < 0 ? 'text-red-700' : 'text-green-700'}`}>
          {e.delta > 0 ? '+' : '\u2212'}
          {Math.abs(e.delta).toLocaleString()}
        </span>
      ),
    },
    { key: 'balanceAfter', header: <span className="whitespace-nowrap">Balance after</span>, align: 'right', cell: (e) => <span className="tabular-nums">{e.balanceAfter.toLocaleString()}</span> },
    { key: 'by', header: 'By', cell: (e) => e.userName ?? noValue },
  ];
}

/** What the balance pays when points pay, and when points expire, by the shop's rules. */
function PointsWorth({ balance, rules }: { balance: number; rules: RewardSettings }) {
  const money = useMoney();
  const { redemption, expiry } = rules;
  return (
    <>
      {redemption.enabled ? (
        <p className="text-sm text-gray-600">
          Worth <span className="font-medium text-gray-900 tabular-nums">{money.format(pointsValue(balance, rules))}</span> when paying with points (
          {redemption.points.toLocaleString()} points = {money.format(redemption.value)}).
        </p>
      ) : (
        <p className="text-sm text-gray-600">Paying with points is turned off.</p>
      )}
      {expiry.months !== null && (
        <p className="text-sm text-gray-600">
          Points expire {expiry.months === 1 ? '1 month' : `${expiry.months} months`} after they are earned, oldest first.
        </p>
      )}
    </>
  );
}

/** The Points tab: the balance and its worth, the ledger, the rewards taken; administrators adjust with a reason. */
export function CustomerPoints({ customerId }: { customerId: number }) {
  const [page, setPage] = useState(1);
  const ledger = useCustomerPoints(customerId, page);
  const customer = useCustomer(customerId);
  const rules = useRewardSettings();
  const isAdministrator = useUser()?.type === 'administrator';
  const [isAdjusting, setIsAdjusting] = useState(false);
  const columns = usePointsColumns();
  const balance = customer.data?.pointsBalance;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm text-gray-700">
            Balance: <span className="text-lg font-semibold text-gray-900 tabular-nums">{balance?.toLocaleString() ?? '…'}</span> points
          </p>
          {balance !== undefined && rules.data && <PointsWorth balance={balance} rules={rules.data} />}
        </div>
        {isAdministrator && <Button onClick={() => setIsAdjusting(true)}>Adjust points</Button>}
      </div>
      <div>
        <ListTable
          caption="Points history"
          columns={columns}
          query={ledger}
          list={{ setPage }}
          noun="entries"
          empty="No points yet. Points are earned with purchases once loyalty is in use."
        />
      </div>
      <CustomerRewardsUsed customerId={customerId} />
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
