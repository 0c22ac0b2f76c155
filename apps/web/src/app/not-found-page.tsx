import { Link } from 'react-router';

/** Any path that matches no route. */
export function NotFoundPage() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center px-8 py-16 text-center">
      <title>Page not found · Tillbook</title>
      <p className="text-sm font-semibold text-indigo-600">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-gray-900">Page not found</h1>
      <p className="mt-2 text-sm text-gray-600">The address may be mistyped, or the page has moved.</p>
      <Link
        to="/"
        className="mt-6 rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold uppercase tracking-wide text-white hover:bg-indigo-500"
      >
        Go to the home page
      </Link>
    </div>
  );
}
