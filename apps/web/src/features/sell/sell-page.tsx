import type { CashboxSession } from '@tillbook/contract';
import { useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { apiErrorOf } from '../../lib/api-error.ts';
import { useCashboxStatus } from './api.ts';
import { useRegisterTab } from './register-tab.ts';
import { Till } from './till.tsx';
import { DrawerClosed, OpenInAnotherTab } from './till-unavailable.tsx';

/** /registers/:id/sell: the till. It sells only while the register's drawer is open. */
export function SellPage() {
  const registerId = Number(useParams().id);
  const status = useCashboxStatus(registerId);
  if (status.isPending) {
    return (
      <div className="flex h-full items-center justify-center gap-2 text-sm text-gray-600">
        <Spinner className="size-5" /> Opening the register…
      </div>
    );
  }
  const failure = status.isError ? apiErrorOf(status.error) : null;
  if (failure && failure.status !== 403 && failure.status !== 404) {
    return (
      <div className="mx-auto max-w-lg p-8">
        <Alert tone="error" title="The register could not be opened.">
          <p>{failure.message}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </Alert>
      </div>
    );
  }
  const session = status.data?.isOpen ? status.data.session : null;
  // A register the cashier may not use (403/404) shows as closed too: the drawer page says why.
  if (!session) return <DrawerClosed registerId={registerId} registerName={status.data?.registerName ?? null} />;
  return <TillTab key={registerId} registerId={registerId} session={session} />;
}

/** The till, in the one tab that sells on this register; any other tab says so and waits. */
function TillTab({ registerId, session }: { registerId: number; session: CashboxSession }) {
  const tab = useRegisterTab(registerId);
  if (tab.isHolder === null) {
    return (
      <div className="flex h-full items-center justify-center gap-2 text-sm text-gray-600">
        <Spinner className="size-5" /> Opening the register…
      </div>
    );
  }
  if (!tab.isHolder) return <OpenInAnotherTab registerName={session.registerName} onTakeOver={tab.takeOver} />;
  return <Till registerId={registerId} session={session} holdsRegister={tab.holdsRegister} />;
}
