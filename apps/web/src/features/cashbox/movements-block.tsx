import { cashMovementReasons, type CashMovementKind } from '@tillbook/contract';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { errorMessageOf, splitFieldErrors } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { useMovements, useRecordMovement } from './api.ts';

const kindLabels: Record<CashMovementKind, string> = { in: 'Cash in', out: 'Cash out' };

/** Cash put in or taken out of the open drawer, with a reason, and the movements of this shift. */
export function MovementsBlock({ slug }: { slug: string }) {
  const dates = useDateFormat();
  const money = useMoney();
  const movements = useMovements(slug);
  const record = useRecordMovement(slug);
  const reasonsId = useId();
  const [kind, setKind] = useState<CashMovementKind>('out');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ fields: Record<string, string>; message: string | null }>({ fields: {}, message: null });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = money.parse(amount);
    const minor = parsed.ok ? parsed.minor : null;
    const local: Record<string, string> = {};
    if (!parsed.ok && parsed.error !== 'empty') local.amount = parsed.message;
    else if (minor === null || minor <= 0) local.amount = `Enter an amount greater than zero, like ${money.example}.`;
    if (!reason.trim()) local.reason = 'Say why the cash moves, e.g. Cash drop to the safe.';
    if (Object.keys(local).length) return setErrors({ fields: local, message: null });
    setErrors({ fields: {}, message: null });
    record.mutate(
      { kind, amount: minor!, reason: reason.trim() },
      {
        onSuccess: (saved) => {
          notify.success(`${kindLabels[saved.kind]} of ${money.format(saved.amount)} recorded.`);
          setAmount('');
          setReason('');
        },
        onError: (error) => {
          const { onFields, leftOver } = splitFieldErrors(error, (_root, name) => ['kind', 'amount', 'reason'].includes(name));
          setErrors({ fields: onFields, message: leftOver });
        },
      },
    );
  }

  return (
    <Block title="Cash in and out">
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[10rem_10rem_1fr_auto] sm:items-start">
        {errors.message && (
          <Alert tone="error" className="sm:col-span-4">
            {errors.message}
          </Alert>
        )}
        <Field label="Movement" error={errors.fields.kind}>
          <Select value={kind} onChange={(e) => setKind(e.target.value as CashMovementKind)}>
            <option value="in">{kindLabels.in}</option>
            <option value="out">{kindLabels.out}</option>
          </Select>
        </Field>
        <Field label={`Amount (${money.currency})`} error={errors.fields.amount}>
          <TextInput value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" autoComplete="off" />
        </Field>
        <Field label="Reason" error={errors.fields.reason}>
          <TextInput value={reason} onChange={(e) => setReason(e.target.value)} list={reasonsId} maxLength={200} autoComplete="off" />
        </Field>
        <datalist id={reasonsId}>
          {cashMovementReasons[kind].map((r) => (
            <option key={r} value={r} />
          ))}
        </datalist>
        <Button type="submit" className="sm:mt-6" disabled={record.isPending}>
          {record.isPending ? 'Processing' : 'Record'}
        </Button>
      </form>
      <div className="mt-3 flex flex-wrap gap-2" aria-label="Suggested reasons">
        {cashMovementReasons[kind].map((r) => (
          <button key={r} type="button" onClick={() => setReason(r)} className="rounded-full border border-gray-300 px-3 py-1 text-xs text-gray-700 hover:bg-gray-100">
            {r}
          </button>
        ))}
      </div>
      <h3 className="mt-6 mb-2 text-sm font-semibold text-gray-900">This shift</h3>
      {movements.isPending ? (
        <p className="text-sm text-gray-500">Loading…</p>
      ) : movements.isError ? (
        <Alert tone="error">{errorMessageOf(movements.error)}</Alert>
      ) : movements.data.length === 0 ? (
        <p className="text-sm text-gray-500">No cash has been put in or taken out during this shift.</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">Cash movements of this shift</caption>
          <thead>
            <tr className="text-left text-xs text-gray-500">
              <th className="py-1 font-medium">Time</th>
              <th className="py-1 font-medium">Movement</th>
              <th className="py-1 font-medium">Reason</th>
              <th className="py-1 font-medium">By</th>
              <th className="py-1 text-right font-medium">Amount</th>
            </tr>
          </thead>
          <tbody>
            {movements.data.map((m) => (
              <tr key={m.id} className="border-t border-gray-100">
                <td className="py-1.5 tabular-nums">{dates.time(m.createdAt)}</td>
                <td className="py-1.5">{kindLabels[m.kind]}</td>
                <td className="py-1.5">{m.reason}</td>
                <td className="py-1.5">{m.userName}</td>
                <td className="py-1.5 text-right tabular-nums">{money.format(m.kind === 'out' ? -m.amount : m.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Block>
  );
}
