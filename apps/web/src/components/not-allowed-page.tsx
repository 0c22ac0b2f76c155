import { homePathByType, type UserType } from '@tillbook/contract';
import { Link } from 'react-router';

/** A screen of another user type opened by its address: said plainly, with the way back home. */
export function NotAllowedPage({ userType }: { userType: UserType }) {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center px-8 py-16 text-center">
      <title>Not allowed · Tillbook</title>
      <p className="text-sm font-semibold text-indigo-600">403</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-gray-900">You are not allowed to open this page</h1>
      <p className="mt-2 text-sm text-gray-600">This screen is for administrators. Ask one if you need something done here.</p>
      <Link
        to={homePathByType[userType]}
        className="mt-6 rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold tracking-wide text-white uppercase hover:bg-indigo-500"
      >
        Back to {homePathByType[userType] === '/registers' ? 'the registers' : 'the dashboard'}
      </Link>
    </div>
  );
}
