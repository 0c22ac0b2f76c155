import { useEffect, useState } from 'react';
import { Button } from '../components/ui/button.tsx';
import { getHttpStatus } from '../lib/http-status.ts';
import { pageLocation } from '../lib/page-location.ts';
import { reportError } from '../lib/sentry.ts';

/** SPEC.md §9 "Initial error code state": shown when the error carries no HTTP status. */
export const initialErrorCode = '4999';

/**
 * The HTTP status an error carries: a failed request, or a router error response (which has a
 * numeric `status`). Duck-typed so this screen needs no router and can show before it loads.
 */
export function getErrorStatus(error: unknown): number | undefined {
  const httpStatus = getHttpStatus(error);
  if (httpStatus !== undefined) return httpStatus;
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    return error.status;
  }
  return undefined;
}

type ErrorScreenProps = { error: unknown };

/** What a person sees when a screen cannot be shown: a failed download, a render error, a failed request. */
export function ErrorScreen({ error }: ErrorScreenProps) {
  const status = getErrorStatus(error);
  const [errorCode, setErrorCode] = useState(initialErrorCode);
  // Adjusted while rendering (not in an effect) so the right code shows on the first paint.
  if (status !== undefined && String(status) !== errorCode) setErrorCode(String(status));

  useEffect(() => {
    // The server knows about its own answers; report only what broke in the browser.
    if (status === undefined) reportError(error);
  }, [error, status]);

  const isNotFound = status === 404;
  const title = isNotFound ? 'Page not found' : 'Something went wrong';
  return (
    <div role="alert" className="flex min-h-[60vh] flex-col items-center justify-center px-8 py-16 text-center">
      <title>{`${title} · Tillbook`}</title>
      <p className="text-sm font-semibold text-indigo-600">Error {errorCode}</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-gray-900">{title}</h1>
      <p className="mt-2 max-w-md text-sm text-gray-600">
        {isNotFound
          ? 'The address may be mistyped, or the page has moved.'
          : 'This screen could not be shown. Reloading the page usually helps.'}
      </p>
      <div className="mt-6 flex items-center gap-4">
        <Button onClick={() => pageLocation.reload()}>Reload</Button>
        <a href="/" className="text-sm font-medium text-indigo-700 hover:text-indigo-600">
          Go to the home page
        </a>
      </div>
    </div>
  );
}
