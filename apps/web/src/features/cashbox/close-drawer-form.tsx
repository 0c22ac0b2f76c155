import { tenderLabels, tenders, type CashboxCloseInput, type CashboxStatus, type Tender } from '@tillbook/contract';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { splitFieldErrors } from '../../lib/api-error.ts';
import { useApproval } from '../../lib/approvals.tsx';
import { useMoney } from '../../lib/shop-settings.ts';
import { useCashboxReport, useCloseDrawer } from './api.ts';
import { CashCount, countedOf, emptyCashCount, type CashCountState } from './cash-count.tsx';
import { Variance } from './variance.tsx';

type CloseDrawerFormProps = { status: CashboxStatus; onCancel: () => void; onClosed: (sessionId: number) => void };

const fieldNames = ['counts.cash.amount', 'counts.card.amount', 'counts.other.amount', 'note'];

/**
 * The count at the end of the shift: cash by note and coin, card and other as totals. Expected
 * figures and the live over/short show unless the shop closes blind; confirming answers the Z report.
 */
export function CloseDrawerForm({ status, onCancel, onClosed }: CloseDrawerFormProps) {
  const money = useMoney();
  const session = status.session!;
  const running = useCashboxReport(session.id, { enabled: !status.isBlindClose });
  const close = useCloseDrawer(status.registerSlug);
  const approval = useApproval();
  const [cash, setCash] = useState<CashCountState>(emptyCashCount);
  const [card, setCard] = useState('');
  const [other, setOther] = useState('');
  const [note, setNote] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; message: string | null }>({ fields: {}, message: null });

  const parseTotal = (text: string) => (text.trim() === '' ? ({ ok: true, minor: 0 } as const) : money.parse(text));
  const cashCounted = countedOf(cash, money);
  const typed = { card: parseTotal(card), other: parseTotal(other) };
  const counted: Record<Tender, number | null> = {
    cash: cashCounted.amount,
    card: typed.card.ok ? typed.card.minor : null,
    other: typed.other.ok ? typed.other.minor : null,
  };
  // Blind close: the expected figures are not sent to the cashier until the count is in.
  const expected = status.isBlindClose ? null : running.data?.reconciliation;
  const expectedOf = (tender: Tender) => expected?.find((r) => r.tender === tender)?.expected ?? null;

  function review(event: FormEvent) {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (counted.cash === null) local['counts.cash.amount'] = cashCounted.message ?? 'Enter whole counts of notes and coins, or the cash as a sum of money.';
    if (!typed.card.ok) local['counts.card.amount'] = typed.card.message;
    if (!typed.other.ok) local['counts.other.amount'] = typed.other.message;
    setErrors({ fields: local, message: null });
    if (Object.keys(local).length === 0) setIsConfirming(true);
  }

  function showError(error: unknown) {
    const { onFields, leftOver } = splitFieldErrors(error, (_root, name) => fieldNames.includes(name));
    setErrors({ fields: onFields, message: leftOver });
  }

  function confirm() {
    const cashCount = countedOf(cash, money);
    const input: CashboxCloseInput = {
      counts: { cash: { amount: cashCount.amount ?? 0, denominations: cashCount.denominations }, card: { amount: counted.card ?? 0 }, other: { amount: counted.other ?? 0 } },
      note: note.trim() || null,
    };
    close.mutate(input, {
      onSuccess: (report) => onClosed(report.session.id),
      onError: (error) => {
        setIsConfirming(false);
        // A count off by more than the cashier may close with: a manager approves, and the same count is sent again.
        const retry = async (given: CashboxCloseInput['approval']) => onClosed((await close.mutateAsync({ ...input, approval: given })).session.id);
        if (approval.handles(error, retry, showError)) return;
        showError(error);
      },
    });
  }

  return (
    <>
      <form onSubmit={review} noValidate className="space-y-6">
        {errors.message && <Alert tone="error">{errors.message}</Alert>}
        {status.isBlindClose && <Alert tone="info">Blind close: count what is in the drawer. The expected figures and any over/short show on the report once the count is in.</Alert>}
        <div className="grid gap-6 xl:grid-cols-[1fr_20rem]">
          <Block title="Close drawer">
            <div className="space-y-5">
              <CashCount legend="Cash in the drawer" state={cash} onChange={setCash} error={errors.fields['counts.cash.amount']} />
              <div className="grid max-w-xl gap-4 sm:grid-cols-2">
                <Field label="Card total" error={errors.fields['counts.card.amount']} hint="From the card terminal's end-of-day slip.">
                  <TextInput value={card} onChange={(e) => setCard(e.target.value)} inputMode="decimal" autoComplete="off" />
                </Field>
                <Field label="Other total" error={errors.fields['counts.other.amount']}>
                  <TextInput value={other} onChange={(e) => setOther(e.target.value)} inputMode="decimal" autoComplete="off" />
                </Field>
              </div>
              <Field label="Note (optional)" error={errors.fields.note} className="max-w-xl">
                <TextInput value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} autoComplete="off" />
              </Field>
            </div>
          </Block>
          <Block title="Count per tender" className="self-start">
            <table className="w-full text-sm">
              <caption className="sr-only">Count per tender</caption>
              <thead>
                <tr className="text-xs text-gray-500">
                  <th className="py-1 text-left font-medium">Tender</th>
                  <th className="py-1 text-right font-medium">Counted</th>
                  {expected && <th className="py-1 text-right font-medium">Expected</th>}
                </tr>
              </thead>
              <tbody>
                {tenders.map((tender) => {
                  const expectedAmount = expectedOf(tender);
                  const countedAmount = counted[tender];
                  return (
                    <tr key={tender} className="border-t border-gray-100 align-top">
                      <th scope="row" className="py-2 text-left font-medium text-gray-900">
                        {tenderLabels[tender]}
                      </th>
                      <td className="py-2 text-right tabular-nums">{countedAmount === null ? '—' : money.format(countedAmount)}</td>
                      {expected && (
                        <td className="py-2 text-right tabular-nums">
                          {expectedAmount === null ? '—' : money.format(expectedAmount)}
                          <div className="text-xs">
                            <Variance difference={expectedAmount === null || countedAmount === null ? null : countedAmount - expectedAmount} />
                          </div>
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </Block>
        </div>
        <div className="flex gap-3">
          <Button type="submit" disabled={close.isPending}>
            Close drawer
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={close.isPending}>
            Keep the drawer open
          </Button>
        </div>
        <ConfirmDialog
          open={isConfirming}
          title={`Close the drawer of ${status.registerName}?`}
          confirmLabel="Close and see the report"
          tone="primary"
          isBusy={close.isPending}
          onConfirm={confirm}
          onCancel={() => setIsConfirming(false)}
        >
          <p>
            Counted: cash {money.format(counted.cash ?? 0)}, card {money.format(counted.card ?? 0)}, other {money.format(counted.other ?? 0)}. The
            count cannot be changed once the drawer is closed.
          </p>
        </ConfirmDialog>
      </form>
      {approval.dialog}
    </>
  );
}
