import type { StockCount } from '@tillbook/contract';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../components/back-link.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { errorMessageOf } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { useApplyStockCount, useEditStockCount, useStockCount } from './api.ts';
import { countScopeText, plural, signed, StockCountStatusBadge } from './count-display.tsx';
import { CountSheet, ScanBox } from './count-sheet.tsx';

const back = <BackLink to="/stock-counts">Stock counts</BackLink>;

/** /stock-counts/{id}: the sheet several people count at once, its review, and applying it. */
export function StockCountPage() {
  const id = Number(useParams().id);
  const count = useStockCount(id);
  if (count.isPending) return <PageLoading className="py-24" />;
  if (count.isError) {
    return (
      <Page>
        <PageHeader title="Stock count" back={back} />
        <Alert tone="error">{errorMessageOf(count.error)}</Alert>
      </Page>
    );
  }
  return <StockCountSheet count={count.data} />;
}

function StockCountSheet({ count }: { count: StockCount }) {
  const dates = useDateFormat();
  const isOpen = count.status === 'counting';
  return (
    <Page wide>
      <PageHeader
        title={`Stock count ${count.number}`}
        back={back}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <StockCountStatusBadge status={count.status} />
            <span>{count.outletName}</span>
            <span className="text-gray-400">·</span>
            <span>{countScopeText(count)}</span>
            <span className="text-gray-400">·</span>
            <span>
              started {dates.dateTime(count.createdAt)}
              {count.userName && ` by ${count.userName}`}
            </span>
          </span>
        }
        actions={isOpen ? <CountActions count={count} /> : null}
      />
      <div className="space-y-6">
        <ClosedNotice count={count} />
        <Review count={count} />
        {isOpen && <ScanBox count={count} />}
        <CountSheet count={count} />
        <NoteBlock key={count.note ?? ''} count={count} />
      </div>
    </Page>
  );
}

function ClosedNotice({ count }: { count: StockCount }) {
  const dates = useDateFormat();
  if (count.status === 'applied' && count.appliedAt) {
    return (
      <Alert tone="success" title={`Applied ${dates.dateTime(count.appliedAt)}${count.appliedByName ? ` by ${count.appliedByName}` : ''}`}>
        {count.adjustments === 0 ? 'Every counted line matched: no stock was adjusted.' : `${plural(count.adjustments, 'stock adjustment')} posted with the reason “count”.`}{' '}
        <Link to="/stock-movements?reason=count" className="font-medium underline">
          See the stock movements
        </Link>
      </Alert>
    );
  }
  if (count.status === 'cancelled') {
    return (
      <Alert tone="warning" title={`Cancelled${count.cancelledAt ? ` ${dates.dateTime(count.cancelledAt)}` : ''}`}>
        The count was cancelled: nothing was posted and the sheet is kept as it was.
      </Alert>
    );
  }
  return null;
}

function Figure({ label, value, detail, tone }: { label: string; value: ReactNode; detail?: ReactNode; tone?: 'good' | 'bad' }) {
  return (
    <div className="rounded-md border border-gray-200 bg-gray-50 px-4 py-3">
      <dt className="text-xs font-medium text-gray-600 uppercase">{label}</dt>
      <dd className={`mt-1 text-xl font-semibold tabular-nums ${tone === 'good' ? 'text-green-700' : tone === 'bad' ? 'text-red-700' : 'text-gray-900'}`}>{value}</dd>
      {detail && <dd className="mt-0.5 text-xs text-gray-600">{detail}</dd>}
    </div>
  );
}

/** The review: how far the counting is and the variances, in units and in value at cost. */
function Review({ count }: { count: StockCount }) {
  const money = useMoney();
  const t = count.totals;
  const net = t.valueOver - t.valueShort;
  return (
    <Block title="Review">
      <dl aria-label="Review totals" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-5">
        <Figure label="Counted" value={`${t.counted.toLocaleString()} of ${t.lines.toLocaleString()}`} detail={t.uncounted > 0 ? `${plural(t.uncounted, 'line')} not counted yet` : 'Every line counted'} />
        <Figure label="Lines with a variance" value={t.varianceLines.toLocaleString()} />
        <Figure label="Over" value={signed(t.unitsOver)} detail={`${money.format(t.valueOver)} at cost`} tone={t.unitsOver > 0 ? 'good' : undefined} />
        <Figure label="Short" value={signed(-t.unitsShort)} detail={`${money.format(t.valueShort)} at cost`} tone={t.unitsShort > 0 ? 'bad' : undefined} />
        <Figure label="Net value at cost" value={money.format(net)} tone={net > 0 ? 'good' : net < 0 ? 'bad' : undefined} detail="Over less short, at each line’s cost when the count started" />
      </dl>
    </Block>
  );
}

