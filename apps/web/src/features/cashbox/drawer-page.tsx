import type { CashboxStatus } from '@tillbook/contract';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageLoading } from '../../components/page-loading.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Block } from '../../components/ui/block.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Page, PageHeader } from '../../components/ui/page-header.tsx';
import { TextInput } from '../../components/ui/text-input.tsx';
import { useUser } from '../../lib/auth.ts';
import { errorMessageOf, splitFieldErrors } from '../../lib/api-error.ts';
import { notify } from '../../lib/notifications.tsx';
import { useDateFormat, useMoney } from '../../lib/shop-settings.ts';
import { useDrawerStatus, useOpenDrawer } from './api.ts';
import { CashCount, countedOf, emptyCashCount, type CashCountState } from './cash-count.tsx';
import { CloseDrawerForm } from './close-drawer-form.tsx';
import { MovementsBlock } from './movements-block.tsx';
import { RecentSessions } from './recent-sessions.tsx';

/** /registers/:id/drawer: open the drawer with a counted float; while open, cash in and out, sell, and close with a count. */
export function DrawerPage() {
  const registerId = Number(useParams().id);
  const status = useDrawerStatus(registerId);
  const back = (
    <Link to="/registers" className="text-indigo-700 hover:underline">
      ← Registers
    </Link>
  );
  if (status.isPending) return <PageLoading className="py-24" />;
  if (status.isError) {
    return (
      <Page>
        <PageHeader title="Cash drawer" back={back} />
        <Alert tone="error" title="The drawer could not be loaded.">
          <p>{errorMessageOf(status.error)}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </Alert>
      </Page>
    );
  }
  const drawer = status.data;
  return (
    <Page>
      <PageHeader
        title={`${drawer.registerName} · Cash drawer`}
        back={back}
        description={drawer.isOpen ? 'The drawer is open.' : 'The drawer is closed. Count the float to open it.'}
      />
      <div className="space-y-6">
        {drawer.isOpen ? <OpenDrawer status={drawer} /> : <OpenDrawerForm status={drawer} />}
        <RecentSessions registerId={registerId} />
      </div>
    </Page>
  );
}

function OpenDrawerForm({ status }: { status: CashboxStatus }) {
  const money = useMoney();
  const openDrawer = useOpenDrawer();
  const [float, setFloat] = useState<CashCountState>(emptyCashCount);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ fields: Record<string, string>; message: string | null }>({ fields: {}, message: null });

  function submit(event: FormEvent) {
    event.preventDefault();
    const counted = countedOf(float, money);
    if (counted.amount === null) {
      setErrors({ fields: { 'float.amount': counted.message ?? 'Enter the float as whole counts of notes and coins, or as a sum of money.' }, message: null });
      return;
    }
    setErrors({ fields: {}, message: null });
    openDrawer.mutate(
      { registerId: status.registerId, float: { amount: counted.amount, denominations: counted.denominations }, note: note.trim() || null },
      {
        onSuccess: () => notify.success(`The drawer of ${status.registerName} is open.`),
        onError: (error) => {
const { onFields, leftOver } = splitFieldErrors(error, (_root, name) => ['float.amount', 'note'].includes(name));
          setErrors({ fields: onFields, message: leftOver });
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-2xl space-y-6">
      {errors.message && <Alert tone="error">{errors.message}</Alert>}
      <Block title="Open drawer">
        <div className="space-y-5">
          <CashCount legend="Opening float" state={float} onChange={setFloat} error={errors.fields['float.amount']} />
          <Field label="Note (optional)" error={errors.fields.note}>
            <TextInput value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} autoComplete="off" />
          </Field>
        </div>
      </Block>
      <Button type="submit" disabled={openDrawer.isPending}>
        {openDrawer.isPending ? 'Processing' : 'Open drawer'}
      </Button>
    </form>
  );
}

function OpenDrawer({ status }: { status: CashboxStatus }) {
  const dates = useDateFormat();
  const money = useMoney();
  const navigate = useNavigate();
  const user = useUser();
  const [isClosing, setIsClosing] = useState(false);
  const session = status.session!;
  // The server lets only the cashier who opened the drawer, or an administrator, move cash or close it.
  const isHolder = user?.type === 'administrator' || user?.id === session.openedById;
  return (
    <div className="space-y-6">
      <Block
        title="This shift"
        actions={
          <div className="flex gap-2">
            <Link
              to={`/registers/${status.registerId}/sell`}
              className="inline-flex items-center rounded-md bg-indigo-600 px-5 py-2 text-sm font-semibold tracking-wide text-white uppercase shadow-sm hover:bg-indigo-500"
            >
              Sell
            </Link>
            {!isClosing && isHolder && (
              <Button variant="secondary" onClick={() => setIsClosing(true)}>
                Close drawer
              </Button>
            )}
          </div>
        }
      >
        <dl className="grid gap-4 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-gray-500">Opened by</dt>
            <dd className="font-medium text-gray-900">
              {session.openedByName} at {dates.time(session.openedAt)}
            </dd>
          </div>
          <div>
            <dt className="text-gray-500">Float</dt>
            <dd className="font-medium text-gray-900 tabular-nums">{money.format(session.openingFloat)}</dd>
          </div>
          <div>
            <dt className="text-gray-500">Sales</dt>
            <dd className="font-medium text-gray-900 tabular-nums">
              {session.salesCount} · {money.format(session.salesTotal)}
            </dd>
          </div>
          <div>
            <dt className="text-gray-500">Expected cash</dt>
            <dd className="font-medium text-gray-900 tabular-nums">
              {session.expectedCash === null ? <span className="text-gray-500">Shown after the count (blind close)</span> : money.format(session.expectedCash)}
            </dd>
          </div>
        </dl>
      </Block>
      {!isHolder ? (
        <Alert tone="info">
          {session.openedByName} holds this drawer. Only they or an administrator can move cash in or out of it and close it.
        </Alert>
      ) : isClosing ? (
        <CloseDrawerForm
          status={status}
          onCancel={() => setIsClosing(false)}
          onClosed={(sessionId) => void navigate(`/registers/${status.registerId}/drawer/sessions/${sessionId}`)}
        />
      ) : (
        <MovementsBlock slug={status.registerSlug} />
      )}
    </div>
  );
}
