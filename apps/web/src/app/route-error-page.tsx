import { useRouteError } from 'react-router';
import { ErrorScreen } from './error-screen.tsx';

/** The errorElement of the routes. */
export function RouteErrorPage() {
  return <ErrorScreen error={useRouteError()} />;
}