/** Apply (with how many adjustments it posts) and Cancel count, each after a confirmation. */
function CountActions({ count }: { count: StockCount }) {
  const apply = useApplyStockCount(count.id);
  const edit = useEditStockCount(count.id);
  const [asking, setAsking] = useState<'apply' | 'cancel' | null>(null);
  const [uncounted, setUncounted] = useState<'skip' | 'zero'>('skip');
  const [error, setError] = useState<string | null>(null);
  const t = count.totals;
  const adjustments = t.varianceLines + (uncounted === 'zero' ? t.uncountedInStock : 0);

  function close() {
    setAsking(null);
    setError(null);
  }

  return (
    <>
      <Button variant="ghost" className="text-red-700" onClick={() => setAsking('cancel')}>
        Cancel count
      </Button>
      <Button onClick={() => setAsking('apply')}>Apply</Button>
      <ConfirmDialog
        open={asking === 'apply'}
        title={`Apply ${count.number}?`}
        tone="primary"
        confirmLabel={adjustments === 0 ? 'Apply with no adjustment' : `Post ${plural(adjustments, 'adjustment')}`}
        isBusy={apply.isPending}
        onCancel={close}
        onConfirm={async () => {
          // Awaited here, not in mutate's callbacks: once applied, the refreshed page no longer shows these actions.
          try {
            const applied = await apply.mutateAsync({ uncounted });
            close();
            notify.success(`${applied.number} applied: ${plural(applied.adjustments, 'stock adjustment')} posted.`);
          } catch (caught) {
            setError(errorMessageOf(caught));
          }
        }}
      >
        <div className="space-y-4">
          {error && <Alert tone="error">{error}</Alert>}
          <p data-testid="apply-summary">
            {adjustments === 0
              ? 'No stock level changes: every counted line matches what was expected.'
              : `${plural(adjustments, 'stock adjustment')} will be posted at ${count.outletName} with the reason “count”.`}{' '}
            The count can no longer be changed afterwards.
          </p>
          {t.uncounted > 0 && (
            <ChoiceGroup
              legend={`${plural(t.uncounted, 'line')} not counted`}
              value={uncounted}
              onChange={setUncounted}
              options={[
                { value: 'skip', label: 'Leave their stock as it is', description: 'Only counted lines are adjusted.' },
                { value: 'zero', label: 'Count them as none', description: `Sets them to 0 (${plural(t.uncountedInStock, 'line')} in stock now).` },
              ]}
            />
          )}
        </div>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'cancel'}
        title={`Cancel ${count.number}?`}
        confirmLabel="Cancel count"
        isBusy={edit.isPending}
        onCancel={close}
        onConfirm={async () => {
          try {
            const cancelled = await edit.mutateAsync({ status: 'cancelled' });
            close();
            notify.success(`${cancelled.number} cancelled.`);
          } catch (caught) {
            setError(errorMessageOf(caught));
          }
        }}
      >
        {error && <Alert tone="error">{error}</Alert>}
        <p>What was counted is kept on the sheet, but no stock is adjusted and nobody can count on it any more.</p>
      </ConfirmDialog>
    </>
  );
}

function NoteBlock({ count }: { count: StockCount }) {
  const edit = useEditStockCount(count.id);
  const [note, setNote] = useState(count.note ?? '');
  const [error, setError] = useState<string | null>(null);
  const isChanged = note.trim() !== (count.note ?? '');
  return (
    <Block title="Note">
      <div className="max-w-2xl space-y-2">
        <Textarea aria-label="Note" value={note} rows={2} invalid={error !== null} onChange={(e) => setNote(e.target.value)} />
        {error && <p className="text-sm text-red-600">{error}</p>}
        <Button
          variant="secondary"
          disabled={!isChanged || edit.isPending}
          onClick={() =>
            edit.mutate(
              { note },
              {
                onSuccess: () => {
                  setError(null);
                  notify.success('Note saved.');
                },
                onError: (caught) => setError(errorMessageOf(caught)),
              },
            )
          }
        >
          {edit.isPending ? 'Processing' : 'Save note'}
        </Button>
      </div>
    </Block>
  );
}
