import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';

/** Another tab sells on this register: this one pauses, and may take the register over. */
export function OpenInAnotherTab({ registerName, onTakeOver }: { registerName: string; onTakeOver: () => void }) {
  return (
    <div className="mx-auto max-w-lg p-8">
      <title>{`Sell · ${registerName} · Tillbook`}</title>
      <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-6 shadow-sm">
        <h1 className="text-lg font-semibold text-gray-900">{registerName} is open in another tab.</h1>
        <p className="mt-2 text-sm text-gray-700">
          Selling here is paused, so that two tabs never ring up one sale. Go back to the other tab, or sell in this tab instead: the other tab then pauses, and
          the sale in progress there carries on here.
        </p>
        <Button className="mt-4" onClick={onTakeOver}>
          Sell in this tab instead
        </Button>
      </div>
    </div>
  );
}

/** The drawer is closed (or the register is not the cashier's): the way to open it. */
export function DrawerClosed({ registerId, registerName }: { registerId: number; registerName: string | null }) {
  return (
    <div className="mx-auto max-w-lg p-8">
      <title>Sell · Tillbook</title>
      <div className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
        <h1 className="text-lg font-semibold text-gray-900">{registerName ? `The drawer of ${registerName} is closed.` : 'The drawer of this register is closed.'}</h1>
        <p className="mt-2 text-sm text-gray-600">Open the cash drawer with a counted float before selling.</p>
        <div className="mt-4 flex gap-3">
          <Link to={`/registers/${registerId}/drawer`} className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold tracking-wide text-white uppercase hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
            Open the drawer
          </Link>
          <Link to="/registers" className="rounded-md px-4 py-2 text-sm font-semibold text-gray-700 hover:bg-gray-100">
            Back to registers
          </Link>
        </div>
      </div>
    </div>
  );
}
